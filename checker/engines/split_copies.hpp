// The narrow copies of an octal engine's table that its split scans read (split_scan.hpp), and
// their widening: bytes while every value is below 2^8, a 16-bit backward copy beside the
// table below 2^16, the table alone beyond.  Both copies are made again from the table when a
// value needs more bits (the old ones freed first), so at no time do they hold more than
// 2 bytes a position.
#pragma once

#include <cstdint>
#include <memory>

#include "base/uninitialized.hpp"
#include "engines/split_scan.hpp"

namespace nimcert {

class SplitCopies {
 public:
  explicit SplitCopies(std::uint64_t last);

  // g[n] was written (g holds G(0..n)): the copies take it, first widening if it needs it.
  void store(const std::uint32_t* g, std::uint64_t n);
  // Whether some a in [from, to] has G(a) ^ G(r - a) == v (1 <= from, to < r <= n), the scan
  // starting at `start` when it lies in [from, to] (split_scan.hpp).
  SplitScan reaches(const std::uint32_t* g, std::uint64_t r, std::uint64_t from, std::uint64_t to,
                    std::uint32_t v, std::uint64_t start = 0) const;
  // The values below 64 of the first splits of [from, to] (split_low_values).
  std::uint64_t low_values(const std::uint32_t* g, std::uint64_t r, std::uint64_t from,
                           std::uint64_t to) const {
    return bits_ == 8 ? split_low_values(forward8_.get(), backward8_.get(), last_, r, from, to)
                      : split_low_values_scalar(g, r, from, to);
  }
  // The forward byte copy (forward[i] = G(i)) while bits() is 8, else null.
  const std::uint8_t* forward_bytes() const { return forward8_.get(); }
  // The width of the copies' values: 8, 16, or 32 (the table alone).
  unsigned bits() const { return bits_; }
  // Bytes the copies take for positions 0..last at most.
  static std::uint64_t bytes(std::uint64_t last) { return 2 * (last + 1); }

 private:
  void widen(const std::uint32_t* g, std::uint64_t n, std::uint32_t v);

  std::uint64_t last_;
  unsigned bits_ = 8;
  UninitializedArray<std::uint8_t> forward8_, backward8_;
  UninitializedArray<std::uint16_t> backward16_;
};

}  // namespace nimcert
