// Misère play (issue 40, item 2): the player who cannot move wins.  The misère box engine held
// against the definition written out here and against values worked by hand; Bouton's misère
// rule holding and its mutants failing, the induction's (m) and misère (b) each refuted with a
// counterexample the game confirms; the refusals (a sum box, named checks, a G == F claim, a
// game whose followers are sums).
#include <gtest/gtest.h>

#include <map>

#include "checks/box_check.hpp"
#include "checks/induction/check.hpp"
#include "checks/proof_input.hpp"
#include "committed_proof.hpp"
#include "engines/box_engine.hpp"
#include "games/registry.hpp"

namespace nimcert {
namespace {

using testing::parse_error;

// The misère outcome by the definition: N (true) without a move or with a move to P.
bool n_position(const Game& game, const Position& p, std::map<std::vector<Heap>, bool>& memo) {
  const std::vector<Heap> key(p.begin(), p.end());
  if (auto it = memo.find(key); it != memo.end()) return it->second;
  bool any = false, to_p = false;
  game.for_each_follower(p, [&](const Position& q) {
    any = true;
    to_p = to_p || !n_position(game, q, memo);
  });
  return memo[key] = !any || to_p;
}

TEST(MisereBox, OutcomesAreTheDefinitionsOnSeveralGames) {
  const smt::ProofFile p = parse_proof_file(
      "game s134 subtraction {1, 3, 4} heaps 2\n"
      "game wythoff heaps 2\n"
      "  move \"reduce x1\" for t < x1 to (t, x2)\n"
      "  move \"reduce x2\" for t < x2 to (x1, t)\n"
      "  move \"reduce both\" for 1 <= s <= x1 when s <= x2 to (x1 - s, x2 - s)\n"
      "end\n"
      "lemma \"t\" \"t\" vars a prove a == a enumerate 0..1 end\n",
      "t.proof");
  std::vector<std::unique_ptr<Game>> games;
  games.push_back(make_game("nim", {{"heaps", 3}}));
  for (const auto& d : p.declared_games) {
    smt::GameSpec spec;
    spec.name = d->name;
    spec.declaration = d;
    games.push_back(make_game(spec, p.definitions));
  }
  std::uint64_t compared = 0;
  for (const auto& game : games) {
    const Heap side = game->heap_count() == 3 ? 9 : 20;
    const BoxValues box = BoxValues::misere_outcomes(*game, side);
    std::map<std::vector<Heap>, bool> memo;
    for (std::uint64_t i = 0; i < box.positions(); ++i, ++compared)
      ASSERT_EQ(box.values()[i], n_position(*game, box.position(i), memo) ? 1u : 0u)
          << game->describe() << " " << box.position(i).to_string();
  }
  EXPECT_EQ(compared, 1000u + 441u + 441u);
  // By hand, one heap of Nim: (0) has no move, an N-position; (1) moves only to (0): P;
  // (n >= 2) moves to (1): N.
  const auto nim1 = make_game("nim", {{"heaps", 1}});
  const BoxValues one = BoxValues::misere_outcomes(*nim1, 5);
  EXPECT_EQ(one.values(), (std::vector<Value>{1, 0, 1, 1, 1, 1}));
  // A take-and-break game is refused: a sum's misère outcome is not its parts'.
  const smt::ProofFile lasker = parse_proof_file(
      "game lasker heaps 1\n  move \"split\" for 1 <= a <= x1 / 2 to (a) + (x1 - a)\nend\n"
      "lemma \"t\" \"t\" vars a prove a == a enumerate 0..1 end\n",
      "t.proof");
  const auto split = make_game(lasker.game, lasker.definitions);
  EXPECT_THROW(BoxValues::misere_outcomes(*split, 5), std::invalid_argument);
}

const char* kRule = R"(def mp(a, b, c) = if a >= 2 || b >= 2 || c >= 2 then (a ^ b ^ c) == 0 else (a ^ b ^ c) == 1
box "m" "misère Nim, three heaps"
  game nim(heaps = 3) misere
  size 7
  claim "rule" "Bouton's misère rule": (G == 0) <-> mp(x1, x2, x3)
end
induction "rule" "for every position" end
)";

struct Checked {
  BoxReport box;
  InductionOutcome induction;
};

Checked check(const std::string& text) {
  const smt::ProofFile p = parse_proof_file(text, "t.proof");
  const auto game = make_game(p.inductions[0].game, p.definitions);
  return {check_box(p.boxes[0], p.definitions),
          check_induction(p.inductions[0], p.definitions, *game, {}, "t.proof")};
}

TEST(MisereNim, BoutonsRuleHoldsAndItsMutantsFailWithConfirmedCounterexamples) {
  const Checked right = check(kRule);
  EXPECT_EQ(right.box.verdict(), Verdict::Holds);
  EXPECT_EQ(right.induction.verdict, Verdict::Holds);
  EXPECT_TRUE(right.induction.misere);
  ASSERT_TRUE(right.induction.unbounded);
  // (m), then one misère (b) per move kind of three-heap Nim, after (n), (7), (a).
  std::size_t terminal = 0, completeness = 0;
  for (const auto& o : right.induction.unbounded->obligations) {
    terminal += o.name.rfind("(m) ", 0) == 0;
    completeness += o.name.rfind("(b) from every X outside P where", 0) == 0;
  }
  EXPECT_EQ(terminal, 1u);
  EXPECT_EQ(completeness, 3u);

  // Normal play's rule: (0,0,0), which has no move, would be in P.
  std::string normal = kRule;
  normal.replace(normal.find("(a ^ b ^ c) == 1"), 16, "(a ^ b ^ c) == 0");
  const Checked n = check(normal);
  EXPECT_EQ(n.box.verdict(), Verdict::Fails);
  EXPECT_EQ(n.box.claims[0].counterexample->position.to_string(), "(0,0,0)");
  EXPECT_EQ(n.induction.verdict, Verdict::Fails);
  bool terminal_refutes = false;
  for (const auto& o : n.induction.unbounded->obligations)
    if (o.name.rfind("(m) ", 0) == 0 && o.refutes) {
      terminal_refutes = true;
      EXPECT_EQ(o.counterexample->at("misere_outcome"), "N");
    }
  EXPECT_TRUE(terminal_refutes);

  // The threshold moved to 3: (2,2,0) is outside P with no move into P.
  std::string threshold = kRule;
  threshold.replace(threshold.find("a >= 2 || b >= 2 || c >= 2"), 26, "a >= 3 || b >= 3 || c >= 3");
  const Checked t = check(threshold);
  EXPECT_EQ(t.box.verdict(), Verdict::Fails);
  EXPECT_EQ(t.induction.verdict, Verdict::Fails);
}

TEST(MisereNim, RefusalsAreLocated) {
  const std::string box = "box \"m\" \"t\" game nim(heaps = 2) misere size 3 ";
  // A sum box played misère is no refusal any more (its outcomes come from the definition).
  EXPECT_EQ(parse_error("game lasker heaps 1\n  move \"split\" for 1 <= a <= x1 / 2 to (a) + "
                        "(x1 - a)\nend\nbox \"m\" \"t\" game lasker sum 2 misere size 3 claim \"c\" "
                        "\"t\": G >= 0 end\n"),
            "no error");
  EXPECT_NE(parse_error("game k octal \"0.77\"\nbox \"m\" \"t\" game k sum 2 size 3 claim \"c\" "
                        "\"t\": G >= 0 end\n")
                .find("'sum K misere' states the misère outcomes of its sums"),
            std::string::npos);
  EXPECT_NE(parse_error(box + "claim \"c\" \"t\": G == x1 ^ x2 end\ninduction \"c\" \"t\" end\n")
                .find("a claim (G == 0) <-> P of a misère box"),
            std::string::npos);
  EXPECT_NE(parse_error("game serial-nim(heaps = 2)\nbox \"m\" \"t\" game serial-nim(heaps = 2) "
                        "misere size 3 claim \"c\" \"t\": G >= 0 check \"right-associativity\" "
                        "end\n")
                .find("no named checks in a misère box"),
            std::string::npos);
}

}  // namespace
}  // namespace nimcert
