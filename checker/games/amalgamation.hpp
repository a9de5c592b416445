// Amalgamation Nim on three heaps (Manabe, arXiv:2411.14488, Definitions 4-5; seed 001).
//
// A move reduces one heap, or merges two heaps that each hold at least merge_min stones;
// the merged pair becomes (x_i + x_j, 0) with the sum at either place, so a merge has two
// placements.  merge_min = 2 is Manabe's restricted game, merge_min = 1 Locke's original.
#pragma once

#include "games/game.hpp"

namespace nimcert {

class Amalgamation final : public Game {
 public:
  explicit Amalgamation(Heap merge_min = 2);

  std::string name() const override { return "amalgamation"; }
  nlohmann::ordered_json parameters() const override;
  std::size_t heap_count() const override { return 3; }
  void for_each_follower(const Position& p, const FollowerSink& sink) const override;
  // Every reduction, and the six merges of seed 001 with threshold merge_min.
  std::optional<MoveShape> move_shape() const override;
  std::vector<SymbolicMove> symbolic_moves() const override;
  // Swapping heaps 2 and 3 exchanges the merges of heaps (1,2) and (1,3) and keeps those of
  // (2,3), each with both placements of the sum (seed 001's six move sets).
  bool symmetric_in_last_two_heaps() const override { return true; }

  Heap merge_min() const { return merge_min_; }

  // The six merge sets of seed 001's Definition 1.1, in its order (move_shape lists the same).
  std::size_t merges(Heap x, Heap y, Heap z, Position out[6]) const {
    std::size_t n = 0;
    if (x >= merge_min_ && y >= merge_min_) {
      out[n++] = {x + y, 0, z};
      out[n++] = {0, x + y, z};
    }
    if (y >= merge_min_ && z >= merge_min_) {
      out[n++] = {x, y + z, 0};
      out[n++] = {x, 0, y + z};
    }
    if (x >= merge_min_ && z >= merge_min_) {
      out[n++] = {x + z, y, 0};
      out[n++] = {0, y, x + z};
    }
    return n;
  }

 private:
  Heap merge_min_;
};

}  // namespace nimcert
