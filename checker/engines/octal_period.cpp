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

void PeriodicRegion::find(const std::uint32_t* g, std::uint64_t n) {
  period_ = 0;
  std::uint64_t p = 1;
  // Two whole periods ending at n: G(i) = G(i + p) for i in [n + 1 - 2p, n - p].
  for (; p <= max_period_ && 2 * p + 1 <= n; ++p) {
    bool repeats = true;
    for (std::uint64_t i = n - p + 1; i-- > n + 1 - 2 * p && repeats;) repeats = g[i] == g[i + p];
    if (repeats) break;
  }
  if (p > max_period_ || 2 * p + 1 > n) return;
  std::uint64_t s = n + 1 - 2 * p;  // the smallest start: back while the values repeat
  while (s > 1 && g[s - 1] == g[s - 1 + p]) --s;
  // Of no use before its rows cover the rests, which needs 2s + p - 1 <= n - 1: left for a later
  // look (this keeps a short repetition near n, p = 1 at two equal values, from costing a
  // build of O(s) at every look).
  if (2 * s + p > n) return;
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
