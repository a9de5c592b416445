// Gates as clauses (Tseitin's encoding), one function per gate, for the bit-blaster.
//
// A gate's output is a fresh variable tied to its inputs by the clauses that define it, so
// the CNF is satisfiable exactly when the circuit's inputs can make its asserted outputs true
// (Tseitin, "On the complexity of derivation in propositional calculus", 1968).  Variable 1 is
// the constant true (a unit clause says so); gates on constants fold (and(x, false) is false,
// xor(x, true) is -x) and equal gates are made once (structural hashing), so that the CNF of a
// query with constants is small.  Every encoding is complete for unit propagation forwards:
// once a gate's inputs are set, propagation sets its output, which the tests use to evaluate
// a blasted term on an assignment without a SAT solver.
#pragma once

#include <map>
#include <tuple>
#include <vector>

#include "sat/cnf.hpp"

namespace nimcert::smt {

using Bits = std::vector<Lit>;  // a bit-vector, least significant bit first

class Circuit {
 public:
  Circuit();

  Lit truth() const { return 1; }
  Lit falsity() const { return -1; }
  Lit constant(bool b) const { return b ? truth() : falsity(); }
  Lit fresh();

  Lit and2(Lit a, Lit b);
  Lit or2(Lit a, Lit b) { return -and2(-a, -b); }
  Lit xor2(Lit a, Lit b);
  Lit ite(Lit c, Lit t, Lit e);  // c ? t : e
  Lit and_all(const std::vector<Lit>& lits);
  Lit or_all(const std::vector<Lit>& lits);

  // a + b + carry_in on w bits; the carry out when asked.
  Bits add(const Bits& a, const Bits& b, Lit carry_in, Lit* carry_out = nullptr);
  Bits ite(Lit c, const Bits& t, const Bits& e);
  Lit equal(const Bits& a, const Bits& b);
  Lit less(const Bits& a, const Bits& b);  // unsigned a < b

  void assert_true(Lit l) { cnf_.clauses.push_back({l}); }
  const Cnf& cnf() const { return cnf_; }
  Cnf take() { return std::move(cnf_); }

 private:
  void clause(std::initializer_list<Lit> lits) { cnf_.clauses.emplace_back(lits); }
  Cnf cnf_;
  std::map<std::tuple<char, Lit, Lit, Lit>, Lit> gates_;  // (kind, inputs) -> output
};

}  // namespace nimcert::smt
