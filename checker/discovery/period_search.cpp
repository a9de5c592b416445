// The period search (see period_search.hpp).
#include "discovery/period_search.hpp"

#include "sys/interrupt.hpp"

namespace nimcert {

PeriodSearch smallest_period(std::span<const std::uint32_t> g, std::uint64_t max_period,
                             Saltus saltus,
                             const std::function<bool(const PeriodGuess&)>& covered) {
  PeriodSearch out;
  if (g.size() < 2) return out;
  const std::uint64_t last = g.size() - 1;
  for (std::uint64_t p = 1; p <= max_period && p <= last; ++p) {
    if (p % 256 == 0) smt::throw_if_interrupted();
    ++out.periods_tried;
    // The saltus the last period shows; the values of a falling p fit no saltus.
    if (saltus == Saltus::Any && g[last] < g[last - p]) continue;
    const std::uint64_t s = saltus == Saltus::Any ? g[last] - g[last - p] : 0;
    // The smallest n0: scanning down from the last n compared, to the first that differs.  A
    // wrong p differs within a few steps, so the search costs little more than its answer.
    std::uint64_t n0 = last - p + 1;
    while (n0 > 0 && std::uint64_t{g[n0 - 1 + p]} == g[n0 - 1] + s) --n0;
    // The period must hold on at least the second half of the values and for two of its
    // lengths: the last few values repeat by chance for many short p (a "period 3 from 8151"
    // in 8192 values), which no more values would confirm.  A covered claim always passes:
    // its window alone reaches 2 n0 + 2p or, for a subtraction game, n0 + t + p.
    if (n0 + 2 * p > last || 2 * n0 > last) continue;
    const PeriodGuess guess{n0, p, s};
    if (covered(guess)) {
      out.found = guess;
      return out;
    }
    if (!out.uncovered) out.uncovered = guess;
  }
  return out;
}

}  // namespace nimcert
