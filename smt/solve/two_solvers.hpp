// One query, two solvers: Z3 in this process and cvc5 in a child process, side by side.
//
// They run at the same time when two cores are free (cvc5 is a separate process, so this costs
// no shared state; each solver holds a sys/core_slot.hpp core while it runs), and their
// answers are compared: a sat/unsat disagreement is noted and never counts as proved.
#pragma once

#include <string>

#include "solve/answer.hpp"
#include "solve/cvc5_replay.hpp"

namespace nimcert::smt {

struct TwoSolverRun {
  SolverRun z3;
  SecondOpinion cvc5;
  std::string disagreement;  // empty, or "the solvers disagree: Z3 sat, cvc5 unsat"

  bool both_unsat() const { return z3.answer == Answer::Unsat && cvc5.answer == Answer::Unsat; }
};

TwoSolverRun solve_with_both(const Query& query, unsigned timeout_ms,
                             const std::string& cvc5_binary);

}  // namespace nimcert::smt
