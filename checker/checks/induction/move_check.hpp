// The move encoding held against the game, at certify time: on a small box, the followers that
// the symbolic moves allow (evaluated by the C++ evaluator, every parameter over its whole
// declared range, up to kMoveCheckChoices in all) must be exactly those the game's own
// enumeration lists.
//
// The induction reasons about the symbolic moves only; this check, recorded in the certificate
// beside the induction, is what ties that reasoning to the game the exhaustive engines play.
// A disagreement leaves the induction unproved.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "games/game.hpp"
#include "games/symbolic_move.hpp"

namespace nimcert {

struct MoveCheck {
  std::string box;              // "[0,6]^3"
  std::uint64_t positions = 0;  // compared
  std::uint64_t followers = 0;  // in all, by the game's enumeration
  bool agrees = false;
  nlohmann::ordered_json disagreement;  // the first position whose follower sets differ
};

// The most parameter choices the check walks on its box; beyond them it is refused (does not
// agree), naming the position.
inline constexpr std::uint64_t kMoveCheckChoices = std::uint64_t{1} << 26;

// The largest side of a box of the heap count's dimension with a few thousand positions.
Heap move_check_side(std::size_t heaps);

MoveCheck check_move_encoding(const Game& game, const std::vector<SymbolicMove>& moves, Heap side);

}  // namespace nimcert
