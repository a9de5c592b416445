// The Grundy engines: hand-checkable values from docs/mathematics.md, the fast engine against the
// reference engine on every position of small cubes, and Nim against xor.
#include <gtest/gtest.h>

#include <random>

#include "base/mex.hpp"
#include "engines/box_engine.hpp"
#include "engines/cube_engine.hpp"
#include "engines/grundy_of.hpp"
#include "engines/line_set.hpp"
#include "engines/reference_engine.hpp"
#include "engines/sequence_engine.hpp"
#include "engines/sweep_engine.hpp"
#include "games/amalgamation.hpp"
#include "games/nim.hpp"
#include "games/one_heap.hpp"
#include "games/registry.hpp"
#include "games/serial_nim.hpp"

namespace nimcert {
namespace {

TEST(Mex, Definition) {
  EXPECT_EQ(mex({}), 0u);
  EXPECT_EQ(mex({1, 2}), 0u);
  EXPECT_EQ(mex({0, 1, 3}), 2u);
  EXPECT_EQ(mex({4, 5, 2, 3, 0, 1, 6}), 7u);
  EXPECT_EQ(mex({0, 0, 1, 1}), 2u);
}

// The row kernel of the sweep (mex_row, lines of at most 64 or 128 words) against the
// position kernel (mex_insert, any number of words, used above N = 2728): the same values and
// the same line sets afterwards, on random lines with full words and special followers that
// hit the candidate mex.  Values go into words [kFull, kFilled) at random and every word below
// kFull is full in most lines, so with kFull = 64 most values are at least 4096 and the second
// summary word decides them.
template <std::size_t kSummaries, std::size_t kWords, std::size_t kFull, std::size_t kFilled>
void row_kernel_agrees_with_position_kernel(std::uint32_t seed, std::size_t min_hits) {
  constexpr std::size_t kSpecials = 3, kRow = 200;
  std::mt19937 random(seed);
  auto fill = [&](LineSet& lines, std::size_t line) {
    const bool prefix = random() % 8 != 0;
    for (std::size_t w = 0; w < kFilled; ++w) {
      // Empty, sparse, dense, full, or full but for one bit (which the mex then fills).
      const unsigned kind = w < kFull && prefix ? 3 : random() % 5;
      const unsigned hole = random() % 64;
      for (unsigned bit = 0; bit < 64; ++bit)
        if (kind == 3 || (kind == 4 && bit != hole) ||
            (kind > 0 && kind < 3 && random() % 8 < 3 * kind))
          lines.insert(line, w, bit);
    }
  };
  struct Streams {
    std::vector<Value> value[kSpecials];
    void operator()(Heap z, Value* out) const {
      for (std::size_t k = 0; k < kSpecials; ++k) out[k] = value[k][z];
    }
    bool contains(Heap z, Value v) const {
      for (std::size_t k = 0; k < kSpecials; ++k)
        if (value[k][z] == v) return true;
      return false;
    }
  };
  std::size_t hits = 0, high = 0;
  for (int trial = 0; trial < 40; ++trial) {
    LineSet xs(2 * kRow, kWords), ys(2 * kRow, kWords), zs(1, kWords);
    for (std::size_t l = 0; l < 2 * kRow; ++l) fill(xs, l);
    for (std::size_t l = 0; l < 2 * kRow; ++l) fill(ys, l);
    fill(zs, 0);
    Streams rule;
    for (auto& v : rule.value)
      for (std::size_t z = 0; z < kRow; ++z)
        v.push_back(random() % 3 == 0
                        ? kNoValue
                        : static_cast<Value>(64 * kFull + random() % (64 * (kFilled - kFull) + 64)));
    LineSet xs2 = xs, ys2 = ys, zs2 = zs;
    const std::size_t offset = trial % 2 ? kRow : 0, yoffset = trial % 3 ? 0 : kRow;
    const std::size_t z0 = trial % 7;
    std::vector<Value> row(kRow, 0), expected(kRow, 0);
    mex_row<true, kSpecials, kSummaries>(&xs, offset, ys, yoffset, zs, rule, z0, kRow - 1,
                                         row.data());
    for (std::size_t z = z0; z < kRow; ++z) {
      Value special[kSpecials];
      rule(static_cast<Heap>(z), special);
      for (std::size_t w = 0; w < kWords; ++w) {  // the mex without special followers
        const std::uint64_t word =
            xs2.word(offset + z, w) | ys2.word(yoffset + z, w) | zs2.word(0, w);
        if (word != ~std::uint64_t{0}) {
          hits += rule.contains(static_cast<Heap>(z),
                                static_cast<Value>(w * 64 + std::countr_one(word)));
          break;
        }
      }
      expected[z] = mex_insert<kSpecials>(&xs2, offset + z, ys2, yoffset + z, zs2, special);
      high += expected[z] >= 4096;
    }
    ASSERT_EQ(row, expected) << "trial " << trial;
    auto same = [](const LineSet& a, const LineSet& b) {
      for (std::size_t l = 0; l < a.lines(); ++l) {
        for (std::size_t w = 0; w < kWords; ++w)
          if (a.word(l, w) != b.word(l, w)) return false;
        for (std::size_t s = 0; s < a.summaries(); ++s)
          if (a.full(l, s) != b.full(l, s)) return false;
      }
      return true;
    };
    EXPECT_TRUE(same(xs, xs2) && same(ys, ys2) && same(zs, zs2)) << "trial " << trial;
  }
  EXPECT_GT(hits, min_hits);  // special followers did decide values
  if (kFull >= 64) {
    EXPECT_GT(high, 1000u);  // and the second summary word did
  }
}

TEST(Mex, RowKernelAgreesWithPositionKernel) {
  row_kernel_agrees_with_position_kernel<1, 8, 0, 4>(20261130, 20);
}

TEST(Mex, RowKernelWithTwoSummaryWordsAgreesWithPositionKernel) {
  row_kernel_agrees_with_position_kernel<2, 100, 64, 68>(20261201, 20);
}

TEST(Amalgamation, FollowersOfSeed001) {
  // (2,3,4): reductions 2 + 3 + 4 and all six merges (every heap >= 2).
  Amalgamation game;
  std::vector<Position> followers;
  game.for_each_follower({2, 3, 4}, [&](const Position& p) { followers.push_back(p); });
  ASSERT_EQ(followers.size(), 9u + 6u);
  const std::vector<Position> merges(followers.end() - 6, followers.end());
  const std::vector<Position> expected = {{5, 0, 4}, {0, 5, 4}, {2, 7, 0},
                                          {2, 0, 7}, {6, 3, 0}, {0, 3, 6}};
  EXPECT_EQ(merges, expected);
  // A heap of one stone never merges in the restricted game, but does in Locke's.
  std::size_t count = 0;
  game.for_each_follower({1, 5, 0}, [&](const Position&) { ++count; });
  EXPECT_EQ(count, 6u);
  Amalgamation locke(1);
  count = 0;
  locke.for_each_follower({1, 5, 0}, [&](const Position&) { ++count; });
  EXPECT_EQ(count, 8u);
}

TEST(Amalgamation, RejectsMergeMinZero) { EXPECT_THROW(Amalgamation(0), std::invalid_argument); }

struct HandValue {
  Position position;
  Value grundy;
};

TEST(ReferenceEngine, HandCheckableValuesOfMathMd) {
  Amalgamation game;
  ReferenceEngine engine(game);
  const HandValue values[] = {{{2, 4, 0}, 7},   {{2, 2, 0}, 0},  {{2, 4, 6}, 1}, {{2, 4, 7}, 0},
                              {{6, 10, 12}, 0}, {{2, 4, 8}, 14}, {{7, 7, 7}, 7}};
  for (const auto& [p, g] : values) EXPECT_EQ(engine.grundy(p), g) << p.to_string();
  // The options of (2,4,0) have the values {4,5,2,3,0,1,6}.
  std::vector<Value> options;
  game.for_each_follower({2, 4, 0},
                         [&](const Position& q) { options.push_back(engine.grundy(q)); });
  std::sort(options.begin(), options.end());
  options.erase(std::unique(options.begin(), options.end()), options.end());
  EXPECT_EQ(options, (std::vector<Value>{0, 1, 2, 3, 4, 5, 6}));
}

TEST(ReferenceEngine, LockeCounterexample) {
  Amalgamation locke(1);
  ReferenceEngine engine(locke);
  EXPECT_EQ(engine.grundy({0, 1, 2}), 4u);  // although 0 ^ 1 ^ 2 = 3
}

// docs/mathematics.md's table of G(x, y, 0) for x, y = 0..9.
const Value kTwoHeapTable[10][10] = {
    {0, 1, 2, 3, 4, 5, 6, 7, 8, 9},       {1, 0, 3, 2, 5, 4, 7, 6, 9, 8},
    {2, 3, 0, 1, 7, 6, 4, 5, 11, 10},     {3, 2, 1, 0, 6, 7, 5, 4, 10, 11},
    {4, 5, 7, 6, 0, 1, 2, 3, 13, 12},     {5, 4, 6, 7, 1, 0, 3, 2, 12, 13},
    {6, 7, 4, 5, 2, 3, 0, 1, 15, 14},     {7, 6, 5, 4, 3, 2, 1, 0, 14, 15},
    {8, 9, 11, 10, 13, 12, 15, 14, 0, 1}, {9, 8, 10, 11, 12, 13, 14, 15, 1, 0}};

TEST(Engines, TwoHeapTableOfMathMd) {
  Amalgamation game;
  ReferenceEngine reference(game);
  CubeEngine fast(game, 9);
  const ValueTable table = fast.dense(Box{{9, 9, 0}});
  for (Heap x = 0; x < 10; ++x)
    for (Heap y = 0; y < 10; ++y) {
      EXPECT_EQ(reference.grundy({x, y, 0}), kTwoHeapTable[x][y]) << x << "," << y;
      EXPECT_EQ(table.at(x, y, 0), kTwoHeapTable[x][y]) << x << "," << y;
    }
}

// The fast engine equals the reference engine on every position of [0,N]^3.
void expect_engines_agree(const Game& game, Heap n) {
  ReferenceEngine reference(game);
  CubeEngine fast(game, n);
  std::uint64_t compared = 0, mismatches = 0;
  fast.sweep([&](Heap x, Heap y, std::span<const Value> row) {
    for (Heap z = 0; z < row.size(); ++z) {
      ++compared;
      if (reference.grundy({x, y, z}) != row[z] && ++mismatches < 5)
        ADD_FAILURE() << game.describe() << " at (" << x << "," << y << "," << z << ")";
    }
  });
  EXPECT_EQ(compared, std::uint64_t{n + 1} * (n + 1) * (n + 1));
  EXPECT_EQ(mismatches, 0u);
}

TEST(Engines, FastEqualsReferenceRestricted) { expect_engines_agree(Amalgamation(2), 48); }
TEST(Engines, FastEqualsReferenceLocke) { expect_engines_agree(Amalgamation(1), 48); }
TEST(Engines, FastEqualsReferenceMergeMin3) { expect_engines_agree(Amalgamation(3), 24); }
TEST(Engines, FastEqualsReferenceNim) { expect_engines_agree(Nim(3), 48); }

// The pipelined sweep gives the same rows, in the same canonical order, on any thread count
// and computing only z >= y (symmetry): each row is checked against the plain single-threaded
// sweep.  N = 70 needs a second bitset word
// per line, and 3 threads exercise a pipeline deeper than two.
TEST(Engines, ThreadCountAndSymmetryDoNotChangeTheSweep) {
  for (Heap merge_min : {1u, 2u}) {
    Amalgamation game(merge_min);
    std::vector<std::vector<Value>> rows;
    CubeEngine(game, 70, 1, false).sweep([&](Heap, Heap, std::span<const Value> row) {
      rows.emplace_back(row.begin(), row.end());
    });
    ASSERT_EQ(rows.size(), 71u * 71u);
    for (unsigned threads : {1u, 2u, 3u}) {
      CubeEngine engine(game, 70, threads, true);
      EXPECT_EQ(engine.threads(), threads);
      std::size_t next = 0, mismatches = 0;
      engine.sweep([&](Heap x, Heap y, std::span<const Value> row) {
        const std::size_t expected = std::size_t{x} * 71 + y;
        if (next++ != expected || !std::equal(row.begin(), row.end(), rows[expected].begin()))
          ++mismatches;
      });
      EXPECT_EQ(next, rows.size()) << threads << " threads";
      EXPECT_EQ(mismatches, 0u) << threads << " threads, merge_min " << merge_min;
    }
  }
}

// The mirrored sweep's reflection completes a square slice from its upper triangle, at sides
// around its 8 x 8 blocks and their multiples (none, one, one and a row, several) and at the
// cube's 1025: the lower triangle is the transposed upper one, and the upper triangle and the
// diagonal are left as they were.
TEST(Engines, ReflectionCopiesTheUpperTriangleOntoTheLower) {
  std::size_t checked = 0;
  for (std::size_t m : {0u, 1u, 2u, 15u, 16u, 17u, 31u, 32u, 33u, 71u, 1025u}) {
    std::vector<Value> slice(m * m), expected(m * m);
    for (std::size_t y = 0; y < m; ++y)
      for (std::size_t z = 0; z < m; ++z) {
        const Value upper = static_cast<Value>(std::min(y, z) * 7919 + std::max(y, z));
        expected[y * m + z] = upper;
        slice[y * m + z] = z >= y ? upper : kNoValue;  // the lower triangle not yet written
      }
    detail::reflect_lower_triangle(slice.data(), m);
    EXPECT_EQ(slice, expected) << "side " << m;
    checked += m * m;
  }
  EXPECT_EQ(checked, 1'059'515u);  // the squares of the eleven sides
}

// A game that declares itself symmetric in its last two heaps really is: the followers of
// (x, z, y) are those of (x, y, z) with the last two heaps swapped, on a whole box.  (A game
// without the symmetry, Serial Nim, does not declare it.)
TEST(Engines, DeclaredSymmetryIsTheMoveSets) {
  auto swapped = [](Position p) {
    std::swap(p[1], p[2]);
    return p;
  };
  auto followers = [](const Game& g, const Position& p) {
    std::vector<std::string> out;
    g.for_each_follower(p, [&](const Position& q) { out.push_back(q.to_string()); });
    std::sort(out.begin(), out.end());
    return out;
  };
  const Amalgamation restricted(2), locke(1), three(3);
  const Nim nim(3);
  for (const Game* g : std::initializer_list<const Game*>{&restricted, &locke, &three, &nim}) {
    ASSERT_TRUE(g->symmetric_in_last_two_heaps()) << g->describe();
    for (Heap x = 0; x <= 6; ++x)
      for (Heap y = 0; y <= 6; ++y)
        for (Heap z = 0; z <= 6; ++z) {
          std::vector<std::string> mirrored;
          g->for_each_follower(Position{x, z, y}, [&](const Position& q) {
            mirrored.push_back(swapped(q).to_string());
          });
          std::sort(mirrored.begin(), mirrored.end());
          EXPECT_EQ(mirrored, followers(*g, Position{x, y, z})) << g->describe();
        }
  }
  EXPECT_FALSE(SerialNim(3).symmetric_in_last_two_heaps());
}

// An exception in the visitor stops every thread of the pipeline and reaches the caller.
TEST(Engines, VisitorExceptionStopsThePipeline) {
  const Amalgamation game(2);
  CubeEngine engine(game, 40, 2);
  std::size_t rows = 0;
  EXPECT_THROW(engine.sweep([&](Heap x, Heap, std::span<const Value>) {
    ++rows;
    if (x == 7) throw std::runtime_error("stop");
  }),
               std::runtime_error);
  EXPECT_EQ(rows, 7u * 41u + 1u);
}

TEST(Engines, FastEngineRejectsUnknownGames) {
  EXPECT_THROW(CubeEngine(Nim(4), 4), std::invalid_argument);
}

TEST(ReferenceEngine, NimIsXorForThreeAndFourHeaps) {
  Nim three(3), four(4);
  ReferenceEngine r3(three), r4(four);
  for (Heap a = 0; a < 8; ++a)
    for (Heap b = 0; b < 8; ++b)
      for (Heap c = 0; c < 8; ++c) {
        EXPECT_EQ(r3.grundy({a, b, c}), a ^ b ^ c);
        for (Heap d = 0; d < 6; ++d) EXPECT_EQ(r4.grundy({a, b, c, d}), a ^ b ^ c ^ d);
      }
}

// The dense box engine against the reference engine on every position of small boxes, for
// every game a box accepts (the games that only lower heaps).
void expect_box_agrees(const Game& game, Heap side) {
  const BoxValues box(game, side);
  ReferenceEngine reference(game);
  std::size_t nonzero = 0;
  for (std::uint64_t i = 0; i < box.positions(); ++i) {
    const Position p = box.position(i);
    ASSERT_EQ(box.values()[i], reference.grundy(p)) << game.describe() << " at " << p.to_string();
    nonzero += box.values()[i] != 0;
  }
  EXPECT_GT(nonzero, box.positions() / 4) << game.describe();  // a real table, not all zeros
}

TEST(Engines, BoxEqualsReferenceOnEveryGameABoxTakes) {
  for (std::uint64_t heaps = 1; heaps <= 4; ++heaps) {
    expect_box_agrees(*make_game("nim", {{"heaps", heaps}}), heaps <= 2 ? 20 : 6);
    expect_box_agrees(*make_game("serial-nim", {{"heaps", heaps}}), heaps <= 2 ? 20 : 6);
  }
  for (const char* rule : {"(n - 1) / 2", "n / 3", "n / 2 + n / 4"}) {
    expect_box_agrees(*make_game("maximum-nim", {{"rule", rule}}), 200);
    expect_box_agrees(*make_game("minimum-nim", {{"rule", rule}}), 200);
  }
  EXPECT_THROW(BoxValues(Amalgamation(2), 3), std::invalid_argument);  // merges leave a box
}

TEST(Engines, MinimumNimEqualsABruteForceMex) {
  // h_n = mex { h_m : m = 0..n - f(n) - 1 }, straight from the definition, for several rules.
  for (const char* rule : {"(n - 1) / 2", "n / 3", "0", "n", "n - (n / 4)"}) {
    const std::vector<std::uint64_t> f = Rule(rule, {}).table(3000);
    const Sequence h = minimum_nim(f);
    std::vector<Value> brute(f.size());
    for (std::size_t n = 0; n < f.size(); ++n) {
      std::vector<Value> options;
      for (std::size_t m = 0; m + f[n] < n; ++m) options.push_back(brute[m]);
      brute[n] = mex(options);
      ASSERT_EQ(h[n], brute[n]) << rule << " at n = " << n;
    }
  }
}

TEST(Engines, TheWindowSequenceEqualsBothOneHeapEngines) {
  // grundy_of's engine for one-heap games against maximum_nim and minimum_nim.
  for (const char* rule : {"(n - 1) / 2", "n / 3", "n - (n / 4)"}) {
    const std::vector<std::uint64_t> f = Rule(rule, {}).table(5000);
    const auto maximum = make_game("maximum-nim", {{"rule", rule}});
    const auto minimum = make_game("minimum-nim", {{"rule", rule}});
    const std::vector<Value> g = window_sequence(*maximum, 5000),
                             h = window_sequence(*minimum, 5000);
    const Sequence g_expected = maximum_nim(f), h_expected = minimum_nim(f);
    ASSERT_EQ(g, std::vector<Value>(g_expected.begin(), g_expected.end())) << rule;
    ASSERT_EQ(h, std::vector<Value>(h_expected.begin(), h_expected.end())) << rule;
    EXPECT_EQ(grundy_of(*maximum, Position{4999}), g_expected[4999]);
  }
  EXPECT_EQ(grundy_of(Amalgamation(2), Position{2, 4, 8}), 14u);  // docs/mathematics.md
  EXPECT_EQ(grundy_of(Nim(4), Position{1, 2, 4, 8}), 15u);
}

}  // namespace
}  // namespace nimcert
