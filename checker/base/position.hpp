// A position of a heap game: a short row of heap sizes.
//
// Every game nimcert knows is played on at most a handful of heaps, so a position is a
// fixed-capacity array (no allocation on the hot paths of the engines) with its heap count.
#pragma once

#include <array>
#include <cstdint>
#include <initializer_list>
#include <stdexcept>
#include <string>

namespace nimcert {

using Heap = std::uint32_t;
using Value = std::uint32_t;  // a Grundy value

inline constexpr std::size_t kMaxHeaps = 8;

class Position {
 public:
  Position() = default;
  Position(std::initializer_list<Heap> heaps) {
    if (heaps.size() > kMaxHeaps) throw std::logic_error("Position: more than kMaxHeaps heaps");
    for (Heap h : heaps) heap_[size_++] = h;
  }
  static Position zeros(std::size_t k) {
    if (k > kMaxHeaps) throw std::logic_error("Position::zeros: more than kMaxHeaps heaps");
    Position p;
    p.size_ = static_cast<std::uint8_t>(k);
    return p;
  }

  std::size_t size() const { return size_; }
  Heap operator[](std::size_t i) const { return heap_[i]; }
  Heap& operator[](std::size_t i) { return heap_[i]; }
  const Heap* begin() const { return heap_.data(); }
  const Heap* end() const { return heap_.data() + size_; }

  bool operator==(const Position& o) const {
    if (size_ != o.size_) return false;
    for (std::size_t i = 0; i < size_; ++i)
      if (heap_[i] != o.heap_[i]) return false;
    return true;
  }
  // Lexicographic order, the order in which counterexamples are reported.
  bool operator<(const Position& o) const {
    for (std::size_t i = 0; i < size_ && i < o.size_; ++i)
      if (heap_[i] != o.heap_[i]) return heap_[i] < o.heap_[i];
    return size_ < o.size_;
  }

  std::string to_string() const {
    std::string s = "(";
    for (std::size_t i = 0; i < size_; ++i) {
      if (i) s += ",";
      s += std::to_string(heap_[i]);
    }
    return s + ")";
  }

 private:
  std::array<Heap, kMaxHeaps> heap_{};
  std::uint8_t size_ = 0;
};

}  // namespace nimcert
