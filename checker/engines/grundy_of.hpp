// The Grundy values of one position or of a box of positions, by the engine that fits the game's
// moves, with the work refused up front when it cannot fit in memory.
//
// A one-heap game whose followers form windows (Levine's): the sequence g_0..g_n in one pass of
// a sliding-window mex (memory linear in n).  A one-heap game whose moves leave sums: the
// split engine (take_and_break_engine.hpp), also linear in memory.  A game that only lowers heaps: the dense box
// [0,x1] x ... x [0,xk] below the position.  A three-heap game of reductions and merges: the
// cube engine on [0,max x]^3.  Anything else: the reference engine's memoised recursion, for
// positions of a few thousand stones at most.  The reference engine alone would grow without
// bound on large positions (a million-stone heap of Maximum Nim recursed a million deep).
#pragma once

#include <functional>

#include <cstdint>
#include <vector>

#include "games/game.hpp"

namespace nimcert {

// The values on a box [0,e1] x ... x [0,ek] in canonical order (the last heap fastest), by the
// same engine choice: what `table` and `ppos` print.
struct GrundyBox {
  std::vector<Heap> extents;
  std::vector<Value> values;
  Value at(const Position& p) const;             // p inside the box
  Position position(std::uint64_t index) const;  // the position of values[index]
};
// `progress`, when given, hears the one-heap engines' progress (n, last) every 2^16 values.
GrundyBox grundy_box(const Game& game, std::vector<Heap> extents,
                     const std::function<void(std::uint64_t, std::uint64_t)>& progress = {});

// G(p); throws ResourceError (with the estimate) when the engine's memory would exceed what
// is available, std::invalid_argument when no engine can compute it.
Value grundy_of(const Game& game, const Position& p);

// g_0..g_last of a one-heap game whose followers form windows.
std::vector<Value> window_sequence(const Game& game, Heap last);

}  // namespace nimcert
