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
// conclusion".
EnumerationOutcome enumerate_lemma(const std::vector<std::string>& variables,
                                   const smt::ExprPtr& implication, std::uint64_t low,
                                   std::uint64_t high, unsigned threads,
                                   EnumerationEngine engine = EnumerationEngine::Automatic);

}  // namespace nimcert
