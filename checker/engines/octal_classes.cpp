// The sparse classes and their choice (see octal_classes.hpp).
#include "engines/octal_classes.hpp"

#include <bit>

namespace nimcert {

void ClassCounts::add(std::uint64_t n, std::uint32_t value) {
  const std::uint64_t x = (std::uint64_t{value} << 1) | (n & 1u);
  if (x >= count_.size()) count_.resize(std::bit_ceil(x + 1), 0);
  ++count_[x];
  ++positions_;
}

std::optional<ClassChoice> ClassCounts::cheapest(std::uint64_t max_rare) const {
  // The transform in place on signed copies: h[i] = sum_x count[x] (-1)^popcount(x & i).
  std::vector<std::int64_t> h(count_.begin(), count_.end());
  for (std::size_t len = 1; len < h.size(); len <<= 1)
    for (std::size_t i = 0; i < h.size(); i += 2 * len)
      for (std::size_t j = i; j < i + len; ++j) {
        const std::int64_t a = h[j], b = h[j + len];
        h[j] = a + b;
        h[j + len] = a - b;
      }
  const auto total = static_cast<std::int64_t>(positions_);
  std::optional<ClassChoice> best;
  unsigned __int128 best_work = 0;
  for (std::size_t i = 1; i < h.size(); ++i) {
    const unsigned domain = i & 1u;
    // Unsettled: parity(G(n) & m) == (d & r & 1), an even parity of x & i with the low bit of
    // x read as r's parity instead of n's: the transform's sign turns when d and q are 1.
    std::uint64_t unsettled = static_cast<std::uint64_t>(total);
    if (domain == 0 || removal_parity_) {
      const std::int64_t sign = domain && removal_parity_ && *removal_parity_ ? -1 : 1;
      unsettled = static_cast<std::uint64_t>((total + sign * h[i]) / 2);
    }
    for (unsigned flip = 0; flip < 2; ++flip) {
      // Rare (c = 0): without flip the positions with even parity, (total + h) / 2.
      const std::uint64_t rare = static_cast<std::uint64_t>(flip ? (total - h[i]) / 2
                                                                 : (total + h[i]) / 2);
      if (rare > max_rare) continue;
      // Per value at the next n (n about positions): rare * splits list steps, and a scan of
      // n / 2 / lanes steps for a share unsettled / positions of the values.
      const unsigned __int128 work = static_cast<unsigned __int128>(rare) * splits_ * 2 * lanes_ +
                                     static_cast<unsigned __int128>(unsettled) * splits_;
      if (!best || work < best_work) {
        best_work = work;
        best = ClassChoice{SparseClasses{static_cast<std::uint32_t>(i >> 1), domain, flip}, rare,
                           unsettled};
      }
    }
  }
  return best;
}

}  // namespace nimcert
