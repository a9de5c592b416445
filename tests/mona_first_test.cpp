// MONA first: a statement MONA proves for every natural (or position) is settled before any
// width is solved, and its widths are then a second opinion tried under a short limit
// (CheckOptions::after_unbounded_ms), recorded as such; a statement MONA refutes or cannot
// translate keeps the run's full limit, and a block's own `timeout` always wins.  An induction
// may omit its widths; without them, a step outside the fragment is unknown, never "holds".
#include <gtest/gtest.h>

#include <mutex>
#include <set>

#include "certificate/certificate.hpp"
#include "checks/induction/check.hpp"
#include "checks/lemma_check.hpp"
#include "checks/proof_input.hpp"
#include "certificate/kinds/kinds.hpp"
#include "checks/rules_check.hpp"
#include "pipelines/steps.hpp"
#include "games/declared_game.hpp"
#include "games/registry.hpp"

namespace nimcert {
namespace {

// Solvers that prove everything and write down the limit each query was given.
class RecordingLimits final : public Solvers {
 public:
  smt::TwoSolverRun solve(const smt::Query&, unsigned timeout_ms) const override {
    std::lock_guard<std::mutex> lock(mutex_);
    limits_.insert(timeout_ms);
    ++queries_;
    smt::TwoSolverRun r;
    r.z3.answer = r.cvc5.answer = smt::Answer::Unsat;
    r.cvc5.answered = true;
    return r;
  }
  std::set<unsigned> limits() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return limits_;
  }
  unsigned queries() const { return queries_; }

 private:
  mutable std::mutex mutex_;
  mutable std::set<unsigned> limits_;
  mutable unsigned queries_ = 0;
};

CheckOptions recording(const RecordingLimits& solvers) {
  CheckOptions options;
  options.solvers = &solvers;
  options.timeout_ms = 60000;
  options.after_unbounded_ms = 5000;
  // The solvers' limits alone: the DRAT route would run CaDiCaL on a * b == b * a at w = 64
  // (beyond it in any limit) for its own 10 s.
  options.drat.enabled = false;
  return options;
}

TEST(MonaFirst, ALemmaMonaProvesHasItsWidthsTriedUnderTheShortLimit) {
  const smt::ProofFile p = parse_proof_file(
      "lemma \"xor\" \"t\" vars a b prove (a ^ b ^ b) == a widths 8 64 enumerate 0..7 end\n"
      "lemma \"product\" \"t\" vars a b prove a * b == b * a widths 8 64 enumerate 0..7 end\n",
      "t.proof");
  {
    const RecordingLimits solvers;
    const LemmaOutcome o = check_lemma(p.lemmas[0], p.definitions, recording(solvers));
    EXPECT_EQ(o.verdict, Verdict::Holds);
    EXPECT_EQ(solvers.limits(), std::set<unsigned>{5000});
    EXPECT_EQ(o.timeout_ms, 5000u);
    EXPECT_NE(o.scope.find("(Z3 and cvc5, tried after MONA's proof under 5000 ms a query)"),
              std::string::npos)
        << o.scope;
    // The certificate records the limit, so that the gate keys these answers by it.
    EXPECT_EQ(lemma_json(o, "t.proof", "lemma").at("timeout_ms"), 5000);
  }
  {
    // A product of two variables is outside MONA's fragment: the run's full limit.
    const RecordingLimits solvers;
    const LemmaOutcome o = check_lemma(p.lemmas[1], p.definitions, recording(solvers));
    EXPECT_EQ(o.verdict, Verdict::Holds);
    EXPECT_EQ(solvers.limits(), std::set<unsigned>{60000});
    EXPECT_EQ(o.timeout_ms, 0u);
    EXPECT_FALSE(lemma_json(o, "t.proof", "lemma").contains("timeout_ms"));
  }
  {
    // Without MONA at all: the full limit too.
    const RecordingLimits solvers;
    CheckOptions options = recording(solvers);
    options.unbounded = false;
    check_lemma(p.lemmas[0], p.definitions, options);
    EXPECT_EQ(solvers.limits(), std::set<unsigned>{60000});
  }
}

TEST(MonaFirst, ARefutedLemmaKeepsTheFullLimit) {
  // MONA's counterexample (a = 0) refutes it: the widths are not a second opinion on a proved
  // statement, and get the run's limit (here the injected solvers lie "unsat"; the lemma
  // fails all the same, on MONA's confirmed counterexample and the enumeration).
  const smt::ProofFile p = parse_proof_file(
      "lemma \"wrong\" \"t\" vars a prove a + 1 == a widths 8 enumerate 0..3 end\n", "t.proof");
  const RecordingLimits solvers;
  const LemmaOutcome o = check_lemma(p.lemmas[0], p.definitions, recording(solvers));
  EXPECT_EQ(o.verdict, Verdict::Fails);
  EXPECT_EQ(solvers.limits(), std::set<unsigned>{60000});
}

const char* kS13 = R"(game s13 heaps 1
  move "take 1" when x1 >= 1 to (x1 - 1)
  move "take 3" when x1 >= 3 to (x1 - 3)
end
def g(n) = n % 2
def h(n) = n % 3
box "values" "t"
  game s13 size 20
  claim "parity" "G = x1 % 2": G == g(x1)
end
)";

InductionOutcome induction(const std::string& text, const CheckOptions& options) {
  const smt::ProofFile p = parse_proof_file(std::string(kS13) + text, "t.proof");
  const auto game = make_game(p.inductions[0].game, p.definitions);
  return check_induction(p.inductions[0], p.definitions, *game, options, "t.proof");
}

TEST(MonaFirst, AnInductionMonaProvesHasItsWidthsUnderTheShortLimitUnlessItNamesOne) {
  const RecordingLimits solvers;
  const InductionOutcome d = induction(
      "induction \"parity\" \"G = x1 % 2\" widths 8 64 end\n",
      recording(solvers));
  EXPECT_EQ(d.verdict, Verdict::Holds);
  EXPECT_EQ(solvers.limits(), std::set<unsigned>{5000});
  EXPECT_EQ(d.timeout_ms, 5000u);
  const RecordingLimits own;
  const InductionOutcome named = induction(
      "induction \"parity\" \"G = x1 % 2\" timeout 30000 widths 8 64 end\n",
      recording(own));
  EXPECT_EQ(named.verdict, Verdict::Holds);
  EXPECT_EQ(own.limits(), std::set<unsigned>{30000});
  EXPECT_EQ(named.timeout_ms, 30000u);
}

TEST(MonaFirst, AnInductionWithoutWidthsRestsOnMonaAndIsNeverHeldWithoutIt) {
  const RecordingLimits solvers;
  const InductionOutcome d =
      induction("induction \"parity\" \"G = x1 % 2\" end\n", recording(solvers));
  EXPECT_TRUE(d.widths.empty());
  EXPECT_EQ(d.verdict, Verdict::Holds);
  EXPECT_EQ(solvers.queries(), 0u);
  // Without MONA nothing proves it: unknown, never "holds" of an empty conjunction.
  CheckOptions without = recording(solvers);
  without.unbounded = false;
  EXPECT_EQ(induction("induction \"parity\" \"t\" end\n", without).verdict, Verdict::Unknown);
  // A wrong value: MONA refutes it with a counterexample the game confirms.
  const InductionOutcome wrong = induction(
      "box \"thirds\" \"t\" game s13 size 5 claim \"wrong\" \"t\": G == h(x1) end\n"
      "induction \"wrong\" \"t\" end\n",
      recording(solvers));
  EXPECT_EQ(wrong.verdict, Verdict::Fails);
}

TEST(MonaFirst, TheRulesOfADeclaredGameMonaProvesGetTheShortLimitAndTheirOwnWins) {
  const smt::ProofFile p = parse_proof_file(
      std::string(kS13) + "lemma \"t\" \"t\" vars a prove a == a enumerate 0..1 end\n",
      "t.proof");
  const DeclaredGame game(p.game.declaration, p.definitions);
  const RecordingLimits solvers;
  const RulesReport r = check_rules(game, recording(solvers), true);
  EXPECT_EQ(solvers.limits(), std::set<unsigned>{5000});
  EXPECT_EQ(r.timeout_ms, 5000u);
  const smt::ProofFile own = parse_proof_file(
      "game s13 heaps 1\n  move \"take 1\" when x1 >= 1 to (x1 - 1)\n  rules widths 8 timeout "
      "300\nend\nlemma \"t\" \"t\" vars a prove a == a enumerate 0..1 end\n",
      "t.proof");
  const DeclaredGame named(own.game.declaration, own.definitions);
  const RecordingLimits short_limit;
  check_rules(named, recording(short_limit), true);
  EXPECT_EQ(short_limit.limits(), std::set<unsigned>{300});
}

}  // namespace
}  // namespace nimcert
