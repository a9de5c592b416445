// The narrow copies and their widening (see split_copies.hpp).
#include "engines/split_copies.hpp"

namespace nimcert {

SplitCopies::SplitCopies(std::uint64_t last)
    : last_(last),
      forward8_(uninitialized_array<std::uint8_t>(last + 1)),
      backward8_(uninitialized_array<std::uint8_t>(last + 1)) {}

void SplitCopies::widen(const std::uint32_t* g, std::uint64_t n, std::uint32_t v) {
  forward8_.reset();
  backward8_.reset();
  if (bits_ == 8 && v <= 0xFFFF) {
    bits_ = 16;
    backward16_ = uninitialized_array<std::uint16_t>(last_ + 1);
    for (std::uint64_t i = 0; i < n; ++i) backward16_[last_ - i] = static_cast<std::uint16_t>(g[i]);
    return;
  }
  bits_ = 32;
  backward16_.reset();
}

void SplitCopies::store(const std::uint32_t* g, std::uint64_t n) {
  const std::uint32_t v = g[n];
  if ((bits_ == 8 && v > 0xFF) || (bits_ == 16 && v > 0xFFFF)) widen(g, n, v);
  if (bits_ == 8) {
    forward8_[n] = static_cast<std::uint8_t>(v);
    backward8_[last_ - n] = static_cast<std::uint8_t>(v);
  } else if (bits_ == 16) {
    backward16_[last_ - n] = static_cast<std::uint16_t>(v);
  }
}

SplitScan SplitCopies::reaches(const std::uint32_t* g, std::uint64_t r, std::uint64_t from,
                               std::uint64_t to, std::uint32_t v, std::uint64_t start) const {
  switch (bits_) {
    case 8:  // two values below 2^8 have their xor below 2^8
      if (v > 0xFF) return SplitScan{};
      return split_reaches(forward8_.get(), backward8_.get(), last_, r, from, to,
                           static_cast<std::uint8_t>(v), start);
    case 16:
      if (v > 0xFFFF) return SplitScan{};
      return split_reaches(g, backward16_.get(), last_, r, from, to, static_cast<std::uint16_t>(v),
                           start);
    default:
      return split_reaches_scalar(g, r, from, to, v, start);
  }
}

}  // namespace nimcert
