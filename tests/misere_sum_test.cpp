// Misère outcomes of sums of heaps (issue 50, item 3: `nimcert grundy --misere H1 ... Hk`):
// read off a proved quotient where one is found, by the definition otherwise.  Every sum of at
// most three heaps of at most 12 stones of Kayles, of Dawson's Kayles past its quotient
// search's stop, and of the subtraction game {1, 2, 3}, held against plain recursions written
// here from the rules (rows of pins; a heap lowered by 1, 2 or 3) that keep every heap and
// share no code with the engines; the oracle of the wrong game disagrees (the comparison can
// fail); limits and refusals through the command line; `table --misere` and `ppos --misere`;
// boxes of sums played misère (`game G sum K misere`), whose tables are the plain recursion's.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <set>
#include <vector>

#include "base/memory_budget.hpp"
#include "base/sha256.hpp"
#include "checks/box_check.hpp"
#include "checks/misere_sum.hpp"
#include "checks/proof_input.hpp"
#include "command_support.hpp"
#include "plain_misere.hpp"
#include "engines/misere/misere_sums.hpp"
#include "games/registry.hpp"

namespace nimcert {
namespace {

using testing::PlainMisere;

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
std::unique_ptr<Game> misere_declared(const std::string& text) {
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
  const auto game = misere_declared("game s123 subtraction {1, 2, 3}\n");
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
  const auto game = misere_declared("game s1 subtraction {1}\n");
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

// A misère sum box's table, as the box certificate digests it: each position's outcome (0 at P,
// 1 at N) by the plain recursion, in canonical order, little-endian uint32.
std::string plain_table_sha256(PlainMisere& plain, std::size_t k, int size) {
  std::vector<std::uint32_t> values;
  std::vector<int> p(k, 0);
  for (;;) {
    values.push_back(plain.is_p(p) ? 0 : 1);
    std::size_t h = k;
    while (h > 0 && p[h - 1] == size) p[--h] = 0;
    if (h == 0) break;
    ++p[h - 1];
  }
  Sha256 digest;
  digest.update_le32(values);
  return digest.hex_digest();
}

TEST(MisereSumBox, SumsOfKaylesAndOfASubtractionGameAreTheDefinitionsAndAWrongClaimFails) {
  const smt::ProofFile file = parse_proof_file(
      "game kayles octal \"0.77\"\n"
      "game s subtraction {1, 2, 3}\n"
      "box \"k3\" \"t\" game kayles sum 3 misere size 8\n"
      "  claim \"empty\" \"t\": x1 == 0 && x2 == 0 && x3 == 0 -> G == 1\n"
      "  claim \"one heap\" \"t\": x2 == 0 && x3 == 0 -> (G == 0 <-> x1 == 1)\n"
      "end\n"
      "box \"s2\" \"t\" game s sum 2 misere size 12\n"
      "  claim \"one subtraction heap\" \"t\": x2 == 0 -> (G == 0 <-> x1 % 4 == 1)\n"
      "end\n",
      "s.proof");
  ASSERT_EQ(file.boxes.size(), 2u);
  const BoxReport k3 = check_box(file.boxes[0], file.definitions);
  PlainMisere kayles(rows({1, 2}));
  EXPECT_EQ(k3.positions, 729u);
  EXPECT_EQ(k3.table_sha256, plain_table_sha256(kayles, 3, 8));
  EXPECT_EQ(k3.claims[0].verdict, Verdict::Holds);
  ASSERT_EQ(k3.claims[1].verdict, Verdict::Fails);  // 4 is a P-heap too
  const Counterexample& cx = *k3.claims[1].counterexample;
  EXPECT_EQ(cx.position, (Position{4, 0, 0}));
  EXPECT_EQ(cx.grundy, 0u);
  ASSERT_FALSE(cx.followers.empty());
  for (const FollowerValue& f : cx.followers) EXPECT_EQ(f.value, 1u);  // every option N
  const BoxReport s2 = check_box(file.boxes[1], file.definitions);
  PlainMisere subtraction(lowered_by({1, 2, 3})), other(lowered_by({1, 2}));
  EXPECT_EQ(s2.table_sha256, plain_table_sha256(subtraction, 2, 12));
  EXPECT_NE(s2.table_sha256, plain_table_sha256(other, 2, 12));  // the comparison can fail
  EXPECT_EQ(s2.verdict(), Verdict::Holds);
}

TEST(MisereSumBox, RowsAndPagesSayMisereAndNoSpragueGrundy) {
  const auto dir = testing::scratch_dir("misere-sum-box");
  const auto [run, cert] = testing::certify_text(
      dir, "b",
      "game kayles octal \"0.77\"\n"
      "box \"k2\" \"t\" game kayles sum 2 misere size 6\n"
      "  claim \"empty\" \"t\": x1 == 0 && x2 == 0 -> G == 1\n"
      "end\n");
  EXPECT_EQ(run.status, 0) << run.out;
  EXPECT_NE(run.out.find("[0,6]^2 as the sum of 2 one-heap games played misère"),
            std::string::npos)
      << run.out;
  const auto& box = cert.at("boxes").at(0);
  EXPECT_EQ(box.at("play"), "misère");
  EXPECT_EQ(box.at("sum_of"), 2);
  EXPECT_EQ(box.at("scope").get<std::string>().find("Sprague-Grundy"), std::string::npos);
  const auto show = testing::nimcert_in(dir, "show b.cert.json");
  EXPECT_NE(show.out.find("the sum of 2 copies played misère"), std::string::npos) << show.out;
}

}  // namespace
}  // namespace nimcert
