// The language's shorthands and subtraction games (issue 40, item 3): `E in {c1, ...}`, the
// value list `[v0, ..., vk-1][E]` read cyclically, and `game NAME subtraction {s1, ...}`, each
// read into what the engines already translate; values checked by hand, the refusals located.
#include <gtest/gtest.h>

#include "checks/proof_input.hpp"
#include "committed_proof.hpp"
#include "eval/evaluator.hpp"
#include "games/registry.hpp"

namespace nimcert {
namespace {

using testing::parse_error;

// The value of a one-variable definition body at n, by the C++ evaluator.
std::uint64_t value_at(const std::string& def, std::uint64_t n) {
  const smt::ProofFile p = parse_proof_file(
      "def f(n) = " + def + "\nlemma \"t\" \"t\" vars n prove f(n) >= 0 enumerate 0..1 end\n",
      "t.proof");
  const smt::Program program({"n"}, {smt::expand(smt::make_call("f", {smt::make_var("n")}),
                                                p.definitions)});
  std::vector<smt::u128> out;
  EXPECT_TRUE(program.run_one<smt::u128>({n}, out));
  return static_cast<std::uint64_t>(out.at(0));
}

TEST(Shorthands, MembershipAndValueListsMeanWhatTheySay) {
  for (std::uint64_t n = 0; n < 10; ++n)
    EXPECT_EQ(value_at("if n in {2, 5, 7} then 1 else 0", n), n == 2 || n == 5 || n == 7) << n;
  // Cyclic: [10, 20, 30][n] is 10 at n = 0, 3, 6, ..., 20 at 1, 4, ..., 30 at 2, 5, ...
  for (std::uint64_t n = 0; n < 10; ++n)
    EXPECT_EQ(value_at("[10, 20, 30][n]", n), 10 * (n % 3 + 1)) << n;
  EXPECT_EQ(value_at("[7][n]", 12345), 7u);
  EXPECT_EQ(value_at("[1, 2][n + 1] + 1", 0), 3u);
  // Membership is a comparison: `n + 1 in {3}` is (n + 1) in {3}, and binds tighter than &&.
  EXPECT_EQ(value_at("if n + 1 in {3} && n in {2} then 1 else 0", 2), 1u);
}

TEST(Shorthands, BadSetsAndListsAreLocatedErrors) {
  const std::string lemma = "lemma \"t\" \"t\" vars n prove ";
  const std::string tail = " enumerate 0..1 end\n";
  EXPECT_NE(parse_error(lemma + "n in {}" + tail).find("t.proof:1:34: expected at least one value "
                                                       "in a set"),
            std::string::npos);
  EXPECT_NE(parse_error(lemma + "n in {n}" + tail).find("expected a number in a set {c1, c2, ...} "
                                                        "(constants only)"),
            std::string::npos);
  EXPECT_NE(parse_error(lemma + "[1, 2] == n" + tail).find("expected '[' and the index after a "
                                                           "value list"),
            std::string::npos);
  EXPECT_NE(parse_error(lemma + "[1, 2][n == 0" + tail).find("expected ']'"), std::string::npos);
}

TEST(SubtractionGames, ADeclarationIsItsMovesAndItsOctalCode) {
  const smt::ProofFile p = parse_proof_file(
      "game s subtraction {7, 2, 5} heaps 2\nlemma \"t\" \"t\" vars a prove a == a enumerate "
      "0..1 end\n",
      "t.proof");
  const smt::GameDeclaration& d = *p.game.declaration;
  EXPECT_EQ(d.subtraction, (std::vector<std::uint64_t>{2, 5, 7}));
  EXPECT_EQ(d.heaps, 2u);
  ASSERT_EQ(d.moves.size(), 6u);
  EXPECT_EQ(d.moves[0].name, "take 2 from x1");
  EXPECT_EQ(d.moves[5].name, "take 7 from x2");
  EXPECT_EQ(octal_code_of(d).text(), "0.0300303");
  EXPECT_TRUE(octal_code_of(d).is_subtraction());
  // The game's values: S = {2, 5, 7} on one heap, 0 0 1 1 0 2 1 3 (by hand: g(7) = mex of
  // g(5), g(2), g(0) = mex {2, 1, 0} = 3).
  const auto game = make_game(p.game, p.definitions);
  EXPECT_EQ(game->heap_count(), 2u);
}

TEST(SubtractionGames, BadSetsAreLocatedErrors) {
  EXPECT_NE(parse_error("game s subtraction {0, 2}\n").find("t.proof:1:20: expected a subtraction "
                                                           "set of positive numbers"),
            std::string::npos);
  EXPECT_NE(parse_error("game s subtraction {2, 2}\n").find("each number once"),
            std::string::npos);
  EXPECT_NE(parse_error("game s subtraction {257}\n").find("numbers up to 256, not 257"),
            std::string::npos);
  EXPECT_NE(parse_error("game s subtraction {2} heaps 9\n").find("the number of heaps"),
            std::string::npos);
  // A sequence plays a one-heap subtraction game, not one of several heaps.
  EXPECT_NE(parse_error("game s subtraction {1, 2} heaps 2\nsequence \"q\" \"t\" game s last 9 "
                        "end\n")
                .find("a one-heap subtraction game"),
            std::string::npos);
}

}  // namespace
}  // namespace nimcert
