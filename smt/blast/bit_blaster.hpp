// A query's SMT-LIB text as CNF: nimcert's own bit-blaster, the first step of the route that
// needs neither Z3's nor cvc5's answer (issue 42).
//
// The text is the benchmark that Z3 and cvc5 solved (solve/z3_backend.hpp writes it and the
// certificate records its SHA-256).  Z3's parser reads it into terms (parsing only: nothing of
// Z3's solving is used), and each term becomes gates (circuit.hpp), one encoding per operator:
// ripple-carry addition and subtraction, shift-and-add multiplication, restoring division
// (bvudiv by 0 is all ones, bvurem by 0 the dividend, as SMT-LIB 2.6 says), barrel shifts
// (a shift by the width or more is 0), ripple comparisons.  Every assertion's output is a unit
// clause, so the CNF is unsatisfiable exactly when the query is.  Quantifiers and operators
// outside this list are refused by name (BlastRefused): such a query gets no CNF.
#pragma once

#include <map>
#include <stdexcept>
#include <string>

#include "blast/circuit.hpp"

namespace nimcert::smt {

struct BlastRefused : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct BlastedQuery {
  Cnf cnf;
  std::map<std::string, Bits> variables;  // each declared constant's bits (a Bool: one bit)
};

// Throws BlastRefused on a quantifier or an operator it has no encoding for, and
// std::invalid_argument when Z3 cannot parse the text.
BlastedQuery blast_smt2(const std::string& smt2);

}  // namespace nimcert::smt
