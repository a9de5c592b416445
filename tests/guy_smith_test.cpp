// The Guy-Smith periodicity check held against a plain mex far past its window.
//
// The theorem is applied in the exact form docs/mathematics.md (section 5) derives, with the
// preperiod-0 case that the textbook window misses: "0.4" with period 1 from 0 holds on
// n = 0, 1 (G = 0 0 0) yet G(3) = 1.  The differential test below claims every period p < 40
// from every n0 < 30 for every octal code of at most four digits, gives the check exactly the
// values its window needs (more values only refute more), and holds every claim it accepts
// for every n against the definition written out again (octal_definition.hpp), to ten times
// the window and more.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <mutex>

#include "base/parallel_for.hpp"
#include "checks/periodicity.hpp"
#include "engines/octal_engine.hpp"
#include "octal_definition.hpp"

namespace nimcert {
namespace {

smt::PeriodicClaim claim_from(std::uint64_t from, std::uint64_t period) {
  smt::PeriodicClaim c;
  c.name = "p";
  c.preperiod = from;
  c.period = period;
  return c;
}

TEST(GuySmith, PreperiodZeroReadsPPlusTWhenTheLastDigitSplitsButCannotLeaveOneHeap) {
  // 0.4: G = 0 0 0 1 ...; the textbook window (n = 0, 1) holds, so the check must read
  // n = p + t = 2, where G(3) = 1 != G(2).  The same one place later for each leading 0.
  for (const char* code : {"0.4", "0.04", "0.004", "0.0004"}) {
    const OctalCode c(code);
    const std::uint64_t t = c.largest_removal();
    const PeriodicityWindow w = periodicity_window(c, 0, 1, 0);
    EXPECT_TRUE(w.extended) << code;
    EXPECT_EQ(w.last, 1 + t) << code;
    const OctalValues g = plain_octal_values(c, w.values_last());
    for (std::uint64_t n = 0; n <= t + 1; ++n) EXPECT_EQ(g[n], 0u) << code << " " << n;
    EXPECT_EQ(g[t + 2], 1u) << code;
    const NamedCheck check = check_periodicity(c, g, claim_from(0, 1));
    EXPECT_EQ(check.verdict, Verdict::Fails) << code;
    EXPECT_EQ(check.counterexample.at("n"), t + 1) << code;
  }
  // 0.5 (bit 1 too) also takes the extension, and fails at once: G(1) = 1.
  EXPECT_TRUE(periodicity_window(OctalCode("0.5"), 0, 1, 0).extended);
  // With bit 2 the split (p) + (p) has its partner (p), and with n0 >= 1 b - p >= n0 >= 1:
  // the usual window.
  EXPECT_FALSE(periodicity_window(OctalCode("0.6"), 0, 1, 0).extended);
  EXPECT_FALSE(periodicity_window(OctalCode("0.7"), 0, 5, 0).extended);
  EXPECT_FALSE(periodicity_window(OctalCode("0.4"), 1, 1, 0).extended);
  EXPECT_FALSE(periodicity_window(OctalCode("0.41"), 0, 1, 0).extended);  // d_t = 1: no split
  EXPECT_EQ(periodicity_window(OctalCode("0.4"), 1, 1, 0).last, 2u * 1 + 1 + 1 - 1);
  EXPECT_EQ(periodicity_window(OctalCode("0.77"), 71, 12, 0).values_last(), 167u);
  // Kayles' values (0.77): 0 1 2 3 1 4 3 2 ..., a true claim from 71 and a false one from 0.
  const OctalCode kayles("0.77");
  const OctalValues g = plain_octal_values(kayles, 400);
  EXPECT_EQ(check_periodicity(kayles, g, claim_from(71, 12)).verdict, Verdict::Holds);
  EXPECT_EQ(check_periodicity(kayles, g, claim_from(0, 12)).verdict, Verdict::Fails);
}

TEST(GuySmith, EveryAcceptedClaimHoldsFarPastItsWindowForEveryCodeOfAtMostFourDigits) {
  constexpr std::uint64_t kPreperiods = 30, kPeriods = 40;
  std::vector<std::string> codes;
  for (int digits = 1; digits <= 4; ++digits) {
    int total = 1;
    for (int i = 0; i < digits; ++i) total *= 8;
    for (int x = 0; x < total; ++x) {
      std::string d;
      for (int i = digits - 1; i >= 0; --i) d += char('0' + (x >> (3 * i)) % 8);
      if (d.back() != '0') codes.push_back(d);
    }
  }
  ASSERT_EQ(codes.size(), 7u + 56u + 448u + 3584u);
  std::atomic<std::uint64_t> accepted{0}, refuted{0}, extended{0}, compared{0};
  std::mutex mutex;
  std::vector<std::string> false_claims;
  parallel_for(codes.size(), 2, [&](std::size_t i) {
    const OctalCode code("0." + codes[i]);
    // The engine nimcert certifies with, to the longest window any claim below reads.
    const std::uint64_t longest =
        periodicity_window(code, kPreperiods - 1, kPeriods - 1, 0).values_last();
    const OctalValues computed = octal_values(code, longest);
    std::vector<std::uint32_t> truth;  // by the definition, made when a claim is accepted
    for (std::uint64_t n0 = 0; n0 < kPreperiods; ++n0)
      for (std::uint64_t p = 1; p < kPeriods; ++p) {
        const PeriodicityWindow w = periodicity_window(code, n0, p, 0);
        const OctalValues needed(computed.begin(), computed.begin() + w.values_last() + 1);
        const NamedCheck check = check_periodicity(code, needed, claim_from(n0, p));
        ASSERT_NE(check.verdict, Verdict::Unknown) << code.text() << " " << n0 << " " << p;
        if (check.verdict == Verdict::Fails) {
          ++refuted;
          continue;
        }
        ASSERT_EQ(check.record.at("unbounded"), true);
        ++accepted;
        extended += w.extended;
        // Ten times the values the window reads, and never fewer than 1500.
        const std::size_t far = std::max<std::size_t>(1500, 10 * (w.values_last() + 1));
        if (truth.size() < far + 1) truth = testing::octal_values_by_definition(codes[i], far);
        for (std::size_t n = n0; n + p <= far; ++n) {
          ++compared;
          if (truth[n + p] != truth[n]) {
            std::lock_guard<std::mutex> lock(mutex);
            false_claims.push_back(fmt::format("{} period {} from {}: G({}) = {}, G({}) = {}",
                                               code.text(), p, n0, n, truth[n], n + p,
                                               truth[n + p]));
            break;
          }
        }
      }
  });
  EXPECT_TRUE(false_claims.empty()) << false_claims.size() << " false claims accepted, e.g. "
                                    << false_claims.front();
  // Both verdicts occur, many times, and the preperiod-0 extension was exercised.
  EXPECT_GT(accepted.load(), 10000u);
  EXPECT_GT(refuted.load(), 1000000u);
  EXPECT_GT(extended.load(), 100u);
  EXPECT_GT(compared.load(), 10000000u);
  std::printf("guy-smith: %zu codes, %llu claims accepted, %llu refuted, %llu accepted with the "
              "n0 = 0 extension; %llu comparisons with the definition\n",
              codes.size(), static_cast<unsigned long long>(accepted.load()),
              static_cast<unsigned long long>(refuted.load()),
              static_cast<unsigned long long>(extended.load()),
              static_cast<unsigned long long>(compared.load()));
}

// The subtraction-game theorem on every subtraction set of {1, ..., 8}: every claim accepted
// on its window (n0 <= n <= n0 + t - 1) holds far past it; and the window one value shorter
// would accept false claims, so the test can tell a window that is too short.
TEST(SubtractionTheorem, EveryAcceptedClaimHoldsFarPastItsWindowForEverySetOfOneToEight) {
  std::uint64_t accepted = 0, refuted = 0, short_window_false = 0;
  std::vector<std::string> false_claims;
  for (unsigned mask = 1; mask < 256; ++mask) {
    std::string digits;
    for (unsigned k = 0; k < 8; ++k) digits += (mask >> k & 1) ? '3' : '0';
    while (digits.back() == '0') digits.pop_back();
    const OctalCode code("0." + digits);
    ASSERT_TRUE(code.is_subtraction());
    const std::uint64_t t = code.largest_removal();
    const std::vector<std::uint32_t> truth = testing::octal_values_by_definition(digits, 2000);
    const OctalValues computed = octal_values(code, 200);
    for (std::uint64_t n0 = 0; n0 < 30; ++n0)
      for (std::uint64_t p = 1; p < 40; ++p) {
        const PeriodicityWindow w = periodicity_window(code, n0, p, 0);
        ASSERT_EQ(w.theorem, PeriodicityWindow::Theorem::Subtraction);
        ASSERT_EQ(w.last, n0 + t - 1);
        const OctalValues needed(computed.begin(), computed.begin() + w.values_last() + 1);
        const bool holds_on_window =
            check_periodicity(code, needed, claim_from(n0, p)).verdict == Verdict::Holds;
        bool true_far = true;
        for (std::size_t n = n0; n + p < truth.size() && true_far; ++n)
          true_far = truth[n + p] == truth[n];
        if (holds_on_window) {
          ++accepted;
          if (!true_far)
            false_claims.push_back(fmt::format("{} period {} from {}", code.text(), p, n0));
        } else {
          ++refuted;
        }
        // One value short of the window: would it have accepted a false claim?
        bool short_holds = true;
        for (std::uint64_t n = n0; n + 1 < n0 + t && short_holds; ++n)
          short_holds = truth[n + p] == truth[n];
        short_window_false += short_holds && !true_far;
      }
  }
  EXPECT_TRUE(false_claims.empty()) << false_claims.size() << " false claims accepted, e.g. "
                                    << false_claims.front();
  EXPECT_GT(accepted, 5000u);
  EXPECT_GT(refuted, 100000u);
  EXPECT_GT(short_window_false, 0u) << "a shorter window would be as good: the test is weak";
  // The theorem's window is shorter than Guy and Smith's, which these codes also satisfy.
  EXPECT_LT(periodicity_window(OctalCode("0.0300303"), 0, 22, 0).values_last(), 2u * 22 + 7);
}

}  // namespace
}  // namespace nimcert
