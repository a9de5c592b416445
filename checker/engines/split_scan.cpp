// The split scans (see split_scan.hpp).
#include "engines/split_scan.hpp"

#include <algorithm>

#include "engines/target_clones.hpp"

namespace nimcert {

namespace {

// Splits compared between two looks for a hit: few at first, so that a value near the start is
// found at once, then more, so that a long scan is all vector work.
constexpr std::uint64_t kFirstBlock = 32, kLargestBlock = 1024;

// One block, no early exit inside, so that the compiler makes it vector code.
template <typename F, typename B>
[[gnu::always_inline]] inline bool any_split_in_block(const F* f, const B* b, std::uint64_t count,
                                                      B v) {
  B hit = 0;
  for (std::uint64_t i = 0; i < count; ++i) hit |= static_cast<B>(static_cast<B>(f[i] ^ b[i]) == v);
  return hit != 0;
}

NIMCERT_TARGET_CLONES bool block_reaches(
    const std::uint8_t* f, const std::uint8_t* b, std::uint64_t count, std::uint8_t v) {
  return any_split_in_block(f, b, count, v);
}

// f[i] ^ b[i] == v with f 32-bit: the high half of f must be zero, so the comparison is made in
// 32 bits.
NIMCERT_TARGET_CLONES bool block_reaches(
    const std::uint32_t* f, const std::uint16_t* b, std::uint64_t count, std::uint16_t v) {
  std::uint32_t hit = 0;
  for (std::uint64_t i = 0; i < count; ++i)
    hit |= static_cast<std::uint32_t>((f[i] ^ std::uint32_t{b[i]}) == std::uint32_t{v});
  return hit != 0;
}

// The blocks of one scan, growing, up to the first with a hit.
template <typename F, typename B>
SplitScan scan_blocks(const F* forward, const B* backward, std::uint64_t last, std::uint64_t r,
                      std::uint64_t from, std::uint64_t to, B v) {
  const F* f = forward + from;
  const B* b = backward + (last - r + from);  // backward[last - (r - a)] = G(r - a)
  const std::uint64_t count = to >= from ? to - from + 1 : 0;
  SplitScan scan;
  for (std::uint64_t block = kFirstBlock; scan.compared < count;
       block = std::min(2 * block, kLargestBlock)) {
    const std::uint64_t n = std::min(count - scan.compared, block);
    const bool hit = block_reaches(f + scan.compared, b + scan.compared, n, v);
    scan.compared += n;
    if (hit) {
      scan.reaches = true;
      break;
    }
  }
  return scan;
}

}  // namespace

SplitScan split_reaches(const std::uint8_t* forward, const std::uint8_t* backward,
                        std::uint64_t last, std::uint64_t r, std::uint64_t from, std::uint64_t to,
                        std::uint8_t v) {
  return scan_blocks(forward, backward, last, r, from, to, v);
}

SplitScan split_reaches(const std::uint32_t* forward, const std::uint16_t* backward,
                        std::uint64_t last, std::uint64_t r, std::uint64_t from, std::uint64_t to,
                        std::uint16_t v) {
  return scan_blocks(forward, backward, last, r, from, to, v);
}

SplitScan split_reaches_scalar(const std::uint32_t* g, std::uint64_t r, std::uint64_t from,
                               std::uint64_t to, std::uint32_t v) {
  SplitScan scan;
  for (std::uint64_t a = from; a <= to; ++a) {
    ++scan.compared;
    if ((g[a] ^ g[r - a]) == v) {
      scan.reaches = true;
      break;
    }
  }
  return scan;
}

}  // namespace nimcert
