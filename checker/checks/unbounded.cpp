// The unbounded route (see unbounded.hpp).
#include "checks/unbounded.hpp"

#include <fmt/format.h>

#include "eval/exact_evaluator.hpp"

namespace nimcert {

Verdict UnboundedOutcome::verdict() const {
  if (!in_fragment || disagree) return Verdict::Unknown;
  if (answer == smt::MonaRun::Answer::Valid || (independent && independent->checked()))
    return Verdict::Holds;
  if (counterexample) return Verdict::Fails;
  return Verdict::Unknown;
}

std::string UnboundedOutcome::proved_by() const {
  const bool mona = answer == smt::MonaRun::Answer::Valid;
  const bool automata = independent && independent->checked();
  if (mona && automata) return "MONA and nimcert's automata";
  if (mona)
    return independent ? fmt::format("MONA; nimcert's automata: {}", independent->status)
                       : std::string("MONA");
  return fmt::format("nimcert's automata; MONA {}", smt::mona_answer_name(answer));
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

namespace {

std::string counterexample_text(const std::map<std::string, std::string>& values) {
  std::vector<std::string> parts;
  for (const auto& [v, value] : values) parts.push_back(v + " = " + value);
  return fmt::format("{}", fmt::join(parts, ", "));
}

// A counterexample counts once the exact evaluator finds it violates `statement` (null:
// quantified, the caller confirms it with the game).
void recheck(const std::map<std::string, std::string>& values, const smt::ExprPtr& statement,
             UnboundedOutcome& out) {
  if (!statement) {
    out.counterexample = values;
    return;
  }
  const auto value = smt::evaluate_exactly(statement, values);
  if (!value)
    out.note = "the counterexample is too large for the exact evaluator to re-check";
  else if (*value != "0")
    out.note = "the counterexample does not violate the statement in the exact evaluator";
  else
    out.counterexample = values;
}

}  // namespace

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
  const smt::MonaRun run = run_mona_reusing(options.reusing, query, options.timeout_ms,
                                            options.memory_bytes, options.mona_binary);
  out.answer = run.answer;
  out.note = run.note;
  out.states = run.states;
  out.bdd_nodes = run.bdd_nodes;
  out.seconds = run.seconds;
  if (options.independent)
    out.independent = check_independently(variables, hypotheses, conclusion, existentials,
                                          definitions, options.numeration);
  const bool independent_valid = out.independent && out.independent->checked();
  const bool independent_refutes = out.independent && out.independent->counterexample;
  if (run.answer == smt::MonaRun::Answer::Valid && independent_refutes) {
    out.disagree = true;
    out.note = fmt::format("the routes disagree: MONA says valid, nimcert's automata give {}",
                           counterexample_text(*out.independent->counterexample));
    return out;
  }
  if (run.answer != smt::MonaRun::Answer::Counterexample) {
    // MONA gave no answer: the automata's counterexample, re-checked as MONA's would be.
    if (independent_refutes) recheck(*out.independent->counterexample, statement, out);
    return out;
  }
  if (independent_valid) {
    out.disagree = true;
    out.note = fmt::format(
        "the routes disagree: MONA gives the counterexample {}, nimcert's automata prove the "
        "statement",
        counterexample_text(run.counterexample));
    return out;
  }
  recheck(run.counterexample, statement, out);
  return out;
}

}  // namespace nimcert
