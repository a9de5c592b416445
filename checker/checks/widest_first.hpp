// Solving a check's widths widest first, and drawing the smaller widths from the widest.
//
// Every width's queries state one statement on the domain D_w (every variable below 2^w, or
// every position whose heaps sum below 2^w), and D_8 ⊂ D_16 ⊂ ... ⊂ D_64.  The translation is
// exact at every width (no wrap-around: tested differentially against the evaluator), so when
// both solvers prove every query of the widest width, the statement holds on each smaller
// domain too: those widths are "implied by w = 64", not solved.  Solving them anyway cost 28%
// of a cold certify's solver time and could not change a verdict.  When the widest width is
// not proved (a time limit, a disagreement, a counterexample), every other width is solved as
// before: for the scope (which widths were proved) or for a smaller counterexample.
#pragma once

#include <vector>

#include "checks/solve_and_recheck.hpp"

namespace nimcert {

// One width's queries, in the order the check reads their answers.
struct WidthQueries {
  unsigned width = 0;
  std::vector<PendingQuery> queries;
};

// One width's answers: those of its queries, or none when the widest width implies it.
struct SolvedWidth {
  unsigned width = 0;
  std::vector<SolvedQuery> answers;  // empty when implied
  unsigned implied_by = 0;           // the widest width, when it implies this one; else 0
};

// The widths' answers, in the order of `widths`.  The widest is solved first; when every one
// of its queries is unsat for both solvers and `may_imply` (the check draws its conclusion on
// D_w from unsat answers alone, e.g. the move encoding agrees), the smaller widths are implied
// by it and solved not at all.  Otherwise every width is solved.
std::vector<SolvedWidth> solve_widest_first(const std::vector<WidthQueries>& widths,
                                            const Solvers& solvers, unsigned timeout_ms,
                                            unsigned threads, bool may_imply);

}  // namespace nimcert
