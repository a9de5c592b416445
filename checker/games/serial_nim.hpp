// Serial Nim (Levine, seed 003): heaps in a row; a move reduces the leftmost nonempty heap.
#pragma once

#include "games/game.hpp"

namespace nimcert {

class SerialNim final : public Game {
 public:
  explicit SerialNim(std::size_t heaps);

  std::string name() const override { return "serial-nim"; }
  nlohmann::ordered_json parameters() const override { return {{"heaps", heaps_}}; }
  std::size_t heap_count() const override { return heaps_; }
  void for_each_follower(const Position& p, const FollowerSink& sink) const override;
  bool lowers_heaps() const override { return true; }
  std::vector<SymbolicMove> symbolic_moves() const override;

 private:
  std::size_t heaps_;
};

}  // namespace nimcert
