// A declared rank: Staircase Nim stated with stairs as heaps, whose moves raise a heap.  The
// rank's parse errors, the enumeration refusing a rank a move does not lower, the box computed
// by the memoised reference engine over what is reachable from it (held against a plain
// recursion), the committed proof's mutants (certs/staircase-nim.proof), and its rules proved
// by MONA for every position while Z3 and cvc5 answer unknown at every width: a move that
// raises the rank only far outside the rules box is refuted by MONA alone.
#include <gtest/gtest.h>

#include "certificate/kinds/kinds.hpp"
#include "checks/box_check.hpp"
#include "checks/rules_check.hpp"
#include "committed_proof.hpp"
#include "unknown_solvers.hpp"
#include "engines/box_engine.hpp"
#include "games/declared_game.hpp"
#include "games/registry.hpp"

namespace nimcert {
namespace {

using testing::mutant;  // a committed proof with the first `from` replaced by `to`

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
    EXPECT_NE(std::string(e.what()).find("staircase-nim.proof:20:8: expected a game whose moves "
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

TEST(DeclaredRank, TheCommittedProofsBoxClaimFailsWhenItsPIsWrong) {
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

namespace nimcert {
namespace {

using testing::UnknownSolvers;  // the rules then rest on MONA alone

RulesReport rules_of(const smt::ProofFile& file, bool with_mona) {
  const auto game = make_game(file.game, file.definitions);
  const auto* declared = dynamic_cast<const DeclaredGame*>(game.get());
  EXPECT_NE(declared, nullptr);
  static const UnknownSolvers unknown;
  CheckOptions options;
  options.solvers = &unknown;
  options.unbounded = with_mona;
  return check_rules(*declared, options, true);
}

TEST(RulesByMona, StaircaseRulesHoldOnN4ThoughEveryWidthIsUnknown) {
  const RulesReport r = rules_of(mutant("staircase-nim.proof", "", ""), true);
  ASSERT_TRUE(r.unbounded.has_value());
  EXPECT_EQ(r.unbounded->verdict, Verdict::Holds);
  ASSERT_EQ(r.unbounded->obligations.size(), 8u);  // (n) and (7) for each of the four moves
  EXPECT_EQ(r.unbounded->obligations[1].name, "(7) off stair 1");
  ASSERT_EQ(r.widths.size(), 1u);  // `rules widths 8 timeout 300`
  EXPECT_EQ(r.widths[0].width, 8u);
  EXPECT_EQ(r.widths[0].verdict, Verdict::Unknown);
  EXPECT_EQ(r.timeout_ms, 300u);
  EXPECT_EQ(r.verdict(), Verdict::Holds);
  const Json j = rules_json(r, "staircase.proof");
  EXPECT_EQ(j.at("rank"), "declared: (((x1 + (2 * x2)) + (3 * x3)) + (4 * x4))");
  EXPECT_EQ(j.at("unbounded").at("conclusion"),
            "every move lowers the rank and leads to a position, on N^4");
  EXPECT_EQ(j.at("timeout_ms"), 300);
  // Without MONA nothing proves the rules: unknown, never holds.
  EXPECT_EQ(rules_of(mutant("staircase-nim.proof", "", ""), false).verdict(), Verdict::Unknown);
}

TEST(RulesByMona, AMoveThatRaisesTheRankOnlyFarOutsideTheBoxIsRefutedByMona) {
  // Stair 4 to 3 that lifts a coin to stair 4 once stair 1 holds 1000 coins: the rules box
  // [0,3]^4 never sees it, and the solvers answer unknown.
  const smt::ProofFile bad = mutant("staircase-nim.proof", "to (x1, x2, x3 + t, x4 - t)",
                                    "to (x1, x2, x3 + t, x4 - t + 2 * (x1 >= 1000))");
  const RulesReport r = rules_of(bad, true);
  ASSERT_TRUE(r.unbounded.has_value());
  EXPECT_EQ(r.unbounded->verdict, Verdict::Fails);
  EXPECT_EQ(r.verdict(), Verdict::Fails);
  bool found = false;
  for (const UnboundedObligation& o : r.unbounded->obligations)
    if (o.name == "(7) stair 4 to 3") {
      found = true;
      ASSERT_TRUE(o.counterexample.has_value());
      EXPECT_TRUE(o.refutes);
      // Re-checked by the exact evaluator: stair 1 holds at least 1000 coins there.
      EXPECT_GE(std::stoull(o.counterexample->at("x1").get<std::string>()), 1000u);
    }
  EXPECT_TRUE(found);
  // The route that caught it: without MONA the rules are only unknown.
  EXPECT_EQ(rules_of(bad, false).verdict(), Verdict::Unknown);
}

TEST(RulesByMona, TheRulesLineIsRangeChecked) {
  const std::string game = "game g heaps 1\n  move \"m\" for t < x1 to (t)\n";
  const std::string box = "end\nbox \"b\" \"t\" game g size 2 claim \"c\" \"t\": G >= 0 end\n";
  EXPECT_EQ(parse_error(game + "  rules widths 8 16 timeout 2000\n" + box), "no error");
  EXPECT_NE(parse_error(game + "  rules widths 8 8\n" + box)
                .find("t.proof:3:18: expected a width not given before (8 is)"),
            std::string::npos);
  EXPECT_NE(parse_error(game + "  rules widths 65\n" + box).find("t.proof:3:16: expected a width"),
            std::string::npos);
  EXPECT_NE(parse_error(game + "  rules widths 8 timeout 0\n" + box)
                .find("t.proof:3:26: expected the time limit in milliseconds"),
            std::string::npos);
  EXPECT_NE(parse_error(game + "  rules 8\n" + box).find("t.proof:3:9: expected 'widths'"),
            std::string::npos);
}

}  // namespace
}  // namespace nimcert
