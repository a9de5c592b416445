// The choices of one declared parameter at one position, as an inclusive range.
//
// A parameter bounded by `low <= c <= high` with high = 2^64 - 1 has the choice 2^64 - 1: the
// half-open [low, high + 1) of 64-bit words wraps there and lost it, while Z3, cvc5 and MONA
// kept it.  Both enumeration routes of a declared game (one follower at a time, and in
// batches) take their choices from here, first..last with no bound past the last.
#pragma once

#include <cstdint>

namespace nimcert {

struct ChoiceRange {
  bool empty = true;
  std::uint64_t first = 0, last = 0;
  // The number of choices less one (2^64 choices do not fit a word; 2^64 - 1 does).
  std::uint64_t span() const { return last - first; }
};

// low <= c <= high when inclusive, low <= c < high otherwise.
inline ChoiceRange choice_range(std::uint64_t low, std::uint64_t high, bool inclusive) {
  if (inclusive ? low > high : low >= high) return {};
  return {false, low, inclusive ? high : high - 1};
}

}  // namespace nimcert
