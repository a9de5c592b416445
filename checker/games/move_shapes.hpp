// Recognising, in a declared game's move kinds, the shapes the fast engines handle.
//
// The recognition is syntactic and exact: a move kind is a free reduction of heap i only when
// it reads `for 0 <= t < xi to (x1, .., t, .., xk)` with no condition, and a merge only when it
// reads `when xa >= m && xb >= m to (..)` with xa + xb at a or b, 0 at the other and every
// other heap kept.  Anything else is left to the generic engine, so a recognised shape means
// exactly the followers the declaration lists; certify holds the two against each other on a
// small box (checks/rules_check.hpp).
#pragma once

#include <optional>
#include <vector>

#include "games/game.hpp"
#include "lang/proof_file.hpp"

namespace nimcert {

// Heap i (0-based) when the move kind is a free reduction of it.
std::optional<std::size_t> free_reduction(const smt::MoveKind& move, std::size_t heaps);

// The merge and its threshold m when the move kind is a merge of two heaps holding at least m.
std::optional<std::pair<Merge, Heap>> merge_of(const smt::MoveKind& move, std::size_t heaps);

// A one-heap move kind with one parameter a whose options the one-heap sum engine plays in a
// tight loop over a (its condition, if any, not reading a): a split `to (a) + (x1 - c - a)`,
// a removal `to (x1 - c - a)`, or a reduction `to (a)`; c a constant (0 when absent).
struct RangeShape {
  OptionRange::Kind kind = OptionRange::Kind::Split;
  Heap removed = 0;  // c
};
std::optional<RangeShape> range_shape(const smt::MoveKind& move, std::size_t heaps);

// Every reduction of every heap plus merges of one threshold: the cube engine's shape, the
// merges in the declaration's order; nullopt for any other game.
std::optional<MoveShape> recognise_shape(const std::vector<smt::MoveKind>& moves,
                                         std::size_t heaps);

// Whether the shape's moves are the same after swapping the last two heaps.
bool symmetric_in_last_two(const MoveShape& shape, std::size_t heaps);

// Whether no move kind can raise a heap: each follower heap is xi itself, 0, xi - E, or a
// parameter bounded above by xi.
bool lowers_every_heap(const std::vector<smt::MoveKind>& moves, std::size_t heaps);

// The followers a shape allows at p (every reduction, then the merges legal at p), for
// holding a recognised shape against the declaration's own enumeration.
std::vector<Position> followers_of_shape(const MoveShape& shape, const Position& p);

}  // namespace nimcert
