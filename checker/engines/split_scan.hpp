// The inner loop of an octal engine's mex: whether some split of a heap of r stones into two
// nonempty heaps a + (r - a) is worth v, that is G(a) ^ G(r - a) = v.
//
// The values are read from narrow copies: `forward` (forward[i] = G(i)) and `backward`
// (backward[last - i] = G(i)), so that as a runs up, both a and r - a run up in memory and the
// comparison is one vector operation for many splits at once, the instruction set chosen when
// the program starts (base/target_clones.hpp).  While every value is below 2^8 both copies
// are bytes (64 splits an AVX-512 operation, 2 bytes a position); below 2^16 the forward side
// is the 32-bit table itself and only the backward copy is kept, in 16 bits (2 bytes a
// position).  The scan goes in blocks, 32 splits first and twice as many each time up to
// 1024, and stops at the first block with a hit, so a value that is there is usually found in
// the first blocks; a value that is not there costs (to - from + 1) / lanes operations.  A
// scalar twin reads the 32-bit table alone, for values of 2^16 and more (and is the reference
// in the tests).  A scan may start at a hint inside (from, to]: it then runs [start, to] alone
// while its blocks grow (992 splits), then a block of it and of [from, start - 1] in turn, so
// a bad hint costs at most about twice the plain scan and 992 splits.  A hit is told with the
// start of its block, which the engine keeps as the next start for that value.
#pragma once

#include <cstdint>

namespace nimcert {

// Whether some a in [from, to] has G(a) ^ G(r - a) == v, and how many splits were compared to
// tell (the work done, for the engine's choice of its way).
struct SplitScan {
  std::uint64_t compared = 0;
  // Where it reaches: the start of the block where the first such a was found (a <= at + 1023);
  // 0 when it does not (every a is at least 1).  Two words, so that it comes back in registers.
  std::uint64_t at = 0;
  bool reaches() const { return at != 0; }
};

// All three require 1 <= from, to < r <= last (no split when to < from); a start outside
// [from, to] is from.
// Bytes: forward[a] ^ backward[last - r + a] == v.
SplitScan split_reaches(const std::uint8_t* forward, const std::uint8_t* backward,
                        std::uint64_t last, std::uint64_t r, std::uint64_t from, std::uint64_t to,
                        std::uint8_t v, std::uint64_t start = 0);
// The 32-bit table forward, 16 bits backward.
SplitScan split_reaches(const std::uint32_t* forward, const std::uint16_t* backward,
                        std::uint64_t last, std::uint64_t r, std::uint64_t from, std::uint64_t to,
                        std::uint16_t v, std::uint64_t start = 0);
// The values below 64 of the splits a in [from, from + kLowValueSplits - 1] (those up to `to`),
// as bits (bit v: some such a has G(a) ^ G(r - a) == v): a subset of what the splits of r are
// worth, learnt in one pass, from the byte copies (in vector operations) or the 32-bit table.
// 1 <= from, to < r <= last.
inline constexpr std::uint64_t kLowValueSplits = 128;
std::uint64_t split_low_values(const std::uint8_t* forward, const std::uint8_t* backward,
                               std::uint64_t last, std::uint64_t r, std::uint64_t from,
                               std::uint64_t to);
std::uint64_t split_low_values_scalar(const std::uint32_t* g, std::uint64_t r, std::uint64_t from,
                                      std::uint64_t to);
// The 32-bit table alone: some a in [from, to] with g[a] ^ g[r - a] == v.
SplitScan split_reaches_scalar(const std::uint32_t* g, std::uint64_t r, std::uint64_t from,
                               std::uint64_t to, std::uint32_t v, std::uint64_t start = 0);

}  // namespace nimcert
