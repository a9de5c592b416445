// Solvers that answer unknown on every query, as Z3 and cvc5 did on Staircase Nim's (7): a
// check then rests on MONA alone, which is what the tests of the unbounded route need.
#pragma once

#include "checks/solve_and_recheck.hpp"

namespace nimcert::testing {

class UnknownSolvers final : public Solvers {
 public:
  smt::TwoSolverRun solve(const smt::Query&, unsigned) const override {
    smt::TwoSolverRun r;
    r.z3.reason = "timeout";
    return r;
  }
};

}  // namespace nimcert::testing
