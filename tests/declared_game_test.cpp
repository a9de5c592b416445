// Games declared in the proof file (issue 16): the declaration's grammar and its located
// errors; the declared games against the built-in engines they must equal (followers, tables,
// the cube's digest, the recognised shapes); the rules check refusing a move that does not
// lower the rank, whether the box or only a solver finds it; and the win-loss induction,
// which holds for the subtraction game and fails, with a confirmed position, on a wrong P.
#include "games/declared_game.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>

#include "checks/proof_check.hpp"
#include "checks/proof_input.hpp"
#include "checks/rules_check.hpp"
#include "command_support.hpp"
#include "committed_proof.hpp"
#include "engines/box_engine.hpp"
#include "engines/cube_engine.hpp"
#include "engines/reference_engine.hpp"
#include "games/amalgamation.hpp"
#include "games/move_shapes.hpp"
#include "games/nim.hpp"
#include "games/one_heap.hpp"
#include "games/presets.hpp"
#include "games/serial_nim.hpp"

namespace nimcert {
namespace {

namespace fs = std::filesystem;

const char* kManabe = R"(game manabe heaps 3
  move "reduce x1" for t < x1 to (t, x2, x3)
  move "reduce x2" for t < x2 to (x1, t, x3)
  move "reduce x3" for t < x3 to (x1, x2, t)
  move "merge x1+x2 -> x1" when x1 >= 2 && x2 >= 2 to (x1 + x2, 0, x3)
  move "merge x1+x2 -> x2" when x1 >= 2 && x2 >= 2 to (0, x1 + x2, x3)
  move "merge x2+x3 -> x2" when x2 >= 2 && x3 >= 2 to (x1, x2 + x3, 0)
  move "merge x2+x3 -> x3" when x2 >= 2 && x3 >= 2 to (x1, 0, x2 + x3)
  move "merge x1+x3 -> x1" when x1 >= 2 && x3 >= 2 to (x1 + x3, x2, 0)
  move "merge x1+x3 -> x3" when x1 >= 2 && x3 >= 2 to (0, x2, x1 + x3)
end
)";

const char* kWythoff = R"(game wythoff heaps 2
  move "reduce x1" for t < x1 to (t, x2)
  move "reduce x2" for t < x2 to (x1, t)
  move "reduce both" for 1 <= s <= x1 when s <= x2 to (x1 - s, x2 - s)
end
)";

const char* kSubtraction = R"(game subtraction heaps 3
  move "take from x1" for 1 <= s <= 3 when s <= x1 to (x1 - s, x2, x3)
  move "take from x2" for 1 <= s <= 3 when s <= x2 to (x1, x2 - s, x3)
  move "take from x3" for 1 <= s <= 3 when s <= x3 to (x1, x2, x3 - s)
end
)";

// The file's declared game, built.
std::unique_ptr<DeclaredGame> declared(const std::string& text) {
  const smt::ProofFile f = parse_proof_file(
      text + "lemma \"l\" \"t\"\n  vars a\n  prove a == a\n  widths 8\n  enumerate 0..1\nend\n",
      "t.proof");
  return std::make_unique<DeclaredGame>(f.game.declaration, f.definitions);
}

using testing::parse_error;

std::vector<Position> followers(const Game& g, const Position& p) {
  std::vector<Position> out;
  g.for_each_follower(p, [&](const Position& q) { out.push_back(q); });
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

// --- the declaration and its errors ---

TEST(DeclaredGame, TheDeclarationIsReadAndRecordedInCanonicalText) {
  const auto g = declared(kWythoff);
  EXPECT_EQ(g->name(), "wythoff");
  EXPECT_EQ(g->heap_count(), 2u);
  const auto moves = g->parameters().at("moves");
  ASSERT_EQ(moves.size(), 3u);
  EXPECT_EQ(moves[0].at("rule"), "for 0 <= t < x1 to (t, x2)");
  EXPECT_EQ(moves[2].at("rule"), "for 1 <= s <= x1 when (s <= x2) to ((x1 - s), (x2 - s))");
  EXPECT_EQ(followers(*g, {2, 1}), (std::vector<Position>{{0, 1}, {1, 0}, {1, 1}, {2, 0}}));
}

TEST(DeclaredGame, BadDeclarationsAreLocatedErrors) {
  EXPECT_EQ(parse_error("game g heaps 2\n  move \"m\" for t to (t, x2)\nend\n"),
            "t.proof:2:18: expected an upper bound for t: 't < E' or 't <= E' (every parameter "
            "is bounded, so that its choices can be enumerated)");
  EXPECT_EQ(parse_error("game g heaps 2\n  move \"m\" for t < x1 to (t)\nend\n"),
            "t.proof:2:26: expected a follower of 2 heaps, as the game declares (1 given)");
  EXPECT_EQ(parse_error("game g heaps 1\n  move \"m\" for t < x1 to (t)\n  move \"m\" for t < x1 "
                        "to (t)\nend\n"),
            "t.proof:3:8: expected a move name not used before (\"m\" is)");
  EXPECT_EQ(parse_error("game nim heaps 1\n  move \"m\" for t < x1 to (t)\nend\n"),
            "t.proof:1:6: expected a new game name ('nim' is a built-in game; declare yours "
            "under another name)");
  EXPECT_EQ(parse_error("game g heaps 9\n"),
            "t.proof:1:14: expected the number of heaps from 1 to 8, not 9");
  EXPECT_EQ(parse_error("game g heaps 2\n  move \"m\" for x2 < x1 to (x1, x2)\nend\n"),
            "t.proof:2:21: expected a new parameter name ('x1' is a heap)");
  EXPECT_EQ(parse_error("game g heaps 1\n  move \"m\" when x1 > 0 (x1 - 1)\nend\n"),
            "t.proof:2:24: expected 'to' and the follower (E1, ..., Ek)");
  EXPECT_EQ(parse_error("game g heaps 1\nend\n"),
            "t.proof:2:1: expected at least one 'move' in the game declaration");
  EXPECT_EQ(parse_error("game g heaps 1\n  move \"m\" for t < x1 to (t)\nend\nbox \"b\" \"t\"\n"
                        "  game g(heaps = 1) size 2\nend\n"),
            "t.proof:5:9: expected no parameters: 'g' is a game this file declares");
}

// --- declared games against the built-in engines ---

TEST(DeclaredGame, ManabeDeclaredIsRecognisedAsTheCubeEnginesShapeAndGivesItsTable) {
  const auto g = declared(kManabe);
  const Amalgamation builtin(2);
  ASSERT_TRUE(g->move_shape().has_value());
  EXPECT_EQ(g->move_shape()->threshold, 2u);
  ASSERT_EQ(g->move_shape()->merges.size(), 6u);
  for (std::size_t i = 0; i < 6; ++i) {
    EXPECT_EQ(g->move_shape()->merges[i].a, builtin.move_shape()->merges[i].a);
    EXPECT_EQ(g->move_shape()->merges[i].b, builtin.move_shape()->merges[i].b);
    EXPECT_EQ(g->move_shape()->merges[i].to, builtin.move_shape()->merges[i].to);
  }
  EXPECT_TRUE(g->symmetric_in_last_two_heaps());
  EXPECT_FALSE(g->lowers_heaps());
  for (Heap x = 0; x <= 5; ++x)
    for (Heap y = 0; y <= 5; ++y)
      for (Heap z = 0; z <= 5; ++z)
        EXPECT_EQ(followers(*g, {x, y, z}), followers(builtin, {x, y, z}));
  const ValueTable a = CubeEngine(*g, 24).dense(Box{{24, 24, 24}});
  const ValueTable b = CubeEngine(builtin, 24).dense(Box{{24, 24, 24}});
  ReferenceEngine reference(*g);
  for (Heap x = 0; x <= 24; ++x)
    for (Heap y = 0; y <= 24; ++y)
      for (Heap z = 0; z <= 24; ++z) {
        ASSERT_EQ(a.at(x, y, z), b.at(x, y, z));
        if (x + y + z <= 18) {
          EXPECT_EQ(reference.grundy({x, y, z}), b.at(x, y, z));
        }
      }
}

TEST(DeclaredGame, ShapesAreRecognisedOnlyWhenExact) {
  // A merge of another threshold, a reduction to t <= x1, a reduction with a condition: none
  // is the cube engine's shape.
  const std::string base =
      "game g heaps 3\n  move \"r1\" for t < x1 to (t, x2, x3)\n"
      "  move \"r2\" for t < x2 to (x1, t, x3)\n";
  EXPECT_TRUE(declared(base + "  move \"r3\" for t < x3 to (x1, x2, t)\nend\n")->move_shape());
  EXPECT_FALSE(
      declared(base + "  move \"r3\" for t < x3 when t > 0 to (x1, x2, t)\nend\n")->move_shape());
  EXPECT_FALSE(declared(base + "end\n")->move_shape());  // heap 3 is never reduced
  EXPECT_FALSE(declared(base + "  move \"r3\" for t < x3 to (x1, x2, t)\n"
                               "  move \"m\" when x1 >= 2 && x2 >= 2 to (x1 + x2, 0, x3)\n"
                               "  move \"n\" when x1 >= 3 && x3 >= 3 to (x1 + x3, x2, 0)\nend\n")
                   ->move_shape());
  // Only merges of (x1, x2): not symmetric in the last two heaps.
  const auto one_merge =
      declared(base +
               "  move \"r3\" for t < x3 to (x1, x2, t)\n"
               "  move \"m\" when x1 >= 2 && x2 >= 2 to (x1 + x2, 0, x3)\nend\n");
  ASSERT_TRUE(one_merge->move_shape());
  EXPECT_FALSE(one_merge->symmetric_in_last_two_heaps());
}

TEST(DeclaredGame, DeclaredNimAndMaximumNimHaveTheBuiltInFollowers) {
  const auto nim = declared(
      "game n heaps 3\n  move \"r1\" for t < x1 to (t, x2, x3)\n  move \"r2\" for t < x2 to "
      "(x1, t, x3)\n  move \"r3\" for t < x3 to (x1, x2, t)\nend\n");
  const Nim builtin(3);
  for (Heap x = 0; x <= 4; ++x)
    for (Heap y = 0; y <= 4; ++y)
      for (Heap z = 0; z <= 4; ++z)
        EXPECT_EQ(followers(*nim, {x, y, z}), followers(builtin, {x, y, z}));
  // Maximum Nim with f(n) = ceil(n / 2): take k stones, 1 <= k <= f(n).
  const auto maximum = declared(
      "def f(n) = (n + 1) / 2\ngame m heaps 1\n  move \"take\" for 1 <= k "
      "<= f(x1) to (x1 - k)\nend\n");
  const OneHeapGame levine(OneHeapGame::Kind::Maximum, Rule("(n + 1) / 2", {}));
  for (Heap n = 0; n <= 60; ++n) EXPECT_EQ(followers(*maximum, {n}), followers(levine, {n}));
  EXPECT_TRUE(maximum->lowers_heaps());
  const BoxValues a(*maximum, 60), b(levine, 60);
  EXPECT_EQ(a.values(), b.values());
}

TEST(DeclaredGame, TheDenseBoxEngineEqualsTheReferenceEngineOnWythoff) {
  const auto g = declared(kWythoff);
  ASSERT_TRUE(g->lowers_heaps());
  const BoxValues box(*g, 30);
  ReferenceEngine reference(*g);
  for (Heap x = 0; x <= 30; ++x)
    for (Heap y = 0; y <= 30; ++y) EXPECT_EQ(box.at({x, y}), reference.grundy({x, y}));
  // Hand-checkable: the P-positions (0,0), (1,2), (3,5), (4,7) and the value G(1,1) = 2.
  for (const Position& p : std::vector<Position>{{0, 0}, {1, 2}, {2, 1}, {3, 5}, {4, 7}, {7, 4}})
    EXPECT_EQ(box.at(p), 0u) << p.to_string();
  EXPECT_EQ(box.at({1, 1}), 2u);
  EXPECT_EQ(box.at({2, 2}), 1u);
}

TEST(DeclaredGame, TheBatchedRouteListsThePlainRoutesFollowers) {
  // Moore's Nim_2 on four heaps (two parameters, flat bounds) and a game whose bound reads
  // another parameter (taken position by position): rows of both routes, every position.
  const auto moore = declared(
      "game m heaps 4\n  move \"r1\" for t < x1 to (t, x2, x3, x4)\n"
      "  move \"r12\" for t1 < x1, t2 < x2 to (t1, t2, x3, x4)\n"
      "  move \"r34\" for t3 < x3, t4 < x4 to (x1, x2, t3, t4)\nend\n");
  const auto nested = declared(
      "game n heaps 2\n  move \"r\" for 1 <= s <= x1, t < s when t <= x2 to (x1 - s, x2 - "
      "t)\nend\n");
  for (const DeclaredGame* g : {moore.get(), nested.get()}) {
    const std::size_t k = g->heap_count();
    std::vector<std::vector<Position>> row;
    Position p = Position::zeros(k);
    std::uint64_t compared = 0;
    for (Heap a = 0; a <= 5; ++a) {
      p[0] = a;
      for (std::size_t i = 1; i + 1 < k; ++i) p[i] = a % 3 + static_cast<Heap>(i);
      p[k - 1] = 0;
      g->followers_of_row(p, 7, row);
      ASSERT_EQ(row.size(), 7u);
      for (Heap z = 0; z < 7; ++z) {
        Position q = p;
        q[k - 1] = z;
        std::vector<Position> plain;
        g->for_each_follower(q, [&](const Position& y) { plain.push_back(y); });
        std::vector<Position> batched = row[z];
        std::sort(plain.begin(), plain.end());
        std::sort(batched.begin(), batched.end());
        EXPECT_EQ(batched, plain) << g->name() << " at " << q.to_string();
        compared += plain.size();
      }
    }
    EXPECT_GT(compared, 100u) << g->name();
  }
}

TEST(DeclaredGame, EveryBuiltInGamesPresetAgreesWithItsEngine) {
  std::vector<std::unique_ptr<Game>> games;
  games.push_back(std::make_unique<Nim>(3));
  games.push_back(std::make_unique<SerialNim>(3));
  games.push_back(std::make_unique<Amalgamation>(2));
  games.push_back(std::make_unique<Amalgamation>(1));
  games.push_back(
      std::make_unique<OneHeapGame>(OneHeapGame::Kind::Maximum, Rule("(n - 1) / 2", {})));
  games.push_back(std::make_unique<OneHeapGame>(OneHeapGame::Kind::Minimum, Rule("n / 3", {})));
  for (const auto& g : games) {
    const DeclaredGame preset(preset_declaration(*g, {}), {});
    const RulesReport r = check_preset(*g, preset);
    EXPECT_TRUE(r.built_in_agrees) << g->describe() << " " << r.built_in_disagreement.dump();
    EXPECT_FALSE(r.violation.has_value()) << g->describe();
    EXPECT_GT(r.values_compared, 40u) << g->describe();
    EXPECT_EQ(r.game, g->describe());
  }
}

TEST(DeclaredGame, APresetThatIsNotItsGameIsCaughtAgainstTheBuiltInEngine) {
  // Nim on three heaps "declared" without the reduction of heap 3.
  const auto wrong = declared(
      "game g heaps 3\n  move \"r1\" for t < x1 to (t, x2, x3)\n"
      "  move \"r2\" for t < x2 to (x1, t, x3)\nend\n");
  const RulesReport r = check_preset(Nim(3), *wrong);
  EXPECT_FALSE(r.built_in_agrees);
  EXPECT_EQ(r.verdict(), Verdict::Fails);
  EXPECT_EQ(r.built_in_disagreement.at("position"), "(0,0,1)");
  EXPECT_EQ(r.built_in_disagreement.at("built_in"), nlohmann::ordered_json::array({"(0,0,0)"}));
  EXPECT_TRUE(r.built_in_disagreement.at("declared").empty());
}

// --- the rules check ---

TEST(DeclaredGame, AMoveThatDoesNotLowerTheRankIsRefusedAtTheFirstPositionOfTheBox) {
  const auto g = declared("game g heaps 2\n  move \"r\" for t <= x1 to (t, x2)\nend\n");
  try {
    g->for_each_follower({0, 0}, [](const Position&) {});
    ADD_FAILURE() << "t = x1 = 0 gives the position itself";
  } catch (const RuleViolation& v) {
    EXPECT_EQ(v.move, "r");
    EXPECT_EQ(v.position, (Position{0, 0}));
    EXPECT_STREQ(v.what(),
                 "move \"r\" at (0,0) with t = 0: the follower (0,0) does not lower "
                 "the rank (stones plus nonempty heaps: 0 -> 0)");
  }
  const RulesReport r = check_rules(*g, {}, false);
  EXPECT_EQ(r.verdict(), Verdict::Fails);
  EXPECT_EQ(r.violating_move, "r");
  ASSERT_TRUE(r.violation_at.has_value());
  EXPECT_EQ(*r.violation_at, (Position{0, 0}));
}

TEST(DeclaredGame, ARankKeptOnlyBeyondTheBoxIsFoundByTheSolversAndRefusesTheFile) {
  // Legal only from 50 stones on: the box [0,6]^2 never sees it; (7) has a model, re-checked
  // in C++ before the file is refused.
  const fs::path dir = testing::scratch_dir("declared-rank");
  const fs::path proof = dir / "stay.proof";
  std::ofstream(proof) << "game g heaps 2\n  move \"r\" for t < x1 to (t, x2)\n"
                          "  move \"stay\" when x1 >= 50 to (x1, x2)\nend\n"
                          "box \"b\" \"t\"\n  game g size 3\n  claim \"c\" \"t\": G == x1\nend\n";
  const testing::CommandResult r =
      testing::nimcert_in(dir, "certify -o " + (dir / "c.json").string() + " " + proof.string());
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_NE(r.out.find("stay.proof:3:8: expected rules that make a game: move \"stay\" does not "
                       "lower the rank (stones plus nonempty heaps) at {"),
            std::string::npos)
      << r.out;
  EXPECT_FALSE(fs::exists(dir / "c.json"));
  fs::remove_all(dir);
}

TEST(DeclaredGame, ASubtractionThatWouldTruncateIsRefusedWithItsParameter) {
  const auto g = declared(
      "game g heaps 1\n  move \"take\" for 1 <= s <= 3 when s <= x1 to (x1 - s - 1)\nend\n");
  const RulesReport r = check_rules(*g, {}, false);
  ASSERT_TRUE(r.violation.has_value());
  EXPECT_EQ(*r.violation,
            "move \"take\" at (1) with s = 1: the follower leaves the naturals (((x1 - s) >= 1) "
            "is false; nimcert's subtraction stops at 0, the rules' must not)");
}

TEST(DeclaredGame, TheRulesOfAGoodGameHoldAtEveryWidth) {
  const auto g = declared(kSubtraction);
  const RulesReport r = check_rules(*g, {}, true);
  EXPECT_EQ(r.verdict(), Verdict::Holds);
  EXPECT_EQ(r.positions, 343u);  // [0,6]^3
  EXPECT_GT(r.followers, 0u);
  ASSERT_EQ(r.widths.size(), 4u);
  // The widest width is solved; it implies the others (D_w ⊂ D_64), which are not.
  const InductionWidth& widest = r.widths.back();
  EXPECT_EQ(widest.width, 64u);
  EXPECT_EQ(widest.implied_by, 0u);
  ASSERT_EQ(widest.obligations.size(), 6u);  // (n) and (7) per move kind
  EXPECT_EQ(widest.obligations[0].name, "(n) take from x1");
  EXPECT_EQ(widest.obligations[1].name, "(7) take from x1");
  for (const InductionWidth& w : r.widths) {
    EXPECT_EQ(w.verdict, Verdict::Holds);
    if (w.width == 64) continue;
    EXPECT_EQ(w.implied_by, 64u) << w.width;
    EXPECT_TRUE(w.obligations.empty()) << w.width;
  }
}

// --- the win-loss induction ---

smt::ProofFile subtraction_proof(const std::string& p) {
  return parse_proof_file(std::string(kSubtraction) +
                              "def mod4(x1, x2, x3) = (x1 % 4) ^ (x2 % 4) ^ (x3 % 4)\n"
                              "box \"s\" \"t\"\n  game subtraction size 8\n"
                              "  claim \"p\" \"t\": (G == 0) <-> " +
                              p +
                              "\nend\n"
                              "induction \"p\" \"t\"\n  widths 8\nend\n",
                          "s.proof");
}

TEST(DeclaredGame, TheWinLossInductionProvesThePPositionsOfTheSubtractionGame) {
  const smt::ProofFile f = subtraction_proof("mod4(x1, x2, x3) == 0");
  ASSERT_EQ(f.inductions.size(), 1u);
  EXPECT_TRUE(f.inductions[0].win_loss);
  CheckOptions options;
  options.unbounded = false;
  const DeclaredGame g(f.game.declaration, f.definitions);
  const InductionOutcome d = check_induction(f.inductions[0], f.definitions, g, options, "s.proof");
  EXPECT_EQ(d.verdict, Verdict::Holds);
  ASSERT_EQ(d.widths.size(), 1u);
  // (7) and (a) per move kind, and (b): no (b0), since P is a condition and not a value.
  ASSERT_EQ(d.widths[0].obligations.size(), 7u);
  EXPECT_EQ(d.widths[0].obligations[6].name,
            "(b) from every X outside P, P is reached by some move (quantified)");
}

TEST(DeclaredGame, AWrongPIsRefutedByTheWinLossInductionAtAConfirmedPosition) {
  // (1,0,0) added to P: it moves to (0,0,0), and (4,0,0) moves to it, each pair in P, so (a)
  // of "take from x1" fails at one of the two.
  const smt::ProofFile f =
      subtraction_proof("(mod4(x1, x2, x3) == 0 || (x1 == 1 && x2 + x3 == 0))");
  CheckOptions options;
  options.unbounded = false;
  const DeclaredGame g(f.game.declaration, f.definitions);
  const InductionOutcome d = check_induction(f.inductions[0], f.definitions, g, options, "s.proof");
  EXPECT_EQ(d.verdict, Verdict::Fails);
  bool confirmed = false;
  for (const ObligationOutcome& o : d.widths[0].obligations)
    if (o.name == "(a) take from x1" && o.refutes) {
      confirmed = true;
      const auto& at = o.counterexample->at("position");
      EXPECT_TRUE(at == nlohmann::ordered_json::array({1, 0, 0}) ||
                  at == nlohmann::ordered_json::array({4, 0, 0}))
          << at;
      EXPECT_FALSE(o.counterexample->at("followers_with_F_equal").empty());
    }
  EXPECT_TRUE(confirmed);
}

}  // namespace
}  // namespace nimcert

namespace nimcert {
namespace {

// --- the committed proofs of declared games, and a mutant of each ---

struct CommittedMutant {
  const char* proof;                                         // under certs/
  std::vector<std::pair<std::string, std::string>> replace;  // each at every occurrence
  const char* failure;  // the start of the report's failure line
};

TEST(DeclaredGame, EachCommittedDeclaredGamesMutantFailsAtItsFirstPosition) {
  const CommittedMutant mutants[] = {
      {"wythoff.proof",
       {{"(G == 0) <-> wythoff_p(x1, x2)", "(G == 0) <-> wythoff_p(x1, x2) || x1 + x2 == 5"}},
       "fails box wythoff: claim p-positions: fails at 6 of 90601 positions, at (0,5) (1,4)"},
      {"moore-nim.proof",
       {{"(a | b | c | d) == three(a, b, c, d)", "(a ^ b ^ c ^ d) == 0"}},
       "fails box nim-2: claim p-positions: fails at 4719 of 65536 positions, the first 10 "
       "(0,0,1,1) (0,0,2,2)"},
      {"subtraction.proof",
       {{"(x3 % 4)\n", "(x3 % 3)\n"}},
       "fails box s123: claim mod-4: fails at 48749 of 68921 positions, the first 10 (0,0,3)"},
      // Every merge with threshold 2: Manabe's game, where formula (4) holds at (0,2,4).
      {"merge-min-3.proof",
       {{">= 3 && ", ">= 2 && "}, {">= 3 to (", ">= 2 to ("}},
       "fails claim formula-4-fails-at-0-2-4 on [0,128]^3: fails at 1 of 2146689 positions, at "
       "(0,2,4)"},
  };
  const fs::path dir = testing::scratch_dir("declared-committed-mutants");
  for (const CommittedMutant& m : mutants) {
    std::string text = testing::read_text(fs::path(NIMCERT_SOURCE_DIR) / "certs" / m.proof);
    for (const auto& [from, to] : m.replace) {
      std::size_t at = text.find(from);
      ASSERT_NE(at, std::string::npos) << m.proof << ": " << from;
      for (; at != std::string::npos; at = text.find(from, at + to.size()))
        text.replace(at, from.size(), to);
    }
    std::ofstream(dir / m.proof) << text;
    const testing::CommandResult r =
        testing::nimcert_in(dir, std::string("certify --only claims ") + m.proof);
    EXPECT_EQ(r.status, 1) << r.out;
    EXPECT_NE(r.out.find(m.failure), std::string::npos) << m.proof << "\n" << r.out;
    EXPECT_NE(r.out.find("counterexample: {\"position\""), std::string::npos) << r.out;
  }
  fs::remove_all(dir);
}

}  // namespace
}  // namespace nimcert
