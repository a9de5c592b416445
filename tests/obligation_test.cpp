// Each obligation of the induction made to fail, and solver answers injected where a solver
// would answer: a model that does not re-check is never a counterexample, solvers that
// disagree never prove anything.  (The committed inductions' own mutants are in
// induction_test.cpp.)
#include <gtest/gtest.h>

#include "base/sha256.hpp"
#include "checks/induction/check.hpp"
#include "checks/induction/obligations.hpp"
#include "checks/lemma_check.hpp"
#include "checks/proof_input.hpp"
#include "checks/reusing_solvers.hpp"
#include "eval/exact_evaluator.hpp"
#include "games/nim.hpp"
#include "games/registry.hpp"
#include "games/symbolic_move.hpp"
#include "lang/proof_file.hpp"
#include "nim_with_extra_move.hpp"
#include "solve/z3_backend.hpp"
#include "word_edges.hpp"

namespace nimcert {
namespace {

using Json = nlohmann::ordered_json;

// Solvers that answer what the test says, on every query.
class ScriptedSolvers final : public Solvers {
 public:
  explicit ScriptedSolvers(smt::TwoSolverRun answer) : answer_(std::move(answer)) {}
  smt::TwoSolverRun solve(const smt::Query& query, unsigned) const override {
    smt::TwoSolverRun r = answer_;
    if (r.z3.answer == smt::Answer::Sat)
      for (const std::string& v : query.variables)
        if (!r.z3.model.count(v)) r.z3.model[v] = 0;
    return r;
  }

 private:
  smt::TwoSolverRun answer_;
};

smt::TwoSolverRun answers(smt::Answer z3, smt::Answer cvc5,
                          std::map<std::string, smt::u128> model = {}) {
  smt::TwoSolverRun r;
  r.z3.answer = z3;
  r.z3.model = std::move(model);
  r.cvc5.answer = cvc5;
  if (z3 != smt::Answer::Unknown && cvc5 != smt::Answer::Unknown && z3 != cvc5)
    r.disagreement = std::string("the solvers disagree: Z3 ") + smt::answer_name(z3) + ", cvc5 " +
                     smt::answer_name(cvc5);
  return r;
}

const char* kXorLemma = R"(lemma "xor" "a ^ a == 0"
  vars a
  prove (a ^ a) == 0
  widths 8
  enumerate 0..15
end
)";

TEST(InjectedSolvers, AModelThatDoesNotRecheckIsNoCounterexampleAndProvesNothing) {
  const smt::ProofFile p = parse_proof_file(kXorLemma, "t.proof");
  const ScriptedSolvers lying(answers(smt::Answer::Sat, smt::Answer::Sat, {{"a", 5}}));
  CheckOptions options;
  options.unbounded = false;  // the bounded route alone
  options.solvers = &lying;
  const LemmaOutcome o = check_lemma(p.lemmas[0], p.definitions, options);
  ASSERT_EQ(o.widths.size(), 1u);
  EXPECT_EQ(o.widths[0].answer, smt::Answer::Sat);
  EXPECT_FALSE(o.widths[0].counterexample.has_value());
  EXPECT_EQ(o.widths[0].note,
            "the solver's model does not violate the statement in the C++ evaluator");
  EXPECT_EQ(o.enumeration.verdict, Verdict::Holds);
  EXPECT_EQ(o.verdict, Verdict::Unknown);  // neither fails (no confirmed model) nor holds
}

// The incremental gate's solvers: a committed answer is taken only for the exact query text
// and time limit, a reused unknown stays unknown, and a committed sat is solved again.
TEST(ReusedAnswers, AReusedUnknownStaysUnknownAndASatIsSolvedAgain) {
  const smt::ProofFile p = parse_proof_file(kXorLemma, "t.proof");
  const smt::LemmaSpec& lemma = p.lemmas[0];
  const smt::Query q = lemma_query(lemma, expand_lemma(lemma, p.definitions), 8);
  const auto key = [&](smt::Answer status, unsigned timeout) {
    return std::pair{Sha256::of(smt::with_status(q.smt2, status)), timeout};
  };
  const ScriptedSolvers proving(answers(smt::Answer::Unsat, smt::Answer::Unsat));
  CheckOptions options;
  options.unbounded = false;  // the bounded route alone
  {
    const ReusingSolvers reusing(
        proving, {{"base",
                   {{key(smt::Answer::Unknown, options.timeout_ms),
                     {smt::Answer::Unknown, smt::Answer::Unknown, "Z3 reached the time limit"}}}}});
    options.solvers = &reusing;
    const LemmaOutcome o = check_lemma(lemma, p.definitions, options);
    EXPECT_EQ(o.widths.at(0).answer, smt::Answer::Unknown);
    EXPECT_EQ(o.widths.at(0).note, "Z3 reached the time limit");
    EXPECT_EQ(o.verdict, Verdict::Unknown);
    EXPECT_EQ(reusing.reused(), 1u);
    EXPECT_EQ(reusing.solved(), 0u);
  }
  {
    // Another time limit, or a committed sat: solved again (here by solvers that prove it).
    const ReusingSolvers reusing(proving, {{"base",
                                            {{key(smt::Answer::Unknown, options.timeout_ms + 1),
                                              {smt::Answer::Unknown, smt::Answer::Unknown, ""}},
                                             {key(smt::Answer::Sat, options.timeout_ms),
                                              {smt::Answer::Sat, smt::Answer::Sat, ""}}}}});
    options.solvers = &reusing;
    const LemmaOutcome o = check_lemma(lemma, p.definitions, options);
    EXPECT_EQ(o.widths.at(0).answer, smt::Answer::Unsat);
    EXPECT_EQ(o.verdict, Verdict::Holds);
    EXPECT_EQ(reusing.reused(), 0u);
    EXPECT_EQ(reusing.solved(), 1u);
  }
}

TEST(InjectedSolvers, SolversThatDisagreeProveNothing) {
  const smt::ProofFile p = parse_proof_file(kXorLemma, "t.proof");
  const ScriptedSolvers split(answers(smt::Answer::Unsat, smt::Answer::Sat));
  CheckOptions options;
  options.unbounded = false;  // the bounded route alone
  options.solvers = &split;
  const LemmaOutcome o = check_lemma(p.lemmas[0], p.definitions, options);
  EXPECT_EQ(o.widths[0].note, "the solvers disagree: Z3 unsat, cvc5 sat");
  EXPECT_EQ(o.verdict, Verdict::Unknown);
}

// A time limit on a width does not sink what MONA proves for every natural; its scope says
// exactly what was proved and what was not.  Without MONA the same answers leave it unknown.
TEST(InjectedSolvers, AWidthThatTimesOutDoesNotSinkEveryNatural) {
  const smt::ProofFile p = parse_proof_file(kXorLemma, "t.proof");
  smt::TwoSolverRun slow = answers(smt::Answer::Unsat, smt::Answer::Unknown);
  slow.cvc5.note = "cvc5 reached the time limit";
  const ScriptedSolvers timing_out(slow);
  CheckOptions options;
  options.solvers = &timing_out;
  const LemmaOutcome o = check_lemma(p.lemmas[0], p.definitions, options);
  EXPECT_EQ(o.verdict, Verdict::Holds);
  EXPECT_EQ(o.scope,
            "every natural (MONA and nimcert's automata), and every assignment of [0, 15] (enumeration); not proved, "
            "tried after MONA's proof under 5000 ms a query: w = 8: cvc5 unknown (cvc5 reached "
            "the time limit)");
  options.unbounded = false;
  EXPECT_EQ(check_lemma(p.lemmas[0], p.definitions, options).verdict, Verdict::Unknown);
  // A confirmed counterexample of any route still fails it: a false lemma MONA refutes.
  const smt::ProofFile wrong = parse_proof_file(R"(lemma "w" "t"
  vars a
  prove (a >> 20) == 0
  enumerate 0..15
end
)",
                                                "t.proof");
  options.unbounded = true;
  const LemmaOutcome refuted = check_lemma(wrong.lemmas[0], wrong.definitions, options);
  EXPECT_EQ(refuted.verdict, Verdict::Fails);
  EXPECT_EQ(refuted.unbounded->counterexample->at("a"), "1048576");
}

TEST(InjectedSolvers, AnInductionWhoseModelsDoNotRecheckIsUnknown) {
  const smt::ProofFile p = parse_proof_file(R"(box "b" "t"
  game nim(heaps = 2)
  size 3
  claim "xor" "t": G == x1 ^ x2
end
induction "xor" "t"
  witness "reduce x1" t = x1 ^ (x1 ^ x2) ^ v
  witness "reduce x2" t = x2 ^ (x1 ^ x2) ^ v
  widths 4
end
)",
                                            "t.proof");
  // x = (0, 0): outside every obligation's premise (no move is legal, no v < F = 0).
  const ScriptedSolvers lying(answers(smt::Answer::Sat, smt::Answer::Sat, {}));
  CheckOptions options;
  options.unbounded = false;  // the bounded route alone
  options.solvers = &lying;
  const auto game = make_game(p.inductions[0].game, p.definitions);
  const InductionOutcome d = check_induction(p.inductions[0], p.definitions, *game, options);
  for (const ObligationOutcome& o : d.widths.at(0).obligations) {
    EXPECT_FALSE(o.counterexample.has_value()) << o.name;
    EXPECT_EQ(o.note, "the solver's model does not violate the statement in the C++ evaluator")
        << o.name;
  }
  EXPECT_EQ(d.verdict, Verdict::Unknown);
}

// Three-heap Nim with one more symbolic move that adds a stone: the rank (7) must refute it,
// and the cross-check must see that the game itself has no such move.
testing::NimWithExtraMove nim_with_a_stone_added() {
  return testing::NimWithExtraMove(
      symbolic_move("add x1", {}, {}, 3, "x1 >= 0", {"x1 + 1", "x2", "x3"}));
}

// A box claim on three-heap Nim and its induction without hints.
smt::ProofFile nim_claim(const std::string& formula) {
  return parse_proof_file(
      "box \"b\" \"t\"\n  game nim(heaps = 3)\n  size 3\n  claim \"f\" \"t\": G == " + formula +
          "\nend\ninduction \"f\" \"t\"\n  widths 4\nend\n",
      "t.proof");
}

const ObligationOutcome& obligation(const InductionOutcome& d, const std::string& name) {
  for (const ObligationOutcome& o : d.widths.at(0).obligations)
    if (o.name == name) return o;
  throw std::invalid_argument("no obligation " + name);
}

TEST(Obligations, TheRankRefutesAMoveThatAddsAStone) {
  const smt::ProofFile p = nim_claim("x1 ^ x2 ^ x3");
  const testing::NimWithExtraMove game = nim_with_a_stone_added();
  const InductionOutcome d = check_induction(p.inductions[0], p.definitions, game, {});
  const ObligationOutcome& rank = obligation(d, "(7) add x1");
  EXPECT_EQ(rank.z3, smt::Answer::Sat);
  EXPECT_EQ(rank.cvc5.answer, smt::Answer::Sat);
  ASSERT_TRUE(rank.counterexample.has_value());
  EXPECT_FALSE(rank.refutes);  // the game is not well founded; the claim is not refuted
  EXPECT_EQ(obligation(d, "(7) reduce x1").z3, smt::Answer::Unsat);
  EXPECT_FALSE(d.move_check.agrees);
  EXPECT_EQ(d.move_check.disagreement["position"], Json::array({0, 0, 0}));
  EXPECT_EQ(d.move_check.disagreement["only_in_the_move_encoding"], Json::parse("[[1,0,0]]"));
  EXPECT_EQ(d.verdict, Verdict::Unknown);
}

TEST(Obligations, TheValueBoundRefutesAFormulaThatLeavesTheDomain) {
  // F = x1 + x2 + x3 + 1 reaches 2^w at the top of D_w.
  const smt::ProofFile p = nim_claim("x1 + x2 + x3 + 1");
  const auto game = make_game(p.inductions[0].game, p.definitions);
  const InductionOutcome d = check_induction(p.inductions[0], p.definitions, *game, {});
  const ObligationOutcome& bound = obligation(d, "(b0) F < 2^w");
  EXPECT_EQ(bound.z3, smt::Answer::Sat);
  ASSERT_TRUE(bound.counterexample.has_value());
  const Json& x = (*bound.counterexample)["position"];
  EXPECT_EQ(x[0].get<unsigned>() + x[1].get<unsigned>() + x[2].get<unsigned>(), 15u);
  EXPECT_EQ((*bound.counterexample)["F"], 16);
  EXPECT_FALSE(bound.refutes);
}

TEST(Obligations, TheQuantifiedCompletenessRefutesTheStoneCount) {
  // F = x1 + x2 + x3: no follower is lower than the sum minus the largest heap, so (b) fails,
  // and the game's enumeration confirms no follower reaches v.
  const smt::ProofFile p = nim_claim("x1 + x2 + x3");
  const auto game = make_game(p.inductions[0].game, p.definitions);
  const InductionOutcome d = check_induction(p.inductions[0], p.definitions, *game, {});
  EXPECT_EQ(obligation(d, "(a) reduce x1").z3, smt::Answer::Unsat);
  EXPECT_EQ(obligation(d, "(b0) F < 2^w").z3, smt::Answer::Unsat);
  const ObligationOutcome& b =
      obligation(d, "(b) every v < F is reached by some move (quantified)");
  EXPECT_EQ(b.z3, smt::Answer::Sat);
  ASSERT_TRUE(b.counterexample.has_value()) << b.note;
  const Json& cx = *b.counterexample;
  EXPECT_TRUE(cx["followers_reaching_v"].empty()) << cx.dump();
  EXPECT_NE(cx["grundy"], cx["F"]) << cx.dump();
  EXPECT_TRUE(b.refutes);
  EXPECT_EQ(d.verdict, Verdict::Fails);
}

// A hint's follower x1 - (x1 - m) is posed as min(x1, m): the same natural at every x1 and m,
// m above x1 included, by the exact evaluator at the edges of the widths and beyond 2^64.
TEST(FollowerHeaps, TheDoubleDifferenceIsPosedAsTheSameNaturalItsMinimum) {
  const std::vector<std::string> vars = {"x1", "x2", "m"};
  const smt::ExprPtr twice = smt::parse_expression("x1 - (x1 - (m * 3 + 1))", vars);
  const smt::ExprPtr posed = cancel_double_difference(twice);
  const smt::ExprPtr m_above = smt::parse_expression("(m * 3 + 1) > x1", vars);
  ASSERT_NE(posed, twice);
  EXPECT_EQ(smt::to_string(*posed), smt::to_string(*smt::parse_expression(
                                        "if (m * 3 + 1) <= x1 then (m * 3 + 1) else x1", vars)));
  // 0..2, the 64-bit word's edges (2^k - 1 and two either side, k = 31, 32, 63; 2^64 - 1),
  // then 2^64, 2^64 + 1 and 2^100, which no machine word holds.
  std::vector<std::string> edges;
  for (std::uint64_t v : testing::small_values_and_word_edges(3))
    edges.push_back(std::to_string(v));
  for (const char* beyond :
       {"18446744073709551616", "18446744073709551617", "1267650600228229401496703205376"})
    edges.push_back(beyond);
  std::size_t compared = 0, above = 0;
  for (const std::string& x : edges)
    for (const std::string& m : edges) {
      const std::map<std::string, std::string> at = {{"x1", x}, {"m", m}};
      const auto before = smt::evaluate_exactly(twice, at),
                 after = smt::evaluate_exactly(posed, at);
      ASSERT_TRUE(before && after);
      EXPECT_EQ(*before, *after) << "x1 = " << x << ", m = " << m;
      ++compared;
      above += *smt::evaluate_exactly(m_above, at) == "1";
    }
  EXPECT_EQ(compared, edges.size() * edges.size());
  EXPECT_GT(above, 0u);  // positions where 3m + 1 > x1, the branch that keeps x1
  // Every other shape is posed as written: other heaps, a sum, a heap that is not a variable.
  for (const char* other : {"x1 - (x2 - m)", "x1 - (x1 + m)", "(x1 + 0) - (x1 - m)", "x1 - x1",
                            "x1 - m", "(x1 - (x1 - m)) + 0"}) {
    const smt::ExprPtr e = smt::parse_expression(other, vars);
    EXPECT_EQ(cancel_double_difference(e), e) << other;
  }
}

}  // namespace
}  // namespace nimcert
