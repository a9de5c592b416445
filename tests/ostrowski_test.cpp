// Ostrowski numeration (smt/sys/ostrowski.hpp) for sqrt 2 - 1 (places 1, 2, 5, 12, ...) and for
// 1 / (2 + sqrt 2) (places 1, 3, 7, 17, ...), its adders (smt/ws1s/ostrowski_numeration.hpp)
// and its built-ins, issue 53, item 4.
//
// The greedy digits round-trip and are of the form; every digit string of the form up to eight
// places is the greedy digits of its value (so the form and the greedy algorithm are one
// numeration, each natural once); the generated adders are held against plain addition (every
// x, y below 3000 and random values to 2^100, z = x + y accepted, z = x + y + d refused); the
// built-ins ost_shift, ost_odd, ostw_shift and ostw_even in every evaluator (the batch one at 64
// and 128 bits, the exact one in GMP) against digits computed here in GMP, at the word edges
// too; and the two facts 2-Wythoff's proof rests on, against floor(n sqrt 2) from integer
// square roots: floor(n sqrt 2) = ost_shift(n) - n - ost_odd(n), and the P-positions
// (floor(n sqrt 2), floor(n sqrt 2) + 2n) are the (a, ostw_shift(a)) with ostw_even(a).
#include "sys/ostrowski.hpp"

#include <gmpxx.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <random>
#include <set>

#include "checks/proof_input.hpp"
#include "committed_proof.hpp"
#include "eval/evaluator.hpp"
#include "eval/exact_evaluator.hpp"
#include "lang/proof_file.hpp"
#include "word_edges.hpp"
#include "ws1s/ostrowski_numeration.hpp"

namespace nimcert {
namespace {

using smt::OstrowskiSystem;
using smt::u128;

constexpr OstrowskiSystem kSystems[] = {OstrowskiSystem::Sqrt2, OstrowskiSystem::TwoWythoff};

// The greedy digits of n in GMP over 1, first, 2 first + 1, ... (lowest place first).
std::vector<unsigned> gmp_digits(mpz_class n, unsigned first) {
  std::vector<mpz_class> u = {1, first};
  while (u.back() <= n) u.push_back(2 * u.back() + u[u.size() - 2]);
  std::vector<unsigned> d(u.size(), 0);
  for (std::size_t i = u.size(); i-- > 0;)
    while (u[i] <= n) {
      n -= u[i];
      ++d[i];
    }
  return d;
}

mpz_class gmp_shift(const mpz_class& n, unsigned first) {
  const std::vector<unsigned> d = gmp_digits(n, first);
  std::vector<mpz_class> u = {1, first};
  while (u.size() < d.size() + 1) u.push_back(2 * u.back() + u[u.size() - 2]);
  mpz_class s = 0;
  for (std::size_t i = 0; i < d.size(); ++i) s += d[i] * u[i + 1];
  return s;
}

// The parity of n's lowest nonzero place: 1 odd, 0 even, -1 for n = 0.
int gmp_lowest_parity(const mpz_class& n, unsigned first) {
  const std::vector<unsigned> d = gmp_digits(n, first);
  for (std::size_t i = 0; i < d.size(); ++i)
    if (d[i] != 0) return static_cast<int>(i % 2);
  return -1;
}

// floor(n sqrt 2) = floor(sqrt(2 n^2)).
mpz_class floor_root2(const mpz_class& n) {
  const mpz_class twice = 2 * n * n;
  mpz_class root;
  mpz_sqrt(root.get_mpz_t(), twice.get_mpz_t());
  return root;
}

TEST(Ostrowski, PlacesAreTheConvergentsDenominatorsAndTheGreedyDigitsAreTheForm) {
  const std::vector<u128>& u = smt::ostrowski_places(OstrowskiSystem::Sqrt2);
  const std::vector<u128>& w = smt::ostrowski_places(OstrowskiSystem::TwoWythoff);
  ASSERT_GE(u.size(), 8u);
  ASSERT_GE(w.size(), 8u);
  EXPECT_EQ(std::vector<u128>(u.begin(), u.begin() + 8),
            (std::vector<u128>{1, 2, 5, 12, 29, 70, 169, 408}));
  EXPECT_EQ(std::vector<u128>(w.begin(), w.begin() + 8),
            (std::vector<u128>{1, 3, 7, 17, 41, 99, 239, 577}));
  EXPECT_GT(u.back(), u128{1} << 126);  // the places reach 2^128 (about 100 of them)
  EXPECT_GT(w.back(), u128{1} << 126);
  // 7 = 5 + 2, 11 = 2 * 5 + 1, 23 = 12 + 2 * 5 + 1; in 1, 3, 7, ...: 2 = 2 * 1, 6 = 2 * 3.
  EXPECT_EQ(smt::ostrowski_sqrt2_digits(7), (std::vector<unsigned>{0, 1, 1}));
  EXPECT_EQ(smt::ostrowski_sqrt2_digits(11), (std::vector<unsigned>{1, 0, 2}));
  EXPECT_EQ(smt::ostrowski_sqrt2_digits(23), (std::vector<unsigned>{1, 0, 2, 1}));
  EXPECT_EQ(smt::ostrowski_digits(OstrowskiSystem::TwoWythoff, 2), (std::vector<unsigned>{2}));
  EXPECT_EQ(smt::ostrowski_digits(OstrowskiSystem::TwoWythoff, 6), (std::vector<unsigned>{0, 2}));
  EXPECT_TRUE(smt::ostrowski_sqrt2_digits(0).empty());
  for (OstrowskiSystem s : kSystems) {
    for (u128 n = 0; n < 100000; ++n) {
      const std::vector<unsigned> d = smt::ostrowski_digits(s, n);
      ASSERT_TRUE(smt::is_ostrowski_form(s, d)) << static_cast<std::uint64_t>(n);
      ASSERT_EQ(smt::ostrowski_value(s, d), n);
    }
    // Every string of the form with at most 8 places (no leading zero) has its own value, and
    // the values fill 0..U_8 - 1: the form is exactly the greedy digits.
    std::set<std::uint64_t> values;
    std::vector<unsigned> d;
    std::size_t strings = 0;
    std::function<void(std::size_t)> walk = [&](std::size_t places) {
      if (d.size() == places) {
        if (!smt::is_ostrowski_form(s, d) || (!d.empty() && d.back() == 0)) return;
        ++strings;
        const u128 v = smt::ostrowski_value(s, d);
        EXPECT_EQ(smt::ostrowski_digits(s, v), d);
        values.insert(static_cast<std::uint64_t>(v));
        return;
      }
      for (unsigned digit = 0; digit <= 2; ++digit) {
        d.push_back(digit);
        walk(places);
        d.pop_back();
      }
    };
    for (std::size_t places = 0; places <= 8; ++places) walk(places);
    const std::uint64_t u8 = s == OstrowskiSystem::Sqrt2 ? 985 : 1393;  // one per natural below
    EXPECT_EQ(strings, u8);
    EXPECT_EQ(values.size(), u8);
    EXPECT_EQ(*values.rbegin(), u8 - 1);
  }
  // Outside the form: a 2 at place 0 for sqrt 2 - 1 only, a 2 after a nonzero digit always.
  EXPECT_FALSE(smt::is_ostrowski_sqrt2_form({2}));
  EXPECT_TRUE(smt::is_ostrowski_form(OstrowskiSystem::TwoWythoff, {2}));
  EXPECT_FALSE(smt::is_ostrowski_form(OstrowskiSystem::TwoWythoff, {3}));
  EXPECT_FALSE(smt::is_ostrowski_sqrt2_form({1, 2}));
  EXPECT_FALSE(smt::is_ostrowski_form(OstrowskiSystem::TwoWythoff, {1, 2}));
  EXPECT_TRUE(smt::is_ostrowski_sqrt2_form({0, 2}));
}

TEST(Ostrowski, TheAddersAgreeWithPlainAddition) {
  for (OstrowskiSystem s : kSystems) {
    const smt::OstrowskiAdder& adder = smt::ostrowski_adder(s);
    // As small as Walnut's Fibonacci adder: 7 states (3 accepting) and 75 steps, both.
    EXPECT_EQ(adder.states(), 7u);
    EXPECT_EQ(adder.steps.size(), 75u);
    EXPECT_EQ(std::count(adder.accepting.begin(), adder.accepting.end(), true), 3);
    EXPECT_TRUE(adder.accepting[0]);
    auto adds = [s](u128 x, u128 y, u128 z) {
      return smt::ostrowski_adds(s, smt::ostrowski_digits(s, x), smt::ostrowski_digits(s, y),
                                 smt::ostrowski_digits(s, z));
    };
    for (u128 x = 0; x < 3000; ++x)
      for (u128 y = 0; y < 3000; y += (x % 7 == 0 ? 1 : 13)) {
        ASSERT_TRUE(adds(x, y, x + y))
            << static_cast<std::uint64_t>(x) << " + " << static_cast<std::uint64_t>(y);
        for (u128 d : {u128{1}, u128{2}, u128{5}})
          ASSERT_FALSE(adds(x, y, x + y + d))
              << static_cast<std::uint64_t>(x) << " + " << static_cast<std::uint64_t>(y) << " + d";
        if (x + y >= 1) {
          ASSERT_FALSE(adds(x, y, x + y - 1));
        }
      }
    std::mt19937_64 draw(20261206);
    for (int i = 0; i < 20000; ++i) {
      const u128 x = ((u128{draw()} << 64) | draw()) >> (28 + draw() % 90);
      const u128 y = ((u128{draw()} << 64) | draw()) >> (28 + draw() % 90);
      ASSERT_TRUE(adds(x, y, x + y));
      const u128 off = u128{1} + draw() % 1000;
      ASSERT_FALSE(adds(x, y, x + y + off));
      if (x + y >= off) {
        ASSERT_FALSE(adds(x, y, x + y - off));
      }
    }
  }
}

// ost_shift, ost_odd (places 1, 2, 5, ...) and ostw_shift, ostw_even (1, 3, 7, ...) in the
// batch evaluator (128- and 64-bit lanes, an overflow where the shift passes 2^64) and the exact
// one, against the digits computed above in GMP.
TEST(Ostrowski, EveryEvaluatorAgreesWithThePlainComputation) {
  const std::vector<std::string> terms = {"ost_shift(a)", "ost_odd(a)", "ostw_shift(a)",
                                          "ostw_even(a)"};
  std::vector<smt::ExprPtr> outputs;
  for (const std::string& t : terms) outputs.push_back(smt::parse_expression(t, {"a"}));
  const smt::Program program({"a"}, outputs);
  std::vector<std::uint64_t> values = testing::small_values_and_word_edges(3000);
  values.push_back(7640891576956012808ull);  // about 2^64 / (1 + sqrt 2): the shift at the edge
  values.push_back(7640891576956012809ull);
  std::uint64_t overflowed = 0;
  for (std::uint64_t v : values) {
    const mpz_class n(std::to_string(v));
    const std::string want[] = {gmp_shift(n, 2).get_str(), gmp_lowest_parity(n, 2) == 1 ? "1" : "0",
                                gmp_shift(n, 3).get_str(),
                                gmp_lowest_parity(n, 3) == 0 ? "1" : "0"};
    std::vector<u128> wide;
    ASSERT_TRUE(program.run_one<u128>({v}, wide)) << v;
    for (std::size_t k = 0; k < terms.size(); ++k) {
      EXPECT_EQ(smt::u128_to_string(wide[k]), want[k]) << terms[k] << " at " << v;
      EXPECT_EQ(*smt::evaluate_exactly(outputs[k], {{"a", std::to_string(v)}}), want[k])
          << terms[k] << " at " << v;
    }
    std::vector<std::uint64_t> narrow;
    const bool fits = program.run_one<std::uint64_t>({v}, narrow);
    EXPECT_EQ(fits, mpz_class(want[0]) < (mpz_class(1) << 64) &&
                        mpz_class(want[2]) < (mpz_class(1) << 64))
        << v;
    overflowed += !fits;
    if (fits) {
      EXPECT_EQ(std::to_string(narrow[0]), want[0]) << v;
      EXPECT_EQ(std::to_string(narrow[2]), want[2]) << v;
    }
  }
  EXPECT_GT(overflowed, 0u);  // the edge is reached, and reported as an overflow
  const std::string big = "340282366920938463463374607431768211455";  // 2^128 - 1, in GMP only
  EXPECT_EQ(*smt::evaluate_exactly(outputs[0], {{"a", big}}),
            gmp_shift(mpz_class(big), 2).get_str());
  EXPECT_EQ(*smt::evaluate_exactly(outputs[2], {{"a", big}}),
            gmp_shift(mpz_class(big), 3).get_str());
}

// floor(n sqrt 2) = ost_shift(n) - n - ost_odd(n): n sqrt 2 = n (1 + sqrt 2) - n, and
// ost_shift(n) - n (1 + sqrt 2) = sum d_i (1 - sqrt 2)^(i + 1), whose sign is the lowest digit's
// place's parity and whose size is below 1 (docs/mathematics.md, section 6).
TEST(Ostrowski, FloorOfNSqrt2IsTheShiftLessNLessTheOddParity) {
  const smt::Program p({"n"}, {smt::parse_expression("ost_shift(n) - n - ost_odd(n)", {"n"})});
  std::vector<std::uint64_t> values;
  for (std::uint64_t n = 0; n < 300000; ++n) values.push_back(n);
  for (unsigned k : {31u, 32u, 62u})
    for (std::uint64_t d = 0; d < 100; ++d) values.push_back((std::uint64_t{1} << k) - 50 + d);
  std::mt19937_64 draw(53);
  for (int i = 0; i < 100000; ++i) values.push_back(draw() >> (2 + draw() % 60));
  for (std::uint64_t n : values) {
    std::vector<u128> out;
    ASSERT_TRUE(p.run_one<u128>({n}, out)) << n;
    ASSERT_EQ(smt::u128_to_string(out[0]), floor_root2(mpz_class(std::to_string(n))).get_str())
        << n;
  }
  // A mutant without the parity is wrong at n = 2 (ost_shift(2) = 5, 5 - 2 = 3 > 2.83).
  const smt::Program mutant({"n"}, {smt::parse_expression("ost_shift(n) - n", {"n"})});
  std::vector<u128> out;
  ASSERT_TRUE(mutant.run_one<u128>({2}, out));
  EXPECT_EQ(out[0], 3u);
  EXPECT_EQ(floor_root2(2), 2);
}

// 2-Wythoff's P-positions (A_n, B_n) = (floor(n sqrt 2), floor(n sqrt 2) + 2n) are the (a, b)
// with a's lowest digit (places 1, 3, 7, 17, ...) at an even place and b = ostw_shift(a).
TEST(Ostrowski, TwoWythoffPairsAreTheEvenNumbersAndTheirShifts) {
  const smt::Program p({"a", "b"},
                       {smt::parse_expression("ostw_even(a) && b == ostw_shift(a)", {"a", "b"})});
  std::set<std::pair<std::uint64_t, std::uint64_t>> pairs;
  for (std::uint64_t n = 1; n < 3000; ++n) {
    const std::uint64_t a = floor_root2(n).get_ui();
    pairs.insert({a, a + 2 * n});
  }
  std::uint64_t hits = 0;
  for (std::uint64_t a = 0; a < 2000; ++a)
    for (std::uint64_t b = 0; b < 7000; ++b) {
      std::vector<std::uint64_t> out;
      ASSERT_TRUE(p.run_one<std::uint64_t>({a, b}, out));
      hits += out[0] != 0;
      if ((out[0] != 0) != (pairs.count({a, b}) > 0))
        FAIL() << "(" << a << ", " << b << "): ostw_even(a) && b == ostw_shift(a) is " << out[0];
    }
  EXPECT_EQ(hits,
            1414u);  // A_n < 2000 for n <= 1414 (1414 sqrt 2 < 2000 < 1415 sqrt 2), B_n < 7000
}

// The induction's numeration clause: both spellings of each Ostrowski numeration read, and any
// other irrational refused with what may stand there.
TEST(Ostrowski, TheNumerationClauseNamesOneOfTheTwoIrrationals) {
  const std::string base =
      "box \"b\" \"t\"\n  game nim(heaps = 2)\n  size 3\n  claim \"xor\" \"t\": G == x1 ^ x2\n"
      "end\ninduction \"xor\" \"t\" numeration ";
  auto numeration_of = [&](const std::string& words) {
    return parse_proof_file(base + words + " end", "t.proof").inductions.at(0).numeration;
  };
  EXPECT_EQ(numeration_of("ostrowski sqrt2"), smt::Numeration::OstrowskiSqrt2);
  EXPECT_EQ(numeration_of("ostrowski 1/(2+sqrt2)"), smt::Numeration::OstrowskiTwoWythoff);
  EXPECT_EQ(numeration_of("ostrowski 1 / ( 2 + sqrt2 )"), smt::Numeration::OstrowskiTwoWythoff);
  EXPECT_EQ(numeration_of("fibonacci"), smt::Numeration::Fibonacci);
  for (const char* wrong : {"ostrowski sqrt3", "ostrowski 1/(3+sqrt2)", "ostrowski end"})
    EXPECT_NE(testing::parse_error(base + wrong + " end")
                  .find("'sqrt2' or '1/(2+sqrt2)' after 'ostrowski'"),
              std::string::npos)
        << wrong;
  EXPECT_NE(testing::parse_error(base + "pell end").find("a numeration: 'fibonacci', 'ostrowski"),
            std::string::npos);
}

}  // namespace
}  // namespace nimcert
