// Confirming a solver's counterexample to an induction obligation in C++, without any solver.
//
// Two steps, kept apart because they check different things.  First the model is re-checked
// by the evaluator against the obligation's own statement (solve_and_recheck, with the program
// obligation_statement builds): it must really violate it.  Then the game confirms it: the
// position's followers are listed by the game's own follower enumeration (never by the move
// encoding the solvers saw), with F at each, so that a failing (a) shows the follower with the
// same value, a failing (b) shows which followers reach v, if any; and when the position is
// small the reference engine gives its true Grundy value.
#pragma once

#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "checks/induction/obligations.hpp"
#include "eval/evaluator.hpp"
#include "games/game.hpp"

namespace nimcert {

// "hypotheses -> conclusion" of a quantifier-free obligation, compiled over its variables;
// nullopt for an obligation with existentials (the game's enumeration confirms those).
std::optional<smt::Program> obligation_statement(const Obligation& o);

// A model confirmed in C++: what the certificate records, and whether it refutes the claim.
// Only two obligations can: (a), when the game's own enumeration finds the follower with the
// same F (then F is no Grundy function), and (b), when no follower at all reaches v (then F is
// not the mex).  A model of the other obligations, or of (b) where some follower does reach v
// but no hint does, shows that the induction is not proved, not that the claim is false.
struct Confirmed {
  nlohmann::ordered_json counterexample;
  bool refutes_claim = false;
};

// The model confirmed by the game; or nullopt with `note` saying why it is not a
// counterexample.  f is F compiled over x1..xk; `model` holds every variable of the
// obligation.
std::optional<Confirmed> confirm_with_game(const Obligation& o,
                                           const std::map<std::string, smt::u128>& model,
                                           const smt::Program& f, const Game& game,
                                           std::string& note);

}  // namespace nimcert
