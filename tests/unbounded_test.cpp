// The unbounded route (MONA, WS1S): every operator of the fragment translated and decided
// against the C++ evaluator on all inputs below 2^5, terms outside the fragment refused with
// their place, and the mutants the bounded widths cannot see: a lemma true below 2^64 and
// false at 2^64, lemma (17) without its hypothesis, formula (4) wrong only at (700, 0, 0),
// delta dropped, Locke's game.  Each refutation is a counterexample re-checked in C++.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "base/sha256.hpp"
#include "checks/induction/check.hpp"
#include "checks/lemma_check.hpp"
#include "checks/proof_input.hpp"
#include "command_support.hpp"
#include "committed_proof.hpp"
#include "eval/evaluator.hpp"
#include "eval/exact_evaluator.hpp"
#include "games/amalgamation.hpp"
#include "lang/proof_file.hpp"
#include "ws1s/mona.hpp"
#include "ws1s/translation.hpp"

namespace nimcert {
namespace {

using Json = nlohmann::ordered_json;

// Every operator of the WS1S fragment, as a term over a and b (constants where the fragment
// needs them: products, quotients, remainders and shifts by constants).
const char* const kFragmentTerms[] = {"a + b",
                                      "a - b",
                                      "a * 3",
                                      "5 * a + b",
                                      "a * 0",
                                      "a / 3",
                                      "a / 1",
                                      "a % 5",
                                      "a % 1",
                                      "a ^ b",
                                      "a & b",
                                      "a | b",
                                      "a << 3",
                                      "a >> 2",
                                      "a == b",
                                      "a != b",
                                      "a < b",
                                      "a <= b",
                                      "a > b",
                                      "a >= b",
                                      "!a",
                                      "a && b",
                                      "a || b",
                                      "a -> b",
                                      "a <-> b",
                                      "if a then b else 7",
                                      "if a < b then a - 1 else b * 2",
                                      "(a < b) + (b < a)",
                                      "top_bit(a)",
                                      "low_bit(a)",
                                      "low_bit(a + b)",
                                      "top_bit(a) ^ low_bit(b)"};

// Every input below 2^5: 1024 pairs per term, two MONA runs.  (Below 2^6 it took 57 s of CI's
// test time, four times as long, for carries one bit longer; larger values and the edges 2^31,
// 2^32, 2^63, 2^64 are the differential fuzzer's, tests/differential/ws1s_differential.cpp.)
constexpr std::uint64_t kBelow = 32;

smt::ExprPtr call(const std::string& name, std::vector<smt::ExprPtr> args) {
  auto e = std::make_shared<smt::Expr>();
  e->op = smt::Op::Call;
  e->name = name;
  e->depth = smt::depth_over(args);
  e->args = std::move(args);
  return e;
}

// A balanced conjunction (its depth stays logarithmic).
smt::ExprPtr all_of(const std::vector<smt::ExprPtr>& parts, std::size_t lo, std::size_t hi) {
  if (hi - lo == 1) return parts[lo];
  const std::size_t mid = lo + (hi - lo) / 2;
  return smt::make_node(smt::Op::And, {all_of(parts, lo, mid), all_of(parts, mid, hi)});
}

constexpr std::size_t kRowsPerQuery = 512;  // MONA aborts on closed formulas of ~16000 sets

// The closed statements "t(A, B) == V(A, B)", V from the evaluator, for every A, B < kBelow (in
// queries of kRowsPerQuery pairs), with t defined as the term: MONA decides them (a definition
// is one predicate, built once).  `wrong` names one pair whose expected value is changed, to
// show that the check can fail, and only its query is then run.  Returns MONA's answer on each
// query.
std::vector<smt::MonaRun> decide_table(const std::string& term,
                                       std::optional<std::pair<int, int>> wrong = {}) {
  const smt::ProofFile f =
      parse_proof_file("def t(a, b) = " + term +
                           "\nlemma \"l\" \"t\" vars a b prove t(a, b) == t(a, b) widths 8 "
                           "enumerate 0..1 end\n",
                       "operators.proof");
  const smt::Program program(
      {"a", "b"},
      {smt::expand(call("t", {smt::make_var("a"), smt::make_var("b")}), f.definitions)});
  std::vector<smt::ExprPtr> rows;
  for (std::uint64_t a = 0; a < kBelow; ++a)
    for (std::uint64_t b = 0; b < kBelow; ++b) {
      std::vector<std::uint64_t> out;
      EXPECT_TRUE(program.run_one<std::uint64_t>({a, b}, out)) << term;
      std::uint64_t v = out.at(0);
      if (wrong && wrong->first == static_cast<int>(a) && wrong->second == static_cast<int>(b))
        v += 1;
      rows.push_back(smt::make_node(
          smt::Op::Eq, {call("t", {smt::make_const(a), smt::make_const(b)}), smt::make_const(v)}));
    }
  std::vector<smt::MonaRun> runs;
  for (std::size_t lo = 0; lo < rows.size(); lo += kRowsPerQuery) {
    const std::size_t wrong_row = wrong ? wrong->first * kBelow + wrong->second : 0;
    if (wrong && (wrong_row < lo || wrong_row >= lo + kRowsPerQuery)) continue;
    const smt::MonaQuery q =
        smt::make_mona_query({}, {}, all_of(rows, lo, std::min(rows.size(), lo + kRowsPerQuery)),
                             {}, f.definitions, "operator table " + term);
    runs.push_back(smt::run_mona(q, 120000, std::uint64_t{4} << 30));
  }
  return runs;
}

TEST(Ws1sTranslation, EveryOperatorAgreesWithTheEvaluatorOnAllPairsBelow32) {
  std::size_t decided = 0;
  for (const char* term : kFragmentTerms)
    for (const smt::MonaRun& run : decide_table(term)) {
      EXPECT_EQ(run.answer, smt::MonaRun::Answer::Valid) << term << ": " << run.note;
      ++decided;
    }
  EXPECT_EQ(decided, std::size(kFragmentTerms) * kBelow * kBelow / kRowsPerQuery);
}

TEST(Ws1sTranslation, AWrongTableEntryIsFalse) {
  // The same check with one value off by one: MONA must find the statement false.
  for (const char* term : {"a + b", "a ^ b", "top_bit(a)", "a / 3"}) {
    const std::vector<smt::MonaRun> runs = decide_table(term, std::pair{27, 5});
    ASSERT_EQ(runs.size(), 1u);
    EXPECT_EQ(runs[0].answer, smt::MonaRun::Answer::Counterexample) << term << ": " << runs[0].note;
  }
}

TEST(Ws1sTranslation, TermsOutsideTheFragmentAreLocated) {
  struct Case {
    const char* text;
    const char* why;
    int column;
  };
  for (const Case& c :
       {Case{"a << b", "a shift by a computed amount", 32},
        Case{"a * b", "a product of two terms", 32}, Case{"a / b", "a division by a term", 32},
        Case{"a % (b + 1)", "a division by a term", 32}}) {
    const smt::ProofFile f = parse_proof_file(std::string("lemma \"l\" \"t\" vars a b prove ") +
                                                  c.text + " == 0 widths 8 enumerate 0..1 end",
                                              "o.proof");
    const smt::LemmaSpec& l = f.lemmas.at(0);
    try {
      smt::make_mona_query(l.variables, l.hypotheses, l.conclusion, {}, f.definitions, "t");
      ADD_FAILURE() << c.text << " was translated";
    } catch (const smt::OutsideFragment& e) {
      EXPECT_EQ(e.where.line, 1) << c.text;
      EXPECT_EQ(e.where.column, c.column) << c.text << ": " << e.what();
      EXPECT_NE(std::string(e.what()).find("not in the unbounded fragment"), std::string::npos);
      EXPECT_NE(std::string(e.what()).find(c.why), std::string::npos) << e.what();
    }
  }
}

LemmaOutcome lemma_outcome(const std::string& text) {
  const smt::ProofFile f = parse_proof_file(text, "l.proof");
  return check_lemma(f.lemmas.at(0), f.definitions);
}

TEST(UnboundedLemma, TrueBelow2To64FalseAt2To64Fails) {
  const LemmaOutcome o = lemma_outcome(
      "lemma \"l\" \"t\" vars x prove (x >> 64) == 0 widths 8 16 32 64 enumerate "
      "0..1000 end");
  ASSERT_EQ(o.widths.size(), 4u);
  // Both solvers prove w = 64; the smaller widths follow from it and are not solved.
  EXPECT_EQ(o.widths[3].answer, smt::Answer::Unsat);
  EXPECT_EQ(o.widths[3].cvc5.answer, smt::Answer::Unsat);
  EXPECT_EQ(o.widths[3].implied_by, 0u);
  for (std::size_t i = 0; i < 3; ++i) {
    EXPECT_EQ(o.widths[i].implied_by, 64u) << o.widths[i].width;
    EXPECT_TRUE(o.widths[i].proved()) << o.widths[i].width;
  }
  EXPECT_EQ(o.enumeration.verdict, Verdict::Holds);
  ASSERT_TRUE(o.unbounded.has_value());
  ASSERT_TRUE(o.unbounded->in_fragment);
  ASSERT_TRUE(o.unbounded->counterexample.has_value()) << o.unbounded->note;
  EXPECT_EQ(o.unbounded->counterexample->at("x"), "18446744073709551616");  // 2^64, the least
  // nimcert's automata refute it at the same least counterexample (their shortest word).
  ASSERT_TRUE(o.unbounded->independent.has_value());
  ASSERT_TRUE(o.unbounded->independent->counterexample.has_value());
  EXPECT_EQ(o.unbounded->independent->counterexample->at("x"), "18446744073709551616");
  EXPECT_FALSE(o.unbounded->disagree);
  EXPECT_EQ(o.verdict, Verdict::Fails);
  EXPECT_EQ(o.unbounded->verdict(), Verdict::Fails);
}

TEST(UnboundedLemma, CommittedLemmasHoldForEveryNatural) {
  const smt::ProofFile f = read_proof_file(NIMCERT_SOURCE_DIR "/certs/manabe-2024.proof");
  std::size_t every_natural = 0;
  for (const smt::LemmaSpec& lemma : f.lemmas) {
    const UnboundedOutcome u =
        lemma_for_all_naturals(lemma, f.definitions, expand_lemma(lemma, f.definitions), {});
    EXPECT_TRUE(u.in_fragment) << lemma.label << ": " << u.outside;
    EXPECT_EQ(u.answer, smt::MonaRun::Answer::Valid) << lemma.label << ": " << u.note;
    EXPECT_GT(u.states, 0u) << lemma.label;
    every_natural += u.verdict() == Verdict::Holds;
  }
  EXPECT_EQ(every_natural, f.lemmas.size());
  EXPECT_GE(every_natural, 15u);
}

TEST(UnboundedLemma, Lemma17WithoutItsHypothesisIsRefutedAndReChecked) {
  const smt::ProofFile f = testing::mutant("manabe-2024.proof", "  assume (ui & uj) == 0\n", "");
  const smt::LemmaSpec* l17 = nullptr;
  for (const auto& l : f.lemmas)
    if (l.label == "(17)") l17 = &l;
  ASSERT_NE(l17, nullptr);
  ASSERT_TRUE(l17->hypotheses.empty());
  const UnboundedOutcome u =
      lemma_for_all_naturals(*l17, f.definitions, expand_lemma(*l17, f.definitions), {});
  ASSERT_TRUE(u.counterexample.has_value()) << u.note;
  const std::uint64_t ui = std::stoull(u.counterexample->at("ui")),
                      uj = std::stoull(u.counterexample->at("uj")),
                      uk = std::stoull(u.counterexample->at("uk"));
  // By hand: the two sides differ there, and the hypothesis dropped is what is violated.
  EXPECT_NE(((ui + uj) & uk) == 0, (ui & uk) == 0 && (uj & uk) == 0)
      << ui << " " << uj << " " << uk;
  EXPECT_NE(ui & uj, 0u);
  EXPECT_EQ(u.verdict(), Verdict::Fails);
}

TEST(ExactEvaluator, ComputesBeyond2To64) {
  const smt::ExprPtr e = smt::parse_expression("(x * 3 + (x >> 1)) ^ top_bit(x)", {"x"});
  // x = 2^70 + 5: 3x + floor(x / 2) = 2^71 + 2^70 + 2^69 + 17; xor 2^70 leaves 2^71 + 2^69 + 17.
  const auto v = smt::evaluate_exactly(e, {{"x", "1180591620717411303429"}});
  ASSERT_TRUE(v.has_value());
  EXPECT_EQ(*v, "2951479051793528258577");
}

// Manabe's induction for all of N^3 (no widths: the bounded route is not run here).
class UnboundedInductionTest : public ::testing::Test {
 protected:
  InductionOutcome run(const std::string& from, const std::string& to, std::vector<unsigned> widths,
                       Heap merge_min = 2) {
    const smt::ProofFile proof = testing::mutant("manabe-2024.proof", from, to);
    smt::InductionSpec spec = proof.inductions.at(0);
    spec.widths = std::move(widths);
    const Amalgamation game(merge_min);
    return check_induction(spec, proof.definitions, game, {});
  }

  static const UnboundedObligation* refutation(const InductionOutcome& d) {
    if (!d.unbounded) return nullptr;
    for (const auto& o : d.unbounded->obligations)
      if (o.refutes) return &o;
    return nullptr;
  }
};

TEST_F(UnboundedInductionTest, Formula4HoldsOnEveryPosition) {
  const InductionOutcome d = run("", "", {});
  ASSERT_TRUE(d.unbounded.has_value());
  EXPECT_TRUE(d.unbounded->in_fragment) << d.unbounded->outside;
  // (7) and (a) for 3 reductions and 6 merges, and (b) quantified over the moves.
  ASSERT_EQ(d.unbounded->obligations.size(), 9u + 9u + 1u);
  for (const auto& o : d.unbounded->obligations)
    EXPECT_EQ(o.outcome.answer, smt::MonaRun::Answer::Valid) << o.name << ": " << o.outcome.note;
  EXPECT_EQ(d.unbounded->verdict, Verdict::Holds);
  EXPECT_EQ(d.verdict, Verdict::Holds);
}

TEST_F(UnboundedInductionTest, FormulaWrongOnlyAt700IsRefutedThereThoughSmallWidthsHold) {
  const InductionOutcome d =
      run("def formula4(x1, x2, x3) = x1 ^ x2 ^ x3 ^ delta(x1, x2, x3)",
          "def formula4(x1, x2, x3) = x1 ^ x2 ^ x3 ^ delta(x1, x2, x3) ^ (x1 == 700 && x2 == 0 "
          "&& x3 == 0)",
          {4, 8});
  ASSERT_EQ(d.widths.size(), 2u);
  EXPECT_EQ(d.widths[0].verdict, Verdict::Holds);
  EXPECT_EQ(d.widths[1].verdict, Verdict::Holds);
  const UnboundedObligation* o = refutation(d);
  ASSERT_NE(o, nullptr);
  ASSERT_TRUE(o->counterexample.has_value());
  const Json& cx = *o->counterexample;
  // The position, or the follower the obligation is about, is (700, 0, 0).
  const Json at700 = Json::array({700, 0, 0});
  bool involves_700 = cx["position"] == at700;
  for (const char* list : {"followers_with_F_equal", "followers_reaching_v"})
    if (cx.contains(list))
      for (const Json& y : cx[list]) involves_700 = involves_700 || y["position"] == at700;
  EXPECT_TRUE(involves_700) << o->name << ": " << cx.dump();
  EXPECT_EQ(d.unbounded->verdict, Verdict::Fails);
  EXPECT_EQ(d.verdict, Verdict::Fails);
}

TEST_F(UnboundedInductionTest, FormulaWithoutDeltaIsRefuted) {
  const InductionOutcome d = run("def formula4(x1, x2, x3) = x1 ^ x2 ^ x3 ^ delta(x1, x2, x3)",
                                 "def formula4(x1, x2, x3) = x1 ^ x2 ^ x3", {});
  const UnboundedObligation* o = refutation(d);
  ASSERT_NE(o, nullptr);
  EXPECT_EQ(o->name.rfind("(a) merge", 0), 0u) << o->name;
  const Json& cx = *o->counterexample;
  EXPECT_NE(cx["grundy"], cx["F"]) << cx.dump();  // the reference engine: G(X) != F(X)
  EXPECT_EQ(d.verdict, Verdict::Fails);
}

TEST_F(UnboundedInductionTest, LockeGameIsRefutedAt210) {
  const InductionOutcome d = run("", "", {}, 1);
  const UnboundedObligation* o = refutation(d);
  ASSERT_NE(o, nullptr);
  const Json& cx = *o->counterexample;
  // The first obligation refuted is (a) of merging x1 and x2, at its least counterexample
  // X = (2, 1, 0): merging 2 and 1 is legal in Locke's game and reaches (3, 0, 0), of the same
  // F = 3 (the hand-written query, merging x2 and x3, found (0, 2, 1)).
  EXPECT_EQ(o->name, "(a) merge x1+x2 -> x1");
  EXPECT_EQ(cx["position"], Json::array({2, 1, 0})) << o->name << ": " << cx.dump();
  ASSERT_FALSE(cx["followers_with_F_equal"].empty());
  EXPECT_EQ(cx["followers_with_F_equal"][0]["position"], Json::array({3, 0, 0}));
  EXPECT_NE(cx["grundy"], cx["F"]) << cx.dump();
  EXPECT_EQ(d.unbounded->verdict, Verdict::Fails);
}

TEST(UnboundedWorkflow, MissingMonaIsAnErrorNeverASkippedCheck) {
  const auto dir = testing::scratch_dir("no-mona");
  std::filesystem::create_directories(dir / "bin");
  const auto cvc5 = testing::run_command("command -v cvc5");
  ASSERT_EQ(cvc5.status, 0);
  std::string cvc5_path = cvc5.out;
  while (!cvc5_path.empty() && cvc5_path.back() == '\n') cvc5_path.pop_back();
  std::filesystem::create_symlink(cvc5_path, dir / "bin" / "cvc5");
  {
    std::ofstream p(dir / "l.proof");
    p << "lemma \"l\" \"t\" vars x prove x + 0 == x widths 8 enumerate 0..3 end\n";
  }
  const auto r =
      testing::run_command("cd " + dir.string() + " && PATH=" + (dir / "bin").string() + " " +
                           NIMCERT_BINARY + " certify l.proof -o l.cert.json 2>&1");
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_NE(r.out.find("mona"), std::string::npos) << r.out;
  EXPECT_FALSE(std::filesystem::exists(dir / "l.cert.json"));
  std::filesystem::remove_all(dir);
}

TEST(UnboundedWorkflow, ExportMonaWritesWhatCertifyDecides) {
  const auto dir = testing::scratch_dir("export-mona");
  const auto r =
      testing::run_command(std::string(NIMCERT_BINARY) + " export-mona --dir " + dir.string() +
                           " " NIMCERT_SOURCE_DIR "/certs/manabe-2024.proof 2>&1");
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("wrote 35 MONA files"), std::string::npos) << r.out;
  const auto file = dir / "manabe-2024" / "17.mona";
  ASSERT_TRUE(std::filesystem::exists(file));
  const auto mona = testing::run_command("mona " + file.string() + " 2>&1");
  EXPECT_NE(mona.out.find("Formula is valid"), std::string::npos) << mona.out;
  // The very text whose digest the committed certificate records.
  const Json cert = Json::parse(testing::committed("manabe-2024.cert.json"));
  std::string recorded;
  for (const Json& l : cert.at("lemmas"))
    if (l.at("label") == "(17)") recorded = l.at("unbounded").at("mona_sha256");
  EXPECT_EQ(Sha256::of(testing::read_text(file)), recorded);
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace nimcert
