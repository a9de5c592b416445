// The Z3 backend: a lemma as a QF_BV query, its SMT-LIB 2.6 text, and Z3's answer.
//
// A lemma "for all v < 2^w: hypotheses -> conclusion" is proved when its negation
// (hypotheses and not conclusion) is unsat.  The query is first written as a conforming
// SMT-LIB 2.6 benchmark; Z3 then solves exactly that text, parsed in a fresh context, so the
// SHA-256 recorded in the certificate is of what was solved.  A sat answer comes with a model;
// the caller re-checks it with the C++ evaluator before calling it a counterexample.
#pragma once

#include <string>
#include <vector>

#include "lang/ast.hpp"
#include "solve/answer.hpp"

namespace nimcert::smt {

// Builds the query "exists variables < 2^width: hypotheses and not conclusion", where the
// conclusion is `conclusion` (may be null: false) or any of `existentials`.  All expressions
// must be expanded.  `source` goes into (set-info :source ...).  The logic is QF_BV, or BV
// when there are existentials.
Query make_query(const std::vector<std::string>& variables, const std::vector<ExprPtr>& hypotheses,
                 const ExprPtr& conclusion, unsigned width, const std::string& source,
                 const std::vector<Existential>& existentials = {});

// The benchmark text with its :status set to the given answer.
std::string with_status(const std::string& smt2, Answer status);

// The value Z3 gives e (expanded) under each assignment of `variables`, each variable a
// bit-vector of `width` bits: the translation evaluated by Z3's simplifier.  For tests that
// hold the translation against the C++ evaluator.
std::vector<u128> evaluate_with_z3(const ExprPtr& e, const std::vector<std::string>& variables,
                                   unsigned width,
                                   const std::vector<std::vector<u128>>& assignments);

inline constexpr unsigned kZ3Seed = 0;

// Solves the benchmark text with Z3 in a fresh context, single-threaded, seed kZ3Seed.  A Z3
// exception becomes a SolverError here (the command line turns it into status 2); so does
// one in make_query and evaluate_with_z3.  No Z3 header reaches any caller.
SolverRun solve_with_z3(const Query& query, unsigned timeout_ms);

// The linked Z3's version, "4.8.12".
std::string z3_version();

}  // namespace nimcert::smt
