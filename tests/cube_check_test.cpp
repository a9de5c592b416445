// The exhaustive cube check: formula (4), Conjecture 1 and the P-positions hold for Manabe's
// game, and the same check fails, with a hand-checkable counterexample, for Locke's game.
#include "checks/cube_check.hpp"

#include <gtest/gtest.h>

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

TEST(CubeCheck, DigestIsOfTheCanonicalTable) {
  // For [0,1]^3 of Nim the canonical table is x ^ y ^ z in index order, as little-endian
  // uint32: 0 1 1 0 1 0 0 1.  Its SHA-256 computed independently (sha256sum of those bytes):
  const auto claims = manabe_claims();
  const CubeReport report = check_cube(Nim(3), 1, pointers(claims));
  EXPECT_EQ(report.table_sha256,
            "57e501553798a574986e3e636d3404e66cd595406fbf03a04832badada6cfa80");
}

}  // namespace
}  // namespace nimcert
