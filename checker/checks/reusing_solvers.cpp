// Answering from a committed certificate (see reusing_solvers.hpp).
#include "checks/reusing_solvers.hpp"

#include "base/sha256.hpp"
#include "solve/z3_backend.hpp"

namespace nimcert {

smt::TwoSolverRun ReusingSolvers::solve(const smt::Query& query, unsigned timeout_ms) const {
  for (const smt::Answer z3 : {smt::Answer::Unsat, smt::Answer::Unknown}) {
    const auto it = answers_.find({Sha256::of(smt::with_status(query.smt2, z3)), timeout_ms});
    if (it == answers_.end() || it->second.z3 != z3 || it->second.cvc5 == smt::Answer::Sat)
      continue;
    smt::TwoSolverRun run;
    run.z3.answer = z3;
    run.z3.reason = it->second.note;  // the whole committed note, so the entry reads the same
    run.cvc5.answer = it->second.cvc5;
    ++reused_;
    return run;
  }
  ++solved_;
  return inner_.solve(query, timeout_ms);
}

}  // namespace nimcert
