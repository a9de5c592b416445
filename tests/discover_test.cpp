// nimcert discover: the formula search (discovery/formula_search.hpp) on exact tables, and the
// command end to end (pipelines/discover.hpp).
//
// The search rediscovers Bouton's xor for Nim, the mod-4 residues for S = {1, 2, 3}, Serial
// Nim's nested bracket from the file's definition, and formula (4) of Manabe's game from its
// `delta`; a table with one value changed yields no formula, or one the true table refutes; a
// formula that fits the samples but not the table is never returned.  The command writes a
// proof only when its induction holds on N^k: a formula fitted on a table too small is refuted
// by MONA (a counterexample the game confirms), and the larger table finds the theorem.
#include "pipelines/discover.hpp"

#include <gtest/gtest.h>

#include "checks/automaton_proof.hpp"
#include "checks/proof_input.hpp"
#include "command_support.hpp"
#include "discovery/automaton.hpp"
#include "discovery/readable_forms.hpp"
#include "discovery/discovered_proof.hpp"
#include "discovery/period_search.hpp"
#include "discovery/formula_search.hpp"
#include "engines/grundy_of.hpp"
#include "games/registry.hpp"
#include "ws1s/translation.hpp"

namespace nimcert {
namespace {

const char* kSubtractionRules =
    "game subtraction heaps 3\n"
    "  move \"take from x1\" for 1 <= s <= 3 when s <= x1 to (x1 - s, x2, x3)\n"
    "  move \"take from x2\" for 1 <= s <= 3 when s <= x2 to (x1, x2 - s, x3)\n"
    "  move \"take from x3\" for 1 <= s <= 3 when s <= x3 to (x1, x2, x3 - s)\n"
    "end\n";

const char* kManabeRules =
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

smt::ProofFile exploring(const std::string& text) {
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
  const smt::ProofFile f = exploring(kSubtractionRules);
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
  limits.max_size = 8;
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
  limits.max_size = 8;
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
  const smt::ProofFile with = exploring(std::string(kManabeRules) + kDelta);
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

const char* kTakeOneOrTwoRules =
    "game take12 heaps 2\n"
    "  move \"reduce x1\" for t < x1 to (t, x2)\n"
    "  move \"take 1 or 2 from x2\" for 1 <= s <= 2 when s <= x2 to (x1, x2 - s)\n"
    "  move \"take one from each\" when x1 >= 1 && x2 >= 1 to (x1 - 1, x2 - 1)\n"
    "end\n";

TEST(FormulaSearch, ATopLevelSumIsMetInTheMiddleFromAPoolOfHalfItsSize) {
  // The new user's game (issue 53): G = x1 - x1 % 3 + (x1 + x2) % 3, of size 9, found from the
  // expressions of size at most 4 on each side of the top-level + (a pool of 20000 holds them).
  const smt::ProofFile f = exploring(kTakeOneOrTwoRules);
  const auto game = make_game(f.game, f.definitions);
  const FittingTable table = discovery_table(*game, 30);
  std::size_t at = 0;  // the position (7, 4): G = 7 - 1 + 11 % 3 = 8
  while (at < table.positions() && !(table.columns[0][at] == 7 && table.columns[1][at] == 4)) ++at;
  ASSERT_LT(at, table.positions());
  EXPECT_EQ(table.values[at], 8u);
  SearchLimits limits;
  limits.max_pool = 20'000;
  const SearchResult r = search_formula(table, {}, FitTarget::Value, limits);
  EXPECT_EQ(found_text(r), "((x1 - (x1 % 3)) + ((x1 + x2) % 3))") << r.stopped;
  EXPECT_EQ(r.size, 9u);
  EXPECT_EQ(first_mismatch(table, {}, r.formula, FitTarget::Value), std::nullopt);
  // One value changed: the sum is refuted by the table, and nothing it accepts is returned.
  FittingTable mutant = table;
  mutant.values[at] ^= 1;
  limits.max_size = 9;
  const SearchResult m = search_formula(mutant, {}, FitTarget::Value, limits);
  if (m.formula) {
    EXPECT_EQ(first_mismatch(mutant, {}, m.formula, FitTarget::Value), std::nullopt);
  }
  EXPECT_NE(found_text(m), found_text(r));
  // Below size 9 the true table has no formula of this grammar within the pool.
  limits.max_size = 8;
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

// --- the automaton route ---

UnboundedOptions mona_options() {
  UnboundedOptions o;
  o.timeout_ms = 60000;
  return o;
}

Automaton learned(const Game& game, Heap side, FitTarget target = FitTarget::Value) {
  const LearningResult r = learn_automaton(discovery_table(game, side), target, {});
  if (!r.automaton) throw std::runtime_error("no automaton: " + r.stopped);
  return *r.automaton;
}

std::string first_counterexample(const AutomatonProof& proof) {
  for (const AutomatonObligation& o : proof.obligations)
    if (o.counterexample) return o.name + ": " + *o.counterexample;
  return "";
}

TEST(AutomatonRoute, LearnsNimAsTwoStatesAndMonaProvesItForEveryPosition) {
  const auto nim = make_game("nim", {{"heaps", 3}});
  const Automaton a = learned(*nim, 15);
  EXPECT_EQ(a.states(), 2u);  // the xor of each bit column is 0, and the dead state
  EXPECT_TRUE(a.accepts({5, 9, 3, 15}));
  EXPECT_FALSE(a.accepts({5, 9, 3, 14}));
  EXPECT_TRUE(a.accepts({std::uint64_t{1} << 40, 1, 0, (std::uint64_t{1} << 40) + 1}));
  const AutomatonProof proof = prove_automaton(a, FitTarget::Value, *nim, {}, {}, mona_options());
  EXPECT_EQ(proof.verdict, Verdict::Holds) << first_counterexample(proof);
  EXPECT_TRUE(proof.move_check.agrees);
  EXPECT_GT(proof.move_check.followers, 1000u);
  ASSERT_EQ(proof.obligations.size(), 9u);  // (7) x 3, function x 2, (a) x 3, (b)
  for (const AutomatonObligation& o : proof.obligations) {
    EXPECT_EQ(o.answer, smt::MonaRun::Answer::Valid) << o.name;
    // And nimcert's own automata, reading the learned one as an atom, agree (issue 49).
    ASSERT_TRUE(o.independent.has_value()) << o.name;
    EXPECT_EQ(o.independent->status, IndependentCheck::kChecked) << o.name << o.independent->note;
  }
}

TEST(AutomatonRoute, OneTransitionChangedIsRefutedWithACounterexampleTheGameConfirms) {
  const auto nim = make_game("nim", {{"heaps", 3}});
  Automaton a = learned(*nim, 15);
  const std::size_t ok = a.initial;
  ASSERT_NE(a.next[ok][0b0001], ok);  // x1's bit alone: the parity breaks, dead
  a.next[ok][0b0001] = static_cast<std::uint32_t>(ok);
  const AutomatonProof proof = prove_automaton(a, FitTarget::Value, *nim, {}, {}, mona_options());
  EXPECT_EQ(proof.verdict, Verdict::Fails);
  // Both routes refute the refuted obligation: the automata's record is a counterexample too.
  for (const AutomatonObligation& o : proof.obligations)
    if (o.counterexample) {
      ASSERT_TRUE(o.independent.has_value());
      EXPECT_TRUE(o.independent->counterexample.has_value()) << o.name;
    }
  EXPECT_EQ(first_counterexample(proof),
            "function: one value at every position: the automaton gives (1, 0, 0) the values 0 "
            "and 1; the game's G(1, 0, 0) = 1");
}

TEST(AutomatonRoute, MooresNimPPositionsAndAMutantOfThem) {
  const smt::ProofFile f = exploring(
      "game moore heaps 3\n"
      "  move \"reduce x1\" for t < x1 to (t, x2, x3)\n"
      "  move \"reduce x2\" for t < x2 to (x1, t, x3)\n"
      "  move \"reduce x3\" for t < x3 to (x1, x2, t)\n"
      "  move \"reduce x1 and x2\" for t1 < x1, t2 < x2 to (t1, t2, x3)\n"
      "  move \"reduce x1 and x3\" for t1 < x1, t3 < x3 to (t1, x2, t3)\n"
      "  move \"reduce x2 and x3\" for t2 < x2, t3 < x3 to (x1, t2, t3)\n"
      "end\n");
  const auto moore = make_game(f.game, f.definitions);
  Automaton a = learned(*moore, 15, FitTarget::PPositions);
  EXPECT_EQ(a.states(), 2u);  // every bit set in 0 or 3 of the heaps (Moore's Nim_2, 3 heaps)
  EXPECT_TRUE(a.accepts({5, 5, 5}));
  EXPECT_FALSE(a.accepts({5, 5, 0}));
  EXPECT_EQ(prove_automaton(a, FitTarget::PPositions, *moore, {}, {}, mona_options()).verdict,
            Verdict::Holds);
  a.next[a.initial][0b011] = static_cast<std::uint32_t>(a.initial);  // bit in two heaps: "P"
  const AutomatonProof proof =
      prove_automaton(a, FitTarget::PPositions, *moore, {}, {}, mona_options());
  EXPECT_EQ(proof.verdict, Verdict::Fails);
  EXPECT_EQ(first_counterexample(proof),
            "(a) reduce x3: no move from P into P: the automaton puts (1, 1, 1) and its follower "
            "(1, 1, 0) in P; the game's G(1, 1, 1) = 0");
}

TEST(AutomatonRoute, ATableWithOneValueChangedGivesAnAutomatonMonaRefutes) {
  const auto nim = make_game("nim", {{"heaps", 3}});
  FittingTable table = discovery_table(*nim, 63);
  table.values[(5 * 64 + 9) * 64 + 3] = 14;  // G(5, 9, 3) = 15
  const LearningResult r = learn_automaton(table, FitTarget::Value, {});
  // An automaton that fits the changed table: MONA refutes it at the changed position.
  ASSERT_TRUE(r.automaton) << r.stopped;
  EXPECT_GT(r.automaton->states(), 2u);
  const AutomatonProof proof =
      prove_automaton(*r.automaton, FitTarget::Value, *nim, {}, {}, mona_options());
  EXPECT_EQ(proof.verdict, Verdict::Fails);
  EXPECT_EQ(first_counterexample(proof),
            "(a) reduce x1: the automaton gives (5, 9, 3) and its follower (4, 9, 3) the same "
            "value 14; the game's G(5, 9, 3) = 15");
  // On [0,15]^3 the change leaves no automaton the table can tell apart.
  FittingTable small = discovery_table(*nim, 15);
  small.values[(5 * 16 + 9) * 16 + 3] = 14;
  EXPECT_EQ(learn_automaton(small, FitTarget::Value, {}).stopped,
            "the table [0,15]^3 is too small to tell the states apart: a prefix of 3 bits "
            "matches none of the 6 states found (a larger --box)");
}

TEST(AutomatonRoute, WythoffsGameIsNotAutomaticInBaseTwo) {
  const smt::ProofFile f = exploring(
      "game wythoff heaps 2\n"
      "  move \"reduce x1\" for t < x1 to (t, x2)\n"
      "  move \"reduce x2\" for t < x2 to (x1, t)\n"
      "  move \"diagonal\" for 1 <= d <= x1 when d <= x2 to (x1 - d, x2 - d)\n"
      "end\n");
  const auto wythoff = make_game(f.game, f.definitions);
  const LearningResult r = learn_automaton(discovery_table(*wythoff, 255), FitTarget::Value, {});
  EXPECT_FALSE(r.automaton);
  EXPECT_EQ(r.stopped, "no automaton of up to 64 states fits the table [0,255]^2");
}

TEST(AutomatonRoute, TheMonaPredicateAgreesWithTheRunAtTheEdges) {
  // Serial Nim's automaton (comparisons and a decrement with borrow: 28 states) as a MONA
  // predicate, asked at constants around 2^31, 2^32, 2^63 and 2^64 - 1, against the C++ run.
  const auto serial = make_game("serial-nim", {{"heaps", 3}});
  const Automaton a = learned(*serial, 63);
  const std::map<std::string, std::string> external = {
      {"learned", mona_predicate(a, "def_learned", {"x1", "x2", "x3", "v"})}};
  const std::uint64_t edges[] = {0,
                                 1,
                                 (std::uint64_t{1} << 31),
                                 (std::uint64_t{1} << 32),
                                 (std::uint64_t{1} << 32) + 5,
                                 std::uint64_t{1} << 63,
                                 ~std::uint64_t{0}};
  unsigned accepted = 0, asked = 0;
  for (std::uint64_t x1 : edges)
    for (std::uint64_t x2 : {edges[2], edges[4], edges[6]})
      for (std::uint64_t v : {x1, x1 - 1, x2, std::uint64_t{0}}) {
        const std::vector<std::uint64_t> tuple = {x1, x2, 7, v};
        std::vector<smt::ExprPtr> args;
        for (std::uint64_t c : tuple) args.push_back(smt::make_const(c));
        const auto q =
            smt::make_mona_query({}, {}, smt::make_call("learned", args), {}, {}, "edge", external);
        const auto run = smt::run_mona(q, 60000, std::uint64_t{1} << 30);
        ASSERT_NE(run.answer, smt::MonaRun::Answer::Unknown) << run.note;
        EXPECT_EQ(run.answer == smt::MonaRun::Answer::Valid, a.accepts(tuple))
            << x1 << " " << x2 << " " << v;
        accepted += a.accepts(tuple);
        ++asked;
      }
  EXPECT_GT(accepted, 5u);  // both answers occur
  EXPECT_LT(accepted, asked);
}

// The period search on values made by hand: the smallest period and for it the smallest
// preperiod, a repetition at the very end taken for no period, and a period the values allow
// but whose window they do not reach reported as such.
TEST(PeriodSearch, FindsTheSmallestPeriodAndItsPreperiodAndNoPeriodInATail) {
  std::vector<std::uint32_t> g = {5, 6, 7};  // 3 exceptional values, then 0 1 2 0 1 2 ...
  for (int n = 0; n < 100; ++n) g.push_back(static_cast<std::uint32_t>(n % 3));
  auto always = [](const PeriodGuess&) { return true; };
  PeriodSearch s = smallest_period(g, 50, Saltus::Zero, always);
  ASSERT_TRUE(s.found);
  EXPECT_EQ(s.found->period, 3u);
  EXPECT_EQ(s.found->preperiod, 3u);
  EXPECT_EQ(s.found->saltus, 0u);
  EXPECT_FALSE(s.uncovered);
  EXPECT_EQ(s.periods_tried, 3u);
  // A saltus searched for: a periodic sequence's is 0.
  s = smallest_period(g, 50, Saltus::Any, always);
  ASSERT_TRUE(s.found);
  EXPECT_EQ(s.found->period, 3u);
  EXPECT_EQ(s.found->saltus, 0u);
  // Not covered below n0 + p = 10: period 3 is allowed, the next covered one is 6.
  s = smallest_period(g, 50, Saltus::Zero, [](const PeriodGuess& c) { return c.period >= 6; });
  ASSERT_TRUE(s.found && s.uncovered);
  EXPECT_EQ(s.uncovered->period, 3u);
  EXPECT_EQ(s.found->period, 6u);
  // Distinct values but for the last two equal: a tail, never a period.
  std::vector<std::uint32_t> tail;
  for (std::uint32_t n = 0; n < 100; ++n) tail.push_back(n);
  tail.push_back(99);
  s = smallest_period(tail, 50, Saltus::Zero, always);
  EXPECT_FALSE(s.found);
  EXPECT_FALSE(s.uncovered);
  s = smallest_period(tail, 50, Saltus::Any, always);
  EXPECT_FALSE(s.found);
}

// Arithmetic periodicity: 0.3F's values 0 1 2 0 1 2, then each period 3 more, after two
// exceptional values; the least period is 6 (3 does not fit: its steps alternate 0 and 3),
// its saltus 3, its preperiod 2.  Without a saltus no period fits, and a falling tail has none.
TEST(PeriodSearch, FindsTheSaltusOfAnArithmeticPeriodicSequenceAndItsLeastPreperiod) {
  std::vector<std::uint32_t> g = {9, 9};
  for (std::uint32_t n = 0; n < 120; ++n) g.push_back(3 * (n / 6) + (n % 6) % 3);
  auto always = [](const PeriodGuess&) { return true; };
  PeriodSearch s = smallest_period(g, 60, Saltus::Any, always);
  ASSERT_TRUE(s.found);
  EXPECT_EQ(s.found->period, 6u);
  EXPECT_EQ(s.found->saltus, 3u);
  EXPECT_EQ(s.found->preperiod, 2u);
  EXPECT_FALSE(smallest_period(g, 60, Saltus::Zero, always).found);
  // One value changed inside: the least preperiod moves past it.
  g[40] += 1;
  s = smallest_period(g, 60, Saltus::Any, always);
  ASSERT_TRUE(s.found);
  EXPECT_EQ(s.found->period, 6u);
  EXPECT_EQ(s.found->preperiod, 41u);
  std::vector<std::uint32_t> falling;
  for (std::uint32_t n = 0; n < 100; ++n) falling.push_back(200 - n);
  EXPECT_FALSE(smallest_period(falling, 50, Saltus::Any, always).found);
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
  EXPECT_NE(again.out.find("on N^3 (mona; automata checked)"), std::string::npos) << again.out;
}

TEST(DiscoverCommand, AFormulaFittedOnATooSmallTableIsRefutedAndNothingIsWritten) {
  const auto dir = scratch_dir("discover-small");
  std::ofstream(dir / "s123.proof") << kSubtractionRules;
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
  // The pool's limit is an option, range-checked where it is read.
  for (const char* pool : {"999", "20000001", "-1"}) {
    const auto bad = nimcert_in(dir, std::string("discover serial.proof --max-pool ") + pool);
    EXPECT_EQ(bad.status, 2) << pool << bad.out;
    EXPECT_NE(bad.out.find("--max-pool"), std::string::npos) << bad.out;
  }
}

TEST(DiscoverCommand, ShowAndVerifyTheAutomatonCertificateAndRefuseAnEditedTransition) {
  const auto dir = scratch_dir("discover-show");
  std::ofstream(dir / "nim3.proof") << "game nim(heaps = 3)\n";
  const auto r = nimcert_in(dir, "discover --automaton --box 15 nim3.proof");
  ASSERT_EQ(r.status, 0) << r.out;
  const auto shown = nimcert_in(dir, "show nim3.automaton.json");
  EXPECT_EQ(shown.status, 0) << shown.out;
  EXPECT_NE(shown.out.find("2 states, initial state 0"), std::string::npos) << shown.out;
  EXPECT_NE(shown.out.find("  0      yes        0     1     1     0     1     0     0     1"),
            std::string::npos)
      << shown.out;
  const auto dot = nimcert_in(dir, "show --format dot nim3.automaton.json");
  EXPECT_EQ(dot.status, 0) << dot.out;
  EXPECT_NE(dot.out.find("  q0 [shape=doublecircle];\n  q1 [shape=circle];\n"), std::string::npos)
      << dot.out;
  EXPECT_NE(dot.out.find("  q0 -> q0 [label=\"0000 1100 1010 0110 1001 0101 0011 1111\"];"),
            std::string::npos)
      << dot.out;
  const auto verified = nimcert_in(dir, "verify nim3.automaton.json");
  EXPECT_EQ(verified.status, 0) << verified.out;
  EXPECT_EQ(last_line(verified.out),
            "verify: VERIFIED (nim3.automaton.json: re-run matches byte for byte; verdict holds)");
  const std::string original = read_text(dir / "nim3.automaton.json");
  std::string cert = original;
  const std::size_t at = cert.find("\"transitions\": [\n      [\n        0,");
  ASSERT_NE(at, std::string::npos) << cert;
  cert[cert.find("0,", at)] = '1';  // the accepting state's zero letter now goes dead
  // Edited anywhere (a transition, or the scope that show prints): refused by show and by
  // verify as an edited proof certificate is, exit status 2, before anything is shown or run.
  std::string wider = original;
  wider.replace(wider.find("every position of N^3"), 21, "every position of N^4");
  for (const std::string& edit : {cert, wider}) {
    std::ofstream(dir / "nim3.automaton.json") << edit;
    for (const char* command : {"show nim3.automaton.json", "show --format dot nim3.automaton.json",
                                "verify nim3.automaton.json"}) {
      const auto edited = nimcert_in(dir, command);
      EXPECT_EQ(edited.status, 2) << command << "\n" << edited.out;
      EXPECT_NE(edited.out.find("its stable_sha256 does not match its content (edited?)"),
                std::string::npos)
          << edited.out;
      EXPECT_EQ(edited.out.find("holds"), std::string::npos) << edited.out;
    }
  }
  std::ofstream(dir / "nim3.automaton.json") << original;
  std::ofstream(dir / "nim3.proof", std::ios::app) << "# an edit\n";
  const auto moved = nimcert_in(dir, "verify nim3.automaton.json");
  EXPECT_EQ(last_line(moved.out),
            "verify: MISMATCH (nim3.automaton.json: its input nim3.proof changed since it was "
            "written)")
      << moved.out;
}

TEST(DiscoverCommand, RediscoversManabesTheoremByAnAutomatonEqualToFormulaFour) {
  const auto dir = scratch_dir("discover-manabe");
  std::ofstream(dir / "manabe.proof")
      << kManabeRules << kDelta << "def formula4(x1, x2, x3) = x1 ^ x2 ^ x3 ^ delta(x1, x2, x3)\n";
  // On [0,255]^3 (8 bits) the learned automaton is the theorem's; on fewer bits it is not.
  const auto r = nimcert_in(dir, "discover --automaton --equals formula4 --box 255 manabe.proof");
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("learned an automaton of 37 states on 4 tracks"), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("valid    equals the formula"), std::string::npos) << r.out;
  EXPECT_EQ(last_line(r.out).rfind("discover: PROVED G by an automaton of 37 states on N^3 "
                                   "(MONA; ",
                                   0),
            0u)
      << r.out;
  const std::string cert = read_text(dir / "manabe.automaton.json");
  EXPECT_NE(cert.find("\"scope\": \"every position of N^3 (MONA and nimcert's automata)\""),
            std::string::npos);
  EXPECT_NE(cert.find("\"equals\": \"G = formula4(x1, x2, x3), the file's definition\""),
            std::string::npos);
  // A table of 6 bits teaches a wrong automaton: the game confirms MONA's counterexample.
  const auto small =
      nimcert_in(dir, "discover --automaton --box 63 --max-box 63 manabe.proof -o s.json");
  EXPECT_EQ(small.status, 1) << small.out;
  EXPECT_NE(small.out.find("the automaton is refuted: function: one value at every position: the "
                           "automaton gives (8, 68, 34) the values 110 and 126; the game's G(8, "
                           "68, 34) = 110"),
            std::string::npos)
      << small.out;
  EXPECT_FALSE(std::filesystem::exists(dir / "s.json"));
}

// Issue 40, item 4: a proved automaton that is a product of counters modulo m reads back as
// the sum of the counters, proved equal by MONA; the nim-sum reads back as itself; Serial Nim's
// automaton (a nested bracket) fits no readable form and none is written.
TEST(DiscoverCommand, AnAutomatonOfCountersReadsBackAsTheirNimSum) {
  const auto dir = scratch_dir("discover-read-back");
  std::ofstream(dir / "s12.proof") << "game s12 subtraction {1, 2} heaps 3\n";
  const auto r = nimcert_in(dir, "discover --automaton s12.proof");
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("discover: the automaton reads as G = (x1 % 3) ^ (x2 % 3) ^ (x3 % 3) "
                       "(MONA: equal at every position of N^3)"),
            std::string::npos)
      << r.out;
  EXPECT_EQ(last_line(r.out).rfind("discover: PROVED G = (x1 % 3) ^ (x2 % 3) ^ (x3 % 3) by an "
                                   "automaton of ",
                                   0),
            0u)
      << r.out;
  const std::string cert = read_text(dir / "s12.automaton.json");
  EXPECT_NE(cert.find("\"formula\": \"(x1 % 3) ^ (x2 % 3) ^ (x3 % 3)\""), std::string::npos);
  EXPECT_NE(cert.find("\"obligation\": \"equals the formula\""), std::string::npos);
  EXPECT_NE(nimcert_in(dir, "show s12.automaton.json")
                .out.find("Read back: G = (x1 % 3) ^ (x2 % 3) ^ (x3 % 3) at every position of N^3"),
            std::string::npos);
  EXPECT_EQ(nimcert_in(dir, "verify s12.automaton.json").status, 0);

  std::ofstream(dir / "nim3.proof") << "game nim(heaps = 3)\n";
  const auto nim = nimcert_in(dir, "discover --automaton --box 15 nim3.proof");
  EXPECT_NE(nim.out.find("discover: PROVED G = x1 ^ x2 ^ x3 by an automaton of 2 states"),
            std::string::npos)
      << nim.out;

  std::ofstream(dir / "serial.proof") << "game serial-nim(heaps = 3)\n";
  const auto serial = nimcert_in(dir, "discover --automaton serial.proof");
  ASSERT_EQ(serial.status, 0) << serial.out;
  EXPECT_EQ(serial.out.find("reads as"), std::string::npos) << serial.out;
  EXPECT_EQ(read_text(dir / "serial.automaton.json").find("reads_as"), std::string::npos);
}

// The forms are guesses held to the table before MONA is asked: one value changed and the form
// no longer fits.
TEST(ReadableForms, AFormFitsTheTableItWasReadFromAndNotOneWithAValueChanged) {
  FittingTable t;
  t.columns = {{0, 1, 2, 3, 4, 5}, {5, 4, 3, 2, 1, 0}};
  for (std::size_t j = 0; j < 6; ++j) t.values.push_back((t.columns[0][j] % 3) ^ (t.columns[1][j] % 3));
  const std::vector<ReadableForm> forms = readable_forms(2);
  ASSERT_EQ(forms.size(), 16u);
  EXPECT_EQ(forms[0].text, "x1 ^ x2");
  EXPECT_EQ(forms[2].text, "(x1 % 3) ^ (x2 % 3)");
  EXPECT_FALSE(fits_table(forms[0], t));
  EXPECT_TRUE(fits_table(forms[2], t));
  t.values[4] ^= 1;
  EXPECT_FALSE(fits_table(forms[2], t));
  EXPECT_FALSE(fits_table(forms[2], FittingTable{}));  // nothing to compare never fits
}

}  // namespace
}  // namespace nimcert
