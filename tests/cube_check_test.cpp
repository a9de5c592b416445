// The exhaustive cube check: formula (4), Conjecture 1 and the P-positions hold for Manabe's
// game, and the same check fails, with a hand-checkable counterexample, for Locke's game.
#include "checks/cube_check.hpp"

#include <gtest/gtest.h>

#include "base/sliced_digest.hpp"
#include "checks/proof_input.hpp"
#include "claims/manabe_claims.hpp"
#include "engines/reference_engine.hpp"
#include "games/amalgamation.hpp"
#include "games/declared_game.hpp"
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

// Every reduction and one merge, x1 + x2 onto x1 (heaps of at least 1): not symmetric
// (G(0, 1, 2) = 3, G(2, 1, 0) = 4), so the cube engine sweeps its whole cube.
std::unique_ptr<DeclaredGame> one_merge_game() {
  const smt::ProofFile f = parse_proof_file(
      "game g heaps 3\n  move \"r1\" for t < x1 to (t, x2, x3)\n"
      "  move \"r2\" for t < x2 to (x1, t, x3)\n  move \"r3\" for t < x3 to (x1, x2, t)\n"
      "  move \"m\" when x1 >= 1 && x2 >= 1 to (x1 + x2, 0, x3)\nend\n"
      "lemma \"l\" \"t\"\n  vars a\n  prove a == a\n  widths 8\n  enumerate 0..1\nend\n",
      "t.proof");
  return std::make_unique<DeclaredGame>(f.game.declaration, f.definitions);
}

TEST(CubeCheck, DigestIsOfTheCanonicalTable) {
  // Nim is symmetric in its three heaps: the table digested is that of its sorted positions.
  // For [0,1]^3 and [0,2]^3, where G = a ^ b ^ c, the digests computed independently, in
  // Python:
  //   d = b"".join(hashlib.sha256(struct.pack("<%dH" % len(s), *s)).digest() for s in slices)
  //   hashlib.sha256(d).hexdigest()  # slices[c]: [a ^ b ^ c for b in range(c + 1)
  //                                  #                        for a in range(b + 1)]
  const auto claims = manabe_claims();
  const CubeReport one = check_cube(Nim(3), 1, pointers(claims));
  EXPECT_EQ(one.table_encoding, SlicedDigest::kSortedEncoding);
  EXPECT_EQ(one.table_sha256, "ca720198e341e1c0a1d8e947ccfac4a9409bc3acce87aa3443935f18af272450");
  EXPECT_EQ(check_cube(Nim(3), 2, pointers(claims), {}, 2).table_sha256,
            "6f6351a84d1a5311e76117adafedd5aa9ad87c9fa34f695f18c539708baeb2b8");
  // A game with one merge, x1 + x2 onto x1 (heaps of at least 1), is not symmetric (G(0, 1, 2)
  // = 3, G(2, 1, 0) = 4): the whole cube's table is digested, each slice's values as
  // little-endian uint16 in (y, z) order, the slice digests in order of x.  [0,3]^3 computed
  // independently in Python (the mex of the followers by their definition):
  // slices[x] = [G(x, y, z) for y in range(4) for z in range(4)].
  const std::unique_ptr<DeclaredGame> one_merge = one_merge_game();
  const CubeReport full = check_cube(*one_merge, 3, {});
  EXPECT_EQ(full.table_encoding, SlicedDigest::kEncoding);
  EXPECT_EQ(full.positions, 64u);
  EXPECT_EQ(full.table_sha256, "cb07dc67f8b2d93d4c0810eb384494f59f930ffc55a0f6f47a7cb4974bcb6200");
}

// On a game that is not symmetric the whole cube is swept, slice by slice on two threads: a
// failing claim's count and first failures are still those of the canonical order, held
// against the reference engine's values (the mex of the game's own followers).
TEST(CubeCheck, TheFullSweepsFailuresAreThoseOfTheCanonicalOrder) {
  const std::unique_ptr<DeclaredGame> one_merge = one_merge_game();
  const Heap n = 20;
  ReferenceEngine reference(*one_merge);
  std::vector<std::vector<std::uint64_t>> expected;
  for (Heap x = 0; x <= n; ++x)
    for (Heap y = 0; y <= n; ++y)
      for (Heap z = 0; z <= n; ++z)
        if (reference.grundy({x, y, z}) != (x ^ y ^ z ^ manabe_delta(x, y, z)))
          expected.push_back({x, y, z});
  ASSERT_GT(expected.size(), FailureTally::kKept);
  const auto claims = manabe_claims();
  const CubeReport report = check_cube(*one_merge, n, pointers(claims), {}, 2);
  EXPECT_EQ(report.table_encoding, SlicedDigest::kEncoding);
  const ClaimOutcome& formula = report.claims[0];
  EXPECT_EQ(formula.verdict, Verdict::Fails);
  EXPECT_EQ(formula.failures.count, expected.size());
  EXPECT_EQ(formula.failures.first, std::vector<std::vector<std::uint64_t>>(
                                        expected.begin(), expected.begin() + FailureTally::kKept));
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
