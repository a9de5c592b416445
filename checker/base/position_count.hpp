// The number of positions of a box [0,e1] x ... x [0,ek], counted exactly or not at all.
//
// Eight heaps of 255 stones are 2^64 positions: a product of 64-bit words wraps there to 0, and
// an engine that sized its table by the wrapped count read past its end or answered for the
// wrong position.  Every count of a box's positions is taken here, with checked multiplication;
// a box of 2^64 or more positions has no count and is refused by the caller, with its extents.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "base/position.hpp"

namespace nimcert {

// (e1 + 1) * ... * (ek + 1), or nullopt when that is 2^64 or more.
inline std::optional<std::uint64_t> box_position_count(const std::vector<Heap>& extents) {
  std::uint64_t count = 1;
  for (Heap e : extents)
    if (__builtin_mul_overflow(count, std::uint64_t{e} + 1, &count)) return std::nullopt;
  return count;
}

}  // namespace nimcert
