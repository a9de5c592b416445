// Solving and re-checking one query (see solve_and_recheck.hpp).
#include "checks/solve_and_recheck.hpp"

#include <algorithm>
#include <semaphore>
#include <thread>

#include "base/parallel_for.hpp"
#include "solve/z3_backend.hpp"
#include "sys/activity.hpp"

namespace nimcert {

smt::TwoSolverRun BothSolvers::solve(const smt::Query& query, unsigned timeout_ms) const {
  return smt::solve_with_both(query, timeout_ms, cvc5_binary_);
}

smt::TwoSolverRun Z3Alone::solve(const smt::Query& query, unsigned timeout_ms) const {
  smt::TwoSolverRun run;
  run.z3 = smt::solve_with_z3(query, timeout_ms);
  run.cvc5.note = "cvc5 not run";
  return run;
}

namespace {

void add_note(std::string& note, const std::string& more) {
  if (more.empty()) return;
  note += (note.empty() ? "" : "; ") + more;
}

}  // namespace

SolvedQuery solve_and_recheck(const smt::Query& query, const smt::Program* statement,
                              const Solvers& solvers, unsigned timeout_ms) {
  const smt::TwoSolverRun both = solvers.solve(query, timeout_ms);
  SolvedQuery out;
  out.z3 = both.z3.answer;
  out.cvc5 = both.cvc5;
  out.seconds = both.z3.seconds;
  out.note = both.z3.reason;
  if (both.z3.answer == smt::Answer::Sat) {
    std::vector<smt::u128> input;
    bool complete = both.z3.model_fits;
    for (const std::string& v : query.variables) {
      const auto it = both.z3.model.find(v);
      complete = complete && it != both.z3.model.end();
      input.push_back(complete ? it->second : 0);
    }
    std::vector<smt::u128> value;
    if (!complete) {
      add_note(out.note, "the model is too large for the C++ evaluator to re-check");
    } else if (!statement) {
      out.model = both.z3.model;  // quantified: the game's own enumeration confirms it
    } else if (!statement->run_one<smt::u128>(input, value)) {
      add_note(out.note, "the model is too large for the C++ evaluator to re-check");
    } else if (value[0] != 0) {
      add_note(out.note, "the solver's model does not violate the statement in the C++ evaluator");
    } else {
      out.model = both.z3.model;
      out.rechecked = true;
    }
  }
  add_note(out.note, both.disagreement);
  out.smt2 = smt::with_status(query.smt2, both.z3.answer);
  return out;
}

namespace {

// The queries in flight in this process, whichever checks asked for them: one per core (each
// is Z3 here and cvc5 in a child, one of which usually finishes well before the other; the
// solvers themselves wait for a core, sys/core_slot.hpp, so two queries in flight keep the
// cores busy with at most one solver on each).
class QuerySlot {
 public:
  QuerySlot() { slots().acquire(); }
  ~QuerySlot() { slots().release(); }
  QuerySlot(const QuerySlot&) = delete;
  QuerySlot& operator=(const QuerySlot&) = delete;

 private:
  static std::counting_semaphore<256>& slots() {
    static std::counting_semaphore<256> s(
        std::clamp<std::ptrdiff_t>(std::thread::hardware_concurrency(), 2, 256));
    return s;
  }
};

}  // namespace

std::vector<SolvedQuery> solve_all(const std::vector<PendingQuery>& queries, const Solvers& solvers,
                                   unsigned timeout_ms, unsigned threads) {
  std::vector<SolvedQuery> out(queries.size());
  parallel_for(queries.size(), threads, [&](std::size_t i) {
    const PendingQuery& q = queries[i];
    const QuerySlot slot;
    smt::set_activity(q.activity);
    out[i] = solve_and_recheck(q.query, q.statement ? &*q.statement : nullptr, solvers, timeout_ms);
  });
  return out;
}

}  // namespace nimcert
