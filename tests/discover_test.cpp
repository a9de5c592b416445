// nimcert discover: the formula search (discovery/formula_search.hpp) on exact tables, and the
// command end to end (cli/discover.hpp).
//
// The search rediscovers Bouton's xor for Nim, the mod-4 residues for S = {1, 2, 3}, Serial
// Nim's nested bracket from the file's definition, and formula (4) of Manabe's game from its
// `delta`; a table with one value changed yields no formula, or one the true table refutes; a
// formula that fits the samples but not the table is never returned.  The command writes a
// proof only when its induction holds on N^k: a formula fitted on a table too small is refuted
// by MONA (a counterexample the game confirms), and the larger table finds the theorem.
#include "cli/discover.hpp"

#include <gtest/gtest.h>

#include "checks/proof_input.hpp"
#include "command_support.hpp"
#include "discovery/discovered_proof.hpp"
#include "discovery/formula_search.hpp"
#include "engines/grundy_of.hpp"
#include "games/registry.hpp"

namespace nimcert {
namespace {

const char* kSubtraction =
    "game subtraction heaps 3\n"
    "  move \"take from x1\" for 1 <= s <= 3 when s <= x1 to (x1 - s, x2, x3)\n"
    "  move \"take from x2\" for 1 <= s <= 3 when s <= x2 to (x1, x2 - s, x3)\n"
    "  move \"take from x3\" for 1 <= s <= 3 when s <= x3 to (x1, x2, x3 - s)\n"
    "end\n";

const char* kManabe =
    "game manabe heaps 3\n"
    "  move \"reduce x1\" for t < x1 to (t, x2, x3)\n"
    "  move \"reduce x2\" for t < x2 to (x1, t, x3)\n"
    "  move \"reduce x3\" for t < x3 to (x1, x2, t)\n"
    "  move \"merge x1+x2 -> x1\" when x1 >= 2 && x2 >= 2 to (x1 + x2, 0, x3)\n"
    "  move \"merge x1+x2 -> x2\" when x1 >= 2 && x2 >= 2 to (0, x1 + x2, x3)\n"
    "  move \"merge x2+x3 -> x2\" when x2 >= 2 && x3 >= 2 to (x1, x2 + x3, 0)\n"
    "  move \"merge x2+x3 -> x3\" when x2 >= 2 && x3 >= 2 to (x1, 0, x2 + x3)\n"
    "  move \"merge x1+x3 -> x1\" when x1 >= 2 && x3 >= 2 to (x1 + x3, x2, 0)\n"
    "  move \"merge x1+x3 -> x3\" when x1 >= 2 && x3 >= 2 to (0, x2, x1 + x3)\n"
    "end\n";

const char* kDelta =
    "def u(x) = x >> 1\n"
    "def edge(a, b) = u(a) > 0 && u(b) > 0 && (u(a) & u(b)) == 0\n"
    "def edges(x1, x2, x3) = edge(x1, x2) + edge(x2, x3) + edge(x1, x3)\n"
    "def delta(x1, x2, x3) = edges(x1, x2, x3) == 1 || edges(x1, x2, x3) == 2\n";

smt::ProofFile declared(const std::string& text) {
  return parse_proof_file(text, "t.proof", smt::Reading::Exploring);
}

std::string found_text(const SearchResult& r) {
  return r.formula ? smt::to_string(*r.formula) : "(none)";
}

TEST(FormulaSearch, RediscoversBoutonsXorOnNim) {
  const auto nim = make_game("nim", {{"heaps", 3}});
  const FittingTable table = discovery_table(*nim, 15);
  const SearchResult r = search_formula(table, {}, FitTarget::Value, {});
  EXPECT_EQ(found_text(r), "((x1 ^ x2) ^ x3)");
  EXPECT_EQ(r.size, 5u);
  EXPECT_EQ(first_mismatch(table, {}, r.formula, FitTarget::Value), std::nullopt);
  EXPECT_GT(r.built, 100u);  // it searched: sizes 1 and 2 and part of 3
}

TEST(FormulaSearch, FindsTheResiduesModFourOfTheSubtractionGame) {
  const smt::ProofFile f = declared(kSubtraction);
  const auto game = make_game(f.game, f.definitions);
  const FittingTable table = discovery_table(*game, 15);
  const SearchResult r = search_formula(table, {}, FitTarget::Value, {});
  // (x1 % 4) ^ (x2 % 4) ^ (x3 % 4), with one % fewer: (x1 ^ x2) % 4 = (x1 % 4) ^ (x2 % 4).
  EXPECT_EQ(found_text(r), "(((x1 ^ x2) % 4) ^ (x3 % 4))");
  EXPECT_EQ(first_mismatch(table, {}, r.formula, FitTarget::Value), std::nullopt);
  // The P-positions: where that xor is 0.
  const SearchResult p = search_formula(table, {}, FitTarget::PPositions, {});
  ASSERT_TRUE(p.formula);
  EXPECT_EQ(first_mismatch(table, {}, p.formula, FitTarget::PPositions), std::nullopt);
  EXPECT_EQ(found_text(p), "(((x1 ^ (x2 ^ x3)) % 4) == 0)");
}

TEST(FormulaSearch, OneValueChangedFindsNoFormulaTheTrueTableAccepts) {
  const auto nim = make_game("nim", {{"heaps", 3}});
  const FittingTable truth = discovery_table(*nim, 11);
  FittingTable mutant = truth;
  const std::size_t at = (5 * 12 + 9) * 12 + 3;  // (5, 9, 3): G = 15
  ASSERT_EQ(mutant.values[at], 15u);
  mutant.values[at] = 14;
  SearchLimits limits;
  limits.max_size = 9;
  const SearchResult r = search_formula(mutant, {}, FitTarget::Value, limits);
  EXPECT_EQ(r.formula, nullptr) << found_text(r);
  EXPECT_FALSE(r.stopped.empty());
  // The xor fits the samples at first; the changed position is added to them when it refutes.
  EXPECT_GE(r.refinements, 1u);
}

TEST(FormulaSearch, AFormulaThatFitsOnlyTheSamplesIsNeverReturned) {
  // G = x1 ^ x2 ^ x3 except at one position the initial samples miss: the table decides.
  const auto nim = make_game("nim", {{"heaps", 3}});
  FittingTable table = discovery_table(*nim, 11);
  SearchLimits limits;
  limits.max_size = 9;
  for (std::size_t j = 0; j < table.positions(); ++j)
    if (table.columns[0][j] == 11 && table.columns[1][j] == 11 && table.columns[2][j] == 11)
      table.values[j] = 0;  // G(11,11,11) is 11
  const SearchResult r = search_formula(table, {}, FitTarget::Value, limits);
  if (r.formula) {
    EXPECT_EQ(first_mismatch(table, {}, r.formula, FitTarget::Value), std::nullopt)
        << found_text(r);
  }
  EXPECT_NE(found_text(r), "((x1 ^ x2) ^ x3)");
}

TEST(FormulaSearch, DefinitionsSteerTheSearchToFormulaFourOfManabesGame) {
  const smt::ProofFile with = declared(std::string(kManabe) + kDelta);
  const auto game = make_game(with.game, with.definitions);
  const FittingTable table = discovery_table(*game, 20);  // the cube engine
  SearchLimits limits;
  limits.max_size = 10;  // x1 ^ x2 ^ x3 (5), delta(x1, x2, x3) (4) and the xor between
  const SearchResult r = search_formula(table, with.definitions, FitTarget::Value, limits);
  EXPECT_EQ(found_text(r), "((x1 ^ (x2 ^ x3)) ^ delta(x1, x2, x3))") << r.stopped;
  EXPECT_EQ(r.size, 10u);
  limits.max_size = 7;  // without delta nothing small fits
  EXPECT_EQ(search_formula(table, {}, FitTarget::Value, limits).formula, nullptr);
}

TEST(FormulaSearch, RefusesAnEmptyTable) {
  EXPECT_THROW(search_formula(FittingTable{}, {}, FitTarget::Value, {}), std::invalid_argument);
}

TEST(DiscoveredProof, WritesTheStatementTheTableAndTheInduction) {
  DiscoveredStatement s;
  s.name = fresh_definition_name({{"discovered", {}}}, "discovered");
  s.heaps = 2;
  s.formula = smt::make_node(smt::Op::BitXor, {smt::make_var("x1"), smt::make_var("x2")});
  s.box_game = "nim(heaps = 2)";
  s.side = 7;
  s.found = "a test";
  s.widths = {4};
  const std::string text = discovered_proof_text("game nim(heaps = 2)", s);
  EXPECT_EQ(s.name, "discovered_2");
  EXPECT_NE(text.find("def discovered_2(x1, x2) = (x1 ^ x2)\n"), std::string::npos) << text;
  EXPECT_NE(text.find("  game nim(heaps = 2)\n  size 7\n"), std::string::npos) << text;
  EXPECT_NE(text.find("G == discovered_2(x1, x2)\nend\n"), std::string::npos) << text;
  EXPECT_NE(text.find("induction \"discovered_2\""), std::string::npos) << text;
  // It parses, and its induction speaks of the box's claim.
  const smt::ProofFile f = parse_proof_file(text, "t.proof");
  ASSERT_EQ(f.inductions.size(), 1u);
  EXPECT_EQ(f.boxes.at(0).size, 7u);
}

using testing::last_line;
using testing::nimcert_in;
using testing::read_text;
using testing::scratch_dir;

TEST(DiscoverCommand, ProvesBoutonsTheoremAndWritesACertifiedProof) {
  const auto dir = scratch_dir("discover-nim");
  std::ofstream(dir / "nim3.proof") << "game nim(heaps = 3)\n";
  const auto r = nimcert_in(dir, "discover nim3.proof --box 15");
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_EQ(last_line(r.out),
            "discover: PROVED G = ((x1 ^ x2) ^ x3) on N^3 (MONA); wrote "
            "nim3.discovered.proof and nim3.discovered.cert.json");
  const std::string proof = read_text(dir / "nim3.discovered.proof");
  EXPECT_EQ(proof.rfind("game nim(heaps = 3)\n", 0), 0u);  // the input first, as it was
  EXPECT_NE(proof.find("def discovered(x1, x2, x3) = ((x1 ^ x2) ^ x3)"), std::string::npos);
  // It certifies again like any other proof file.
  const auto again = nimcert_in(dir, "certify nim3.discovered.proof");
  EXPECT_EQ(again.status, 0) << again.out;
  EXPECT_NE(again.out.find("on N^3 (mona)"), std::string::npos) << again.out;
}

TEST(DiscoverCommand, AFormulaFittedOnATooSmallTableIsRefutedAndNothingIsWritten) {
  const auto dir = scratch_dir("discover-small");
  std::ofstream(dir / "s123.proof") << kSubtraction;
  // On [0,3]^3 the residues are the heaps, so x1 ^ x2 ^ x3 fits: MONA refutes it at (0,0,4).
  const auto r = nimcert_in(dir, "discover s123.proof --box 3 --max-box 3");
  EXPECT_EQ(r.status, 1) << r.out;
  EXPECT_NE(r.out.find("((x1 ^ x2) ^ x3) is refuted: (b) every v < F is reached by some move "
                       "(quantified) (MONA, confirmed by the game): {\"position\":[0,0,4]"),
            std::string::npos)
      << r.out;
  EXPECT_EQ(last_line(r.out).rfind("discover: NOT PROVED (nothing written; ", 0), 0u) << r.out;
  EXPECT_FALSE(std::filesystem::exists(dir / "s123.discovered.proof"));
  EXPECT_FALSE(std::filesystem::exists(dir / "s123.discovered.cert.json"));
  // A larger table excludes it and finds the theorem.
  const auto grown = nimcert_in(dir, "discover s123.proof --box 3 --max-box 6");
  EXPECT_EQ(grown.status, 0) << grown.out;
  EXPECT_EQ(last_line(grown.out),
            "discover: PROVED G = (((x1 ^ x2) % 4) ^ (x3 % 4)) on N^3 (MONA); wrote "
            "s123.discovered.proof and s123.discovered.cert.json");
}

TEST(DiscoverCommand, RefusesAFileThatStatesSomethingAndSaysWhatItSearchedWhenNothingFits) {
  const auto dir = scratch_dir("discover-input");
  std::ofstream(dir / "stated.proof") << "game nim(heaps = 2)\nbox \"b\" \"t\" game nim(heaps = 2) "
                                         "size 3 claim \"c\" \"t\": G >= 0 end\n";
  const auto stated = nimcert_in(dir, "discover stated.proof");
  EXPECT_EQ(stated.status, 2) << stated.out;
  EXPECT_NE(stated.out.find("states nothing to check"), std::string::npos) << stated.out;
  std::ofstream(dir / "serial.proof") << "game serial-nim(heaps = 3)\n";
  const auto none = nimcert_in(dir, "discover serial.proof --box 7 --max-size 5");
  EXPECT_EQ(none.status, 1) << none.out;
  EXPECT_EQ(last_line(none.out).rfind("discover: NOT FOUND (no formula for G of size at most 5 "
                                      "matches the table [0,7]^3: ",
                                      0),
            0u)
      << none.out;
  EXPECT_FALSE(std::filesystem::exists(dir / "serial.discovered.proof"));
}

}  // namespace
}  // namespace nimcert
