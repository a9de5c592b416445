// The Z3 backend: a lemma as a QF_BV query, its SMT-LIB 2.6 text, and Z3's answer.
//
// A lemma "for all v < 2^w: hypotheses -> conclusion" is proved when its negation
// (hypotheses and not conclusion) is unsat.  The query is first written as a conforming
// SMT-LIB 2.6 benchmark; Z3 then solves exactly that text, parsed in a fresh context, so the
// SHA-256 recorded in the certificate is of what was solved.  A sat answer comes with a model;
// the caller re-checks it with the C++ evaluator before calling it a counterexample.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "ast.hpp"
#include "evaluator.hpp"

namespace nimcert::smt {

enum class Answer { Unsat, Sat, Unknown };
const char* answer_name(Answer a);  // "unsat", "sat", "unknown"

struct Query {
  std::vector<std::string> variables;
  unsigned width = 0;
  std::string smt2;  // the benchmark, with (set-info :status unknown)
};

// "exists bound < 2^width: body", a disjunct of a conclusion that needs a witness the proof
// does not name (the symbolic induction step without hints).
struct Existential {
  std::vector<std::string> bound;
  ExprPtr body;
};

// Builds the query "exists variables < 2^width: hypotheses and not conclusion", where the
// conclusion is `conclusion` (may be null: false) or any of `existentials`.  All expressions
// must be expanded.  `source` goes into (set-info :source ...).  The logic is QF_BV, or BV
// when there are existentials.
Query make_query(const std::vector<std::string>& variables, const std::vector<ExprPtr>& hypotheses,
                 const ExprPtr& conclusion, unsigned width, const std::string& source,
                 const std::vector<Existential>& existentials = {});

// The benchmark text with its :status set to the given answer.
std::string with_status(const std::string& smt2, Answer status);

struct SolverRun {
  Answer answer = Answer::Unknown;
  std::string reason;                 // Z3's reason for unknown
  std::map<std::string, u128> model;  // sat: the variables' values (when they fit 128 bits)
  bool model_fits = true;
  double seconds = 0;
};

// The value Z3 gives e (expanded) under each assignment of `variables`, each variable a
// bit-vector of `width` bits: the translation evaluated by Z3's simplifier.  For tests that
// hold the translation against the C++ evaluator.
std::vector<u128> evaluate_with_z3(const ExprPtr& e, const std::vector<std::string>& variables,
                                   unsigned width,
                                   const std::vector<std::vector<u128>>& assignments);

inline constexpr unsigned kZ3Seed = 0;

// Solves the benchmark text with Z3 in a fresh context, single-threaded, seed kZ3Seed.
// Z3 exceptions propagate as z3::exception (the command line turns them into status 2).
SolverRun solve_with_z3(const Query& query, unsigned timeout_ms);

}  // namespace nimcert::smt
