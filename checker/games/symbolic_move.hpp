// A game's moves as expressions: what the symbolic induction step reasons about.
//
// A move kind is legal at X = (x1..xk) with parameters p when `guard` holds, and leads to the
// position `result`; both are proof-language expressions over x1..xk and p, so the same
// expression goes to Z3 (the obligations) and to the C++ evaluator (re-checking models).  A
// test holds every game's encoding against its follower enumeration on a box, so the symbolic
// and the exhaustive checks speak of the same game.
#pragma once

#include <string>
#include <vector>

#include "lang/ast.hpp"

namespace nimcert {

// The choices of one parameter: low <= c <= largest, both over x1..xk and the parameters
// before it.  The bounded induction gives a parameter the width w of D_w, so it proves that
// `largest` is below 2^w on D_w (obligation (p)) unless that is plain: a heap, a heap less a
// constant, a constant below 2^w.
struct ParameterRange {
  smt::ExprPtr low, largest;
};

struct SymbolicMove {
  std::string name;                     // "reduce x1", "merge x1+x2 -> x1"
  std::vector<std::string> parameters;  // free choices of the move, e.g. "t"
  std::vector<ParameterRange> ranges;   // one per parameter
  smt::ExprPtr guard;                   // legality, over x1..xk and the parameters
  // The follower's heaps; for a take-and-break move, the heaps of every part of the sum it
  // leaves, in turn (parts * k of them; its value is the xor of the parts' values).
  std::vector<smt::ExprPtr> result;
  std::size_t parts = 1;
  // The rank (7) proves this move lowers, over x1..xk; null: stones plus nonempty heaps.
  smt::ExprPtr rank;
};

// A condition the game's own rules must satisfy at every position (over x1..xk), such as a
// one-heap rule's 0 <= f(n) <= n: the induction proves it on the same domain as the claim.
struct SymbolicCondition {
  std::string name;  // "f(x1) <= x1"
  smt::ExprPtr holds;
};

// The position variables x1..xk.
std::vector<std::string> position_variables(std::size_t heaps);

// A move kind from the text of its guard, of each parameter's largest choice (the least is 0)
// and of its result's heaps (parsed as proof-language expressions over x1..xk and the
// parameters).
SymbolicMove symbolic_move(std::string name, std::vector<std::string> parameters,
                           const std::vector<std::string>& largest, std::size_t heaps,
                           const std::string& guard, const std::vector<std::string>& result);

// "reduce xi": any t < xi, for each heap i.
std::vector<SymbolicMove> free_reductions(std::size_t heaps);

}  // namespace nimcert
