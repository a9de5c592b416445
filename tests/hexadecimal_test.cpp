// Hexadecimal codes (a digit's bit 8: remove k and leave three nonempty heaps) and the claims
// no window theorem covers, decided for every n by the mex recursion
// (checks/arithmetic_periodicity.hpp).
//
// The engines' values are held against the definition written out again
// (octal_definition.hpp) for every code of one or two hexadecimal digits, each way of the
// split engine alone.  Every claim the mex route accepts for a one-digit code (the least
// preperiod and period with a saltus that fit the computed values) is held against the
// definition to ten times its reach and more; wrong formulas (a saltus one off, a preperiod
// one too small, a wrong residue) are refused by the route itself, not only by the values.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <cstdio>
#include <map>
#include <optional>

#include "checks/arithmetic_periodicity.hpp"
#include "checks/independent.hpp"
#include "checks/periodicity.hpp"
#include "engine_ways.hpp"
#include "engines/octal_engine.hpp"
#include "eval/exact_evaluator.hpp"
#include "octal_definition.hpp"

namespace nimcert {
namespace {

std::vector<std::string> hexadecimal_codes() {
  const std::string digits = "0123456789ABCDEF";
  std::vector<std::string> codes;
  for (char d : digits.substr(1)) codes.push_back(std::string(1, d));
  for (char d1 : digits)
    for (char d2 : digits.substr(1)) codes.push_back(std::string{d1, d2});
  return codes;
}

UnboundedOptions mona_options() {
  UnboundedOptions o;
  o.timeout_ms = 20000;
  return o;
}

TEST(Hexadecimal, CodesReadHexadecimalDigitsAndListThreeHeapMoves) {
  const OctalCode c("0.3F");
  EXPECT_EQ(c.largest_removal(), 2u);
  EXPECT_EQ(c.digit(2), 15u);
  EXPECT_TRUE(c.leaves_three_heaps());
  EXPECT_FALSE(OctalCode("0.77").leaves_three_heaps());
  EXPECT_EQ(OctalCode("0.3f").digit(2), 15u);
  const std::vector<std::string> moves = c.moves();
  ASSERT_EQ(moves.size(), 6u);
  EXPECT_EQ(moves.back(),
            "remove 2, leave three heaps: for 1 <= a, 1 <= b, a + b <= x1 - 3 when x1 >= 5 to "
            "(a) + (b) + (x1 - 2 - a - b)");
  EXPECT_THROW(OctalCode("0.3G"), std::invalid_argument);
  EXPECT_THROW(OctalCode("0.F0"), std::invalid_argument);
  // 0.8: three heaps only; a heap of 4 has the one option 1 + 1 + 1 (remove 1).
  std::vector<std::vector<std::uint64_t>> options;
  OctalCode("0.8").for_each_option(4, [&](std::span<const std::uint64_t> parts) {
    options.emplace_back(parts.begin(), parts.end());
  });
  EXPECT_EQ(options, (std::vector<std::vector<std::uint64_t>>{{1, 1, 1}}));
}

TEST(Hexadecimal, EveryWayOfTheEngineAgreesWithTheDefinitionOnEveryCodeOfTwoDigits) {
  constexpr std::uint64_t kLast = 240;
  for (const std::string& digits : hexadecimal_codes()) {
    const std::vector<std::uint32_t> expected = testing::octal_values_by_definition(digits, kLast);
    ASSERT_EQ(testing::engine_ways_differ(OctalCode("0." + digits), expected), "");
  }
  // 0.3F: 0 1 2 0 1 2 3 4 5 3 4 5 6 ... (period 6, saltus 3), the example.
  const OctalValues g = octal_values(OctalCode("0.3F"), 14);
  EXPECT_EQ(std::vector<std::uint32_t>(g.begin(), g.end()),
            (std::vector<std::uint32_t>{0, 1, 2, 0, 1, 2, 3, 4, 5, 3, 4, 5, 6, 7, 8}));
}

struct Fit {
  std::uint64_t preperiod, period, saltus;
};

// The least period p < 40, then the least n0 < 30, with a saltus that fits g to its end.
std::optional<Fit> least_fit(const std::vector<std::uint32_t>& g) {
  for (std::uint64_t p = 1; p < 40; ++p)
    for (std::uint64_t n0 = 0; n0 < 30; ++n0) {
      if (g[n0 + p] < g[n0]) continue;
      const std::uint64_t s = g[n0 + p] - g[n0];
      bool fits = true;
      for (std::uint64_t n = n0; n + p < g.size() && fits; ++n) fits = g[n + p] == g[n] + s;
      if (fits) return Fit{n0, p, s};
    }
  return std::nullopt;
}

TEST(Hexadecimal, EveryClaimTheMexRouteAcceptsHoldsFarPastItsReach) {
  // One-digit codes: the claim that fits 0..400 (saltus 0 included), posed to MONA; each one
  // proved is held against the definition to n = 4000 at least (ten times 400).
  std::size_t proved = 0;
  for (const std::string& digits : hexadecimal_codes()) {
    if (digits.size() != 1) continue;
    const OctalCode code("0." + digits);
    const std::vector<std::uint32_t> head = testing::octal_values_by_definition(digits, 400);
    const std::optional<Fit> fit = least_fit(head);
    if (!fit) continue;
    const OctalValues g(head.begin(), head.end());
    const MexRecursionProof proof =
        prove_by_mex_recursion(code, g, fit->preperiod, fit->period, fit->saltus, mona_options());
    if (!proof.proved) continue;
    ++proved;
    const OctalValues far = octal_values(code, 4000);
    for (std::uint64_t n = fit->preperiod; n + fit->period <= 4000; ++n)
      ASSERT_EQ(far[n + fit->period], far[n] + fit->saltus)
          << digits << " n = " << n << ": " << proof.formula;
  }
  // 0.8, 0.9, 0.A, ..., 0.F: the one-digit codes that leave three heaps.
  EXPECT_GE(proved, 6u);
}

// Every code of two hexadecimal digits d1 d2 whose one-stone moves leave at most two heaps
// (d1 <= 7; the others pose a three-heap (a) of 5 to 45 s each, so they run by hand: the
// DISABLED_ twin below): the least claim that fits 0..400 is posed to the route; each one
// proved is held against the engine to ten times its reach n0 + 2p and at least n = 1200,
// and its mutants (a saltus one off, a preperiod one too small) fail on the values (and, for
// the first few, are not proved by the route).
void hold_two_digit_claims(bool three_heap_removals_of_one) {
  std::size_t fitted = 0, proved = 0;
  for (const std::string& digits : hexadecimal_codes()) {
    if (digits.size() != 2) continue;
    const bool heavy = digits[0] >= '8';
    if (heavy != three_heap_removals_of_one) continue;
    const OctalCode code("0." + digits);
    const std::vector<std::uint32_t> head = testing::octal_values_by_definition(digits, 400);
    const std::optional<Fit> fit = least_fit(head);
    if (!fit) continue;
    ++fitted;
    const OctalValues g(head.begin(), head.end());
    const MexRecursionProof proof =
        prove_by_mex_recursion(code, g, fit->preperiod, fit->period, fit->saltus, mona_options());
    if (!proof.proved) continue;
    ++proved;
    // Ten times the claim's reach n0 + 2p, and at least 1200 (a three-way split's values cost
    // O(n^3) when they grow).
    const std::uint64_t reach = fit->preperiod + 2 * fit->period;
    const std::uint64_t last = std::max<std::uint64_t>(1200, 10 * reach);
    const OctalValues far = octal_values(code, last);
    for (std::uint64_t n = fit->preperiod; n + fit->period <= last; ++n)
      ASSERT_EQ(far[n + fit->period], far[n] + fit->saltus)
          << digits << " n = " << n << ": " << proof.formula;
    // The mutants fail on the values; the route's own refusal is asked of the first few (a
    // wrong formula often runs MONA to its time limit rather than to a refutation).
    const bool ask_route = proved <= 3;
    UnboundedOptions brief = mona_options();  // not proved is what is asked: a time-out is that
    brief.timeout_ms = 3000;
    std::vector<smt::PeriodicClaim> mutants = {
        {"saltus + 1", "", fit->preperiod, fit->period, fit->saltus + 1, {}}};
    if (fit->preperiod > 0)
      mutants.push_back({"preperiod - 1", "", fit->preperiod - 1, fit->period, fit->saltus, {}});
    for (const smt::PeriodicClaim& mutant : mutants) {
      EXPECT_EQ(check_periodicity(code, far, mutant, nullptr).verdict, Verdict::Fails)
          << digits << " " << mutant.name;
      if (ask_route) {
        EXPECT_FALSE(
            prove_by_mex_recursion(code, g, mutant.preperiod, mutant.period, mutant.saltus, brief)
                .proved)
            << digits << " " << mutant.name;
      }
    }
  }
  std::printf("two-digit codes: %zu fitted, %zu proved\n", fitted, proved);
  EXPECT_GE(proved, three_heap_removals_of_one ? 66u : 43u);  // measured: 72 and 43 fit
}

TEST(Hexadecimal, EveryTwoDigitClaimTheMexRouteAcceptsHoldsFarPastItsReach) {
  hold_two_digit_claims(false);
}

TEST(Hexadecimal, DISABLED_EveryTwoDigitClaimWithThreeHeapRemovalsOfOneHoldsFarPastItsReach) {
  hold_two_digit_claims(true);
}

// The three-heap (a) is posed as F(a) ^ F(b) != F(c) ^ F(n) (two values a side, far faster for
// the automata); it is the statement F(a) ^ F(b) ^ F(c) != F(n).  nimcert's automata decide
// both forms alike on 0.3F's formula and on mutants of it, proved on the one and refuted on
// another; every counterexample is false in both forms, by the evaluator.
TEST(Hexadecimal, TheThreeHeapStatementWithTwoValuesASideDecidesAsWithThreeOnOne) {
  const OctalCode code("0.3F");
  const OctalValues g = octal_values(code, 200);
  OctalValues residue = g;  // one value of the period changed
  residue[4] += 3;
  struct Formula {
    const OctalValues* values;
    std::uint64_t saltus;
  };
  std::map<std::string, int> seen;
  for (const Formula& f : {Formula{&g, 3}, Formula{&g, 2}, Formula{&residue, 3}}) {
    const MexStatements st = mex_recursion_statements(code, *f.values, 0, 6, f.saltus);
    for (const MexStatement& s : st.a) {
      if (s.name != "(a) remove 2, leave three heaps") continue;
      ASSERT_EQ(s.conclusion->op, smt::Op::Ne);
      const smt::ExprPtr& left = s.conclusion->args[0];   // F(a) ^ F(b)
      const smt::ExprPtr& right = s.conclusion->args[1];  // F(c) ^ F(n)
      ASSERT_EQ(right->op, smt::Op::BitXor);
      const smt::ExprPtr three_on_one = smt::make_node(
          smt::Op::Ne, {smt::make_node(smt::Op::BitXor, {left, right->args[0]}), right->args[1]});
      const IndependentCheck two = check_independently(s.variables, s.hypotheses, s.conclusion, {},
                                                       st.definitions, smt::Numeration::Binary);
      const IndependentCheck one = check_independently(s.variables, s.hypotheses, three_on_one, {},
                                                       st.definitions, smt::Numeration::Binary);
      const std::string what = fmt::format("saltus {}", f.saltus);
      EXPECT_EQ(two.status, one.status) << what;
      ++seen[two.status];
      for (const IndependentCheck* c : {&two, &one}) {
        if (!c->counterexample) continue;
        for (const smt::ExprPtr& form : {s.conclusion, three_on_one}) {
          smt::ExprPtr statement = form;
          for (const smt::ExprPtr& h : s.hypotheses)
            statement = smt::make_node(smt::Op::Implies, {h, statement});
          EXPECT_EQ(
              smt::evaluate_exactly(smt::expand(statement, st.definitions), *c->counterexample),
              std::optional<std::string>("0"))
              << what;
        }
      }
    }
  }
  EXPECT_EQ(seen[IndependentCheck::kChecked], 1) << "0.3F's own formula";
  EXPECT_GE(seen[IndependentCheck::kCounterexample], 1) << "a mutant";
}

TEST(Hexadecimal, TheMexRouteRefusesWrongFormulas) {
  // 0.AB: G(n) = n - 1 for n >= 1 (period 1, saltus 1 from 1).
  const OctalCode code("0.AB");
  const OctalValues g = octal_values(code, 200);
  EXPECT_TRUE(prove_by_mex_recursion(code, g, 1, 1, 1, mona_options()).proved);
  // A saltus one off, either way.
  for (std::uint64_t s : {0u, 2u}) {
    const MexRecursionProof p = prove_by_mex_recursion(code, g, 1, 1, s, mona_options());
    EXPECT_FALSE(p.proved) << s;
    EXPECT_FALSE(p.why_not.empty());
  }
  // A preperiod one too small: F(n) = n, so F(1) = 1 while no follower of 1 is worth 0.
  EXPECT_FALSE(prove_by_mex_recursion(code, g, 0, 1, 1, mona_options()).proved);
  // A wrong residue: the values of one period changed (F = G + 1 on odd n from 1).
  OctalValues wrong = g;
  wrong[2] += 1;
  EXPECT_FALSE(prove_by_mex_recursion(code, wrong, 1, 2, 2, mona_options()).proved);
  // 0.3F with saltus 3 proved; the check reports it for every n, the mutant fails at n = 0.
  const OctalCode f("0.3F");
  const OctalValues h = octal_values(f, 200);
  smt::PeriodicClaim claim;
  claim.name = "ap";
  claim.preperiod = 0;
  claim.period = 6;
  claim.saltus = 3;
  const UnboundedOptions mona = mona_options();
  const NamedCheck holds = check_periodicity(f, h, claim, &mona);
  EXPECT_EQ(holds.verdict, Verdict::Holds);
  EXPECT_EQ(holds.record.at("unbounded"), true);
  claim.saltus = 2;
  const NamedCheck fails = check_periodicity(f, h, claim, &mona);
  EXPECT_EQ(fails.verdict, Verdict::Fails);
  EXPECT_EQ(fails.counterexample.at("n"), 0);
  // Without MONA: the computed values only, and the scope says so.
  claim.saltus = 3;
  const NamedCheck bounded = check_periodicity(f, h, claim, nullptr);
  EXPECT_EQ(bounded.verdict, Verdict::Holds);
  EXPECT_EQ(bounded.record.at("unbounded"), false);
  EXPECT_NE(bounded.record.at("scope").get<std::string>().find("n = 0..194 only"),
            std::string::npos);
}

}  // namespace
}  // namespace nimcert
