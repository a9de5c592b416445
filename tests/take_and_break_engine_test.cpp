// The split engine on declared one-heap games with sum followers
// (engines/take_and_break_engine.hpp) against the one-heap sum engine (sum_sequence.hpp):
// Lasker's Nim, Grundy's game, Kayles and 0.137 written move by move (a part of no stones
// among them), and games whose moves the game cannot hand over as ranges, each with the
// engine left to choose and held to each of its ways; and Grundy's game to 10^5 (issue 41),
// computed in sparse space, against the sum engine at every n.
#include <gtest/gtest.h>

#include "engines/sum_sequence.hpp"
#include "engines/take_and_break_engine.hpp"
#include "games/registry.hpp"
#include "checks/proof_input.hpp"
#include "declared_sum_games.hpp"

namespace nimcert {
namespace {

std::unique_ptr<Game> one_heap_game(const std::string& moves) {
  const smt::ProofFile f = parse_proof_file(
      "game g heaps 1\n" + moves +
          "end\nbox \"b\" \"t\" game g size 2 claim \"c\" \"t\": G >= 0 end\n",
      "t.proof");
  return make_game(f.game, f.definitions);
}

TEST(TakeAndBreakEngine, EachWayAgreesWithTheSumEngineOnDeclaredGames) {
  const std::vector<std::string>& games = testing::declared_sum_games();
  for (const std::string& moves : games) {
    const auto game = one_heap_game(moves);
    const std::vector<Value> plain = sum_sequence(*game, 2000);
    for (const std::optional<OctalMethod> only :
         {std::optional<OctalMethod>{}, std::optional{OctalMethod::Sparse},
          std::optional{OctalMethod::Direct}, std::optional{OctalMethod::Marking},
          std::optional{OctalMethod::Periodic}}) {
      OctalEngineRun run;
      const OctalValues g = take_and_break_values(*game, 2000, &run, {only, {}});
      ASSERT_EQ(std::vector<Value>(g.begin(), g.end()), plain)
          << moves << " way " << (only ? static_cast<int>(*only) : -1);
      // A declared range need not hold every split of its rest: never the periodic region.
      EXPECT_EQ(run.by_periodic, 0u);
    }
  }
}

TEST(TakeAndBreakEngine, GrundysGameTo10To5InSparseSpaceAgreesWithTheSumEngine) {
  const auto game = one_heap_game(testing::grundys_game_moves());
  OctalEngineRun run;
  const OctalValues g = take_and_break_values(*game, 100'000, &run);
  const std::vector<Value> plain = sum_sequence(*game, 100'000);
  ASSERT_EQ(std::vector<Value>(g.begin(), g.end()), plain);
  EXPECT_TRUE(run.rare_listed);
  // The rare-value method past the first values (the direct scans, whose scans start where
  // each value was last found, until the classes settle: about 36,000 n).
  EXPECT_GT(run.by_sparse, 60'000u);
  // OEIS A002188: G(0..12) = 0 0 0 1 0 2 1 0 2 1 0 2 1, and G(13) = 3.
  EXPECT_EQ(std::vector<Value>(g.begin(), g.begin() + 14),
            (std::vector<Value>{0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3}));
  // The box engine's one_heap_sum_values is the same values, checked against the sum engine.
  EXPECT_EQ(one_heap_sum_values(*game, 5000), std::vector<Value>(plain.begin(), plain.begin() + 5001));
}

}  // namespace
}  // namespace nimcert
