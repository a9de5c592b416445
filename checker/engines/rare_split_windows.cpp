// The windows of rare-part splits (see rare_split_windows.hpp).
#include "engines/rare_split_windows.hpp"

#include <algorithm>
#include <cstring>

namespace nimcert {

namespace {
// Each rare part reads its own line or two, in L2 or beyond: they are fetched this many rare
// parts ahead.
constexpr std::size_t kAhead = 16;
}  // namespace

const RareSplitWindows::Window& RareSplitWindows::window_of(
    const std::uint8_t* forward, const std::vector<std::uint32_t>& rares, std::uint64_t r) {
  const std::uint64_t start = r / kWidth * kWidth;
  Window& w = windows_[(r / kWidth) % windows_.size()];
  if (w.valid && w.start == start) return w;
  w.valid = true;
  w.start = start;
  w.old_begin = static_cast<std::size_t>(
      std::lower_bound(rares.begin(), rares.end(), kWidth) - rares.begin());
  w.old_end = static_cast<std::size_t>(
      std::lower_bound(rares.begin(), rares.end(), start) - rares.begin());
  std::memset(w.flags.data(), 0, w.flags.size());
  std::uint8_t* flags = w.flags.data();
  for (std::size_t i = w.old_begin; i < w.old_end; ++i) {
    if (i + kAhead < w.old_end) {  // the lines a later rare part reads, asked for early
      __builtin_prefetch(forward + (start - rares[i + kAhead]));
      __builtin_prefetch(forward + (start - rares[i + kAhead]) + kWidth - 1);
    }
    const std::uint32_t a = rares[i];
    const std::uint8_t ga = forward[a];
    const std::uint8_t* minus = forward + (start - a);  // minus[j] = G(R0 + j - a)
    // Unrolled, each row's offset is a constant: three instructions a split, not nine.
#pragma GCC unroll 64
    for (std::uint64_t j = 0; j < kWidth; ++j) flags[j * 256 + (ga ^ minus[j])] = 1;
  }
  return w;
}

std::uint64_t mark_rare_splits_of_rest(const std::uint8_t* forward,
                                       const std::vector<std::uint32_t>& rares, std::uint64_t r,
                                       std::uint8_t hit[256]) {
  std::size_t i = 0;
  for (; i < rares.size() && rares[i] < r; ++i) hit[forward[rares[i]] ^ forward[r - rares[i]]] = 1;
  return i;
}

std::uint64_t RareSplitWindows::mark(const std::uint8_t* forward,
                                     const std::vector<std::uint32_t>& rares, std::uint64_t r,
                                     std::uint8_t hit[256]) {
  if (r < 2 * kWidth) return mark_rare_splits_of_rest(forward, rares, r, hit);  // no window
  std::size_t i = 0;
  const auto single = [&](std::uint32_t a) { hit[forward[a] ^ forward[r - a]] = 1; };
  const Window& w = window_of(forward, rares, r);
  const std::uint8_t* row = w.flags.data() + (r - w.start) * 256;
  for (std::size_t v = 0; v < 256; ++v) hit[v] |= row[v];
  for (; i < w.old_begin; ++i) single(rares[i]);  // the rare parts below 64
  for (i = w.old_end; i < rares.size() && rares[i] < r; ++i) single(rares[i]);  // from R0 on
  return i;
}

}  // namespace nimcert
