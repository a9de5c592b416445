// Z3 and cvc5 on one query (see two_solvers.hpp).
#include "solve/two_solvers.hpp"

#include <fmt/format.h>

#include <future>

#include "solve/z3_backend.hpp"
#include "sys/activity.hpp"
#include "sys/core_slot.hpp"
#include "sys/interrupt.hpp"

namespace nimcert::smt {

TwoSolverRun solve_with_both(const Query& query, unsigned timeout_ms,
                             const std::string& cvc5_binary) {
  auto second = std::async(std::launch::async, [&] {
    const CoreSlot core;
    return replay_with_cvc5(query.smt2, timeout_ms, cvc5_binary);
  });
  TwoSolverRun run;
  set_activity_detail("z3 and cvc5");
  try {
    {
      const CoreSlot core;
      run.z3 = solve_with_z3(query, timeout_ms);
    }
    set_activity_detail("cvc5 (z3 answered)");
  } catch (...) {
    second.wait();  // the child process is reaped before the exception leaves
    throw;
  }
  run.cvc5 = second.get();
  throw_if_interrupted();  // a killed cvc5 is no answer
  if (run.cvc5.answer != Answer::Unknown && run.z3.answer != Answer::Unknown &&
      run.cvc5.answer != run.z3.answer)
    run.disagreement = fmt::format("the solvers disagree: Z3 {}, cvc5 {}",
                                   answer_name(run.z3.answer), answer_name(run.cvc5.answer));
  return run;
}

}  // namespace nimcert::smt
