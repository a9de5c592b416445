// Exact Grundy values on a box [0,B]^k of a game whose moves only lower heaps.
//
// For nim, serial nim and the one-heap games every follower lies in the box and comes
// earlier in canonical (lexicographic) order, so one pass in that order computes every value
// as the mex of values already known: a dense table, the plain definition with no claim in
// sight.  A follower outside the box or not earlier is a contract violation and stops loudly
// (amalgamation's merges leave any box: it has the cube engine).
#pragma once

#include <cstdint>
#include <vector>

#include "games/game.hpp"

namespace nimcert {

class BoxValues {
 public:
  BoxValues(const Game& game, Heap size);

  Heap size() const { return size_; }
  std::size_t heaps() const { return heaps_; }
  std::uint64_t positions() const { return values_.size(); }
  // Index of p in canonical order: ((x1*(B+1)) + x2)*(B+1) + ... + xk.
  std::uint64_t index(const Position& p) const;
  Position position(std::uint64_t index) const;
  Value at(const Position& p) const { return values_[index(p)]; }
  const std::vector<Value>& values() const { return values_; }

  // Bytes the table needs, for refusing boxes too large up front.
  static std::uint64_t bytes(std::size_t heaps, Heap size);

 private:
  Heap size_;
  std::size_t heaps_;
  std::vector<Value> values_;
};

}  // namespace nimcert
