// The Grundy values g(0..last) of a one-heap game whose moves leave sums of heaps (a declared
// take-and-break game: Lasker's Nim, Grundy's game, an octal game written move by move).
//
// g(n) is the mex of the values of n's options, an option (a) + (b) worth g(a) ^ g(b): every
// part is a smaller heap (the rules check that), so one pass over n = 0..last computes each
// value from values already known.  The game hands over its splits as ranges
// (Game::one_heap_options): every a in [first, last] leaves (a) + (n - c - a), which the loop
// reads straight from the table, the work of Grundy's game to 10^5 being 2.5 * 10^9 such
// splits.  Marks for the mex are stamped per n and never cleared.  The memoised reference
// engine plays the same games option by option and is held against this engine in the tests.
// The box engine and `grundy` use the split engine (take_and_break_engine.hpp), sparse space
// where the values are sparse, and hold it against this one on n = 0..4096.
#pragma once

#include <vector>

#include "games/game.hpp"

namespace nimcert {

// Whether this engine plays the game: one heap, some move leaving a sum, and no declared rank
// (under which a part may be larger than the heap).  Every caller that picks the engine, and
// the rules check that names it, asks here.
bool plays_one_heap_sums(const Game& game);

// g(0..last) of a one-heap game; throws what the game's enumeration throws (a RuleViolation
// for a move that breaks the rules at some n).
std::vector<Value> sum_sequence(const Game& game, Heap last);

// Bytes the engine needs for g(0..last), for refusing huge ones up front.
std::uint64_t sum_sequence_bytes(Heap last);

}  // namespace nimcert
