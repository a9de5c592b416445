// The Fibonacci numeration's predicates (see fibonacci_numeration.hpp).
#include "ws1s/fibonacci_numeration.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <vector>

#include "sys/fibonacci.hpp"

namespace nimcert::smt {

namespace {

// The Fibonacci numeration's base predicates: Zeckendorf form, the adder, the order, and the
// parity of the lowest place.  The adder is generated below from its automaton.
const char* kFibonacciPrelude = R"(# zf(X): X is in Zeckendorf form, no two neighbouring places
pred zf(var2 X) = all1 i: i in X => i+1 notin X;
# less(X, Y): X < Y, decided at the highest place where they differ (as in binary)
pred less(var2 X, var2 Y) = ex1 i: i in Y & i notin X & (all1 j: j > i => ((j in X) <=> (j in Y)));
pred leq(var2 X, var2 Y) = less(X, Y) | X = Y;
# zeven(A): A > 0 and its lowest place is even (E marks the even places up to it)
pred zeven(var2 A) = A ~= empty & ex1 m: m in A & (all1 j: j < m => j notin A) &
  (ex2 E: 0 in E & m in E & (all1 j: j < m => ((j in E) <=> (j+1 notin E))));
)";

// Walnut's msd_fib addition automaton (7 states; Mousavi, Walnut, 2016): it reads x, y and
// z = x + y in Fibonacci numeration from the most significant place down, each step
// "state x y z -> state"; states 0, 4 and 6 accept.  tests/differential/ws1s_differential.cpp
// holds the predicate built from it against the exact evaluator, and the adder's own table is
// checked against plain addition in tests (tests/fibonacci_test.cpp).
const FibonacciAdderStep kFibonacciAdder[] = {
    {0, 0, 0, 0, 0}, {0, 0, 0, 1, 1}, {0, 1, 0, 1, 0}, {0, 0, 1, 1, 0}, {1, 0, 0, 0, 2},
    {1, 1, 0, 0, 3}, {1, 0, 1, 0, 3}, {1, 1, 1, 0, 4}, {1, 1, 0, 1, 2}, {1, 0, 1, 1, 2},
    {1, 1, 1, 1, 3}, {2, 1, 0, 0, 2}, {2, 0, 1, 0, 2}, {2, 1, 1, 0, 3}, {2, 1, 1, 1, 2},
    {3, 0, 0, 0, 1}, {3, 1, 0, 0, 0}, {3, 0, 1, 0, 0}, {3, 1, 0, 1, 1}, {3, 0, 1, 1, 1},
    {3, 1, 1, 1, 0}, {4, 0, 0, 0, 5}, {4, 0, 0, 1, 6}, {4, 1, 0, 1, 5}, {4, 0, 1, 1, 5},
    {5, 0, 0, 1, 0}, {6, 0, 0, 0, 3}, {6, 1, 0, 0, 4}, {6, 0, 1, 0, 4}, {6, 0, 0, 1, 2},
    {6, 1, 0, 1, 3}, {6, 0, 1, 1, 3}, {6, 1, 1, 1, 4}};
const unsigned kFibonacciAccepting[] = {0, 4, 6};

// fplus(X, Y, W): W = X + Y in Fibonacci numeration.  The state at place i + 1 (the places
// above) and the letters at i give the state at i, in three state bits S0..S2; above every
// place the state is 0 (the sets are finite), and the state at place 0 accepts.
std::string fibonacci_adder() {
  auto state = [](const std::string& at, unsigned s) {
    return fmt::format("(({} {} S0) & ({} {} S1) & ({} {} S2))", at, s & 1 ? "in" : "notin", at,
                       s & 2 ? "in" : "notin", at, s & 4 ? "in" : "notin");
  };
  auto letter = [](const char* set, unsigned v) {
    return fmt::format("(i {} {})", v ? "in" : "notin", set);
  };
  std::vector<std::string> steps;
  for (const FibonacciAdderStep& a : kFibonacciAdder)
    steps.push_back(fmt::format("({} & {} & {} & {} & {})", state("i+1", a.from),
                                letter("X", a.x), letter("Y", a.y), letter("W", a.z),
                                state("i", a.to)));
  std::vector<std::string> accepting;
  for (unsigned s : kFibonacciAccepting) accepting.push_back(state("0", s));
  return fmt::format(
      "# fplus(X, Y, W): W = X + Y (Walnut's msd_fib adder, run from the top place down)\n"
      "pred fplus(var2 X, var2 Y, var2 W) = ex2 S0, S1, S2:\n  (all1 i: {}) &\n  ({});\n",
      fmt::join(steps, "\n    | "), fmt::join(accepting, " | "));
}

}  // namespace

std::string zeckendorf_set(std::uint64_t v) {
  if (v == 0) return "empty";
  std::vector<std::string> places;
  for (unsigned i : zeckendorf_places(v)) places.push_back(std::to_string(i));
  std::reverse(places.begin(), places.end());
  return fmt::format("{{{}}}", fmt::join(places, ","));
}


std::string fibonacci_prelude() { return std::string(kFibonacciPrelude) + fibonacci_adder(); }

const FibonacciAdderStep* fibonacci_adder_steps(std::size_t& count) {
  count = std::size(kFibonacciAdder);
  return kFibonacciAdder;
}

bool fibonacci_adder_accepts(unsigned state) {
  return std::find(std::begin(kFibonacciAccepting), std::end(kFibonacciAccepting), state) !=
         std::end(kFibonacciAccepting);
}

}  // namespace nimcert::smt
