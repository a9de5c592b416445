// Enumeration: a lemma's statement evaluated in C++ on every assignment of a range, the check
// that shares nothing with the solvers.
//
// The expanded statement "hypotheses -> conclusion" is compiled by the evaluator and run over
// whole lines of assignments (the last variable varying), split over the cores by the first
// variable; when the work is large the same instruction list runs as machine code
// (eval/native_line.hpp).  The first counterexample in lexicographic order is reported; an
// intermediate value beyond 64 bits makes the enumeration unknown, never holds.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "base/outcome.hpp"
#include "lang/ast.hpp"

namespace nimcert {

struct EnumerationOutcome {
  std::uint64_t low = 0, high = 0;
  std::uint64_t cases = 0;
  std::uint64_t premise_cases = 0;  // of them, where the hypotheses hold (all, without any)
  Verdict verdict = Verdict::Unknown;
  std::string note;                                          // why unknown (overflow)
  std::optional<std::vector<std::uint64_t>> counterexample;  // first in lexicographic order
  double seconds = 0;
  bool native = false;         // machine code (native_line.hpp), else the batch evaluator
  double compile_seconds = 0;  // of `seconds`, spent compiling the machine code
  std::string engine_note;     // why the batch evaluator ran when machine code was wanted
};

// Which evaluator enumerates: machine code when the work is large (Automatic), always
// (Native, falling back to the batch evaluator with a note when no compiler runs), or never.
enum class EnumerationEngine { Automatic, Native, Batch };

// Every assignment of [low, high]^k to the variables, of the expanded "hypotheses ->
// conclusion" (or just the conclusion).  Holds only when no assignment violates it and the
// hypotheses hold at one at least; fails at the first violating assignment in lexicographic
// order; unknown on overflow, or when the hypotheses never hold.
EnumerationOutcome enumerate_lemma(const std::vector<std::string>& variables,
                                   const smt::ExprPtr& implication, std::uint64_t low,
                                   std::uint64_t high, unsigned threads,
                                   EnumerationEngine engine = EnumerationEngine::Automatic);

// How long an enumeration would take: its assignments, and seconds on `threads` threads at
// the cost per assignment measured on a sample of the range (0 when there are few).
struct EnumerationEstimate {
  long double cases = 0;
  double seconds = 0;
};
EnumerationEstimate estimate_enumeration(const std::vector<std::string>& variables,
                                         const smt::ExprPtr& implication, std::uint64_t low,
                                         std::uint64_t high, unsigned threads);

}  // namespace nimcert
