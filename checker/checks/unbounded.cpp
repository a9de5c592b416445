// The unbounded route (see unbounded.hpp).
#include "checks/unbounded.hpp"

#include "eval/exact_evaluator.hpp"

namespace nimcert {

Verdict UnboundedOutcome::verdict() const {
  if (in_fragment && answer == smt::MonaRun::Answer::Valid) return Verdict::Holds;
  if (counterexample) return Verdict::Fails;
  return Verdict::Unknown;
}

smt::MonaQuery unbounded_query(const std::vector<std::string>& variables,
                               const std::vector<smt::ExprPtr>& hypotheses,
                               const smt::ExprPtr& conclusion,
                               const std::vector<smt::Existential>& existentials,
                               const smt::Definitions& definitions, const std::string& source,
                               smt::Numeration numeration) {
  return smt::make_mona_query(variables, hypotheses, conclusion, existentials, definitions,
                              source, {}, numeration);
}

UnboundedOutcome decide_for_all_naturals(const std::vector<std::string>& variables,
                                         const std::vector<smt::ExprPtr>& hypotheses,
                                         const smt::ExprPtr& conclusion,
                                         const std::vector<smt::Existential>& existentials,
                                         const smt::Definitions& definitions,
                                         const smt::ExprPtr& statement, const std::string& source,
                                         const UnboundedOptions& options) {
  UnboundedOutcome out;
  smt::MonaQuery query;
  try {
    query = unbounded_query(variables, hypotheses, conclusion, existentials, definitions, source,
                            options.numeration);
  } catch (const smt::OutsideFragment& e) {
    out.outside = e.what();
    out.outside_at = e.where;
    return out;
  }
  out.in_fragment = true;
  out.mona = query.text;
  const smt::MonaRun run = smt::run_mona(query, options.timeout_ms, options.memory_bytes,
                                         options.mona_binary);
  out.answer = run.answer;
  out.note = run.note;
  out.states = run.states;
  out.bdd_nodes = run.bdd_nodes;
  out.seconds = run.seconds;
  if (run.answer != smt::MonaRun::Answer::Counterexample) return out;
  if (!statement) {  // quantified: the caller confirms it with the game
    out.counterexample = run.counterexample;
    return out;
  }
  const auto value = smt::evaluate_exactly(statement, run.counterexample);
  if (!value)
    out.note = "MONA's counterexample is too large for the exact evaluator to re-check";
  else if (*value != "0")
    out.note = "MONA's counterexample does not violate the statement in the exact evaluator";
  else
    out.counterexample = run.counterexample;
  return out;
}

}  // namespace nimcert
