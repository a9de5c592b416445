// The Fibonacci numeration's part of the WS1S translation (see translation.hpp, Numeration):
// the base predicates a statement read in Zeckendorf digits needs, and its constants.
//
// zf(X) holds X to Zeckendorf form (no two neighbouring places), so that a set stands for one
// natural; fplus(X, Y, W) is W = X + Y, generated from the 7-state automaton Walnut uses for
// Fibonacci addition, run from the top place down; less and leq compare at the highest place
// where two sets differ, as in binary (Zeckendorf's form orders the naturals that way too);
// zeven(A) says A > 0 with its lowest place even.  The adder is data, and the tests hold it
// against plain addition (tests/fibonacci_test.cpp) and the predicate built from it against
// the exact evaluator through MONA (tests/differential/ws1s_differential.cpp).
#pragma once

#include <cstdint>
#include <string>

namespace nimcert::smt {

// The predicates above, as MONA text, ahead of a statement under the Fibonacci numeration.
std::string fibonacci_prelude();

// The Zeckendorf places of v as a MONA set ("{0,2,5}" for 17 = 1 + 3 + 13; "empty" for 0).
std::string zeckendorf_set(std::uint64_t v);

// Walnut's addition automaton: each step "from x y z -> to", read from the top place down.
struct FibonacciAdderStep {
  unsigned from, x, y, z, to;
};
// Its 33 steps, and whether a state accepts (states 0, 4 and 6).
const FibonacciAdderStep* fibonacci_adder_steps(std::size_t& count);
bool fibonacci_adder_accepts(unsigned state);

}  // namespace nimcert::smt
