// Misère outcomes of sums of heaps (issue 50, item 3: `nimcert grundy --misere H1 ... Hk`):
// read off a proved quotient where one is found, by the definition otherwise.  Every sum of at
// most three heaps of at most 12 stones of Kayles, of Dawson's Kayles past its quotient
// search's stop, and of the subtraction game {1, 2, 3}, held against plain recursions written
// here from the rules (rows of pins; a heap lowered by 1, 2 or 3) that keep every heap and
// share no code with the engines; the oracle of the wrong game disagrees (the comparison can
// fail); limits and refusals through the command line; `table --misere` and `ppos --misere`.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <set>
#include <vector>

#include "base/memory_budget.hpp"
#include "checks/misere_sum.hpp"
#include "checks/proof_input.hpp"
#include "command_support.hpp"
#include "engines/misere/misere_sums.hpp"
#include "games/registry.hpp"

namespace nimcert {
namespace {

// Misère outcomes by the definition, every heap kept, for a game of one heap given by the heaps
// each move of a heap leaves.
class PlainMisere {
 public:
  using Moves = std::function<std::vector<std::vector<int>>(int)>;
  explicit PlainMisere(Moves moves) : moves_(std::move(moves)) {}
  bool is_p(std::vector<int> heaps) {
    std::sort(heaps.begin(), heaps.end());
    if (auto at = memo_.find(heaps); at != memo_.end()) return at->second;
    bool any_move = false, to_p = false;
    for (std::size_t i = 0; i < heaps.size() && !to_p; ++i)
      for (const std::vector<int>& left : moves_(heaps[i])) {
        std::vector<int> next = heaps;
        next.erase(next.begin() + static_cast<std::ptrdiff_t>(i));
        next.insert(next.end(), left.begin(), left.end());
        any_move = true;
        if (is_p(next)) {
          to_p = true;
          break;
        }
      }
    const bool p = any_move && !to_p;
    memo_.emplace(heaps, p);
    return p;
  }

 private:
  Moves moves_;
  std::map<std::vector<int>, bool> memo_;
};

// A row of h pins, k adjacent pins knocked down (k in `knock`): the rows a and h - k - a left.
PlainMisere::Moves rows(std::set<int> knock) {
  return [knock](int h) {
    std::vector<std::vector<int>> out;
    for (int k : knock)
      for (int a = 0; a + k <= h; ++a) {
        std::vector<int> left;
        if (a > 0) left.push_back(a);
        if (h - k - a > 0) left.push_back(h - k - a);
        out.push_back(left);
      }
    return out;
  };
}

PlainMisere::Moves lowered_by(std::set<int> s) {
  return [s](int h) {
    std::vector<std::vector<int>> out;
    for (int k : s)
      if (k <= h) out.push_back({h - k});
    return out;
  };
}

// Every sum of one to three heaps of 0..12 stones, heaps ascending.
std::vector<std::vector<std::uint64_t>> small_sums() {
  std::vector<std::vector<std::uint64_t>> out;
  for (std::uint64_t a = 0; a <= 12; ++a) {
    out.push_back({a});
    for (std::uint64_t b = a; b <= 12; ++b) {
      out.push_back({a, b});
      for (std::uint64_t c = b; c <= 12; ++c) out.push_back({a, b, c});
    }
  }
  return out;
}

// The one game a proof text declares.
std::unique_ptr<Game> declared(const std::string& text) {
  const smt::ProofFile file = parse_proof_file(text, "s.proof", smt::Reading::Exploring);
  smt::GameSpec spec;
  spec.name = file.declared_games.at(0)->name;
  spec.declaration = file.declared_games.at(0);
  return make_game(spec, file.definitions);
}

std::vector<int> as_int(const std::vector<std::uint64_t>& heaps) {
  return std::vector<int>(heaps.begin(), heaps.end());
}

TEST(MisereSum, KaylesSumsAreTheDefinitionsAndNotDawsonsKaylesOnes) {
  PlainMisere kayles(rows({1, 2})), dawson(rows({2}));
  std::size_t compared = 0, differ = 0;
  for (const auto& sum : small_sums()) {
    const MisereSumOutcome o = misere_sum_outcome(OctalCode("0.77"), sum);
    EXPECT_EQ(o.p, kayles.is_p(as_int(sum))) << sum_text(sum);
    EXPECT_EQ(o.how.rfind("read off the misère quotient of heaps 0..", 0), 0u) << o.how;
    differ += o.p != dawson.is_p(as_int(sum));
    ++compared;
  }
  EXPECT_EQ(compared, 13u + 91u + 455u);
  EXPECT_GT(differ, 0u);  // the comparison can fail: another game's outcomes differ
  // Hand-checkable: one pin is P (the mover takes it and the opponent, unable to move, wins);
  // two single pins are N; the empty sum is N (the mover cannot move and wins).
  EXPECT_TRUE(misere_sum_outcome(OctalCode("0.77"), std::vector<std::uint64_t>{1}).p);
  EXPECT_FALSE(misere_sum_outcome(OctalCode("0.77"), std::vector<std::uint64_t>{1, 1}).p);
  EXPECT_FALSE(misere_sum_outcome(OctalCode("0.77"), std::vector<std::uint64_t>{}).p);
}

TEST(MisereSum, DawsonsKaylesPastTheSearchsStopTakesTheDefinition) {
  MisereLimits limits;
  limits.quotient_elements = 64;  // the search stops at heap 25
  PlainMisere dawson(rows({2}));
  for (const std::vector<std::uint64_t>& sum :
       {std::vector<std::uint64_t>{26}, {25, 3}, {30, 2, 2}, {3, 27}, {40}}) {
    const MisereSumOutcome o = misere_sum_outcome(OctalCode("0.07"), sum, limits);
    EXPECT_EQ(o.p, dawson.is_p(as_int(sum))) << sum_text(sum);
    EXPECT_NE(o.how.find("by the definition"), std::string::npos) << o.how;
    EXPECT_NE(o.how.find("the misère quotient search stopped"), std::string::npos) << o.how;
  }
  // Below the stop, the quotient answers.
  const MisereSumOutcome small =
      misere_sum_outcome(OctalCode("0.07"), std::vector<std::uint64_t>{12, 14}, {});
  EXPECT_EQ(small.how.rfind("read off the misère quotient of heaps 0..14", 0), 0u) << small.how;
  EXPECT_EQ(small.p, dawson.is_p({12, 14}));
}

TEST(MisereSum, ASubtractionGamesSumsAreTheDefinitions) {
  const auto game = declared("game s123 subtraction {1, 2, 3}\n");
  PlainMisere plain(lowered_by({1, 2, 3})), other(lowered_by({1, 2}));
  std::size_t differ = 0;
  for (const auto& sum : small_sums()) {
    const MisereSumOutcome o = misere_sum_outcome(*game, sum);
    EXPECT_EQ(o.p, plain.is_p(as_int(sum))) << sum_text(sum);
    differ += o.p != other.is_p(as_int(sum));
  }
  EXPECT_GT(differ, 0u);
  // One heap is a misère P-position exactly at n = 1 mod 4 (leave the opponent the last stone).
  for (std::uint64_t n = 0; n <= 12; ++n)
    EXPECT_EQ(misere_sum_outcome(*game, std::vector<std::uint64_t>{n}).p, n % 4 == 1) << n;
}

TEST(MisereSum, LongLinesFitAndLimitsAreNamed) {
  const auto game = declared("game s1 subtraction {1}\n");
  // A line of 100,000 moves (the walk keeps its own stack): one heap of subtraction {1} is a
  // misère P-position exactly when it is odd.
  EXPECT_FALSE(misere_sum_outcome(*game, std::vector<std::uint64_t>{100'000}).p);
  EXPECT_TRUE(misere_sum_outcome(*game, std::vector<std::uint64_t>{100'001}).p);
  MisereLimits tight;
  tight.quotient_elements = 64;
  tight.definition_sums = 1000;
  EXPECT_THROW(misere_sum_outcome(OctalCode("0.07"), std::vector<std::uint64_t>{60}, tight),
               ResourceError);
  EXPECT_THROW(misere_sum_outcome(OctalCode("0.77"), std::vector<std::uint64_t>{1'000'001}),
               std::invalid_argument);
}

TEST(MisereSum, GrundyMisereAnswersOnItsLastLine) {
  const auto dir = testing::scratch_dir("misere-sum");
  std::ofstream(dir / "g.proof") << "game kayles octal \"0.77\"\n"
                                    "game s123 subtraction {1, 2, 3}\n";
  using testing::last_line;
  const auto p = testing::nimcert_in(dir, "grundy --proof g.proof --game kayles --misere 20");
  EXPECT_EQ(p.status, 0) << p.out;
  EXPECT_EQ(last_line(p.out), "P") << p.out;
  EXPECT_NE(p.out.find("misère outcome of 20 in kayles (octal 0.77): read off the misère "
                       "quotient of heaps 0..20"),
            std::string::npos)
      << p.out;
  const auto n = testing::nimcert_in(dir, "grundy --proof g.proof --game kayles --misere 1 1");
  EXPECT_EQ(last_line(n.out), "N") << n.out;
  const auto s = testing::nimcert_in(dir, "grundy --proof g.proof --game s123 --misere 5");
  EXPECT_EQ(last_line(s.out), "P") << s.out;
  EXPECT_NE(s.out.find("by the definition"), std::string::npos) << s.out;
  const auto three = testing::nimcert_in(dir, "grundy --misere 3 4 5");
  EXPECT_EQ(three.status, 2) << three.out;
  EXPECT_NE(three.out.find("a misère sum is of heaps of a one-heap game"), std::string::npos)
      << three.out;
  const auto big =
      testing::nimcert_in(dir, "grundy --proof g.proof --game kayles --misere 1000001");
  EXPECT_EQ(big.status, 2) << big.out;
  EXPECT_NE(big.out.find("at most 1000000"), std::string::npos) << big.out;
}

TEST(MisereSum, TableAndPposTakeMisere) {
  const auto dir = testing::scratch_dir("misere-table");
  std::ofstream(dir / "g.proof") << "game kayles octal \"0.77\"\n"
                                    "game s123 subtraction {1, 2, 3}\n";
  // Kayles: one row is misère P exactly at 1, 4, 9, 12 and 20 pins (Sibert and Conway).
  const auto kayles =
      testing::nimcert_in(dir, "ppos --proof g.proof --game kayles --misere --size 40");
  EXPECT_EQ(kayles.status, 0) << kayles.out;
  EXPECT_EQ(kayles.out, "x1\n1\n4\n9\n12\n20\n");
  // Misère Nim on two heaps: Bouton's misère rule (every heap at most 1: P iff the xor is 1;
  // else P iff the xor is 0), and not the normal-play P-positions.
  std::string bouton = "x1,x2\n";
  for (int a = 0; a < 5; ++a)
    for (int b = 0; b < 5; ++b)
      if ((a <= 1 && b <= 1) ? (a ^ b) == 1 : (a ^ b) == 0)
        bouton += std::to_string(a) + "," + std::to_string(b) + "\n";
  const auto nim = testing::nimcert_in(dir, "ppos --game nim --heaps 2 --misere --size 5");
  EXPECT_EQ(nim.out, bouton);
  const auto normal = testing::nimcert_in(dir, "ppos --game nim --heaps 2 --size 5");
  EXPECT_NE(normal.out, bouton);
  // The subtraction game {1, 2, 3}: "n P" exactly at n = 1 mod 4, after a line saying how.
  const auto table =
      testing::nimcert_in(dir, "table --proof g.proof --game s123 --misere --last 9");
  EXPECT_EQ(table.status, 0) << table.out;
  EXPECT_NE(table.out.find("# misère outcomes of one heap of s123"), std::string::npos)
      << table.out;
  EXPECT_NE(table.out.find("\n0 N\n1 P\n2 N\n3 N\n4 N\n5 P\n6 N\n7 N\n8 N\n9 P\n"),
            std::string::npos)
      << table.out;
  const auto refused = testing::nimcert_in(dir, "table --misere --last 3");
  EXPECT_EQ(refused.status, 2) << refused.out;
  EXPECT_NE(refused.out.find("table prints one heap's misère outcomes"), std::string::npos)
      << refused.out;
  const auto csv = testing::nimcert_in(dir, "table --proof g.proof --game kayles --misere --csv");
  EXPECT_EQ(csv.status, 2) << csv.out;
}

}  // namespace
}  // namespace nimcert
