// Solvers that answer from a committed certificate when the very same query was solved before:
// the incremental gate.
//
// A query is reused only when the SHA-256 of its exact SMT-LIB text (as export-smt2 writes it,
// with the committed Z3 answer as its :status) and its time limit match a committed entry,
// and the committed solvers are the ones this build runs (the caller builds the table only
// then).  Only unsat and unknown answers are reused, as they were: a reused unknown stays
// unknown; a sat answer is always solved again, as its model must be re-checked.  Anything the
// checker changes in a query changes its text, so it is solved again.  Everything else of a
// check (parsing, cubes, boxes, sequences, enumerations, the move encoding, MONA, building and
// hashing the queries) runs as always.
#pragma once

#include <atomic>
#include <map>
#include <string>
#include <utility>

#include "checks/solve_and_recheck.hpp"

namespace nimcert {

// A committed answer pair and the note that went with it.
struct CommittedAnswer {
  smt::Answer z3 = smt::Answer::Unknown, cvc5 = smt::Answer::Unknown;
  std::string note;
};

// Keyed by (SHA-256 of the exported query text, time limit in ms).
using CommittedAnswers = std::map<std::pair<std::string, unsigned>, CommittedAnswer>;

class ReusingSolvers final : public Solvers {
 public:
  ReusingSolvers(const Solvers& inner, CommittedAnswers answers)
      : inner_(inner), answers_(std::move(answers)) {}
  smt::TwoSolverRun solve(const smt::Query& query, unsigned timeout_ms) const override;

  std::size_t reused() const { return reused_; }
  std::size_t solved() const { return solved_; }

 private:
  const Solvers& inner_;
  CommittedAnswers answers_;
  mutable std::atomic<std::size_t> reused_{0}, solved_{0};
};

}  // namespace nimcert
