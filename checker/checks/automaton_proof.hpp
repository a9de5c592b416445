// Proving with MONA, for every position, that a learned automaton is the game's Grundy function
// (or its P-positions): the automaton route of `nimcert discover`, with no formula from anyone.
//
// The automaton becomes a MONA predicate g(x1..xk, v) (discovery/automaton.hpp) and each
// obligation one MONA program over all naturals, the moves taken from the game's own symbolic
// encoding (games/symbolic_move.hpp), the one the induction step uses:
//   (7) and (n), per move kind: from every position, the move lowers the rank and subtracts
//       no more than there is (so the induction on the rank is well founded);
//   function: every position has a value (exists v: g(x, v)), and only one;
//   (a), per move kind: no follower of x has x's value;
//   (b): every u below x's value is some follower's value (the mex).
// Together, by induction on the rank, G(x) is the v with g(x, v) at every position of N^k.
// For the P-positions the win-loss form: (a) no move from P into P, (b) from outside P some
// move into P.  A counterexample counts only after the game confirms it in C++ (the automaton
// run on the position and on the game's own followers); anything else is unknown.  The moves
// are first held against the game's follower enumeration on a small box (move_check.hpp).
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "base/outcome.hpp"
#include "checks/induction/move_check.hpp"
#include "checks/independent.hpp"
#include "checks/unbounded.hpp"
#include "discovery/automaton.hpp"
#include "games/game.hpp"
#include "lang/ast.hpp"

namespace nimcert {

// The name of the obligation that the automaton's value equals a given formula.
inline constexpr const char* kEqualsObligation = "equals the formula";

struct AutomatonObligation {
  std::string name;
  smt::MonaRun::Answer answer = smt::MonaRun::Answer::Unknown;
  std::string mona;  // the program, as run
  unsigned states = 0, bdd_nodes = 0;
  double seconds = 0;
  std::string note;
  std::optional<std::string> counterexample;  // confirmed by the game, in words
  // nimcert's own automata on the same statement, the learned automaton read as a Dfa
  // (independent.hpp): a disagreement with MONA leaves the obligation unknown.
  std::optional<IndependentCheck> independent;
};

struct AutomatonProof {
  // The symbolic moves MONA reasons about against the game's own follower enumeration on a
  // small box, as the induction step holds them: a disagreement leaves the proof unknown.
  MoveCheck move_check;
  std::vector<AutomatonObligation> obligations;
  Verdict verdict = Verdict::Unknown;  // holds: the moves agree and every obligation is valid
};

// `equals`, when set: one more obligation, that the automaton's value is this formula over
// x1..xk at every position (with the file's definitions).  Throws std::invalid_argument for a
// game whose moves leave sums, or whose move parameters are named v, u or w.
AutomatonProof prove_automaton(const Automaton& automaton, FitTarget target, const Game& game,
                               const smt::Definitions& definitions,
                               const std::optional<smt::ExprPtr>& equals,
                               const UnboundedOptions& options);

}  // namespace nimcert
