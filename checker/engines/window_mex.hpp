// A multiset of small naturals that answers "mex" quickly: the sliding window of Maximum Nim.
//
// g_n = mex { g_{n-k} : 1 <= k <= f(n) } is a mex over a window that slides as n grows.  The
// window keeps a count per value and a hierarchy of bit words: level 0 marks the values
// present, level l+1 marks the level-l words that are full.  Adding or removing a value
// touches one word per level; the mex walks down the levels to the first zero bit.  So the
// whole sequence to n costs O(n log_64 n) instead of O(n f(n)).
#pragma once

#include <bit>
#include <cstdint>
#include <vector>

namespace nimcert {

class WindowMex {
 public:
  explicit WindowMex(std::size_t capacity) : count_(capacity + 1, 0) {
    std::size_t bits = capacity + 1;
    do {
      bits = (bits + 63) / 64;
      full_.emplace_back(bits, 0);
    } while (bits > 1);
  }

  void add(std::uint32_t v) {
    if (count_[v]++ != 0) return;
    for (std::size_t level = 0; level < full_.size(); ++level) {
      std::uint64_t& word = full_[level][v / 64];
      word |= std::uint64_t{1} << (v % 64);
      if (word != ~std::uint64_t{0}) return;
      v /= 64;
    }
  }

  void remove(std::uint32_t v) {
    if (--count_[v] != 0) return;
    for (std::size_t level = 0; level < full_.size(); ++level) {
      std::uint64_t& word = full_[level][v / 64];
      const bool was_full = word == ~std::uint64_t{0};
      word &= ~(std::uint64_t{1} << (v % 64));
      if (!was_full) return;
      v /= 64;
    }
  }

  // The least value with count 0.
  std::uint32_t mex() const {
    std::uint64_t index = 0;
    for (std::size_t level = full_.size(); level-- > 0;) {
      const std::uint64_t word = full_[level][index];
      index = index * 64 + static_cast<std::uint64_t>(std::countr_one(word));
    }
    return static_cast<std::uint32_t>(index);
  }

 private:
  std::vector<std::uint32_t> count_;
  std::vector<std::vector<std::uint64_t>> full_;
};

}  // namespace nimcert
