// Misère outcomes of small sums by the definition (see misere_sums.hpp).
#include "engines/misere/misere_sums.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <stdexcept>

#include "sys/interrupt.hpp"

namespace nimcert {

bool MisereSums::has_move(std::uint64_t heap) const {
  bool any = false;
  code_.for_each_option(heap, [&](std::span<const std::uint64_t>) { any = true; });
  return any;
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
    code_.for_each_option(heap, [&](std::span<const std::uint64_t> parts) {
      if (to_p) return;  // one option into P settles it
      std::vector<std::uint64_t> next = rest;
      next.insert(next.end(), parts.begin(), parts.end());
      to_p = is_p(std::move(next));
    });
  }
  memo_.emplace(sum, !to_p);
  return !to_p;
}

void for_each_small_sum(std::uint64_t stones, std::uint64_t largest,
                        const std::function<void(const std::vector<std::uint64_t>&)>& visit) {
  std::vector<std::uint64_t> sum;
  const std::function<void(std::uint64_t, std::uint64_t)> walk = [&](std::uint64_t least,
                                                                     std::uint64_t left) {
    visit(sum);
    for (std::uint64_t h = least; h <= left && h <= largest; ++h) {
      sum.push_back(h);
      walk(h, left - h);
      sum.pop_back();
    }
  };
  walk(1, stones);
}

std::string sum_text(const std::vector<std::uint64_t>& heaps) {
  return heaps.empty() ? "the empty sum" : fmt::format("{}", fmt::join(heaps, " + "));
}

}  // namespace nimcert
