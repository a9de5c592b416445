// CGSuite's take-and-break notation where nimcert plays it (games/octal_code.hpp): a digit d0
// before the point (a move that removes no stones and splits the heap) and the constraints `!`
// or `?` (the two parts unequal) and `=` (equal) after a digit.
//
// Grundy's game "4!.0" gives the published values and the same G(0..20000) as Grundy's game
// declared move by move (certs/grundy-game.proof); every code with d0 in {0, 4, 8, C}, one or two
// digits after the point and each constraint is held against the definition written out again
// (octal_definition.hpp), each way of the split engine alone.  A periodicity claim of such a
// code is decided by the mex recursion, not Guy and Smith's theorem, whose proof pairs splits a
// constraint may forbid: proved, and a mutant refused.  Notation nimcert does not play is
// refused with a message that names it.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "checks/arithmetic_periodicity.hpp"
#include "checks/periodicity.hpp"
#include "checks/proof_input.hpp"
#include "engine_ways.hpp"
#include "engines/octal_engine.hpp"
#include "engines/take_and_break_engine.hpp"
#include "games/registry.hpp"
#include "octal_definition.hpp"

namespace nimcert {
namespace {

std::string refusal(const std::string& code) {
  try {
    OctalCode c(code);
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "(accepted)";
}

TEST(CgsuiteNotation, ReadsADigitBeforeThePointAndConstraintsOnTheParts) {
  const OctalCode grundy("4!.0");
  EXPECT_EQ(grundy.largest_removal(), 0u);
  EXPECT_EQ(grundy.digit(0), 4u);
  EXPECT_EQ(grundy.parts(0), OctalCode::Parts::Unequal);
  EXPECT_TRUE(grundy.extends_octal());
  EXPECT_FALSE(grundy.is_subtraction());
  EXPECT_EQ(grundy.moves(),
            std::vector<std::string>{"remove 0, leave two unequal heaps: for 1 <= a <= x1 - 1 when "
                                     "x1 >= 2 && 2 * a != x1 to (a) + (x1 - a)"});
  EXPECT_EQ(OctalCode("4?.0").parts(0), OctalCode::Parts::Unequal);  // two parts: the same
  const OctalCode equal("0.4=");
  EXPECT_EQ(equal.moves(), std::vector<std::string>{
                               "remove 1, leave two equal heaps: for 1 <= a <= x1 - 2 when x1 >= "
                               "3 && 2 * a == x1 - 1 to (a) + (x1 - 1 - a)"});
  EXPECT_EQ(OctalCode("4.07").digit(0), 4u);
  EXPECT_EQ(OctalCode("4.07").digit(2), 7u);
  EXPECT_FALSE(OctalCode("0.137").extends_octal());
  EXPECT_FALSE(OctalCode("0.3F").extends_octal());
  // The options: 4!.0 splits 6 into 1 + 5 and 2 + 4, not 3 + 3; 0.4= splits 7 into 3 + 3 only.
  std::vector<std::vector<std::uint64_t>> options;
  grundy.for_each_option(6, [&](std::span<const std::uint64_t> parts) {
    options.emplace_back(parts.begin(), parts.end());
  });
  EXPECT_EQ(options, (std::vector<std::vector<std::uint64_t>>{{1, 5}, {2, 4}}));
  options.clear();
  equal.for_each_option(7, [&](std::span<const std::uint64_t> parts) {
    options.emplace_back(parts.begin(), parts.end());
  });
  EXPECT_EQ(options, (std::vector<std::vector<std::uint64_t>>{{3, 3}}));
}

TEST(CgsuiteNotation, RefusesWhatNimcertDoesNotPlayAndSaysWhat) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"44.7", "one digit before the point"},          // d_{-1}: a move that adds stones
      {"2.7", "d0 = 0, 4, 8 or C"},                    // would leave the heap as it was
      {"1.7", "d0 = 0, 4, 8 or C"},                    // would end a heap of none
      {"0.3!", "this digit leaves at most one heap"},  // no split to constrain
      {"0.8!", "three-way splits are not played yet"},
      {"0.F=", "three-way splits are not played yet"},
      {"!4.0", "right after a digit"},
      {"4!!.0", "right after a digit"},
      {"0.[7]", "repeated digits"},
      {"0.7G", "past F"},
      {"0.*", "CGSuite's '*'"},
      {"4.", "an octal or hexadecimal code"},
      {".4", "an octal or hexadecimal code"},
      {"0.0", "last digit is not 0"},
      {"4.70", "last digit is not 0"},
      {"0.7x", "digits 0 to 9 and A to F"},
  };
  for (const auto& [code, why] : cases)
    EXPECT_NE(refusal(code).find(why), std::string::npos) << code << ": " << refusal(code);
  // In a proof file the error is located at the code; misère play of such a code is refused.
  try {
    parse_proof_file("game g octal \"44.7\"\nsequence \"s\" \"t\" game g last 9 end\n", "t.proof",
                     smt::Reading::Checking);
    ADD_FAILURE() << "44.7 was accepted";
  } catch (const smt::ParseError& e) {
    EXPECT_NE(std::string(e.what()).find("t.proof:1:"), std::string::npos) << e.what();
  }
  try {
    parse_proof_file("game g octal \"4!.0\"\nsequence \"s\" \"t\" game g misere last 9 end\n",
                     "t.proof", smt::Reading::Checking);
    ADD_FAILURE() << "misère 4!.0 was accepted";
  } catch (const smt::ParseError& e) {
    EXPECT_NE(std::string(e.what()).find("a digit before the point or a constraint"),
              std::string::npos)
        << e.what();
  }
}

TEST(CgsuiteNotation, GrundysGameIsTheDeclaredOneAndThePublishedValues) {
  constexpr std::uint64_t kLast = 20000;
  const OctalValues g = octal_values(OctalCode("4!.0"), kLast);
  // OEIS A002188: Grundy's game, g(0..20).
  const std::vector<std::uint32_t> published = {0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0,
                                                2, 1, 3, 2, 1, 3, 2, 4, 3, 0};
  EXPECT_TRUE(std::equal(published.begin(), published.end(), g.begin()));
  const smt::ProofFile f = parse_proof_file(
      "game grundy heaps 1\n  move \"split\" for 1 <= a <= (x1 - 1) / 2 to (a) + (x1 - a)\nend\n",
      "g.proof", smt::Reading::Exploring);
  const auto declared = make_game(f.game, f.definitions);
  const OctalValues d = take_and_break_values(*declared, kLast);
  EXPECT_TRUE(std::equal(g.begin(), g.end(), d.begin(), d.end()));
  EXPECT_EQ(g[1222], 0u);  // the last P-position known
}

// Every code d0.d1 and d0.d1d2 with d0 in {0, 4, 8, C}, digits 0 to 7 after the point and each
// constraint where it applies, to n = 200, by the plain engine and each way of the split engine.
TEST(CgsuiteNotation, EveryWayOfTheEngineAgreesWithTheDefinitionOnEveryShortCode) {
  constexpr std::uint64_t kLast = 200;
  const std::string marks[] = {"", "!", "="};
  std::size_t codes = 0;
  auto hold = [&](const std::string& text, const std::vector<std::pair<unsigned, char>>& digits) {
    bool three = false;
    for (const auto& d : digits) three = three || (d.first & 8);
    if (three) {  // the definition above takes two heaps; 8 and C are held by the plain engine
      const OctalValues plain = plain_octal_values(OctalCode(text), 60);
      const OctalValues fast = octal_values(OctalCode(text), 60);
      ASSERT_TRUE(std::equal(plain.begin(), plain.end(), fast.begin())) << text;
      ++codes;
      return;
    }
    const std::vector<std::uint32_t> expected =
        testing::cgsuite_values_by_definition(digits, kLast);
    ASSERT_EQ(testing::engine_ways_differ(OctalCode(text), expected), "");
    ++codes;
  };
  auto mark_of = [](const std::string& m) { return m.empty() ? ' ' : m[0]; };
  for (unsigned d0 : {0u, 4u, 8u, 12u})
    for (const std::string& m0 : marks) {
      if (!m0.empty() && d0 != 4) continue;
      const std::string head = fmt::format("{:X}{}.", d0, m0);
      if (d0 != 0) hold(head + "0", {{d0, mark_of(m0)}});
      for (unsigned d1 = 0; d1 < 8; ++d1)
        for (const std::string& m1 : marks) {
          if (!m1.empty() && (d1 & 4) == 0) continue;
          const std::string one = fmt::format("{}{}{}", head, d1, m1);
          if (d1 != 0) hold(one, {{d0, mark_of(m0)}, {d1, mark_of(m1)}});
          for (unsigned d2 = 1; d2 < 8; ++d2)
            for (const std::string& m2 : marks) {
              if (!m2.empty() && (d2 & 4) == 0) continue;
              hold(fmt::format("{}{}{}", one, d2, m2),
                   {{d0, mark_of(m0)}, {d1, mark_of(m1)}, {d2, mark_of(m2)}});
            }
        }
    }
  EXPECT_GT(codes, 1000u);
}

// 4=.0 (split a heap into two equal halves): G(odd) = 0 and G(even) = 1 from 1, period 2.  The
// claim is decided by the mex recursion (MONA and nimcert's automata), not Guy and Smith's
// window; from 0 it fails at n = 0 on the values, and for Grundy's game (a wrong rule) both the
// route and the values refuse it.
TEST(CgsuiteNotation, APeriodOfAConstrainedCodeIsDecidedByTheMexRecursion) {
  const OctalCode code("4=.0");
  ASSERT_TRUE(decided_by_mex_recursion(code, 0));
  EXPECT_EQ(periodicity_window(code, 1, 2, 0).theorem, PeriodicityWindow::Theorem::MexRecursion);
  const OctalValues g = octal_values(code, 400);
  smt::PeriodicClaim claim;
  claim.name = "halves";
  claim.preperiod = 1;
  claim.period = 2;
  UnboundedOptions mona;
  mona.timeout_ms = 20000;
  const NamedCheck holds = check_periodicity(code, g, claim, &mona);
  EXPECT_EQ(holds.verdict, Verdict::Holds) << holds.note;
  EXPECT_EQ(holds.record.at("unbounded"), true);
  // Without MONA: the computed values only, and the scope names why no window theorem applies.
  const NamedCheck bounded = check_periodicity(code, g, claim, nullptr);
  EXPECT_EQ(bounded.record.at("unbounded"), false);
  EXPECT_NE(bounded.record.at("scope").get<std::string>().find(
                "a digit before the point or a constraint on the parts"),
            std::string::npos)
      << bounded.record.dump();
  // Without the constraint (4.0, any split) the values are the same: odd + even is worth 1.
  const OctalValues any = octal_values(OctalCode("4.0"), 400);
  EXPECT_TRUE(std::equal(any.begin(), any.end(), g.begin()));
  // A wrong rule (unequal parts, Grundy's game): the route refuses the same formula by itself
  // (a heap of 2 has no option, so (b) fails), and the values refute it at n = 1.
  const OctalCode unequal("4!.0");
  EXPECT_FALSE(prove_by_mex_recursion(unequal, g, 1, 2, 0, mona).proved);
  const NamedCheck wrong_rule =
      check_periodicity(unequal, octal_values(unequal, 400), claim, &mona);
  EXPECT_EQ(wrong_rule.verdict, Verdict::Fails);
  claim.preperiod = 0;
  const NamedCheck fails = check_periodicity(code, g, claim, &mona);
  EXPECT_EQ(fails.verdict, Verdict::Fails);
  EXPECT_EQ(fails.counterexample.at("n"), 0);
}

}  // namespace
}  // namespace nimcert
