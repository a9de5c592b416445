// nimcert's own automata (issue 49, smt/automata): each atom proved by its local invariant,
// checked here on every state and letter, and held against plain arithmetic on every small
// tuple; the operations (product, complement, projection with the padding fix, renaming,
// minimization) against brute force on random automata; and the statement compiler, operator
// by operator, against the exact evaluator at values that include 2^31, 2^32, 2^63, 2^64 and
// beyond, with the value one off refused.
#include <gtest/gtest.h>

#include <fmt/format.h>
#include <gmpxx.h>

#include <random>
#include <set>

#include "automata/atoms.hpp"
#include "automata/fibonacci_atoms.hpp"
#include "automata/operations.hpp"
#include "automata/statement_compiler.hpp"
#include "automata/universality.hpp"
#include "base/sha256.hpp"
#include "checks/independent.hpp"
#include "eval/exact_evaluator.hpp"
#include "lang/proof_file.hpp"

namespace nimcert {
namespace {

using automata::Atom;
using automata::Dfa;
using automata::Letter;
using automata::State;

unsigned digit(Letter l, std::size_t j) { return (l >> j) & 1; }

// The digits of v (binary, lowest first), `length` of them.
std::vector<bool> bits(std::uint64_t v, std::size_t length) {
  std::vector<bool> d;
  for (std::size_t i = 0; i < length; ++i) d.push_back((v >> i) & 1);
  return d;
}

bool accepts(const Dfa& a, const std::vector<std::vector<bool>>& digits) {
  return a.accepting[automata::run(a, digits)] != 0;
}

// Every live state's meaning is the carry v; the invariant sum c_j X_j + 2^k v = K holds after
// k digits when, for every letter d: v - c.d odd goes to the dead state (no digits can make
// the sum right any more: the parity is fixed), and otherwise to the state of carry
// (v - c.d) / 2; the start is K and exactly carry 0 accepts (with every digit after 0, the
// equation holds exactly when 2^k v = 0).
void expect_linear_invariant(const std::vector<std::int64_t>& c, std::int64_t k) {
  const Atom a = automata::linear_equation(c, k);
  ASSERT_EQ(a.meaning.size(), a.dfa.states());
  EXPECT_EQ(a.meaning[0], std::vector<std::int64_t>{k});
  std::size_t checked = 0;
  for (State s = 0; s < a.dfa.states(); ++s) {
    if (a.meaning[s].empty()) {  // dead: absorbing, never accepting
      EXPECT_FALSE(a.dfa.accepting[s]);
      for (Letter l = 0; l < a.dfa.letters(); ++l) EXPECT_EQ(a.dfa.step(s, l), s);
      continue;
    }
    const std::int64_t v = a.meaning[s][0];
    EXPECT_EQ(a.dfa.accepting[s] != 0, v == 0);
    for (Letter l = 0; l < a.dfa.letters(); ++l) {
      std::int64_t dot = 0;
      for (std::size_t j = 0; j < c.size(); ++j) dot += c[j] * digit(l, j);
      const State t = a.dfa.step(s, l);
      if ((v - dot) % 2 != 0)
        EXPECT_TRUE(a.meaning[t].empty());
      else
        EXPECT_EQ(a.meaning[t], std::vector<std::int64_t>{(v - dot) / 2});
      ++checked;
    }
  }
  EXPECT_GT(checked, 0u);
  EXPECT_TRUE(automata::padding_holds(a.dfa));
}

TEST(AutomataAtoms, LinearEquationsKeepTheirCarryInvariant) {
  expect_linear_invariant({1, 1, -1}, 0);       // x + y = z
  expect_linear_invariant({1, -3, -1}, 0);      // x = 3q + r
  expect_linear_invariant({1, -8}, 0);          // t = 8x
  expect_linear_invariant({2, -5, 7}, 11);
  expect_linear_invariant({1}, 100003);
}

TEST(AutomataAtoms, AdditionAgreesWithArithmeticOnEverySmallTriple) {
  const Atom sum = automata::linear_equation({1, 1, -1}, 0);
  std::size_t accepted = 0;
  for (std::uint64_t x = 0; x < 64; ++x)
    for (std::uint64_t y = 0; y < 64; ++y)
      for (std::uint64_t z = 0; z < 130; ++z) {
        const bool a = accepts(sum.dfa, {bits(x, 8), bits(y, 8), bits(z, 8)});
        EXPECT_EQ(a, x + y == z) << x << " + " << y << " = " << z;
        accepted += a;
      }
  EXPECT_EQ(accepted, 64u * 64u);
}

TEST(AutomataAtoms, ComparisonKeepsTheSignOfTheDigitsRead) {
  using automata::Relation;
  for (Relation r : {Relation::Lt, Relation::Le, Relation::Gt, Relation::Ge, Relation::Eq,
                     Relation::Ne}) {
    const Atom a = automata::comparison(r);
    EXPECT_EQ(a.meaning[0][0], 0);  // nothing read: equal
    for (State s = 0; s < a.dfa.states(); ++s)
      for (Letter l = 0; l < 4; ++l) {
        // Digit k outweighs every digit below it (X_k < w_k in binary and in Zeckendorf form).
        const int x = static_cast<int>(digit(l, 0)), y = static_cast<int>(digit(l, 1));
        const std::int64_t expected = x != y ? (x < y ? -1 : 1) : a.meaning[s][0];
        EXPECT_EQ(a.meaning[a.dfa.step(s, l)][0], expected);
      }
    for (std::uint64_t x = 0; x < 40; ++x)
      for (std::uint64_t y = 0; y < 40; ++y) {
        const bool want = r == Relation::Lt   ? x < y
                          : r == Relation::Le ? x <= y
                          : r == Relation::Gt ? x > y
                          : r == Relation::Ge ? x >= y
                          : r == Relation::Eq ? x == y
                                              : x != y;
        EXPECT_EQ(accepts(a.dfa, {bits(x, 7), bits(y, 7)}), want);
      }
  }
}

TEST(AutomataAtoms, BitwiseConstantsAndBitsAgreeWithArithmetic) {
  for (automata::Bitwise op : {automata::Bitwise::Xor, automata::Bitwise::And,
                               automata::Bitwise::Or}) {
    const Atom a = automata::bitwise(op);
    for (std::uint64_t x = 0; x < 32; ++x)
      for (std::uint64_t y = 0; y < 32; ++y)
        for (std::uint64_t z = 0; z < 32; ++z) {
          const std::uint64_t want = op == automata::Bitwise::Xor   ? x ^ y
                                     : op == automata::Bitwise::And ? x & y
                                                                    : x | y;
          EXPECT_EQ(accepts(a.dfa, {bits(x, 6), bits(y, 6), bits(z, 6)}), z == want);
        }
  }
  for (std::uint64_t c : {0ull, 1ull, 5ull, 1ull << 31, 1ull << 32, 1ull << 63, ~0ull}) {
    const Atom a = automata::constant_digits(automata::binary_digits(c));
    // State i: i digits of c matched; a wrong digit is fatal; only all of them accepts.
    for (State s = 0; s + 1 < a.dfa.states(); ++s) EXPECT_EQ(a.meaning[s][0], s);
    EXPECT_TRUE(accepts(a.dfa, {bits(c, 64)}));
    EXPECT_TRUE(accepts(a.dfa, {automata::binary_digits(c)}));
    EXPECT_FALSE(accepts(a.dfa, {bits(c ^ 1, 64)}));
    EXPECT_FALSE(accepts(a.dfa, {bits(c ^ (1ull << 63), 64)}));
  }
  const Atom top = automata::top_bit(), low = automata::low_bit();
  for (std::uint64_t x = 0; x < 300; ++x)
    for (std::uint64_t z = 0; z < 300; ++z) {
      const std::uint64_t t = x == 0 ? 0 : std::uint64_t{1} << (63 - __builtin_clzll(x));
      EXPECT_EQ(accepts(top.dfa, {bits(x, 10), bits(z, 10)}), z == t) << x << " " << z;
      EXPECT_EQ(accepts(low.dfa, {bits(x, 10), bits(z, 10)}), z == (x & (~x + 1)));
    }
}

// Fibonacci values of any 0/1 digit string: sum of d_i F(i + 2).
std::uint64_t fibonacci_value(const std::vector<bool>& d) {
  std::uint64_t a = 1, b = 2, v = 0;  // F(i + 2), F(i + 3)
  for (bool x : d) {
    if (x) v += a;
    const std::uint64_t c = a + b;
    a = b;
    b = c;
  }
  return v;
}

TEST(AutomataAtoms, FibonacciSumFromTheTopKeepsItsInvariantAndDropsOnlyLostPairs) {
  const automata::TopDownSum top = automata::top_down_sum();
  ASSERT_FALSE(top.pairs.empty());
  EXPECT_EQ(top.pairs[0], std::make_pair(std::int64_t{0}, std::int64_t{0}));
  // F(j), j = 0..80, for the dropped pairs' check.
  std::vector<mpz_class> f(90);
  for (unsigned j = 0; j < f.size(); ++j) mpz_fib_ui(f[j].get_mpz_t(), j);
  std::size_t dropped = 0;
  for (std::size_t p = 0; p < top.pairs.size(); ++p) {
    const auto [u, v] = top.pairs[p];
    EXPECT_TRUE(automata::sum_pair_viable(u, v));
    for (Letter l = 0; l < 8; ++l) {
      const std::int64_t e = std::int64_t{digit(l, 0)} + digit(l, 1) - digit(l, 2);
      // The sum over the places read, U F(j + 2) + V F(j + 1), plus e F(j + 1) at place j - 1,
      // is U' F(j + 1) + V' F(j) for (U', V') = (U + V + e, U), as F(j + 2) = F(j + 1) + F(j).
      const std::int64_t nu = u + v + e, nv = u;
      const std::size_t q = top.next[p * 8 + l];
      if (q < top.pairs.size()) {
        EXPECT_EQ(top.pairs[q], std::make_pair(nu, nv));
        continue;
      }
      // Dropped: at no place j can the places below (each adding x + y - z in [-1, 2] times
      // F(i + 2)) bring U F(j + 2) + V F(j + 1) back to 0.
      ++dropped;
      for (unsigned j = 0; j + 3 < f.size(); ++j) {
        const mpz_class w = nu * f[j + 2] + nv * f[j + 1];
        const mpz_class below = f[j + 3] - 2;  // sum of F(i + 2), i < j
        EXPECT_TRUE(-w < -below || -w > 2 * below) << nu << "," << nv << " at " << j;
      }
    }
  }
  EXPECT_GT(dropped, 0u);
}

TEST(AutomataAtoms, FibonacciSumFromTheBottomIsTheReversedAutomaton) {
  const automata::TopDownSum top = automata::top_down_sum();
  const Atom a = automata::fibonacci_sum();
  auto set_of = [&](State s) {
    std::set<std::pair<std::int64_t, std::int64_t>> out;
    for (std::size_t i = 0; i + 1 < a.meaning[s].size(); i += 2)
      out.insert({a.meaning[s][i], a.meaning[s][i + 1]});
    return out;
  };
  // The start: the pairs that accept (U + V = 0 at place 0).
  for (const auto& [u, v] : set_of(0)) EXPECT_EQ(u + v, 0);
  for (State s = 0; s < a.dfa.states(); ++s) {
    EXPECT_EQ(a.dfa.accepting[s] != 0, set_of(s).contains({0, 0}));
    for (Letter l = 0; l < 8; ++l) {
      // After one more place from the bottom: the pairs that read it into the set.
      std::set<std::pair<std::int64_t, std::int64_t>> want;
      for (std::size_t p = 0; p < top.pairs.size(); ++p) {
        const std::size_t q = top.next[p * 8 + l];
        if (q < top.pairs.size() && set_of(s).contains(top.pairs[q])) want.insert(top.pairs[p]);
      }
      EXPECT_EQ(set_of(a.dfa.step(s, l)), want);
    }
  }
  // And against arithmetic on every triple of 0/1 strings of 7 places.
  std::size_t accepted = 0;
  for (std::uint64_t x = 0; x < 128; ++x)
    for (std::uint64_t y = 0; y < 128; ++y)
      for (std::uint64_t z = 0; z < 128; ++z) {
        const bool want = fibonacci_value(bits(x, 7)) + fibonacci_value(bits(y, 7)) ==
                          fibonacci_value(bits(z, 7));
        const bool got = accepts(a.dfa, {bits(x, 7), bits(y, 7), bits(z, 7)});
        ASSERT_EQ(got, want) << x << " " << y << " " << z;
        accepted += got;
      }
  EXPECT_GT(accepted, 0u);
}

TEST(AutomataAtoms, ZeckendorfBuiltInsAgreeWithTheirDefinitions) {
  const Atom form = automata::zeckendorf_form(), shift = automata::zeck_shift(),
             even = automata::zeck_even();
  for (std::uint64_t x = 0; x < 1024; ++x) {
    const std::vector<bool> d = bits(x, 10);
    bool normal = true;
    for (std::size_t i = 0; i + 1 < d.size(); ++i) normal = normal && !(d[i] && d[i + 1]);
    EXPECT_EQ(accepts(form.dfa, {d}), normal);
    std::size_t lowest = 0;
    while (lowest < d.size() && !d[lowest]) ++lowest;
    EXPECT_EQ(accepts(even.dfa, {d}), x != 0 && lowest % 2 == 0);
    for (std::uint64_t z = 0; z < 2048; z += 1 + (z % 7))
      EXPECT_EQ(accepts(shift.dfa, {bits(x, 11), bits(z, 11)}), z == 2 * x);
  }
  EXPECT_EQ(automata::zeckendorf_digits(0).size(), 0u);
  EXPECT_EQ(fibonacci_value(automata::zeckendorf_digits(1000000007)), 1000000007u);
  EXPECT_EQ(fibonacci_value(automata::zeckendorf_digits(~0ull >> 1)), ~0ull >> 1);
}

// A random complete automaton over `tracks` with padding-invariant acceptance.
Dfa random_dfa(std::mt19937_64& rng, std::vector<automata::Track> tracks, std::size_t states) {
  Dfa a = automata::blank(std::move(tracks), states);
  for (auto& t : a.next) t = static_cast<State>(rng() % states);
  // Acceptance of the zero-letter cycle each state falls into, so padding keeps it.
  for (State s = 0; s < states; ++s) {
    State r = s;
    for (std::size_t i = 0; i < states; ++i) r = a.step(r, 0);
    a.accepting[s] = (r * 2654435761u >> 3) % 2;
  }
  return a;
}

TEST(AutomataOperations, AgreeWithBruteForceOnRandomAutomata) {
  std::mt19937_64 rng(20261205);
  for (int round = 0; round < 60; ++round) {
    const Dfa a = random_dfa(rng, {0, 1}, 2 + rng() % 4);
    const Dfa b = random_dfa(rng, {1, 2}, 2 + rng() % 4);
    ASSERT_TRUE(automata::padding_holds(a));
    const Dfa both = automata::combine(a, b, automata::Connective::And);
    const Dfa either = automata::combine(a, b, automata::Connective::Or);
    const Dfa implies = automata::combine(a, b, automata::Connective::Implies);
    const Dfa na = automata::complement(a);
    const Dfa ca = automata::canonical(a);
    const Dfa ra = automata::rename(a, {{0, 5}, {1, 3}});  // tracks 3 (was 1), 5 (was 0)
    const Dfa some = automata::exists(both, {1});          // over tracks 0, 2
    for (const Dfa* d : {&both, &either, &implies, &na, &ca, &ra, &some})
      EXPECT_TRUE(automata::padding_holds(*d));
    EXPECT_LE(ca.states(), a.states());
    for (std::uint64_t x = 0; x < 16; ++x)
      for (std::uint64_t y = 0; y < 16; ++y)
        for (std::uint64_t z = 0; z < 16; ++z) {
          const bool va = accepts(a, {bits(x, 5), bits(y, 5)});
          const bool vb = accepts(b, {bits(y, 5), bits(z, 5)});
          ASSERT_EQ(accepts(both, {bits(x, 5), bits(y, 5), bits(z, 5)}), va && vb);
          ASSERT_EQ(accepts(either, {bits(x, 5), bits(y, 5), bits(z, 5)}), va || vb);
          ASSERT_EQ(accepts(implies, {bits(x, 5), bits(y, 5), bits(z, 5)}), !va || vb);
          ASSERT_EQ(accepts(na, {bits(x, 5), bits(y, 5)}), !va);
          ASSERT_EQ(accepts(ca, {bits(x, 5), bits(y, 5)}), va);
          ASSERT_EQ(accepts(ra, {bits(y, 5), bits(x, 5)}), va);
        }
    // exists y: a(x, y) and b(y, z), y of any length: the pairs of states reachable reading
    // x's and z's digits with y's free, then zero digits of x and z with y's free as long as
    // new pairs appear; some pair accepting in both.
    for (std::uint64_t x = 0; x < 8; ++x)
      for (std::uint64_t z = 0; z < 8; ++z) {
        std::set<std::pair<State, State>> reached{{0, 0}};
        auto advance = [&](unsigned dx, unsigned dz) {
          std::set<std::pair<State, State>> next;
          for (const auto& [p, q] : reached)
            for (unsigned dy = 0; dy < 2; ++dy)
              next.insert({a.step(p, dx | dy << 1), b.step(q, dy | dz << 1)});
          return next;
        };
        for (unsigned i = 0; i < 3; ++i) reached = advance((x >> i) & 1, (z >> i) & 1);
        std::set<std::pair<State, State>> seen = reached;
        for (;;) {
          reached = advance(0, 0);
          const std::size_t before = seen.size();
          seen.insert(reached.begin(), reached.end());
          if (seen.size() == before) break;
          reached = seen;
        }
        bool want = false;
        for (const auto& [p, q] : seen) want = want || (a.accepting[p] && b.accepting[q]);
        ASSERT_EQ(accepts(some, {bits(x, 3), bits(z, 3)}), want)
            << "round " << round << " x " << x << " z " << z;
      }
  }
}

// The statement "h1 && ... -> conclusion" over x, y checked by the automata.
IndependentCheck decide(const std::string& conclusion, const std::vector<std::string>& hypotheses,
                        smt::Numeration n = smt::Numeration::Binary) {
  std::vector<smt::ExprPtr> hs;
  for (const std::string& h : hypotheses) hs.push_back(smt::parse_expression(h, {"x", "y"}));
  SCOPED_TRACE(conclusion);
  return check_independently({"x", "y"}, hs, smt::parse_expression(conclusion, {"x", "y"}), {},
                             {}, n);
}

// A natural in the proof language: a constant, or a sum of constants below 2^64.
std::string literal(const mpz_class& v) {
  const mpz_class top("18446744073709551615");
  if (v <= top) return v.get_str();
  return fmt::format("({} + {})", top.get_str(), literal(v - top));
}

TEST(AutomataStatements, EveryOperatorAgreesWithTheExactEvaluatorAtTheEdges) {
  const std::vector<std::string> edges = {"0",          "1",          "3",          "1000",
                                          "2147483647", "2147483648", "4294967295", "4294967296",
                                          "9223372036854775807",      "9223372036854775808",
                                          "18446744073709551615"};
  const std::vector<std::string> ops = {"x + y",       "x - y",       "x ^ y",     "x & y",
                                        "x | y",       "x * 3",       "x / 5",     "x % 6",
                                        "x >> 3",      "x << 2",      "top_bit(x)", "low_bit(y)",
                                        "(x < y) + x", "if x <= y then y else x + 1"};
  std::mt19937_64 rng(49);
  std::size_t checked = 0;
  for (const std::string& op : ops)
    for (int k = 0; k < 6; ++k) {
      const std::string x = edges[rng() % edges.size()], y = edges[rng() % edges.size()];
      const auto value = smt::evaluate_exactly(smt::parse_expression(op, {"x", "y"}),
                                               {{"x", x}, {"y", y}});
      ASSERT_TRUE(value);
      const std::vector<std::string> pinned = {"x == " + x, "y == " + y};
      const IndependentCheck right =
          decide(fmt::format("({}) == {}", op, literal(mpz_class(*value))), pinned);
      EXPECT_EQ(right.status, IndependentCheck::kChecked) << op << " at " << x << ", " << y;
      const mpz_class off = mpz_class(*value) + 1;
      const IndependentCheck wrong = decide(fmt::format("({}) == {}", op, literal(off)), pinned);
      ASSERT_EQ(wrong.status, IndependentCheck::kCounterexample) << op << " at " << x << ", " << y;
      EXPECT_EQ(wrong.counterexample->at("x"), x);
      EXPECT_EQ(wrong.counterexample->at("y"), y);
      ++checked;
    }
  EXPECT_EQ(checked, ops.size() * 6);
  // Past 2^64: 2^64 + 1 is a natural like any other.
  EXPECT_EQ(decide("x + y == " + literal(mpz_class("18446744073709551617")),
                   {"x == 18446744073709551615", "y == 2"})
                .status,
            IndependentCheck::kChecked);
}

TEST(AutomataStatements, ForAllStatementsAndTheirMutants) {
  EXPECT_TRUE(decide("(x ^ y) ^ y == x", {}).checked());
  EXPECT_TRUE(decide("x + y >= (x ^ y)", {}).checked());
  EXPECT_TRUE(decide("x - y <= x", {}).checked());
  EXPECT_TRUE(decide("(x * 6) % 3 == 0", {}).checked());
  EXPECT_TRUE(decide("top_bit(x) <= x && (x == 0 || 2 * top_bit(x) > x)", {}).checked());
  // (a >> 64) == 0 fails first at 2^64: the counterexample is that, exactly.
  const IndependentCheck big = decide("(x >> 64) == 0", {});
  ASSERT_EQ(big.status, IndependentCheck::kCounterexample);
  EXPECT_EQ(big.counterexample->at("x"), "18446744073709551616");
  EXPECT_TRUE(decide("(x >> 64) == 0", {"x <= 18446744073709551615"}).checked());
  const IndependentCheck wrong = decide("x + y > (x ^ y)", {});
  ASSERT_EQ(wrong.status, IndependentCheck::kCounterexample);
  EXPECT_EQ(wrong.counterexample->at("x"), "0");
  EXPECT_EQ(decide("x - y < x", {}).status, IndependentCheck::kCounterexample);
  EXPECT_TRUE(decide("x - y < x", {"y >= 1", "x >= 1"}).checked());
  // Fibonacci numeration: Wythoff's pairs (a, zeck_shift(a)) differ by a's place 0 + ...
  EXPECT_TRUE(decide("zeck_shift(x) >= x", {}, smt::Numeration::Fibonacci).checked());
  EXPECT_TRUE(decide("x + y == y + x", {}, smt::Numeration::Fibonacci).checked());
  EXPECT_EQ(decide("zeck_shift(x) > x", {}, smt::Numeration::Fibonacci).status,
            IndependentCheck::kCounterexample);
  EXPECT_TRUE(decide("zeck_shift(x) > x", {"x >= 1"}, smt::Numeration::Fibonacci).checked());
}

TEST(AutomataStatements, TermsOutOfReachAreNamedNotDecided) {
  const IndependentCheck shift = decide("(x << y) >= x", {});
  EXPECT_EQ(shift.status, IndependentCheck::kOutside);
  EXPECT_NE(shift.note.find("a shift by a computed amount"), std::string::npos);
  EXPECT_EQ(decide("x * y == y * x", {}).status, IndependentCheck::kOutside);
  EXPECT_TRUE(decide("x * y == y * x", {"x <= 3"}).checked());
  EXPECT_EQ(decide("x ^ y == y ^ x", {}, smt::Numeration::Fibonacci).status,
            IndependentCheck::kOutside);
  EXPECT_EQ(decide("(x << 40) >= x", {}).status, IndependentCheck::kSize);
}

TEST(AutomataEvidence, ATamperedEvidenceFileIsRefused) {
  const std::vector<smt::ExprPtr> hypotheses = {smt::parse_expression("x < y", {"x", "y"})};
  const smt::ExprPtr phi = smt::parse_expression("x + 1 <= y", {"x", "y"});
  const IndependentCheck c = check_independently({"x", "y"}, hypotheses, phi, {}, {},
                                                 smt::Numeration::Binary);
  ASSERT_TRUE(c.checked());
  EXPECT_GT(c.states, 1u);
  EXPECT_EQ(recheck_independent({"x", "y"}, hypotheses, phi, {}, {}, smt::Numeration::Binary,
                                c.evidence, c.sha256, c.states),
            "");
  // One pair dropped (and the count and digest made to match): no longer closed.
  std::string cut = c.evidence;
  cut.erase(cut.rfind('\n', cut.size() - 2) + 1);
  const std::string announced = fmt::format("reachable {}\n", c.states);
  cut.replace(cut.find(announced), announced.size(), fmt::format("reachable {}\n", c.states - 1));
  const std::string wrong_pairs = recheck_independent(
      {"x", "y"}, hypotheses, phi, {}, {}, smt::Numeration::Binary, cut, Sha256::of(cut), c.states - 1);
  EXPECT_NE(wrong_pairs.find("not closed"), std::string::npos) << wrong_pairs;
  // A digest that is not the file's, a count that is not the file's, another statement.
  EXPECT_NE(recheck_independent({"x", "y"}, hypotheses, phi, {}, {}, smt::Numeration::Binary,
                                c.evidence + " ", c.sha256, c.states),
            "");
  EXPECT_NE(recheck_independent({"x", "y"}, hypotheses, phi, {}, {}, smt::Numeration::Binary,
                                c.evidence, c.sha256, c.states + 1),
            "");
  const smt::ExprPtr other = smt::parse_expression("(x ^ y) + (x & y) == x + y", {"x", "y"});
  EXPECT_NE(recheck_independent({"x", "y"}, hypotheses, other, {}, {}, smt::Numeration::Binary,
                                c.evidence, c.sha256, c.states)
                .find("not the statement's"),
            std::string::npos);
}

}  // namespace
}  // namespace nimcert
