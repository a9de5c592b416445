// Finding an octal game's period in its exact values: the smallest period p, and for it the
// smallest preperiod n0, with G(n + p) = G(n) + s at every computed n >= n0 (s = 0: periodic;
// s > 0: arithmetic-periodic with saltus s, which the values' last period fixes).
//
// A guess only: discover then writes the claim "periodic from n0 period p" into a sequence
// block and certifies it, and only the theorem the check applies (Guy and Smith's, or the
// subtraction-game theorem) makes it a statement about every n.  So the search asks, of each
// p, that the values it was found on reach the theorem's window (`covered`), and reports the
// smallest p that the computed values allow but do not yet cover, for which more values decide.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <span>

namespace nimcert {

struct PeriodGuess {
  std::uint64_t preperiod = 0, period = 0, saltus = 0;
};

// Whether a saltus is searched for: with Saltus::Any the saltus of p is G(last) - G(last - p)
// (a p whose last values fall has none); with Saltus::Zero only periods are.
enum class Saltus { Zero, Any };

// The values "allow" p when G(n + p) = G(n) + s from n0 on, with n0 in the first half of the values
// and at least two periods compared (else a few values repeating at the end would do).
struct PeriodSearch {
  std::optional<PeriodGuess> found;      // the smallest p that the values allow and cover
  std::optional<PeriodGuess> uncovered;  // a smaller p they allow but do not cover
  std::uint64_t periods_tried = 0;
};

// Over g = G(0..last), the periods 1..max_period; `covered(guess)` says whether G(0..last)
// reaches the theorem's window for that claim.
PeriodSearch smallest_period(std::span<const std::uint32_t> g, std::uint64_t max_period,
                             Saltus saltus,
                             const std::function<bool(const PeriodGuess&)>& covered);

}  // namespace nimcert
