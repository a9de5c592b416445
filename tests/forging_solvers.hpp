// Solvers that answer unsat to every query, as a forger's tool would: certificates made with
// them record false lemmas as proved, which is what the gate's trust tests must see refused.
#pragma once

#include "checks/solve_and_recheck.hpp"

namespace nimcert::testing {

class AlwaysUnsat final : public Solvers {
 public:
  smt::TwoSolverRun solve(const smt::Query&, unsigned) const override {
    smt::TwoSolverRun r;
    r.z3.answer = r.cvc5.answer = smt::Answer::Unsat;
    return r;
  }
};

}  // namespace nimcert::testing
