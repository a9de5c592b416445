// Exact Grundy values on a box [0,b1] x ... x [0,bk] of a game whose moves only lower heaps.
//
// For nim, serial nim and the one-heap games every follower lies in the box and comes
// earlier in canonical (lexicographic) order, so one pass in that order computes every value
// as the mex of values already known: a dense table, the plain definition with no claim in
// sight.  A game that can raise a heap (Game::lowers_heaps is false: amalgamation's merges
// leave any box) is refused, unless it declares the rank its moves lower (Staircase Nim):
// then the box's values are the memoised reference engine's, over every position reachable
// from the box, at most kMaxReachable of them; so are those of a game whose moves leave sums
// of positions (take-and-break games), each part lowering the rank, except on one heap: there
// the split engine (engines/take_and_break_engine.hpp, held against the one-heap sum engine on
// a prefix) computes g(0..N) in one pass.  A follower
// outside the box or not earlier would be a contract violation of a game that lowers heaps and
// stops loudly.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "games/game.hpp"

namespace nimcert {

class BoxValues {
 public:
  // The box [0,size]^k of the game's k heaps.
  BoxValues(const Game& game, Heap size);
  // The box [0,extents[0]] x ... of as many heaps as the game has.
  BoxValues(const Game& game, std::vector<Heap> extents);

  // The box [0,size]^k of the sum of k copies of a one-heap game: G(x1..xk) = g(x1) ^ ... ^
  // g(xk) by the Sprague-Grundy theorem, g(0..size) computed exactly by the engine that fits
  // the one-heap game (the k-heap game itself is never played).
  static BoxValues sum_of_copies(const Game& one_heap, std::size_t k, Heap size);

  // The box [0,size]^k of the game played misère (the player who cannot move wins): 0 at a
  // P-position, 1 at an N-position (engines/misere_box.cpp).  Refused (std::invalid_argument)
  // for a game whose moves may raise a heap or leave sums.
  static BoxValues misere_outcomes(const Game& game, Heap size);

  // The box [0,size]^k with G(x) = value(x) at each position, in canonical order: a box whose
  // values another engine gives (the misère outcomes of a sum of copies of a one-heap game,
  // which are not their parts' xor: checks/box_check.cpp).
  static BoxValues of_values(std::size_t k, Heap size,
                             const std::function<Value(const Position&)>& value);

  // The side of a box [0,B]^k (its first extent, for a box of other extents).
  Heap size() const { return extents_[0]; }
  const std::vector<Heap>& extents() const { return extents_; }
  std::size_t heaps() const { return extents_.size(); }
  std::uint64_t positions() const { return values_.size(); }
  // Index of p in canonical order: ((x1*(b2+1)) + x2)*(b3+1) + ... + xk.
  std::uint64_t index(const Position& p) const;
  Position position(std::uint64_t index) const;
  Value at(const Position& p) const { return values_[index(p)]; }
  const std::vector<Value>& values() const& { return values_; }
  // For a game whose moves may raise a heap (it declares its rank): how many positions the
  // reference engine evaluated, the box's and every one reachable from it; 0 otherwise.
  std::uint64_t reachable() const { return reachable_; }
  // The most positions the reference engine evaluates for such a box (about 2 GiB of memo).
  static constexpr std::uint64_t kMaxReachable = std::uint64_t{1} << 24;
  // From a box about to go: its values moved out, not copied (a copy doubled the peak).
  std::vector<Value> values() && { return std::move(values_); }

  // Bytes the box of [0,size]^heaps needs, for refusing boxes too large up front: 4 a position
  // for the values, and 64 MiB for the follower lists of a part of a row (the part shrinks
  // to stay within them, down to one position); UINT64_MAX for 2^64 positions or more.
  static std::uint64_t bytes(std::size_t heaps, Heap size);
  // The same for a box of these extents.
  static std::uint64_t bytes(const std::vector<Heap>& extents);

 private:
  BoxValues() = default;
  std::vector<Heap> extents_;
  std::vector<Value> values_;
  std::uint64_t reachable_ = 0;
};

}  // namespace nimcert
