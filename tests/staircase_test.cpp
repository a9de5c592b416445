// A declared rank: Staircase Nim stated with stairs as heaps, whose moves raise a heap.  The
// rank's parse errors, the enumeration refusing a rank a move does not lower, the box computed
// by the memoised reference engine over what is reachable from it (held against a plain
// recursion), and the example proof's mutants (docs/examples/staircase-nim.proof: its
// induction holds on N^4 by MONA, but (7) for the declared rank is beyond Z3 and cvc5 at the
// rules check's widths, so it is an example, not a committed certificate).
#include <gtest/gtest.h>

#include "checks/box_check.hpp"
#include "committed_proof.hpp"
#include "engines/box_engine.hpp"
#include "games/declared_game.hpp"
#include "games/registry.hpp"

namespace nimcert {
namespace {

// docs/examples/staircase-nim.proof with the first `from` replaced by `to`.
smt::ProofFile mutant(const std::string& name, const std::string& from, const std::string& to) {
  return testing::mutant(name, from, to, "docs/examples");
}

using testing::parse_error;

std::unique_ptr<Game> staircase(const std::string& rank) {
  static std::vector<smt::ProofFile> keep;  // the declarations outlive the games
  keep.push_back(mutant("staircase-nim.proof", "rank x1 + 2 * x2 + 3 * x3 + 4 * x4", rank));
  return make_game(keep.back().game, keep.back().definitions);
}

// G by the definition, with no memo and no box: the yardstick for the box's values.
Value plain_grundy(const Game& game, const Position& p) {
  std::vector<Value> values;
  game.for_each_follower(p, [&](const Position& q) { values.push_back(plain_grundy(game, q)); });
  std::sort(values.begin(), values.end());
  Value m = 0;
  for (Value v : values) m += v == m;
  return m;
}

TEST(DeclaredRank, IsAnExpressionOfTheHeaps) {
  EXPECT_NE(parse_error("game g heaps 2 rank x1 + x3\n  move \"m\" for t < x1 to (t, x2)\nend\n"
                        "box \"b\" \"t\" game g size 2 claim \"c\" \"t\": G >= 0 end\n")
                .find("t.proof:1:26: expected a variable in scope, not 'x3'"),
            std::string::npos);
}

TEST(DeclaredRank, AMoveThatDoesNotLowerItIsRefusedAtThePosition) {
  // Without the heights, moving coins down a stair keeps the coin count.
  const auto flat = staircase("rank x1 + x2 + x3 + x4");
  try {
    flat->for_each_follower(Position{0, 1, 0, 0}, [](const Position&) {});
    ADD_FAILURE() << "the rank check passed";
  } catch (const RuleViolation& v) {
    EXPECT_EQ(v.move, "stair 2 to 1");
    EXPECT_NE(std::string(v.what()).find("does not lower the declared rank"), std::string::npos)
        << v.what();
  }
  // Without a declared rank the moves raise a heap, and a box of the game is refused.
  try {
    staircase("");
    ADD_FAILURE() << "a box of a game that raises heaps, with no rank, was taken";
  } catch (const smt::ParseError& e) {
    EXPECT_NE(std::string(e.what()).find("staircase-nim.proof:16:8: expected a game whose moves "
                                         "never raise a heap in a box"),
              std::string::npos)
        << e.what();
  }
}

TEST(DeclaredRank, TheBoxIsTheReferenceEnginesOverEveryReachablePosition) {
  const auto game = staircase("rank x1 + 2 * x2 + 3 * x3 + 4 * x4");
  EXPECT_FALSE(game->lowers_heaps());
  EXPECT_TRUE(game->declares_rank());
  const BoxValues box(*game, 3);
  EXPECT_EQ(box.positions(), 256u);
  EXPECT_GT(box.reachable(), box.positions());  // stair 1 gets up to 12 coins
  std::uint64_t compared = 0;  // the plain recursion is exponential: small positions only
  for (std::uint64_t i = 0; i < box.positions(); ++i) {
    const Position p = box.position(i);
    if (p[0] + p[1] + p[2] + p[3] > 3) continue;
    ASSERT_EQ(box.values()[i], plain_grundy(*game, p)) << p.to_string();
    ++compared;
  }
  EXPECT_EQ(compared, 35u);  // the positions of at most 3 coins on 4 stairs: C(7, 4)
  // Staircase Nim is Nim on the odd stairs: G = x1 ^ x3.
  for (std::uint64_t i = 0; i < box.positions(); ++i) {
    const Position p = box.position(i);
    ASSERT_EQ(box.values()[i], p[0] ^ p[2]) << p.to_string();
  }
}

TEST(DeclaredRank, TheExampleProofsBoxClaimFailsWhenItsPIsWrong) {
  const smt::ProofFile right = mutant("staircase-nim.proof", "", "");
  const BoxReport holds = check_box(right.boxes.at(0), right.definitions);
  EXPECT_EQ(holds.verdict(), Verdict::Holds);
  EXPECT_EQ(holds.positions, 4096u);
  EXPECT_GT(holds.reachable, 4096u);
  const smt::ProofFile even = mutant("staircase-nim.proof", "<-> (x1 == x3)", "<-> (x2 == x4)");
  const BoxReport fails = check_box(even.boxes.at(0), even.definitions);
  EXPECT_EQ(fails.verdict(), Verdict::Fails);
  EXPECT_EQ(fails.claims.at(0).failures.first.at(0), std::vector<std::uint64_t>({0, 0, 0, 1}));
}

}  // namespace
}  // namespace nimcert
