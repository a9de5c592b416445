// Fibonacci numeration (issue 40, item 1): the Zeckendorf digits, the built-ins zeck_shift and
// zeck_even in every evaluator (the batch one at 32, 64 and 128 bits, the exact one in GMP)
// against a plain computation written here, at the word edges too; Wythoff's P-positions
// (floor(k phi), floor(k phi^2)) read off them; and the translation's refusals named.
#include <gtest/gtest.h>

#include <gmpxx.h>

#include <algorithm>
#include <array>
#include <map>
#include <set>

#include "eval/evaluator.hpp"
#include "eval/exact_evaluator.hpp"
#include "lang/numeration.hpp"
#include "lang/proof_file.hpp"
#include "sys/fibonacci.hpp"
#include "word_edges.hpp"
#include "ws1s/fibonacci_numeration.hpp"
#include "ws1s/translation.hpp"

namespace nimcert {
namespace {

using smt::u128;

// The Zeckendorf digits of n, by the greedy algorithm over F(2), F(3), ... in GMP.
std::vector<unsigned> digits_of(const mpz_class& n) {
  std::vector<mpz_class> f = {1, 2};
  while (f.back() <= n) f.push_back(f.back() + f[f.size() - 2]);
  std::vector<unsigned> out;
  mpz_class rest = n;
  for (std::size_t i = f.size(); i-- > 0;)
    if (f[i] <= rest) {
      rest -= f[i];
      out.push_back(static_cast<unsigned>(i));
    }
  return out;
}

mpz_class shifted(const mpz_class& n) {
  mpz_class s = 0;
  for (unsigned i : digits_of(n)) {
    mpz_class f;
    mpz_fib_ui(f.get_mpz_t(), i + 3);
    s += f;
  }
  return s;
}

bool even(const mpz_class& n) {
  const std::vector<unsigned> d = digits_of(n);
  return !d.empty() && d.back() % 2 == 0;
}

TEST(Fibonacci, ZeckendorfDigitsAreUniqueSumsOfNonNeighbours) {
  EXPECT_EQ(smt::fibonacci_places().size(), 185u);  // F(2..186) < 2^128 <= F(187)
  for (u128 n = 0; n < 20000; ++n) {
    const std::vector<unsigned> places = smt::zeckendorf_places(n);
    u128 sum = 0;
    for (std::size_t i = 0; i < places.size(); ++i) {
      sum += smt::fibonacci_places()[places[i]];
      if (i > 0) {
        ASSERT_GT(places[i - 1], places[i] + 1) << "neighbours in " << int(n);
      }
    }
    ASSERT_EQ(sum, n);
  }
  // By hand: 17 = 13 + 3 + 1 (places 5, 2, 0), shifted 21 + 5 + 2 = 28, lowest place 0: even.
  EXPECT_EQ(smt::zeckendorf_places(17), (std::vector<unsigned>{5, 2, 0}));
}

// zeck_shift and zeck_even by each evaluator, on small values and at the word edges.
TEST(Fibonacci, EveryEvaluatorAgreesWithThePlainComputation) {
  const smt::ExprPtr shift = smt::parse_expression("zeck_shift(a)", {"a"});
  const smt::ExprPtr parity = smt::parse_expression("zeck_even(a)", {"a"});
  const smt::Program program({"a"}, {shift, parity});
  std::vector<std::uint64_t> values = testing::small_values_and_word_edges(3000);
  values.push_back(11400714819323198485ull);  // near 2^64 / phi: the shift just fits, or not
  values.push_back(11400714819323198486ull);
  std::uint64_t overflowed = 0;
  for (std::uint64_t v : values) {
    const mpz_class n(std::to_string(v));
    std::vector<u128> wide;
    ASSERT_TRUE(program.run_one<u128>({v}, wide)) << v;
    EXPECT_EQ(smt::u128_to_string(wide[0]), shifted(n).get_str()) << v;
    EXPECT_EQ(wide[1], even(n) ? 1u : 0u) << v;
    std::vector<std::uint64_t> narrow;
    const bool fits = program.run_one<std::uint64_t>({v}, narrow);
    EXPECT_EQ(fits, shifted(n) < (mpz_class(1) << 64)) << v;
    overflowed += !fits;
    if (fits) {
      EXPECT_EQ(std::to_string(narrow[0]), shifted(n).get_str()) << v;
    }
    const auto exact = smt::evaluate_exactly(shift, {{"a", std::to_string(v)}});
    ASSERT_TRUE(exact.has_value());
    EXPECT_EQ(*exact, shifted(n).get_str()) << v;
    EXPECT_EQ(*smt::evaluate_exactly(parity, {{"a", std::to_string(v)}}), even(n) ? "1" : "0");
  }
  EXPECT_GT(overflowed, 0u);  // the edge is reached, and reported as an overflow
  // Past 2^64, in GMP: the exact evaluator has no word.
  const std::string big = "340282366920938463463374607431768211455";  // 2^128 - 1
  EXPECT_EQ(*smt::evaluate_exactly(shift, {{"a", big}}), shifted(mpz_class(big)).get_str());
}

// Wythoff's P-positions, (floor(k phi), floor(k phi^2)) = (a_k, a_k + k), are the (a, b) with a's
// lowest place even and b = zeck_shift(a): checked against Beatty's sequence computed in GMP.
TEST(Fibonacci, WythoffsPairsAreTheEvenZeckendorfNumbersAndTheirShifts) {
  const smt::Program p(
      {"a", "b"},
      {smt::parse_expression("zeck_even(a) && b == zeck_shift(a)", {"a", "b"})});
  std::set<std::pair<std::uint64_t, std::uint64_t>> pairs;
  for (std::uint64_t k = 1; k < 700; ++k) {
    // a_k = floor(k phi) = floor((k + sqrt(5 k^2)) / 2).
    const mpz_class five = 5 * mpz_class(k) * mpz_class(k);
    mpz_class root;
    mpz_sqrt(root.get_mpz_t(), five.get_mpz_t());
    const std::uint64_t a = mpz_class((k + root) / 2).get_ui();
    pairs.insert({a, a + k});
  }
  std::uint64_t hits = 0;
  for (std::uint64_t a = 0; a < 1000; ++a)
    for (std::uint64_t b = 0; b < 1700; ++b) {
      std::vector<std::uint64_t> out;
      ASSERT_TRUE(p.run_one<std::uint64_t>({a, b}, out));
      hits += out[0] != 0;
      if ((out[0] != 0) != (pairs.count({a, b}) > 0))
        FAIL() << "(" << a << ", " << b << "): zeck_even(a) && b == zeck_shift(a) is " << out[0];
    }
  EXPECT_EQ(hits, 618u);  // a_k < 1000 for k <= 618, and then b = a_k + k < 1700
}

// Walnut's adder, the table the MONA predicate fplus is generated from, run on the Zeckendorf
// digits from the top place down: it accepts exactly the triples with x + y = z.
TEST(Fibonacci, TheAdderAutomatonAcceptsExactlyTheSums) {
  std::size_t count = 0;
  const smt::FibonacciAdderStep* steps = smt::fibonacci_adder_steps(count);
  ASSERT_EQ(count, 33u);
  std::map<std::array<unsigned, 4>, unsigned> next;
  for (std::size_t i = 0; i < count; ++i)
    next[{steps[i].from, steps[i].x, steps[i].y, steps[i].z}] = steps[i].to;
  std::vector<std::uint32_t> places(260, 0);  // n's Zeckendorf places as a bit mask
  for (std::uint64_t n = 0; n < places.size(); ++n)
    for (unsigned i : smt::zeckendorf_places(n)) places[n] |= 1u << i;
  auto digit = [&](std::uint64_t n, unsigned place) { return places[n] >> place & 1u; };
  std::uint64_t sums = 0;
  for (std::uint64_t x = 0; x < 120; ++x)
    for (std::uint64_t y = 0; y < 120; ++y)
      for (std::uint64_t z = 0; z < 260; ++z) {
        unsigned state = 0;
        bool alive = true;
        for (unsigned place = 14; place-- > 0 && alive;) {
          const auto it = next.find({state, digit(x, place), digit(y, place), digit(z, place)});
          alive = it != next.end();
          if (alive) state = it->second;
        }
        const bool accepted = alive && smt::fibonacci_adder_accepts(state);
        ASSERT_EQ(accepted, x + y == z) << x << " + " << y << " = " << z;
        sums += accepted;
      }
  EXPECT_EQ(sums, 120u * 120u);
}

TEST(Fibonacci, EachNumerationRefusesTheOthersOperatorsWithTheirPlace) {
  const smt::ExprPtr zeck = smt::parse_expression("zeck_shift(x) == 3", {"x"});
  try {
    smt::make_mona_query({"x"}, {}, zeck, {}, {}, "t");
    ADD_FAILURE() << "binary numeration translated zeck_shift";
  } catch (const smt::OutsideFragment& e) {
    EXPECT_NE(std::string(e.what()).find("an induction with 'numeration fibonacci'"),
              std::string::npos);
  }
  const smt::ExprPtr bits = smt::parse_expression("(x ^ 1) == 3", {"x"});
  try {
    smt::make_mona_query({"x"}, {}, bits, {}, {}, "t", {}, smt::Numeration::Fibonacci);
    ADD_FAILURE() << "Fibonacci numeration translated a xor";
  } catch (const smt::OutsideFragment& e) {
    EXPECT_NE(std::string(e.what()).find("under the numeration fibonacci only +, -"),
              std::string::npos);
  }
  // Both translate + and comparisons; only Fibonacci holds every set to Zeckendorf form.
  const smt::ExprPtr sum = smt::parse_expression("x + 1 > x", {"x"});
  EXPECT_EQ(smt::make_mona_query({"x"}, {}, sum, {}, {}, "t").text.find("zf("), std::string::npos);
  EXPECT_NE(smt::make_mona_query({"x"}, {}, sum, {}, {}, "t", {}, smt::Numeration::Fibonacci)
                .text.find("zf(V_x)"),
            std::string::npos);
}

// A statement is decided in the numeration its induction names only when it reads one of its
// built-ins, through a definition too; one that reads none (a rank obligation: sums and
// comparisons) is decided in binary, whose automata are smaller, and one that reads another
// numeration's keeps the named one (and its translation refuses it with the place).
TEST(Fibonacci, AStatementReadingNoDigitsIsDecidedInBinary) {
  using smt::Numeration;
  smt::Definitions defs;
  defs["even_form"] = {"even_form", {"a"}, smt::parse_expression("ostw_even(a)", {"a"}), {}};
  defs["plain"] = {"plain", {"a"}, smt::parse_expression("a + 1", {"a"}), {}};
  const auto decided = [&](const std::string& text, Numeration named) {
    return smt::numeration_to_decide(named, {smt::parse_expression(text, {"x", "y"}, defs)}, defs);
  };
  const Numeration two = Numeration::OstrowskiTwoWythoff;
  EXPECT_EQ(decided("x + y < 2 * x + 3", two), Numeration::Binary);
  EXPECT_EQ(decided("plain(x) > x", two), Numeration::Binary);
  EXPECT_EQ(decided("ostw_shift(x) == y", two), two);
  EXPECT_EQ(decided("even_form(x) || x == 0", two), two);  // through the definition
  EXPECT_EQ(decided("zeck_even(x)", Numeration::Fibonacci), Numeration::Fibonacci);
  EXPECT_EQ(decided("zeck_even(x)", two), two);  // another's: the translation refuses it
  EXPECT_EQ(decided("x + 1 > x", Numeration::Binary), Numeration::Binary);
  // Every part counts: hypotheses, conclusion, existential bodies.
  EXPECT_EQ(smt::numeration_to_decide(
                two,
                {smt::parse_expression("x < y", {"x", "y"}),
                 smt::parse_expression("ostw_even(y)", {"x", "y"})},
                defs),
            two);
}

}  // namespace
}  // namespace nimcert
