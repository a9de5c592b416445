// The exhaustive cube check: formula (4), Conjecture 1 and the P-positions hold for Manabe's
// game, and the same check fails, with a hand-checkable counterexample, for Locke's game.
#include "checks/cube_check.hpp"

#include <gtest/gtest.h>

#include "base/sliced_digest.hpp"
#include "claims/manabe_claims.hpp"
#include "games/amalgamation.hpp"
#include "games/nim.hpp"

namespace nimcert {
namespace {

std::vector<const CubeClaim*> pointers(const std::vector<std::unique_ptr<CubeClaim>>& claims) {
  std::vector<const CubeClaim*> p;
  for (const auto& c : claims) p.push_back(c.get());
  return p;
}

TEST(CubeCheck, ManabeClaimsHoldOnRestrictedGame) {
  const auto claims = manabe_claims();
  const CubeReport report = check_cube(Amalgamation(2), 40, pointers(claims));
  EXPECT_EQ(report.positions, 41u * 41u * 41u);
  ASSERT_EQ(report.claims.size(), 3u);
  for (const ClaimOutcome& c : report.claims) {
    EXPECT_EQ(c.verdict, Verdict::Holds) << c.name;
    EXPECT_FALSE(c.counterexample.has_value());
  }
  EXPECT_EQ(report.verdict(), Verdict::Holds);
  EXPECT_EQ(report.max_value, 63u);  // 32 ^ 31 ^ 0 = 63 with delta = 0 somewhere in the cube
}

TEST(CubeCheck, LockeGameRefutesFormula4AtZeroOneTwo) {
  const auto claims = manabe_claims();
  const CubeReport report = check_cube(Amalgamation(1), 12, pointers(claims));
  EXPECT_EQ(report.verdict(), Verdict::Fails);
  const ClaimOutcome& formula = report.claims[0];
  ASSERT_EQ(formula.name, "formula-4");
  EXPECT_EQ(formula.verdict, Verdict::Fails);
  ASSERT_TRUE(formula.counterexample.has_value());
  const Counterexample& cx = *formula.counterexample;
  EXPECT_EQ(cx.position, (Position{0, 1, 2}));
  EXPECT_EQ(cx.grundy, 4u);
  EXPECT_EQ(cx.claimed, std::optional<Value>(3u));
  // Followers of (0,1,2) in Locke's game, each with its value: mex {1, 2, 0, 3, 3} = 4.
  ASSERT_EQ(cx.followers.size(), 5u);
  EXPECT_EQ(cx.followers[0].position, (Position{0, 0, 2}));
  EXPECT_EQ(cx.followers[0].value, 2u);
  EXPECT_EQ(cx.followers[1].position, (Position{0, 1, 0}));
  EXPECT_EQ(cx.followers[1].value, 1u);
  EXPECT_EQ(cx.followers[2].position, (Position{0, 1, 1}));
  EXPECT_EQ(cx.followers[2].value, 0u);
  EXPECT_EQ(cx.followers[3].position, (Position{0, 3, 0}));
  EXPECT_EQ(cx.followers[3].value, 3u);
  EXPECT_EQ(cx.followers[4].position, (Position{0, 0, 3}));
  EXPECT_EQ(cx.followers[4].value, 3u);
  // Conjecture 1 fails at the same place: 4 / 2 != 3 / 2.
  EXPECT_EQ(report.claims[1].verdict, Verdict::Fails);
  EXPECT_EQ(report.claims[1].counterexample->position, (Position{0, 1, 2}));
}

TEST(CubeCheck, NimRefutesFormula4WhereDeltaIsOne) {
  // In Nim G = x ^ y ^ z, so formula (4) fails exactly where delta = 1; the first such
  // position in lexicographic order is (0, 2, 4): u = (0, 1, 2), one edge.
  const auto claims = manabe_claims();
  const CubeReport report = check_cube(Nim(3), 8, pointers(claims));
  ASSERT_TRUE(report.claims[0].counterexample.has_value());
  EXPECT_EQ(report.claims[0].counterexample->position, (Position{0, 2, 4}));
  EXPECT_EQ(report.claims[0].counterexample->grundy, 6u);
  EXPECT_EQ(report.claims[1].verdict, Verdict::Holds);  // Conjecture 1 only looks at G / 2
}

TEST(CubeCheck, AFailingClaimIsExaminedEverywhereWithItsFailuresCountedInOrder) {
  // Formula (4) on Nim fails exactly where delta = 1 (there G = x ^ y ^ z, the formula says
  // x ^ y ^ z ^ 1).  Those positions, listed here independently of the engine:
  constexpr Heap n = 8;
  std::vector<std::vector<std::uint64_t>> expected;
  for (Heap x = 0; x <= n; ++x)
    for (Heap y = 0; y <= n; ++y)
      for (Heap z = 0; z <= n; ++z)
        if (manabe_delta(x, y, z) == 1) expected.push_back({x, y, z});
  ASSERT_GT(expected.size(), FailureTally::kKept);
  const auto claims = manabe_claims();
  for (unsigned threads : {1u, 2u}) {  // the tally does not depend on the order slices finish
    const CubeReport report = check_cube(Nim(3), n, pointers(claims), {}, threads);
    const ClaimOutcome& formula = report.claims[0];
    EXPECT_EQ(formula.verdict, Verdict::Fails);
    EXPECT_EQ(formula.cases, 729u);  // every position, not only those up to the first failure
    EXPECT_EQ(formula.failures.count, expected.size());
    EXPECT_EQ(formula.failures.first,
              std::vector<std::vector<std::uint64_t>>(expected.begin(),
                                                      expected.begin() + FailureTally::kKept));
    ASSERT_TRUE(formula.counterexample.has_value());
    EXPECT_EQ(formula.counterexample->position, (Position{0, 2, 4}));
    EXPECT_EQ(report.claims[1].failures.count, 0u);  // Conjecture 1 holds on Nim
  }
}

TEST(CubeCheck, DigestIsOfTheCanonicalTable) {
  // For [0,1]^3 and [0,2]^3 of Nim the table is x ^ y ^ z.  The digests computed independently,
  // with the three lines of Python in base/sliced_digest.hpp (each slice's values as
  // little-endian uint16 in (y, z) order, hashed; the slice digests in order of x, hashed):
  const auto claims = manabe_claims();
  EXPECT_EQ(check_cube(Nim(3), 1, pointers(claims)).table_sha256,
            "fa81e7515346a4ff58b7305080215ca94a994186e431f4578320876ccea80bf9");
  EXPECT_EQ(check_cube(Nim(3), 2, pointers(claims), {}, 2).table_sha256,
            "fcc454eaeaa58ec824cee760edc8500b4b519fd9cd03a6926a3155312be3f867");
}

TEST(SlicedDigest, RefusesWhatItsFormatCannotHoldAndMissingSlices) {
  SlicedDigest digest(2);
  const std::vector<Value> fits{0, 65535}, too_big{1, 65536};
  digest.add_slice(0, fits);
  EXPECT_THROW(digest.hex_digest(), std::logic_error);  // slice 1 never added
  EXPECT_THROW(digest.add_slice(1, too_big), std::out_of_range);
  EXPECT_THROW(digest.add_slice(2, fits), std::out_of_range);
  digest.add_slice(1, fits);
  // Python: hashlib.sha256(2 * hashlib.sha256(bytes([0, 0, 255, 255])).digest()).hexdigest()
  EXPECT_EQ(digest.hex_digest(), "ebaa8f1e47231607454e835116f4db67a85439ba450cbea1a3cb54b26187c454");
}

}  // namespace
}  // namespace nimcert
