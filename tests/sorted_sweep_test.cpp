// The sorted sweep (engines/sorted_sweep.hpp) and the cube check over it: its tetrahedron is
// the full sweep's table at every sorted position, on every game it takes, on one thread and
// on two, through the row kernel and through the scalar mex; the engine takes it only for a
// game whose moves are closed under every permutation of the heaps; and the claims, asked
// along the six permutations of each sorted row, meet every position of the cube exactly
// once, with its true value, so that a claim true everywhere but at one position, and not at
// its permutations, fails there and only there.
#include "engines/sorted_sweep.hpp"

#include <gtest/gtest.h>

#include <map>
#include <mutex>

#include "checks/cube_check.hpp"
#include "checks/proof_input.hpp"
#include "claims/manabe_claims.hpp"
#include "claims/proof_claims.hpp"
#include "engines/cube_engine.hpp"
#include "engines/reference_engine.hpp"
#include "games/amalgamation.hpp"
#include "games/declared_game.hpp"
#include "games/nim.hpp"
#include "games/registry.hpp"

namespace nimcert {
namespace {

std::vector<const CubeClaim*> claim_pointers(
    const std::vector<std::unique_ptr<CubeClaim>>& claims) {
  std::vector<const CubeClaim*> out;
  for (const auto& c : claims) out.push_back(c.get());
  return out;
}

std::unique_ptr<DeclaredGame> sorted_test_game(const std::string& text) {
  const smt::ProofFile f = parse_proof_file(
      text + "lemma \"l\" \"t\"\n  vars a\n  prove a == a\n  widths 8\n  enumerate 0..1\nend\n",
      "t.proof");
  return std::make_unique<DeclaredGame>(f.game.declaration, f.definitions);
}

// Reductions and the merges listed, each of two heaps of at least 2 stones.
std::string merge_game(const std::vector<std::string>& merges) {
  std::string text =
      "game g heaps 3\n  move \"reduce x1\" for t < x1 to (t, x2, x3)\n"
      "  move \"reduce x2\" for t < x2 to (x1, t, x3)\n"
      "  move \"reduce x3\" for t < x3 to (x1, x2, t)\n";
  for (const std::string& m : merges) text += "  move \"" + m + "\" " + m + "\n";
  return text + "end\n";
}

const std::vector<std::string> kSixMerges = {
    "when x1 >= 2 && x2 >= 2 to (x1 + x2, 0, x3)", "when x1 >= 2 && x2 >= 2 to (0, x1 + x2, x3)",
    "when x2 >= 2 && x3 >= 2 to (x1, x2 + x3, 0)", "when x2 >= 2 && x3 >= 2 to (x1, 0, x2 + x3)",
    "when x1 >= 2 && x3 >= 2 to (x1 + x3, x2, 0)", "when x1 >= 2 && x3 >= 2 to (0, x2, x1 + x3)"};

// The sorted sweep's tetrahedron, slice by slice, and the full sweep's cube (no symmetry used);
// up to N = 17 the reference engine's values (the mex of the game's own followers) too.
void expect_tetrahedron_is_the_cube(const Game& game, Heap n, unsigned threads) {
  const ValueTable full = CubeEngine(game, n, 1, false).dense(Box{{n, n, n}});
  if (n <= 17) {
    ReferenceEngine reference(game);
    for (Heap x = 0; x <= n; ++x)
      for (Heap y = 0; y <= n; ++y)
        for (Heap z = 0; z <= n; ++z)
          ASSERT_EQ(full.at(x, y, z), reference.grundy({x, y, z})) << game.describe();
  }
  const CubeEngine engine(game, n, threads);
  ASSERT_TRUE(engine.symmetric()) << game.describe();
  std::mutex mutex;
  std::vector<char> seen(std::size_t{n} + 1, 0);
  std::size_t compared = 0;
  engine.sweep_sorted([&](Heap c, std::span<const Value> triangle) {
    ASSERT_EQ(triangle.size(), triangle_size(c));
    const std::lock_guard lock(mutex);
    EXPECT_FALSE(seen[c]) << "slice " << c << " twice";
    seen[c] = 1;
    for (Heap b = 0; b <= c; ++b)
      for (Heap a = 0; a <= b; ++a) {
        ASSERT_EQ(triangle[pair_index(a, b)], full.at(a, b, c))
            << game.describe() << " at (" << a << ", " << b << ", " << c << "), " << threads
            << " threads";
        ++compared;
      }
  });
  EXPECT_EQ(std::count(seen.begin(), seen.end(), 1), n + 1);
  EXPECT_EQ(compared, triangle_size(n) * (n + 3) / 3);  // (n + 1)(n + 2)(n + 3) / 6
}

TEST(SortedSweep, TheTetrahedronIsTheFullSweepsCubeOnEveryGameItTakes) {
  const Amalgamation locke(1), manabe(2), three(3);
  const Nim nim(3);
  const auto declared_manabe = sorted_test_game(merge_game(kSixMerges));
  for (const Game* g :
       std::initializer_list<const Game*>{&locke, &manabe, &three, &nim, declared_manabe.get()})
    for (unsigned threads : {1u, 2u})
      for (Heap n : {0u, 1u, 2u, 17u, 40u}) expect_tetrahedron_is_the_cube(*g, n, threads);
}

// The sweep of lines too wide for the row kernel (N > 2730) goes through the scalar mex
// instead: the same values, held here on Nim's small cubes by turning the row kernel off, and
// both against x1 ^ x2 ^ x3.
TEST(SortedSweep, TheScalarMexGivesTheRowKernelsValues) {
  for (Heap n : {1u, 20u, 35u})
    for (unsigned threads : {1u, 2u}) {
      std::vector<std::vector<Value>> kernel(n + 1), scalar(n + 1);
      auto keep = [](std::vector<std::vector<Value>>& into) {
        return [&into](Heap c, std::span<const Value> t) { into[c].assign(t.begin(), t.end()); };
      };
      sweep_sorted_with(n, NoSpecials{}, keep(kernel), threads, true);
      sweep_sorted_with(n, NoSpecials{}, keep(scalar), threads, false);
      EXPECT_EQ(kernel, scalar);
      for (Heap c = 0; c <= n; ++c)
        for (Heap b = 0; b <= c; ++b)
          for (Heap a = 0; a <= b; ++a) ASSERT_EQ(scalar[c][pair_index(a, b)], a ^ b ^ c);
    }
}

// The engine sweeps sorted only a game whose moves every permutation of the heaps keeps: all
// six merges (or none).  Five of the six, or one placement of each pair, is not such a game.
TEST(SortedSweep, OnlyAGameSymmetricInAllThreeHeapsIsSweptSorted) {
  EXPECT_TRUE(CubeEngine(*sorted_test_game(merge_game(kSixMerges)), 4).symmetric());
  EXPECT_TRUE(CubeEngine(Nim(3), 4).symmetric());
  EXPECT_FALSE(CubeEngine(Amalgamation(2), 4, 0, false).symmetric());  // symmetry not used
  for (std::size_t drop = 0; drop < 6; ++drop) {
    std::vector<std::string> five = kSixMerges;
    five.erase(five.begin() + static_cast<std::ptrdiff_t>(drop));
    const auto game = sorted_test_game(merge_game(five));
    const CubeEngine engine(*game, 4);
    EXPECT_FALSE(engine.symmetric()) << "without merge " << drop;
    EXPECT_THROW(engine.sweep_sorted([](Heap, std::span<const Value>) {}), std::logic_error);
  }
  EXPECT_FALSE(
      CubeEngine(*sorted_test_game(merge_game({kSixMerges[0], kSixMerges[2], kSixMerges[4]})), 4)
          .symmetric());
}

// An exception in the visitor stops both threads of the sorted sweep and reaches the caller,
// which never sees the slices after it as if they had been swept.
TEST(SortedSweep, AVisitorsExceptionStopsTheSweep) {
  const Amalgamation manabe(2);
  const CubeEngine engine(manabe, 60, 2);
  std::mutex mutex;
  std::size_t slices = 0;
  EXPECT_THROW(engine.sweep_sorted([&](Heap c, std::span<const Value>) {
    const std::lock_guard lock(mutex);
    ++slices;
    if (c == 20) throw std::runtime_error("stop");
  }),
               std::runtime_error);
  EXPECT_GE(slices, 1u);
  EXPECT_LT(slices, 61u);
}

// Records every position a claim is asked about, with the value it is given.
class RecordingClaim final : public CubeClaim {
 public:
  std::string name() const override { return "recording"; }
  std::string statement() const override { return "true"; }
  void failures(const ClaimRow& along, std::span<const Value> row,
                std::vector<Heap>&) const override {
    const std::lock_guard lock(mutex_);
    for (Heap t = 0; t < row.size(); ++t) {
      auto [it, fresh] = seen_.emplace(along.at(t), row[t]);
      if (!fresh) ++repeats_;
    }
  }
  mutable std::mutex mutex_;
  mutable std::map<Position, Value> seen_;
  mutable std::size_t repeats_ = 0;
};

TEST(SortedSweep, TheClaimsMeetEveryPositionOfTheCubeOnceWithItsValue) {
  const Amalgamation manabe(2);
  for (Heap n : {0u, 1u, 6u, 23u}) {
    RecordingClaim claim;
    const CubeReport report = check_cube(manabe, n, {&claim}, {}, 2);
    const ValueTable full = CubeEngine(manabe, n, 1, false).dense(Box{{n, n, n}});
    const std::uint64_t side = n + 1;
    EXPECT_EQ(report.positions, side * side * side);
    EXPECT_EQ(report.table_encoding, SlicedDigest::kSortedEncoding);
    EXPECT_EQ(claim.repeats_, 0u) << "N = " << n;
    ASSERT_EQ(claim.seen_.size(), side * side * side) << "N = " << n;
    for (const auto& [p, value] : claim.seen_) ASSERT_EQ(value, full.at(p)) << p.to_string();
  }
}

// Claims from a proof file on Nim's cube [0,9]^3, swept sorted, in the batch evaluator and as
// machine code: a claim wrong at (1, 2, 3) alone fails there alone, not at its five
// permutations; one wrong where x1 < x2 < x3 fails at those C(10, 3) positions, first at
// (0, 1, 2); an implication counts its premises over the whole cube.
TEST(SortedSweep, ClaimsThatAreNotSymmetricFailExactlyWhereTheyAreWrong) {
  const smt::ProofFile proof = parse_proof_file(
      "game nim(heaps = 3)\ncube 9\n"
      "claim \"one\" \"t\": G == x1 ^ x2 ^ x3 ^ (x1 == 1 && x2 == 2 && x3 == 3)\n"
      "claim \"increasing\" \"t\": G == x1 ^ x2 ^ x3 ^ (x1 < x2 && x2 < x3)\n"
      "claim \"premise\" \"t\": x1 < x2 -> G == x1 ^ x2 ^ x3\n",
      "claims.proof");
  const std::unique_ptr<Game> game = make_game(proof.game, proof.definitions);
  for (bool machine_code : {false, true}) {
    const auto claims = proof_claims(proof);
    if (machine_code)
      for (const auto& c : claims) c->prepare(std::uint64_t{1} << 40);
    const CubeReport r = check_cube(*game, 9, claim_pointers(claims), {}, 2);
    EXPECT_EQ(r.table_encoding, SlicedDigest::kSortedEncoding);
    EXPECT_EQ(r.positions, 1000u);
    ASSERT_EQ(r.claims.size(), 3u);
    EXPECT_EQ(r.claims[0].verdict, Verdict::Fails);
    EXPECT_EQ(r.claims[0].failures.count, 1u);
    EXPECT_EQ(r.claims[0].failures.first, (std::vector<std::vector<std::uint64_t>>{{1, 2, 3}}));
    ASSERT_TRUE(r.claims[0].counterexample.has_value());
    EXPECT_EQ(r.claims[0].counterexample->position, (Position{1, 2, 3}));
    EXPECT_EQ(r.claims[0].counterexample->grundy, 0u);
    EXPECT_EQ(r.claims[0].counterexample->claimed, std::optional<Value>{1});
    EXPECT_EQ(r.claims[1].failures.count, 120u);  // C(10, 3)
    ASSERT_EQ(r.claims[1].failures.first.size(), FailureTally::kKept);
    EXPECT_EQ(r.claims[1].failures.first[0], (std::vector<std::uint64_t>{0, 1, 2}));
    EXPECT_EQ(r.claims[1].failures.first[8], (std::vector<std::uint64_t>{0, 2, 3}));
    EXPECT_EQ(r.claims[1].failures.first[9], (std::vector<std::uint64_t>{0, 2, 4}));
    EXPECT_EQ(r.claims[2].verdict, Verdict::Holds);
    EXPECT_EQ(r.claims[2].premise_cases, std::optional<std::uint64_t>{450u});  // 45 pairs x 10
  }
}

}  // namespace
}  // namespace nimcert
