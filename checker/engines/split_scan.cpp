// The split scans (see split_scan.hpp).
#include "engines/split_scan.hpp"

#include <algorithm>
#include <cstddef>

#include "base/target_clones.hpp"

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

NIMCERT_TARGET_CLONES bool block_reaches(const std::uint8_t* f, const std::uint8_t* b,
                                         std::uint64_t count, std::uint8_t v) {
  return any_split_in_block(f, b, count, v);
}

// f[i] ^ b[i] == v with f 32-bit: the high half of f must be zero, so the comparison is made in
// 32 bits.
NIMCERT_TARGET_CLONES bool block_reaches(const std::uint32_t* f, const std::uint16_t* b,
                                         std::uint64_t count, std::uint16_t v) {
  std::uint32_t hit = 0;
  for (std::uint64_t i = 0; i < count; ++i)
    hit |= static_cast<std::uint32_t>((f[i] ^ std::uint32_t{b[i]}) == std::uint32_t{v});
  return hit != 0;
}

// A run of splits [next, end) scanned in blocks, 32 first and twice as many each time up to 1024.
struct Run {
  std::uint64_t next, end;
  std::uint64_t block = kFirstBlock;
  bool left() const { return next < end; }
  // The next block's size; the run moves past it.
  std::uint64_t take() {
    const std::uint64_t n = std::min(end - next, block);
    block = std::min(2 * block, kLargestBlock);
    next += n;
    return n;
  }
};

// The runs of one scan, each block asked of `block_hits(a, n)` (whether some split of a..a+n-1
// reaches v): from `from` alone, or from `start` and then from `from` too, a block of each in
// turn.  A start that is no help costs at most about twice the plain scan and 992 splits.
template <typename BlockHits>
SplitScan scan_runs(std::uint64_t from, std::uint64_t to, std::uint64_t start,
                    const BlockHits& block_hits) {
  SplitScan scan;
  if (to < from) return scan;
  // One block of a run: whether it reaches v (scan.at is then its start: looking for the hit
  // inside would cost a scan again).
  const auto hits = [&](Run& run) {
    const std::uint64_t a = run.next, n = run.take();
    scan.compared += n;
    if (!block_hits(a, n)) return false;
    scan.at = a;
    return true;
  };
  if (start <= from || start > to) {
    for (Run run{from, to + 1}; run.left();)
      if (hits(run)) break;
    return scan;
  }
  // From `start` alone while its blocks grow (992 splits), then a block of each in turn.
  Run late{start, to + 1}, early{from, start};
  while (late.left() || early.left()) {
    if (late.left() && hits(late)) break;
    if ((!late.left() || late.block == kLargestBlock) && early.left() && hits(early)) break;
  }
  return scan;
}

template <typename F, typename B>
SplitScan scan_copies(const F* forward, const B* backward, std::uint64_t last, std::uint64_t r,
                      std::uint64_t from, std::uint64_t to, std::uint64_t start, B v) {
  return scan_runs(from, to, start, [&](std::uint64_t a, std::uint64_t n) {
    return block_reaches(forward + a, backward + (last - r + a), n, v);  // [..] = G(r - a)
  });
}

}  // namespace

SplitScan split_reaches(const std::uint8_t* forward, const std::uint8_t* backward,
                        std::uint64_t last, std::uint64_t r, std::uint64_t from, std::uint64_t to,
                        std::uint8_t v, std::uint64_t start) {
  return scan_copies(forward, backward, last, r, from, to, start, v);
}

SplitScan split_reaches(const std::uint32_t* forward, const std::uint16_t* backward,
                        std::uint64_t last, std::uint64_t r, std::uint64_t from, std::uint64_t to,
                        std::uint16_t v, std::uint64_t start) {
  return scan_copies(forward, backward, last, r, from, to, start, v);
}

NIMCERT_TARGET_CLONES std::uint64_t split_low_values(const std::uint8_t* forward,
                                                     const std::uint8_t* backward,
                                                     std::uint64_t last, std::uint64_t r,
                                                     std::uint64_t from, std::uint64_t to) {
  if (to < from) return 0;
  const std::uint64_t count = std::min<std::uint64_t>(to - from + 1, kLowValueSplits);
  const std::uint8_t* f = forward + from;
  const std::uint8_t* b = backward + (last - r + from);  // b[i] = G(r - from - i)
  std::uint64_t bits = 0;
  if (count == kLowValueSplits) {
    // Eight splits a step in GCC's vector extension (the plain loop is not made vector code
    // at -O2): a lane's bit 1 << v where v < 64, or'ed lane by lane, then the lanes together.
    using Lanes = std::uint64_t __attribute__((vector_size(64)));
    Lanes seen = {};
    for (std::uint64_t i = 0; i < kLowValueSplits; i += 8) {
      Lanes v;
      for (std::uint64_t j = 0; j < 8; ++j) v[j] = f[i + j] ^ b[i + j];
      const Lanes low = reinterpret_cast<Lanes>(v < 64);  // all ones where v < 64
      seen |= ((Lanes{} + 1) << v) & low;
    }
    for (std::uint64_t j = 0; j < 8; ++j) bits |= seen[j];
    return bits;
  }
  for (std::uint64_t i = 0; i < count; ++i) {
    const std::uint64_t v = f[i] ^ b[i];
    bits |= v < 64 ? std::uint64_t{1} << v : 0;
  }
  return bits;
}

std::uint64_t split_low_values_scalar(const std::uint32_t* g, std::uint64_t r, std::uint64_t from,
                                      std::uint64_t to) {
  std::uint64_t bits = 0;
  for (std::uint64_t a = from; a <= to && a < from + kLowValueSplits; ++a) {
    const std::uint64_t v = g[a] ^ g[r - a];
    bits |= v < 64 ? std::uint64_t{1} << v : 0;
  }
  return bits;
}

SplitScan split_reaches_scalar(const std::uint32_t* g, std::uint64_t r, std::uint64_t from,
                               std::uint64_t to, std::uint32_t v, std::uint64_t start) {
  return scan_runs(from, to, start, [&](std::uint64_t a, std::uint64_t n) {
    for (const std::uint64_t end = a + n; a < end; ++a)
      if ((g[a] ^ g[r - a]) == v) return true;
    return false;
  });
}

}  // namespace nimcert
