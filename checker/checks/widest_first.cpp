// Solving widths widest first (see widest_first.hpp).
#include "checks/widest_first.hpp"

#include <algorithm>

namespace nimcert {

std::vector<SolvedWidth> solve_widest_first(const std::vector<WidthQueries>& widths,
                                            const Solvers& solvers, unsigned timeout_ms,
                                            unsigned threads, bool may_imply) {
  std::vector<SolvedWidth> out(widths.size());
  for (std::size_t i = 0; i < widths.size(); ++i) out[i].width = widths[i].width;
  if (widths.empty()) return out;
  const std::size_t widest =
      static_cast<std::size_t>(std::max_element(widths.begin(), widths.end(),
                                                [](const WidthQueries& a, const WidthQueries& b) {
                                                  return a.width < b.width;
                                                }) -
                               widths.begin());
  out[widest].answers = solve_all(widths[widest].queries, solvers, timeout_ms, threads);
  // A width with no query proves nothing, so it implies nothing.
  const bool proved = may_imply && !out[widest].answers.empty() &&
                      std::all_of(out[widest].answers.begin(), out[widest].answers.end(),
                                  [](const SolvedQuery& q) { return q.both_unsat(); });
  std::vector<PendingQuery> rest;
  for (std::size_t i = 0; i < widths.size(); ++i)
    if (i != widest) {
      if (proved)
        out[i].implied_by = widths[widest].width;
      else
        rest.insert(rest.end(), widths[i].queries.begin(), widths[i].queries.end());
    }
  if (proved) return out;
  // Every other width side by side, then read back in order.
  std::vector<SolvedQuery> solved = solve_all(rest, solvers, timeout_ms, threads);
  std::size_t next = 0;
  for (std::size_t i = 0; i < widths.size(); ++i)
    if (i != widest)
      for (std::size_t k = 0; k < widths[i].queries.size(); ++k)
        out[i].answers.push_back(std::move(solved[next++]));
  return out;
}

}  // namespace nimcert
