// A declared one-heap game whose moves leave sums of heaps (Grundy's game, Lasker's Nim, an
// octal game written move by move) computed by the split engine (split_engine.hpp): the game's
// options at n as it hands them over (Game::one_heap_options), its split ranges read as ranges
// and every other option's value listed.  So Grundy's game, whose values are sparse like
// Kayles's, runs in sparse space instead of the O(n^2) of the one-heap sum engine
// (sum_sequence.hpp), which stays the reference: the box engine holds every run against it on
// a prefix, and the tests to n = 10^5.
#pragma once

#include "engines/split_engine.hpp"
#include "games/game.hpp"

namespace nimcert {

// G(0..last) of a one-heap game that plays_one_heap_sums (sum_sequence.hpp); throws what the
// game's enumeration throws, and std::logic_error for a part that is not below its heap.
OctalValues take_and_break_values(const Game& game, Heap last, OctalEngineRun* run = nullptr,
                                  const OctalEngineOptions& options = {});

// The values of one heap to `last` for the box engine and `grundy`: take_and_break_values, held
// against the one-heap sum engine on n = 0..min(last, kSumReferenceLast) (a difference is an
// internal error), as Values.
inline constexpr Heap kSumReferenceLast = 4096;
std::vector<Value> one_heap_sum_values(
    const Game& game, Heap last,
    const std::function<void(std::uint64_t, std::uint64_t)>& progress = {});
// Bytes one_heap_sum_values needs: the split engine's and the Values.
std::uint64_t one_heap_sum_bytes(Heap last);

}  // namespace nimcert
