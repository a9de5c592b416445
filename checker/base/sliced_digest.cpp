// The slice-by-slice table digest (see sliced_digest.hpp).
#include "base/sliced_digest.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "base/sha256.hpp"

namespace nimcert {

SlicedDigest::SlicedDigest(std::size_t slices) : slice_digests_(slices), added_(slices, 0) {}

void SlicedDigest::Slice::add(std::span<const Value> values) {
  // Packed 4096 values at a time into a small buffer that stays in the first-level cache.
  constexpr std::size_t kChunk = 4096;
  unsigned char buffer[2 * kChunk];
  for (std::size_t i = 0; i < values.size(); i += kChunk) {
    const std::size_t n = std::min(kChunk, values.size() - i);
    Value high = 0;
    for (std::size_t j = 0; j < n; ++j) {
      const Value v = values[i + j];
      high |= v;
      buffer[2 * j] = static_cast<unsigned char>(v);
      buffer[2 * j + 1] = static_cast<unsigned char>(v >> 8);
    }
    if (high > 0xffff)
      throw std::out_of_range("SlicedDigest: a Grundy value does not fit 16 bits");
    hash_.update(buffer, 2 * n);
  }
}

void SlicedDigest::add_slice(std::size_t x, Slice& slice) {
  if (x >= slice_digests_.size())
    throw std::out_of_range("SlicedDigest: no slice " + std::to_string(x));
  slice_digests_[x] = slice.hash_.digest();
  added_[x] = 1;
}

void SlicedDigest::add_slice(std::size_t x, std::span<const Value> values) {
  Slice slice;
  slice.add(values);
  add_slice(x, slice);
}

std::string SlicedDigest::hex_digest() const {
  Sha256 table;
  for (std::size_t x = 0; x < slice_digests_.size(); ++x) {
    if (!added_[x])
      throw std::logic_error("SlicedDigest: slice " + std::to_string(x) + " missing");
    table.update(slice_digests_[x].data(), slice_digests_[x].size());
  }
  return table.hex_digest();
}

}  // namespace nimcert
