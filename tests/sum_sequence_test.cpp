// The one-heap sum engine (engines/sum_sequence.hpp) against the memoised reference engine,
// which plays the same declared games option by option: Lasker's Nim, Grundy's game, Kayles
// and 0.137 written move by move, and games whose moves the engine cannot take as ranges (a
// condition that reads the parameter, a split that breaks the rules).  Grundy's game to
// 10^5 against the published P-positions (certs/grundy-game.proof) and its mutant, and the
// b-file `table --bfile` writes against the certified box's digest.
#include "engines/sum_sequence.hpp"

#include <gtest/gtest.h>

#include <sstream>

#include "base/sha256.hpp"
#include "checks/box_check.hpp"
#include "checks/rules_check.hpp"
#include "command_support.hpp"
#include "committed_proof.hpp"
#include "declared_sum_games.hpp"
#include "engines/reference_engine.hpp"
#include "games/declared_game.hpp"
#include "games/registry.hpp"

namespace nimcert {
namespace {

smt::ProofFile one_heap_file(const std::string& moves) {
  return parse_proof_file("game g heaps 1\n" + moves +
                              "end\nbox \"b\" \"t\" game g size 2 claim \"c\" \"t\": G >= 0 end\n",
                          "t.proof");
}

std::vector<Value> by_reference(const Game& game, Heap last) {
  ReferenceEngine reference(game);
  std::vector<Value> g;
  for (Heap n = 0; n <= last; ++n) g.push_back(reference.grundy(Position{n}));
  return g;
}

TEST(SumSequence, AgreesWithTheReferenceEngineOnDeclaredTakeAndBreakGames) {
  const std::vector<std::string>& games = testing::declared_sum_games();
  for (const std::string& moves : games) {
    const smt::ProofFile f = one_heap_file(moves);
    const auto game = make_game(f.game, f.definitions);
    ASSERT_TRUE(game->has_sums()) << moves;
    const std::vector<Value> fast = sum_sequence(*game, 400);
    const std::vector<Value> plain = by_reference(*game, 400);
    ASSERT_EQ(fast, plain) << moves;
    EXPECT_GT(*std::max_element(fast.begin(), fast.end()), 2u) << moves;  // not all 0 and 1
  }
}

TEST(SumSequence, ASplitThatBreaksTheRulesIsRefusedNotPlayed) {
  // a up to x1: the part x1 - a is 0 and a is the whole heap, which does not lower the rank.
  const smt::ProofFile f = one_heap_file("  move \"split\" for 1 <= a <= x1 to (a) + (x1 - a)\n");
  const auto game = make_game(f.game, f.definitions);
  try {
    sum_sequence(*game, 10);
    ADD_FAILURE() << "a part as large as the heap was played";
  } catch (const RuleViolation& v) {
    EXPECT_EQ(v.position, Position{1});
    EXPECT_NE(std::string(v.what()).find("with a = 1: the part (1) of the follower does not lower"),
              std::string::npos)
        << v.what();
  }
}

TEST(SumSequence, TheRulesCheckHoldsTheRangesAgainstTheDeclaration) {
  const smt::ProofFile f = testing::mutant("lasker.proof", "", "");
  const auto game = make_game(f.game, f.definitions);
  const auto& declared = dynamic_cast<const DeclaredGame&>(*game);
  OneHeapOptions o;
  declared.one_heap_options(9, o);
  ASSERT_EQ(o.ranges.size(), 2u);  // removals 1..9 and splits 1..4, as ranges
  EXPECT_EQ(o.ranges[0].kind, OptionRange::Kind::Remove);
  EXPECT_EQ(o.ranges[0].last, 9u);
  EXPECT_EQ(o.ranges[1].kind, OptionRange::Kind::Split);
  EXPECT_EQ(o.ranges[1].last, 4u);
  EXPECT_TRUE(o.ends.empty());
  CheckOptions options;
  options.unbounded = false;
  const RulesReport r = check_rules(declared, options, false);
  EXPECT_TRUE(r.shape_agrees) << r.shape_disagreement.dump();
  EXPECT_EQ(r.positions, 41u);
}

TEST(SumSequence, GrundysGameHasThePublishedPPositionsToTenToTheFive) {
  const smt::ProofFile f = testing::mutant("grundy-game.proof", "", "");
  const auto game = make_game(f.game, f.definitions);
  const std::vector<Value> g = sum_sequence(*game, 100000);
  // OEIS A002188: the first values.
  EXPECT_EQ(std::vector<Value>(g.begin(), g.begin() + 21),
            std::vector<Value>({0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0}));
  std::vector<Heap> zeros;
  for (Heap n = 0; n <= 100000; ++n)
    if (g[n] == 0) zeros.push_back(n);
  EXPECT_EQ(zeros.size(), 42u);
  EXPECT_EQ(zeros.back(), 1222u);
  EXPECT_EQ(std::vector<Value>(g.begin(), g.begin() + 1301), by_reference(*game, 1300));
}

TEST(SumSequence, GrundysGameBoxFailsAtTheFirstPPositionLeftOffTheList) {
  // The committed box on heaps up to 2000 (the certificate's covers 10^5, the same claims).
  smt::ProofFile right = testing::mutant("grundy-game.proof", "", "");
  right.boxes.at(0).size = 2000;
  const BoxReport holds = check_box(right.boxes.at(0), right.definitions);
  EXPECT_EQ(holds.verdict(), Verdict::Holds);
  EXPECT_EQ(holds.positions, 2001u);
  smt::ProofFile short_list = testing::mutant("grundy-game.proof", " || n == 1222", "");
  short_list.boxes.at(0).size = 2000;
  const BoxReport fails = check_box(short_list.boxes.at(0), short_list.definitions);
  EXPECT_EQ(fails.verdict(), Verdict::Fails);
  EXPECT_EQ(fails.claims.at(0).failures.count, 1u);
  EXPECT_EQ(fails.claims.at(0).failures.first.at(0), std::vector<std::uint64_t>({1222}));
  // The b-file `table` writes holds the box's values: the same digest.
  const testing::CommandResult bfile =
      testing::run_command(std::string(NIMCERT_BINARY) + " table --proof " + NIMCERT_SOURCE_DIR +
                           "/certs/grundy-game.proof --bfile --last 2000");
  ASSERT_EQ(bfile.status, 0) << bfile.out;
  std::istringstream lines(bfile.out);
  std::vector<std::uint32_t> values;
  std::string line;
  while (std::getline(lines, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    std::uint64_t n = 0, v = 0;
    fields >> n >> v;
    ASSERT_EQ(n, values.size());
    values.push_back(static_cast<std::uint32_t>(v));
  }
  ASSERT_EQ(values.size(), 2001u);
  Sha256 digest;
  digest.update_le32(values);
  EXPECT_EQ(digest.hex_digest(), holds.table_sha256);
}

}  // namespace
}  // namespace nimcert
