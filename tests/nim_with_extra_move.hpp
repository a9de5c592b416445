// Three-heap Nim whose move encoding holds one move more than the game plays: for the tests of
// what ties the symbolic moves to the game (the rank (7), the cross-check against the follower
// enumeration).  Shared by the test files that build such a game.
#pragma once

#include <utility>

#include "games/nim.hpp"
#include "games/symbolic_move.hpp"

namespace nimcert::testing {

class NimWithExtraMove final : public Game {
 public:
  explicit NimWithExtraMove(SymbolicMove extra) : extra_(std::move(extra)) {}
  std::string name() const override { return "nim"; }
  nlohmann::ordered_json parameters() const override { return nim_.parameters(); }
  std::size_t heap_count() const override { return 3; }
  void for_each_follower(const Position& p, const FollowerSink& sink) const override {
    nim_.for_each_follower(p, sink);
  }
  bool lowers_heaps() const override { return true; }
  std::vector<SymbolicMove> symbolic_moves() const override {
    std::vector<SymbolicMove> moves = nim_.symbolic_moves();
    moves.push_back(extra_);
    return moves;
  }

 private:
  Nim nim_{3};
  SymbolicMove extra_;
};

}  // namespace nimcert::testing
