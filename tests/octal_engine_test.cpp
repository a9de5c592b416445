// The octal engine's parts one by one, each against a plain computation: every way of the
// engine forced alone against the plain mex (all codes of at most three digits to n = 2000,
// random codes of four to six digits to n = 10^4), the vector scans against the scalar one on
// both widths of copies and across a widening, from every start, the rare-part windows against
// the rest-by-rest loop, the Walsh-Hadamard counts of rare and unsettled
// positions against counting them, and the periodic region's rows against the splits they
// stand for, the region given up when a value breaks it, and found again as a fresh look
// finds it when its walks back are remembered; the low values of a rest's first splits against
// listing them.
#include "engines/octal_engine.hpp"

#include <gtest/gtest.h>

#include <random>
#include <set>

#include "engines/octal_classes.hpp"
#include "engines/octal_period.hpp"
#include "engines/rare_split_windows.hpp"
#include "engines/split_copies.hpp"
#include "octal_definition.hpp"

namespace nimcert {
namespace {

std::string code_text(int digits, int x) {
  std::string code = "0.";
  for (int i = digits - 1; i >= 0; --i) code += char('0' + (x >> (3 * i)) % 8);
  return code;
}

OctalValues forced(const OctalCode& code, std::uint64_t last, OctalMethod way,
                   OctalEngineRun* run) {
  return octal_values(code, last, run, OctalEngineOptions{way, {}});
}

TEST(OctalEngineWays, EachWayAloneAgreesWithPlainOnEveryCodeOfAtMostThreeDigitsTo2000) {
  std::uint64_t codes = 0, sparse = 0, periodic = 0, direct = 0, marking = 0;
  for (int digits = 1; digits <= 3; ++digits)
    for (int x = 0; x < (1 << (3 * digits)); ++x) {
      const std::string text = code_text(digits, x);
      if (text.back() == '0') continue;
      const OctalCode code(text);
      const OctalValues plain = plain_octal_values(code, 2000);
      for (const OctalMethod way : {OctalMethod::Sparse, OctalMethod::Periodic, OctalMethod::Direct,
                                    OctalMethod::Marking}) {
        OctalEngineRun run;
        ASSERT_EQ(forced(code, 2000, way, &run), plain) << text << " way " << int(way);
        sparse += run.by_sparse;
        periodic += run.by_periodic;
        direct += run.by_direct;
        marking += run.by_marking;
      }
      ++codes;
    }
  EXPECT_EQ(codes, 7u + 56u + 448u);
  // Each way computed many values of its own (not merely fell back to the direct one).
  EXPECT_GT(sparse, 100'000u);
  EXPECT_GT(periodic, 100'000u);
  EXPECT_GT(marking, 500'000u);
  EXPECT_GT(direct, 500'000u);
}

TEST(OctalEngineWays, RandomCodesOfFourToSixDigitsAgreeWithTheDefinitionTo10000) {
  std::mt19937_64 rng(41);
  for (int i = 0; i < 24; ++i) {
    const int digits = 4 + static_cast<int>(rng() % 3);
    std::string d;
    for (int k = 0; k < digits; ++k)
      d += k + 1 == digits ? char('1' + rng() % 7) : char('0' + rng() % 8);
    const std::vector<std::uint32_t> truth = testing::octal_values_by_definition(d, 10'000);
    const OctalValues mine = octal_values(OctalCode("0." + d), 10'000);
    ASSERT_EQ(std::vector<std::uint32_t>(mine.begin(), mine.end()), truth) << "0." << d;
  }
}

TEST(OctalEngineWays, TheEngineSaysHowItComputedKnownGames) {
  // Dawson's Kayles: period 34 from 53 (OEIS A002187 shifted); its region from there.
  OctalEngineRun run;
  octal_values(OctalCode("0.07"), 100'000, &run);
  EXPECT_EQ(run.periodic_period, 34u);
  EXPECT_EQ(run.periodic_start, 53u);
  EXPECT_GT(run.by_periodic, 90'000u);
  // 0.1777: 15 positions below 10^5 in the rare class, the rest by sparse space.
  octal_values(OctalCode("0.1777"), 100'000, &run);
  EXPECT_TRUE(run.rare_listed);
  EXPECT_EQ(run.rare_positions, 15u);
  EXPECT_GT(run.by_sparse, 99'000u);
}

// The narrow copies against the 32-bit table, for every (r, from, to) on a few values of v,
// while the values are bytes, after a value of 2^8 (16 bits) and after one of 2^16 (scalar).
TEST(SplitScans, NarrowCopiesAgreeWithTheScalarScanAcrossEachWidening) {
  constexpr std::uint64_t kLast = 300;
  std::mt19937_64 rng(7);
  std::vector<std::uint32_t> g(kLast + 1);
  SplitCopies copies(kLast);
  const auto check_all = [&](std::uint64_t n, std::uint32_t top) {
    std::uint64_t hits = 0;
    for (std::uint64_t r = 2; r <= n; r += 7)
      for (std::uint64_t from = 1; from < r; from += 5)
        for (std::uint64_t to = from; to < r; to += 11)
          for (const std::uint32_t v : {0u, 1u, top, top ^ 1u, top + 1, 0x10000u, 0xFFFFFFFFu}) {
            const SplitScan plain = split_reaches_scalar(g.data(), r, from, to, v);
            hits += plain.reaches();
            // from `from`, and from starts inside and outside [from, to]: the same answer, and
            // a hit within the block that `at` starts
            for (const std::uint64_t start :
                 {std::uint64_t{0}, from, from + 1, (from + to) / 2, to, to + 1}) {
              const SplitScan mine = copies.reaches(g.data(), r, from, to, v, start);
              const SplitScan scalar = split_reaches_scalar(g.data(), r, from, to, v, start);
              ASSERT_EQ(mine.reaches(), plain.reaches())
                  << r << " " << from << " " << to << " " << v << " from " << start;
              ASSERT_EQ(scalar.reaches(), plain.reaches());
              EXPECT_GE(mine.compared, mine.reaches() ? 1u : 0u);
              for (const SplitScan& scan : {mine, scalar}) {
                if (!scan.reaches()) continue;
                ASSERT_GE(scan.at, from);
                ASSERT_LE(scan.at, to);
                bool in_block = false;
                for (std::uint64_t a = scan.at; a <= std::min(to, scan.at + 1023); ++a)
                  in_block = in_block || (g[a] ^ g[r - a]) == v;
                ASSERT_TRUE(in_block) << r << " " << from << " " << to << " " << v;
              }
            }
          }
    EXPECT_GT(hits, 100u);
  };
  std::uint64_t n = 0;
  for (; n <= 100; ++n) {
    g[n] = static_cast<std::uint32_t>(rng() % 8);
    copies.store(g.data(), n);
  }
  EXPECT_EQ(copies.bits(), 8u);
  check_all(n - 1, 7);
  for (; n <= 200; ++n) {
    g[n] = n == 150 ? 0x100u : static_cast<std::uint32_t>(rng() % 8);
    copies.store(g.data(), n);
  }
  EXPECT_EQ(copies.bits(), 16u);
  check_all(n - 1, 0x100);
  for (; n <= kLast; ++n) {
    g[n] = n == 250 ? 0x10001u : static_cast<std::uint32_t>(rng() % 8);
    copies.store(g.data(), n);
  }
  EXPECT_EQ(copies.bits(), 32u);
  check_all(kLast, 0x10001);
}

// The values below 64 of a rest's first splits, from the byte copies in vector code and from
// the 32-bit table, against the splits listed one by one: every rest of a random table with
// values up to 95 (some xors at 64 and more, which are left out), every range start, ranges
// shorter than kLowValueSplits and longer.
TEST(SplitScans, TheLowValuesOfTheFirstSplitsAreThoseListedOneByOne) {
  constexpr std::uint64_t kLast = 400;
  std::mt19937_64 rng(11);
  std::vector<std::uint32_t> g(kLast + 1);
  SplitCopies copies(kLast);
  for (std::uint64_t n = 0; n <= kLast; ++n) {
    g[n] = static_cast<std::uint32_t>(rng() % 96);
    copies.store(g.data(), n);
  }
  ASSERT_EQ(copies.bits(), 8u);
  std::uint64_t nonempty = 0, high_left_out = 0;
  for (std::uint64_t r = 2; r <= kLast; ++r)
    for (std::uint64_t from = 1; from < r; from += 3)
      for (const std::uint64_t to :
           {from, std::min(r - 1, from + 10), (from + r - 1) / 2 + 1, r - 1}) {
        if (to < from) continue;
        std::uint64_t listed = 0;
        for (std::uint64_t a = from; a <= to && a < from + kLowValueSplits; ++a) {
          const std::uint32_t v = g[a] ^ g[r - a];
          if (v < 64) listed |= std::uint64_t{1} << v;
          high_left_out += v >= 64;
        }
        ASSERT_EQ(copies.low_values(g.data(), r, from, to), listed)
            << r << " " << from << " " << to;
        ASSERT_EQ(split_low_values_scalar(g.data(), r, from, to), listed);
        nonempty += listed != 0;
      }
  EXPECT_GT(nonempty, 10'000u);
  EXPECT_GT(high_left_out, 10'000u);
  // Past 2^8 the copies are wider and the 32-bit table is read: the same bits.
  g[kLast] = 0x100;
  copies.store(g.data(), kLast);
  ASSERT_EQ(copies.bits(), 16u);
  std::uint64_t listed = 0;
  for (std::uint64_t a = 1; a < 1 + kLowValueSplits; ++a)
    if ((g[a] ^ g[kLast - a]) < 64) listed |= std::uint64_t{1} << (g[a] ^ g[kLast - a]);
  EXPECT_EQ(copies.low_values(g.data(), kLast, 1, kLast / 2), listed);
}

// The windows of rare-part splits against the rest-by-rest loop, as the engine asks them: n up
// one at a time, each n asking its rests n - 1 and n - 3 (two windows where they straddle),
// with hundreds of rare positions, the list made again twice on the way (clear()).
TEST(RareSplitWindows, FlagTheValuesTheRestByRestLoopFinds) {
  constexpr std::uint64_t kLast = 6000;
  std::mt19937_64 rng(11);
  std::vector<std::uint8_t> g(kLast + 1);
  std::vector<std::uint32_t> rares;
  RareSplitWindows windows;
  std::uint64_t rests = 0, flags = 0, from_windows = 0;
  for (std::uint64_t n = 1; n <= kLast; ++n) {
    if (n == 2500 || n == 4100) {  // other classes: another rare list
      windows.clear();
      rares.clear();
      for (std::uint64_t a = 1; a < n; ++a)
        if ((g[a] & 3u) == (n == 2500 ? 1u : 2u)) rares.push_back(static_cast<std::uint32_t>(a));
    }
    for (const std::uint64_t k : {1u, 3u}) {
      if (n <= k + 1) continue;
      const std::uint64_t r = n - k;
      std::uint8_t mine[256] = {}, plain[256] = {};
      const std::uint64_t listed = windows.mark(g.data(), rares, r, mine);
      std::uint64_t count = 0;
      for (const std::uint32_t a : rares)
        if (a < r) {
          plain[g[a] ^ g[r - a]] = 1;
          ++count;
        }
      ASSERT_EQ(listed, count) << n << " " << r;
      for (int v = 0; v < 256; ++v) {
        ASSERT_EQ(mine[v], plain[v]) << "n " << n << " r " << r << " v " << v;
        flags += plain[v];
      }
      ++rests;
      from_windows += r >= 2 * RareSplitWindows::kWidth;
    }
    g[n] = static_cast<std::uint8_t>(rng() % 200);
    const std::uint32_t rare_class = n < 2500 ? 0u : n < 4100 ? 1u : 2u;
    if ((g[n] & 3u) == rare_class) rares.push_back(static_cast<std::uint32_t>(n));
  }
  EXPECT_GT(rares.size(), 400u);
  EXPECT_GT(from_windows, 11000u);
  EXPECT_GT(flags, rests * 100);
}

// The transform's rare and unsettled counts against counting every position.
TEST(SparseClassChoice, TheTransformCountsWhatCountingFinds) {
  std::mt19937_64 rng(3);
  for (const std::optional<unsigned> parity :
       {std::optional<unsigned>{0}, std::optional<unsigned>{1}, std::optional<unsigned>{}}) {
    std::vector<std::uint32_t> g(500);
    for (auto& v : g) v = static_cast<std::uint32_t>(rng() % 4 == 0 ? rng() % 32 : rng() % 4);
    ClassCounts counts(parity, 2, 16);
    for (std::uint64_t n = 0; n < g.size(); ++n) counts.add(n, g[n]);
    const std::optional<ClassChoice> best = counts.cheapest(g.size());
    ASSERT_TRUE(best);
    std::uint64_t rare = 0, unsettled = 0;
    for (std::uint64_t n = 0; n < g.size(); ++n) {
      rare += best->classes.rare(n, g[n]);
      // Unsettled for the rest r = n - k of some split removal k of the stated parity (or of
      // both parities when there is none).
      bool open = false;
      for (const unsigned q : parity ? std::vector<unsigned>{*parity} : std::vector<unsigned>{0, 1})
        open |= !best->classes.settled_by_rare_parts(g[n], n ^ q);
      unsettled += open;
    }
    EXPECT_EQ(best->rare, rare);
    EXPECT_EQ(best->unsettled, unsettled);
    EXPECT_NE(best->classes.mask | best->classes.domain, 0u);
    // No choice has fewer than max_rare when max_rare is 0 and every class has a position.
    EXPECT_FALSE(counts.cheapest(0).has_value() && counts.cheapest(0)->rare > 0);
  }
}

TEST(PeriodicRegions, RowsHoldEverySplitOfACoveredRestAndABreakEndsTheRegion) {
  // Dawson's Kayles to 400: periodic (period 34) from 53.
  OctalValues g = plain_octal_values(OctalCode("0.07"), 400);
  PeriodicRegion region(4096);
  region.find(g.data(), 400);
  ASSERT_TRUE(region.holds());
  EXPECT_EQ(region.period(), 34u);
  EXPECT_EQ(region.start(), 53u);
  std::uint64_t covered = 0;
  for (std::uint64_t r = 2; r <= 400; ++r) {
    if (!region.covers(r)) {
      EXPECT_LT(r, 2 * 53 + 34 - 1);
      continue;
    }
    ++covered;
    std::set<std::uint32_t> splits;
    for (std::uint64_t a = 1; a <= r / 2; ++a) splits.insert(g[a] ^ g[r - a]);
    const std::uint64_t* row = region.values_of_splits(r);
    for (std::uint32_t v = 0; v < 64 * region.words(); ++v)
      ASSERT_EQ(((row[v / 64] >> (v % 64)) & 1u) != 0, splits.count(v) == 1) << r << " " << v;
  }
  EXPECT_EQ(covered, 400u - (2 * 53 + 34 - 1) + 1);
  // A value that breaks the period ends the region.
  g.push_back(g[401 - 34] + 1);
  region.extend(g.data(), 401);
  EXPECT_FALSE(region.holds());
  EXPECT_FALSE(region.covers(400));
}

// A region looked for again and again as n grows, the walks back remembered from one look to the
// next (octal_period.hpp), against a fresh region at each n that walks every value: the same
// start and period, or none, at every n.  Values that repeat with period 12 from 700 (and 24, 36
// too) but are of use only from n = 2 * 700 + 12, broken at 1500 and repeating again from 1489.
TEST(PeriodicRegions, RememberedWalksFindWhatAFreshLookFinds) {
  std::mt19937_64 rng(5);
  OctalValues g(4001);
  for (std::uint64_t n = 0; n < 712; ++n) g[n] = static_cast<std::uint32_t>(rng() % 16);
  for (std::uint64_t n = 712; n <= 4000; ++n) g[n] = g[n - 12];
  g[1500] ^= 1;  // from 1489 on it repeats again (g[1501..1511] are still those of 1489..1499)
  for (std::uint64_t n = 1512; n <= 4000; ++n) g[n] = g[n - 12];
  PeriodicRegion remembering(4096);
  std::uint64_t found = 0, looks = 0;
  for (std::uint64_t n = 64; n <= 4000; n += 7) {
    remembering.find(g.data(), n);
    PeriodicRegion fresh(4096);
    fresh.find(g.data(), n);
    ++looks;
    ASSERT_EQ(remembering.holds(), fresh.holds()) << n;
    if (!fresh.holds()) continue;
    ++found;
    ASSERT_EQ(remembering.start(), fresh.start()) << n;
    ASSERT_EQ(remembering.period(), fresh.period()) << n;
  }
  EXPECT_GT(found, 150u);  // from 1412 to the break, and from 2990 on
  EXPECT_LT(found, looks);
  // Where it is of use from the first repetition: found at 700 then, not before.
  PeriodicRegion late(4096);
  late.find(g.data(), 1412);
  ASSERT_TRUE(late.holds());
  EXPECT_EQ(late.start(), 700u);
  EXPECT_EQ(late.period(), 12u);
}

// 0.57 repeats 1 1 2 2 from n = 1: at n = 1000 the last two values are equal, a "period 1"
// of no use (it starts at n - 1); the search goes on to the true one, 4 from 1 (once it stopped
// at p = 1, and 0.57 took 24 s to 4 * 10^6 instead of 0.1 s).
TEST(PeriodicRegions, AShortRepetitionNearNDoesNotHideTheTruePeriod) {
  const OctalValues g = plain_octal_values(OctalCode("0.57"), 1000);
  ASSERT_EQ(g[999], g[1000]);
  PeriodicRegion region(4096);
  region.find(g.data(), 1000);
  ASSERT_TRUE(region.holds());
  EXPECT_EQ(region.period(), 4u);
  EXPECT_EQ(region.start(), 1u);
  // The engine's own region, where it looks for one (sparse space is cheap enough for 0.57
  // that on its own it need not look).
  OctalEngineRun run;
  OctalEngineOptions periodic;
  periodic.only = OctalMethod::Periodic;
  octal_values(OctalCode("0.57"), 100'000, &run, periodic);
  EXPECT_EQ(run.periodic_period, 4u);
  EXPECT_GT(run.by_periodic, 90'000u);
}

}  // namespace
}  // namespace nimcert
