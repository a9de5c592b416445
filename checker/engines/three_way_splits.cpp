// The three-way splits' values (see three_way_splits.hpp).
#include "engines/three_way_splits.hpp"

#include <bit>

namespace nimcert {

namespace {

void set_bit(std::vector<std::uint64_t>& bits, std::uint64_t v) {
  if (v / 64 >= bits.size()) bits.resize(v / 64 + 1, 0);
  bits[v / 64] |= std::uint64_t{1} << (v % 64);
}

}  // namespace

const std::vector<std::uint32_t>& ThreeWaySplits::values(std::uint64_t r, const std::uint32_t* g) {
  if (const auto found = three_.find(r); found != three_.end()) return found->second;
  // two(m) for every m < r not built yet: G(1..m - 1) are known, since m <= r - 1.
  if (two_.empty()) two_.resize(1);
  while (two_.size() < r) {
    const std::uint64_t m = two_.size();
    std::vector<std::uint64_t> bits;
    for (std::uint64_t b = 1; 2 * b <= m; ++b) set_bit(bits, g[b] ^ g[m - b]);
    two_.push_back(std::move(bits));
  }
  std::vector<std::uint64_t> marked;
  for (std::uint64_t a = 1; a + 2 <= r; ++a) {
    const std::vector<std::uint64_t>& two = two_[r - a];
    for (std::size_t w = 0; w < two.size(); ++w)
      for (std::uint64_t word = two[w]; word != 0; word &= word - 1)
        set_bit(marked, g[a] ^ (w * 64 + static_cast<unsigned>(std::countr_zero(word))));
  }
  std::vector<std::uint32_t> out;
  for (std::size_t w = 0; w < marked.size(); ++w)
    for (std::uint64_t word = marked[w]; word != 0; word &= word - 1)
      out.push_back(static_cast<std::uint32_t>(w * 64 + std::countr_zero(word)));
  return three_.emplace(r, std::move(out)).first->second;
}

void ThreeWaySplits::forget_below(std::uint64_t r) {
  three_.erase(three_.begin(), three_.lower_bound(r));
}

}  // namespace nimcert
