// Take-and-break moves in a declared game: a follower that is a sum of positions,
// `to (a) + (x1 - a)`, worth the xor of its parts' values.  Lasker's Nim (certs/lasker.proof)
// is the example: the syntax and its located errors, the values held against a plain mex
// written here, a part as large as the heap refused, the move encoding held against the
// enumeration, the win-loss form refusing sums, and the committed proof's mutants: a wrong
// formula fails the box at its first wrong heap and is refuted by MONA for every n with a
// counterexample that the game's own enumeration confirms.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>

#include "base/memory_budget.hpp"
#include "certificate/kinds/kinds.hpp"
#include "checks/box_check.hpp"
#include "checks/induction/check.hpp"
#include "checks/induction/move_check.hpp"
#include "checks/rules_check.hpp"
#include "committed_proof.hpp"
#include "engines/box_engine.hpp"
#include "engines/octal_engine.hpp"
#include "engines/sum_sequence.hpp"
#include "games/declared_game.hpp"
#include "games/registry.hpp"
#include "games/symbolic_move.hpp"
#include "unknown_solvers.hpp"

namespace nimcert {
namespace {

using testing::parse_error;
using Json = nlohmann::ordered_json;

// certs/lasker.proof with the first `from` replaced by `to`.
smt::ProofFile lasker(const std::string& from = "", const std::string& to = "") {
  return testing::mutant("lasker.proof", from, to);
}

const char* const kWrongFormula =
    "if n % 4 == 3 then n + 1 else if n % 4 == 0 && n > 0 then n - 1 else n";

// Lasker's Nim by the definition, written here and sharing nothing with the engines: removing
// t stones, or splitting n into a and n - a, the split worth g(a) ^ g(n - a).
std::vector<Value> plain_lasker(std::size_t last) {
  std::vector<Value> g(last + 1, 0);
  for (std::size_t n = 1; n <= last; ++n) {
    std::vector<bool> seen(2 * n + 2, false);
    for (std::size_t t = 1; t <= n; ++t) seen[g[n - t]] = true;
    for (std::size_t a = 1; a < n; ++a) seen[g[a] ^ g[n - a]] = true;
    while (seen[g[n]]) ++g[n];
  }
  return g;
}

TEST(TakeAndBreak, ASumFollowerReadsAndPrintsAsDeclared) {
  const smt::ProofFile f = lasker();
  const smt::GameDeclaration& d = *f.game.declaration;
  ASSERT_EQ(d.moves.size(), 2u);
  EXPECT_EQ(d.moves[0].parts, 1u);
  EXPECT_EQ(d.moves[1].parts, 2u);
  EXPECT_EQ(d.moves[1].result.size(), 2u);
  EXPECT_EQ(smt::to_string(d.moves[1]), "for 1 <= a <= (x1 / 2) to (a) + ((x1 - a))");
  const std::string head = "game g heaps 1\n  move \"split\" for 1 <= a < x1 to ";
  const std::string tail = "\nend\nbox \"b\" \"t\" game g size 2 claim \"c\" \"t\": G >= 0 end\n";
  EXPECT_EQ(parse_error(head + "(a) + (x1 - a)" + tail), "no error");
  // Each part is a position of the game: k heaps.
  EXPECT_NE(
      parse_error(head + "(a) + (x1 - a, 0)" + tail)
          .find("t.proof:2:41: expected a follower of 1 heaps, as the game declares (2 given)"),
      std::string::npos)
      << parse_error(head + "(a) + (x1 - a, 0)" + tail);
  std::string nine = "(a)";
  for (int i = 0; i < 8; ++i) nine += " + (0)";
  EXPECT_NE(parse_error(head + nine + tail).find("expected at most 8 parts in a sum follower"),
            std::string::npos)
      << parse_error(head + nine + tail);
  EXPECT_NE(parse_error(head + "(a) +" + tail).find("t.proof:3:1: expected '('"), std::string::npos)
      << parse_error(head + "(a) +" + tail);
}

TEST(TakeAndBreak, LaskersValuesAreThePlainMexOfRemovalsAndSplits) {
  const smt::ProofFile f = lasker();
  const auto game = make_game(f.game, f.definitions);
  EXPECT_TRUE(game->has_sums());
  EXPECT_FALSE(game->lowers_heaps());  // the dense engine plays single positions only
  EXPECT_FALSE(game->move_shape().has_value());
  const BoxValues box(*game, 300);
  const std::vector<Value> plain = plain_lasker(300);
  ASSERT_EQ(box.values().size(), plain.size());
  for (std::size_t n = 0; n <= 300; ++n) ASSERT_EQ(box.values()[n], plain[n]) << n;
  // Winning Ways' table: 4k + 3 and 4k + 4 swap.
  EXPECT_EQ(std::vector<Value>(plain.begin(), plain.begin() + 9),
            std::vector<Value>({0, 1, 2, 4, 3, 5, 6, 8, 7}));
  // The routes that play single positions refuse the game instead of dropping its splits.
  EXPECT_THROW(game->for_each_follower(Position{4}, [](const Position&) {}), std::invalid_argument);
  std::vector<std::vector<Position>> row;
  EXPECT_THROW(game->followers_of_row(Position{0}, 4, row), std::invalid_argument);
  // Heap 4: removals to 3, 2, 1, 0 and the splits (1) + (3), (2) + (2).
  std::vector<std::size_t> sizes;
  game->for_each_option(Position{4},
                        [&](std::span<const Position> parts) { sizes.push_back(parts.size()); });
  EXPECT_EQ(sizes, std::vector<std::size_t>({1, 1, 1, 1, 2, 2}));
}

// Octal games declared move by move with sum followers, against the octal engine's plain mex
// over every split (engines/octal_engine.hpp): two engines that share no code.
TEST(TakeAndBreak, OctalGamesDeclaredWithSumsMatchTheOctalEngine) {
  const std::vector<std::pair<std::string, std::string>> games = {
      {"0.77",
       "  move \"one pin\" for a <= (x1 - 1) / 2 when x1 >= 1 to (a) + (x1 - 1 - a)\n"
       "  move \"two pins\" for a <= (x1 - 2) / 2 when x1 >= 2 to (a) + (x1 - 2 - a)\n"},
      {"0.07", "  move \"two pins\" for a <= (x1 - 2) / 2 when x1 >= 2 to (a) + (x1 - 2 - a)\n"},
      {"0.137",
       "  move \"one\" when x1 == 1 to (0)\n"
       "  move \"two\" when x1 >= 2 to (x1 - 2)\n"
       "  move \"three\" for a <= (x1 - 3) / 2 when x1 >= 3 to (a) + (x1 - 3 - a)\n"}};
  for (const auto& [code, moves] : games) {
    const smt::ProofFile f =
        parse_proof_file("game g heaps 1\n" + moves +
                             "end\nbox \"b\" \"t\" game g size 200 claim \"c\" \"t\": G >= 0 end\n",
                         "t.proof");
    const auto game = make_game(f.game, f.definitions);
    const BoxValues box(*game, 200);
    const OctalValues octal = plain_octal_values(OctalCode(code), 200);
    for (std::size_t n = 0; n <= 200; ++n) ASSERT_EQ(box.values()[n], octal[n]) << code << " " << n;
  }
  // Independently known (Winning Ways, chapter 4; OEIS A002187): Dawson's Kayles, 0.07,
  // begins 0 0 1 1 2 0 3 1 1 0 3 3; Kayles' last exceptional value is G(70) = 6.
  const OctalValues dawson = plain_octal_values(OctalCode("0.07"), 11);
  EXPECT_EQ(std::vector<std::uint32_t>(dawson.begin(), dawson.end()),
            std::vector<std::uint32_t>({0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3}));
  const smt::ProofFile kayles =
      parse_proof_file("game g heaps 1\n" + games[0].second +
                           "end\nbox \"b\" \"t\" game g size 70 claim \"c\" \"t\": G >= 0 end\n",
                       "t.proof");
  EXPECT_EQ(BoxValues(*make_game(kayles.game, kayles.definitions), 70).values()[70], 6u);
}

TEST(TakeAndBreak, APartAsLargeAsTheHeapIsRefusedAtTheMove) {
  const smt::ProofFile f = lasker("for 1 <= a <= x1 / 2", "for 0 <= a <= x1 / 2");
  const auto game = make_game(f.game, f.definitions);
  try {
    game->for_each_option(Position{3}, [](std::span<const Position>) {});
    ADD_FAILURE() << "a part equal to the heap passed the rank check";
  } catch (const RuleViolation& v) {
    EXPECT_EQ(v.move, "split");
    EXPECT_EQ(v.position, Position{3});
    EXPECT_NE(std::string(v.what()).find("with a = 0: the part (3) of the follower does not "
                                         "lower the rank"),
              std::string::npos)
        << v.what();
  }
}

TEST(TakeAndBreak, TheMoveEncodingIsHeldAgainstTheEnumerationPartByPart) {
  const smt::ProofFile f = lasker();
  const auto game = make_game(f.game, f.definitions);
  const std::vector<SymbolicMove> moves = game->symbolic_moves();
  ASSERT_EQ(moves.size(), 2u);
  EXPECT_EQ(moves[1].parts, 2u);
  const MoveCheck right = check_move_encoding(*game, moves, 40);
  EXPECT_TRUE(right.agrees) << right.disagreement.dump();
  EXPECT_EQ(right.positions, 41u);
  // Lasker's Nim has sum(n) + sum(floor(n / 2)) options on heaps 0..40: 820 + 400.
  EXPECT_EQ(right.followers, 1220u);
  std::vector<SymbolicMove> wrong = moves;  // the split's second part one stone short
  wrong[1].result[1] = smt::parse_expression("x1 - a - 1", {"x1", "a"});
  const MoveCheck differs = check_move_encoding(*game, wrong, 40);
  EXPECT_FALSE(differs.agrees);
  EXPECT_EQ(differs.disagreement.at("position"), Json::array({2}));
}

TEST(TakeAndBreak, TheBoxOfAWrongFormulaFailsAtItsFirstHeapWithTheSplitListed) {
  const smt::ProofFile right = lasker();
  EXPECT_EQ(check_box(right.boxes.at(0), right.definitions).verdict(), Verdict::Holds);
  const smt::ProofFile nim = lasker(kWrongFormula, "n");  // the values of plain Nim
  const BoxReport r = check_box(nim.boxes.at(0), nim.definitions);
  EXPECT_EQ(r.verdict(), Verdict::Fails);
  const ClaimOutcome& formula = r.claims.at(0);
  EXPECT_EQ(formula.failures.first.at(0), std::vector<std::uint64_t>({3}));
  EXPECT_EQ(formula.failures.count, 10000u);  // 4k + 3 and 4k + 4 for k < 5000
  ASSERT_TRUE(formula.counterexample.has_value());
  EXPECT_EQ(formula.counterexample->grundy, 4u);
  EXPECT_EQ(formula.counterexample->claimed, 3u);
  // The split (1) + (2) is worth 1 ^ 2 = 3, which the removals reach too.
  bool split = false;
  for (const FollowerValue& y : formula.counterexample->followers)
    if (y.parts == std::vector<Position>({Position{1}, Position{2}})) {
      split = true;
      EXPECT_EQ(y.value, 3u);
    }
  EXPECT_TRUE(split);
}

// --- a box of k copies of a one-heap game, added up by the Sprague-Grundy theorem ---

TEST(SumOfCopies, TwoCopiesOfAOneHeapGameAreTheTwoHeapGameTheBoxEnginePlays) {
  // S = {1, 3, 4} on one heap, added up twice, against the same game declared on two heaps.
  const smt::ProofFile one = parse_proof_file(
      "game s heaps 1\n  move \"take\" for 1 <= t <= 4 when t != 2 && t <= x1 to (x1 - t)\nend\n"
      "box \"b\" \"t\" game s sum 2 size 30 claim \"c\" \"t\": G >= 0 end\n",
      "t.proof");
  const smt::ProofFile two = parse_proof_file(
      "game s heaps 2\n"
      "  move \"take 1\" for 1 <= t <= 4 when t != 2 && t <= x1 to (x1 - t, x2)\n"
      "  move \"take 2\" for 1 <= t <= 4 when t != 2 && t <= x2 to (x1, x2 - t)\nend\n"
      "box \"b\" \"t\" game s size 30 claim \"c\" \"t\": G >= 0 end\n",
      "t.proof");
  EXPECT_EQ(one.boxes.at(0).sum, 2u);
  const auto heap = make_game(one.game, one.definitions);
  const auto pair = make_game(two.game, two.definitions);
  const BoxValues added = BoxValues::sum_of_copies(*heap, 2, 30);
  const BoxValues played(*pair, 30);
  EXPECT_EQ(added.positions(), 961u);
  EXPECT_EQ(added.values(), played.values());
  EXPECT_EQ(added.at({5, 4}), 1u);  // g = 0 1 0 1 2 3 2, period 7: g(5) ^ g(4) = 3 ^ 2
  const BoxReport r = check_box(one.boxes.at(0), one.definitions);
  EXPECT_EQ(box_json(r).at("sum_of"), 2);
  EXPECT_NE(box_json(r).at("scope").get<std::string>().find("by the Sprague-Grundy theorem"),
            std::string::npos);
}

TEST(SumOfCopies, TheSumLineIsCheckedWhereItIsRead) {
  const std::string game = "game g heaps 2\n  move \"m\" for t < x1 to (t, x2)\nend\n";
  EXPECT_NE(
      parse_error(game + "box \"b\" \"t\" game g sum 2 size 3 claim \"c\" \"t\": G >= 0 end\n")
          .find("t.proof:4:18: expected a one-heap game before 'sum' (g has 2 heaps)"),
      std::string::npos);
  const std::string heap = "game h heaps 1\n  move \"m\" for t < x1 to (t)\nend\n";
  EXPECT_NE(
      parse_error(heap + "box \"b\" \"t\" game h sum 1 size 3 claim \"c\" \"t\": G >= 0 end\n")
          .find("t.proof:4:24: expected the number of heaps of the sum from 2 to 8, not 1"),
      std::string::npos);
  EXPECT_NE(
      parse_error(heap + "box \"b\" \"t\" game h sum 9 size 3 claim \"c\" \"t\": G >= 0 end\n")
          .find("expected the number of heaps of the sum"),
      std::string::npos);
  // The claims speak of K heaps; an induction over them is refused (the theorem gives G).
  EXPECT_NE(
      parse_error(heap + "box \"b\" \"t\" game h sum 2 size 3 claim \"c\" \"t\": G == x1 ^ x2 end\n"
                         "induction \"c\" \"t\"\n  widths 8\nend\n")
          .find("a claim of a box that plays one game: \"c\" is about a sum of 2 copies"),
      std::string::npos);
}

TEST(SumOfCopies, AWrongClaimFailsWithTheFollowersAsSumsOfHeaps) {
  // Three heaps of Lasker's Nim are not Nim: (1, 2, 3) has nim-sum 0 but value 1 ^ 2 ^ 4.
  const smt::ProofFile f =
      lasker("(lasker(x1) ^ lasker(x2) ^ lasker(x3)) == 0", "(x1 ^ x2 ^ x3) == 0");
  const BoxReport r = check_box(f.boxes.at(1), f.definitions);
  EXPECT_EQ(r.verdict(), Verdict::Fails);
  const ClaimOutcome& c = r.claims.at(0);
  ASSERT_TRUE(c.counterexample.has_value());
  EXPECT_EQ(c.counterexample->position, Position({1, 2, 3}));
  EXPECT_EQ(c.counterexample->grundy, 7u);
  // The split of heap 3 into (1) + (2) leaves the heaps 1, 2, 1, 2: worth 0.
  bool split = false;
  for (const FollowerValue& y : c.counterexample->followers)
    if (y.parts == std::vector<Position>({Position{1}, Position{2}, Position{1}, Position{2}})) {
      split = true;
      EXPECT_EQ(y.value, 0u);
    }
  EXPECT_TRUE(split);
}

TEST(SumOfCopies, HugeBoxesAreRefusedUpFrontAndNoCountWraps) {
  const smt::ProofFile f = lasker();
  const auto game = make_game(f.game, f.definitions);
  // (2^32 - 1)^8 positions do not fit 64 bits: refused before anything is allocated.
  EXPECT_THROW(BoxValues::sum_of_copies(*game, 8, 0xfffffffeu), ResourceError);
  EXPECT_EQ(BoxValues::bytes(8, 0xfffffffeu), UINT64_MAX);
  // One heap of 2^32 - 2 stones: 2^32 - 1 values and their marks, beyond this machine.
  EXPECT_THROW(BoxValues(*game, 0xfffffffeu), ResourceError);
  EXPECT_GT(sum_sequence_bytes(0xfffffffeu), std::uint64_t{0xffffffffu} * 4);
  EXPECT_THROW(BoxValues::sum_of_copies(*game, 9, 3), std::invalid_argument);
}

using testing::UnknownSolvers;  // the rules then rest on MONA alone

InductionOutcome induction_of(const smt::ProofFile& f, std::size_t which = 0) {
  static const UnknownSolvers unknown;
  CheckOptions options;
  options.solvers = &unknown;
  const auto game = make_game(f.game, f.definitions);
  return check_induction(f.inductions.at(which), f.definitions, *game, options, "lasker.proof");
}

TEST(TakeAndBreak, LaskersFormulaIsProvedForEveryNByMona) {
  const InductionOutcome d = induction_of(lasker());
  ASSERT_TRUE(d.unbounded.has_value());
  EXPECT_TRUE(d.unbounded->in_fragment) << d.unbounded->outside;
  EXPECT_EQ(d.unbounded->verdict, Verdict::Holds);
  std::vector<std::string> names;
  for (const UnboundedObligation& o : d.unbounded->obligations) names.push_back(o.name);
  EXPECT_EQ(names, std::vector<std::string>({"(n) remove", "(7) remove", "(n) split", "(7) split",
                                             "(a) remove", "(a) split",
                                             "(b) every v < F is reached by some move "
                                             "(quantified)"}));
  EXPECT_EQ(d.verdict, Verdict::Holds);
  EXPECT_TRUE(d.move_check.agrees);
}

TEST(TakeAndBreak, AWrongFormulaIsRefutedForEveryNAtASplitTheGameConfirms) {
  // G = n: the split (1) + (2) of 3 is worth 1 ^ 2 = 3 = F(3), so (a) of the split fails.
  const InductionOutcome d = induction_of(lasker(kWrongFormula, "n"));
  ASSERT_TRUE(d.unbounded.has_value());
  EXPECT_EQ(d.unbounded->verdict, Verdict::Fails);
  EXPECT_EQ(d.verdict, Verdict::Fails);
  bool refuted = false;
  for (const UnboundedObligation& o : d.unbounded->obligations)
    if (o.name == "(a) split" && o.refutes) {
      refuted = true;
      ASSERT_TRUE(o.counterexample.has_value());
      const Json& equal = o.counterexample->at("followers_with_F_equal");
      ASSERT_FALSE(equal.empty());
      EXPECT_TRUE(equal[0].contains("parts")) << equal.dump();
    }
  EXPECT_TRUE(refuted);
}

TEST(TakeAndBreak, TheWinLossFormDoesNotTakeAGameWithSums) {
  // Refused when the file is read, at the induction: a sum's G is the xor of its parts'.
  std::string text = testing::committed("lasker.proof");
  const auto line = std::count(text.begin(), text.end(), '\n') + 1;
  text += "induction \"p-positions\" \"t\"\n  widths 8\nend\n";
  EXPECT_NE(parse_error(text).find(fmt::format("t.proof:{}:11: induction \"p-positions\": move "
                                               "\"split\" leaves a sum of positions",
                                               line)),
            std::string::npos)
      << parse_error(text);
}

}  // namespace
}  // namespace nimcert
