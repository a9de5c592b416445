// Nim on k heaps (Bouton; seeds 002 and 004): a move reduces one heap by any positive amount.
#pragma once

#include "games/game.hpp"

namespace nimcert {

class Nim final : public Game {
 public:
  explicit Nim(std::size_t heaps = 3);

  std::string name() const override { return "nim"; }
  nlohmann::ordered_json parameters() const override;
  std::size_t heap_count() const override { return heaps_; }
  void for_each_follower(const Position& p, const FollowerSink& sink) const override;
  std::optional<MoveShape> move_shape() const override { return MoveShape{}; }
  bool lowers_heaps() const override { return true; }
  bool symmetric_in_last_two_heaps() const override { return true; }
  std::vector<SymbolicMove> symbolic_moves() const override;

 private:
  std::size_t heaps_;
};

}  // namespace nimcert
