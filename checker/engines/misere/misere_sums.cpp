// Misère outcomes of small sums by the definition (see misere_sums.hpp).
#include "engines/misere/misere_sums.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>

#include "sys/interrupt.hpp"

namespace nimcert {

bool MisereSums::has_move(std::uint64_t heap) const {
  for (std::uint64_t k = 1; k <= code_.largest_removal() && k <= heap; ++k) {
    const unsigned d = code_.digit(k);
    if (((d & 1) && heap == k) || ((d & 2) && heap > k) || ((d & 4) && heap >= k + 2)) return true;
  }
  return false;
}

bool MisereSums::is_p(std::vector<std::uint64_t> heaps) {
  // A heap with no move adds no option: the sum is the same game without it.
  std::erase_if(heaps, [&](std::uint64_t h) { return !has_move(h); });
  std::sort(heaps.begin(), heaps.end());
  return solve(heaps);
}

bool MisereSums::solve(const std::vector<std::uint64_t>& sum) {
  if (sum.empty()) return false;  // no move: the player to move has won
  if (auto at = memo_.find(sum); at != memo_.end()) return at->second;
  if (memo_.size() >= max_positions_)
    throw std::runtime_error(
        fmt::format("misère sums: more than {} sums to store", max_positions_));
  if (memo_.size() % 4096 == 0) smt::throw_if_interrupted();
  bool to_p = false;  // some option is a P-position
  for (std::size_t i = 0; i < sum.size() && !to_p; ++i) {
    if (i > 0 && sum[i] == sum[i - 1]) continue;  // the same moves again
    const std::uint64_t heap = sum[i];
    std::vector<std::uint64_t> rest = sum;
    rest.erase(rest.begin() + static_cast<std::ptrdiff_t>(i));
    const auto option = [&](std::vector<std::uint64_t> parts) {
      std::vector<std::uint64_t> next = rest;
      for (std::uint64_t p : parts) next.push_back(p);
      to_p = to_p || is_p(std::move(next));
    };
    for (std::uint64_t k = 1; k <= code_.largest_removal() && k <= heap && !to_p; ++k) {
      const unsigned d = code_.digit(k);
      if ((d & 1) && heap == k) option({});
      if ((d & 2) && heap > k) option({heap - k});
      if (d & 4)
        for (std::uint64_t a = 1; heap >= k + 2 && a <= (heap - k) / 2 && !to_p; ++a)
          option({a, heap - k - a});
    }
  }
  memo_.emplace(sum, !to_p);
  return !to_p;
}

}  // namespace nimcert
