// What a solver is asked and what it answers: the vocabulary shared by Z3 and cvc5.
//
// A query is an SMT-LIB 2.6 benchmark over bit-vector variables; an answer is unsat (the
// statement the query negates is proved at that width), sat (a model, to be re-checked in
// C++ before anyone calls it a counterexample) or unknown (a time limit, an interrupt, an
// error: never proved).  Both solvers' backends include this header and nothing of each other.
#pragma once

#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "lang/ast.hpp"
#include "sys/natural.hpp"

namespace nimcert::smt {

// A solver failed in a way that is not an answer (Z3 raised an exception): an infrastructure
// failure, exit status 2, never unknown and never proved.
struct SolverError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

enum class Answer { Unsat, Sat, Unknown };
const char* answer_name(Answer a);  // "unsat", "sat", "unknown"

// Why a query was not proved, as a certificate records it: the check's own note (Z3's reason,
// a model that did not re-check, a disagreement) and cvc5's, in one string.  Everything a
// certificate says of an answer is derived from this one string, so that an answer reused
// from a base revision or the cache, which carries only it, reads exactly as a fresh one.
std::string joined_note(const std::string& note, const std::string& cvc5_note);

struct Query {
  std::vector<std::string> variables;
  unsigned width = 0;
  std::string smt2;  // the benchmark, with (set-info :status unknown)
};

// The logic the benchmark's first set-logic command names ("QF_BV"; a label quoted in a later
// :source line cannot pose as it), or "" when it names none.  Both solvers are configured by it.
std::string logic_of(const std::string& smt2);

struct SolverRun {
  Answer answer = Answer::Unknown;
  std::string reason;                 // why unknown
  std::map<std::string, u128> model;  // sat: the variables' values (when they fit 128 bits)
  bool model_fits = true;
  double seconds = 0;
};

}  // namespace nimcert::smt
