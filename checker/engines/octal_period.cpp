// The periodic region (see octal_period.hpp).
#include "engines/octal_period.hpp"

#include <algorithm>
#include <bit>

namespace nimcert {

namespace {
// The most steps a region's rows may cost to build: pairs below s times p.
constexpr std::uint64_t kRegionBudget = std::uint64_t{1} << 27;
}  // namespace

void PeriodicRegion::extend(const std::uint32_t* g, std::uint64_t n) {
  if (period_ != 0 && g[n] != g[n - period_]) period_ = 0;  // n - p >= s: the region ends
}

std::uint64_t PeriodicRegion::walk_back(const std::uint32_t* g, std::uint64_t n, std::uint64_t p) {
  std::uint64_t s = n + 1 - 2 * p;
  // What the last walk for this p found (G(i) = G(i + p) on [w.start, w.n - p], and it stopped
  // at w.start) still holds: if the values between it and the two periods just checked repeat
  // too, the walk ends at w.start again, and the values need not be walked again.
  Walk& w = walks_[p];
  bool known = w.n != 0 && w.n <= n && w.start <= s;
  for (std::uint64_t i = w.n + 1 - p; known && i < s; ++i) known = g[i] == g[i + p];
  if (known) {
    s = w.start;
  } else {
    while (s > 1 && g[s - 1] == g[s - 1 + p]) --s;
  }
  w = Walk{s, n};
  return s;
}

void PeriodicRegion::find(const std::uint32_t* g, std::uint64_t n) {
  period_ = 0;
  // The smallest p whose repetition reaches far enough back: two whole periods ending at n,
  // G(i) = G(i + p) for i in [n + 1 - 2p, n - p], then the smallest start s >= 1 (back while
  // the values repeat), of use once its rows cover the rests (2s + p - 1 <= n - 1).  A short
  // repetition near n (p = 1 at two equal values) does not stop the search: the next p is
  // tried (0.57 repeats 1 1 2 2 from n = 1; p = 1 matched at two equal values and hid p = 4).
  // The walks back are bounded by 2n in all, so a look costs O(max_period + n) at most.
  std::uint64_t p = 1, s = 0, walked = 0;
  bool found = false;
  for (; p <= max_period_ && 2 * p + 1 <= n && walked <= 2 * n; ++p) {
    bool repeats = true;
    for (std::uint64_t i = n - p + 1; i-- > n + 1 - 2 * p && repeats;) repeats = g[i] == g[i + p];
    if (!repeats) continue;
    s = walk_back(g, n, p);
    walked += n + 1 - 2 * p - s;
    if (2 * s + p <= n) {
      found = true;
      break;
    }
  }
  if (!found) return;
  // xor of two values below 2^k is below 2^k.
  std::uint32_t largest = 0;
  for (std::uint64_t i = 1; i < s + p; ++i) largest = std::max(largest, g[i]);
  if (largest > 0xFFFF) return;  // rows of 2^16 bits and more: not worth it
  const std::uint64_t bound = std::bit_ceil(std::uint64_t{largest} + 1);
  start_ = s;
  period_ = p;
  words_ = (bound + 63) / 64;
  rows_.assign(period_ * words_, 0);
  std::vector<std::uint32_t> at(period_);  // P[c]
  for (std::uint64_t i = s; i < s + p; ++i) at[i % p] = g[i];
  // The pairs (G(a), a mod p) for a below s, each once.
  std::vector<bool> seen(bound * p, false);
  std::vector<std::pair<std::uint32_t, std::uint64_t>> pairs;
  for (std::uint64_t a = 1; a < s; ++a)
    if (!seen[g[a] * p + a % p]) {
      seen[g[a] * p + a % p] = true;
      pairs.emplace_back(g[a], a % p);
    }
  if ((pairs.size() + p) * p > kRegionBudget) {
    period_ = 0;
    rows_.clear();
    return;
  }
  for (std::uint64_t c = 0; c < p; ++c) {
    std::uint64_t* row = rows_.data() + c * words_;
    const auto set = [row](std::uint32_t v) { row[v / 64] |= std::uint64_t{1} << (v % 64); };
    for (std::uint64_t i = 0; i < p; ++i) set(at[i] ^ at[(c + p - i) % p]);
    for (const auto& [value, residue] : pairs) set(value ^ at[(c + p - residue) % p]);
  }
}

}  // namespace nimcert
