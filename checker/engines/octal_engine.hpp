// The Grundy values G(0..last) of an octal game (games/octal_code.hpp), by two engines.
//
// plain_octal_values is the definition: G(n) = mex of every follower's value, a follower of
// two heaps a + b worth G(a) ^ G(b), each split enumerated (O(n^2) in all).  It is the
// reference, and shares no code with the other.
//
// octal_values is the split engine (split_engine.hpp) on the code's moves: at n, for each k
// of the code, the heap of n - k when bit 2 of d_k allows it, nothing when bit 1 does and
// n = k, and every split of n - k into two nonempty heaps, [1, (n - k) / 2], when bit 4 does.
// A hexadecimal digit's three-way splits join the single followers' values
// (three_way_splits.hpp).  Every way of the engine is held against the plain engine alone
// (OctalEngineOptions::only).
#pragma once

#include <cstdint>

#include "engines/split_engine.hpp"
#include "games/octal_code.hpp"

namespace nimcert {

// The longest hexadecimal sequence the engines take (their work is O(n^3) when values grow).
inline constexpr std::uint64_t kMaxThreeHeapLast = std::uint64_t{1} << 16;

OctalValues plain_octal_values(const OctalCode& code, std::uint64_t last);

OctalValues octal_values(const OctalCode& code, std::uint64_t last, OctalEngineRun* run = nullptr,
                         const OctalEngineOptions& options = {});

// Bytes octal_values needs for G(0..last) (split_engine_bytes).
std::uint64_t octal_values_bytes(std::uint64_t last);

}  // namespace nimcert
