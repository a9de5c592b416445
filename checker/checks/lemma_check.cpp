// Lemma checking (see lemma_check.hpp).
#include "checks/lemma_check.hpp"

#include "checks/enumeration.hpp"
#include "solve/z3_backend.hpp"

namespace nimcert {

std::string canonical_statement(const smt::LemmaSpec& lemma) {
  std::string s;
  for (std::size_t i = 0; i < lemma.hypotheses.size(); ++i)
    s += (i ? " && " : "") + smt::to_string(*lemma.hypotheses[i]);
  if (!s.empty()) s += " -> ";
  return s + smt::to_string(*lemma.conclusion);
}

ExpandedLemma expand_lemma(const smt::LemmaSpec& lemma, const smt::Definitions& definitions) {
  using smt::Op;
  ExpandedLemma x;
  x.conclusion = smt::expand(lemma.conclusion, definitions);
  for (const smt::ExprPtr& h : lemma.hypotheses)
    x.hypotheses.push_back(smt::expand(h, definitions));
  x.implication = x.conclusion;
  if (!x.hypotheses.empty()) {
    smt::ExprPtr h = x.hypotheses[0];
    for (std::size_t i = 1; i < x.hypotheses.size(); ++i)
      h = smt::make_node(Op::And, {h, x.hypotheses[i]});
    x.implication = smt::make_node(Op::Implies, {h, x.conclusion});
  }
  return x;
}

smt::Query lemma_query(const smt::LemmaSpec& lemma, const ExpandedLemma& expanded, unsigned width) {
  return smt::make_query(lemma.variables, expanded.hypotheses, expanded.conclusion, width,
                         "nimcert lemma " + lemma.label + " at width " + std::to_string(width));
}

LemmaOutcome check_lemma(const smt::LemmaSpec& lemma, const smt::Definitions& definitions,
                         const CheckOptions& options) {
  LemmaOutcome out;
  out.label = lemma.label;
  out.text = lemma.text;
  out.statement = canonical_statement(lemma);
  out.variables = lemma.variables;
  const ExpandedLemma expanded = expand_lemma(lemma, definitions);
  const smt::Program statement(lemma.variables, {expanded.implication});
  const BothSolvers real(options.cvc5_binary);
  const Solvers& solvers = solvers_of(options, real);

  bool all_unsat = true, some_counterexample = false;
  for (unsigned w : lemma.widths) {
    const SolvedQuery solved =
        solve_and_recheck(lemma_query(lemma, expanded, w), &statement, solvers, options.timeout_ms);
    WidthOutcome o;
    o.width = w;
    o.answer = solved.z3;
    o.cvc5 = solved.cvc5;
    o.seconds = solved.seconds;
    o.note = solved.note;
    if (solved.rechecked) {
      o.counterexample = solved.model;
      some_counterexample = true;
    }
    all_unsat = all_unsat && solved.both_unsat();
    o.smt2 = solved.smt2;
    out.widths.push_back(std::move(o));
  }
  out.enumeration = enumerate_lemma(lemma.variables, expanded.implication, lemma.low, lemma.high,
                                    options.threads);
  if (some_counterexample || out.enumeration.verdict == Verdict::Fails)
    out.verdict = Verdict::Fails;
  else if (all_unsat && out.enumeration.verdict == Verdict::Holds)
    out.verdict = Verdict::Holds;
  else
    out.verdict = Verdict::Unknown;
  return out;
}

}  // namespace nimcert
