// The values of the three-way splits of a heap, for the octal engine on a hexadecimal code (a
// digit with bit 8: remove k and leave three nonempty heaps a + b + c = n - k).
//
// three(r) = { G(a) ^ G(b) ^ G(c) : a + b + c = r, each >= 1 } = the union over a of
// G(a) ^ two(r - a), two(m) = { G(b) ^ G(m - b) : 1 <= b < m } the values of m's two-way
// splits.  Each two(m) is one bit set, built once from G(1..m - 1); each three(r) is built once
// from them, when a heap first asks for it, and kept while heaps n <= r + t may ask again.  The
// work is the sum of |two(m)| over m < r, about r^2 / 4 for an arithmetic-periodic game, so
// O(n^3) in all: hexadecimal sequences are computed to a few thousand, not to 10^9.  The plain
// engine (octal_engine.hpp) lists every split instead and shares nothing with this.
#pragma once

#include <cstdint>
#include <map>
#include <vector>

namespace nimcert {

class ThreeWaySplits {
 public:
  // The distinct values of the three-way splits of r (g holds G(0..r - 1) at least), in
  // increasing order; the reference is valid until the next call.
  const std::vector<std::uint32_t>& values(std::uint64_t r, const std::uint32_t* g);
  // Forgets the rests below `r` (no heap asks for them again).
  void forget_below(std::uint64_t r);

 private:
  // two_[m]: bit v of word v / 64 says v is the value of a two-way split of m.
  std::vector<std::vector<std::uint64_t>> two_;
  std::map<std::uint64_t, std::vector<std::uint32_t>> three_;
};

}  // namespace nimcert
