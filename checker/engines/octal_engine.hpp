// The Grundy values G(0..last) of an octal game (games/octal_code.hpp), by two engines.
//
// plain_octal_values is the definition: G(n) = mex of every follower's value, a follower of
// two heaps a + b worth G(a) ^ G(b), each split enumerated (O(n^2) in all).  It is the
// reference.
//
// sparse_octal_values is the sparse-space method of Winning Ways (chapter 4, "Sparse space
// spells speed"): for a mask m, call a value rare when popcount(v & m) is even and common
// otherwise.  The xor of two values is common exactly when one of them is rare, so every
// common value among the followers comes from a split with a rare part, and rare positions
// are few.  (Where no mask makes them few, as in Dawson's Kayles, the classes may also read
// the parity of n, Flammenkamp's sparse space in the domain; see octal_engine.cpp.)  At each n the
// engine lists the followers with a rare part (and the one-heap followers), takes the least value
// missing from them, and is done when it is common; a rare candidate is looked for among the splits
// of two common parts, which finds it after a few splits when it is there, and scans them all only
// when G(n) itself is rare.  Exact for every mask; the mask only decides the speed, and is chosen
// on an exact prefix as the one with the fewest rare positions.  The two engines share no code and
// are held against each other.
#pragma once

#include <cstdint>
#include <vector>

#include "base/uninitialized.hpp"
#include "games/octal_code.hpp"

namespace nimcert {

// G(0..last); new elements are not zero-filled (base/uninitialized.hpp): the engines write
// every value before reading it.
using OctalValues = std::vector<std::uint32_t, DefaultInitAllocator<std::uint32_t>>;

OctalValues plain_octal_values(const OctalCode& code, std::uint64_t last);

struct SparseStatistics {
  std::uint32_t mask = 0;            // the mask of the rare values
  bool domain = false;               // the classes also read n's parity (sparse in the domain)
  std::uint64_t rare_positions = 0;  // n in 1..last whose position is rare
  std::uint64_t full_scans = 0;      // candidates that needed every split (G(n) rare)
};

OctalValues sparse_octal_values(const OctalCode& code, std::uint64_t last,
                                SparseStatistics* statistics = nullptr);

// Bytes the engines need for G(0..last), for refusing huge ones up front.
std::uint64_t octal_values_bytes(std::uint64_t last);

}  // namespace nimcert
