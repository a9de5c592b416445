// The proof obligations of the induction step G = F on D_w, generated from the game's moves.
//
// Seed 000's argument ((8)-(20)) in general form.  On D_w = {X : x1 + ... + xk < 2^w}:
//   (7)  every move kind, where legal, lowers the rank rk = x1 + ... + xk + #{i : xi > 0}
//        and stays in D_w (the stone count does not grow), so induction on rk is sound;
//   (a)  no move kind leads from X to a follower Y with F(Y) = F(X);
//   (b0) F(X) < 2^w, so the target values v < F(X) below are all w-bit numbers;
//   (b)  every v < F(X) is F(Y) for some follower Y: with the proof's witness hints, one
//        quantifier-free query whose conclusion is "one of the hinted moves is legal and
//        reaches v"; without hints, "some move kind, for some choice of its parameters".
//        With a case split `case d = E in lo..hi` (b) becomes one query per case c, with
//        the hypothesis E = c and d = c in the hints, and (b cases) lo <= E <= hi: together
//        they are (b).
// Given (7), (a), (b0) and (b), by induction on the rank G(X) = mex{F(Y)} = F(X) on D_w.
// Every obligation is an implication to be proved valid: its negation must be unsat.
#pragma once

#include <string>
#include <vector>

#include "proof_file.hpp"
#include "symbolic_move.hpp"
#include "z3_backend.hpp"

namespace nimcert {

struct Obligation {
  std::string name;                    // "(a) reduce x1"
  std::vector<std::string> variables;  // x1..xk, then the move's parameters or v
  std::vector<smt::ExprPtr> hypotheses;
  smt::ExprPtr conclusion;                     // may be null when existentials carry it
  std::vector<smt::Existential> existentials;  // (b) without hints
  const SymbolicMove* move = nullptr;          // the move kind of (7) and (a)
};

// All obligations at width w, in the order (7) per move, (a) per move, (b0), (b) (or its
// cases, then (b cases)).  F is the expanded value over x1..xk.  Throws
// std::invalid_argument naming the hint when a hint names a move the game does not have or
// does not give every parameter of its move.
std::vector<Obligation> induction_obligations(
    const std::vector<SymbolicMove>& moves, std::size_t heaps, const smt::ExprPtr& value,
    const std::vector<smt::WitnessHint>& hints, const smt::Definitions& definitions, unsigned w,
    const std::optional<smt::CaseSplit>& split = std::nullopt);

}  // namespace nimcert
