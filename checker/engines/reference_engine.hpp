// The reference Grundy engine: G(X) = mex { G(Y) : X -> Y }, straight from the definition.
//
// It enumerates every follower through the game's generic interface and memoises values in
// a hash map.  A follower that is a sum of positions (a take-and-break move) is worth the xor
// of its parts' values.  It is slow on purpose: nothing in it is clever, so it is the yardstick the
// fast engine is tested against.  Recursion depth is bounded by the game's rank (for
// amalgamation, (7): stones plus nonempty heaps), which is small for the sizes it is used on.
#pragma once

#include <cstddef>
#include <cstdint>
#include <unordered_map>

#include "games/game.hpp"

namespace nimcert {

struct PositionHash {
  std::size_t operator()(const Position& p) const {
    std::size_t h = p.size();
    for (Heap x : p) h = h * 0x9E3779B97F4A7C15ull + x + 0x7F4A7C15u;
    return h;
  }
};

class ReferenceEngine {
 public:
  explicit ReferenceEngine(const Game& game) : game_(game) {}
  // At most `limit` positions evaluated: one more throws std::invalid_argument.
  ReferenceEngine(const Game& game, std::uint64_t limit) : game_(game), limit_(limit) {}

  Value grundy(const Position& p);
  std::size_t positions_evaluated() const { return memo_.size(); }

 private:
  const Game& game_;
  std::uint64_t limit_ = UINT64_MAX;
  std::unordered_map<Position, Value, PositionHash> memo_;
};

}  // namespace nimcert
