// The mex engine of one-heap take-and-break games whose followers at n are some values and
// some ranges of splits, every a in [from, to] leaving two heaps a + (r - a): octal games
// (octal_engine.hpp), and declared games with sum followers such as Grundy's game
// (take_and_break_engine.hpp).  It computes G(0..last) and chooses, at every n, the cheapest
// of four exact ways to the same mex:
//  - sparse space (Winning Ways, chapter 4; octal_classes.hpp): the followers with a rare part
//    are listed, the least value missing from them is the answer when it is common, and a rare
//    candidate is looked for among all splits (a vector scan, split_scan.hpp); the classes are
//    chosen again, by a Walsh-Hadamard transform of the counts, each time n doubles, as
//    Flammenkamp's and Czajka's solvers do, so that a mask good on a prefix and bad later
//    (0.376, 0.16) is replaced, and by the work they cost (rare splits listed and mexes left
//    unsettled), not by rare positions alone.  A rest r is the rest of several consecutive n
//    (n - 2, n - 3, n - 4 for 0.1777): what a scan learns of its splits is kept for the next
//    ones, and the first time a candidate must be looked for among r's splits, the values
//    below 64 of its first 128 splits are taken in one vector pass, which settles most
//    candidates of r without a scan (0.1777 to 10^7: 3.5 candidates an n, 2.5 of them scanned
//    before; the values' time 1.0 s to 0.55 s);
//  - the periodic region (octal_period.hpp): where the values computed are periodic from s and
//    every rest is at least 2s + p - 1, the values of all its splits are one precomputed row of
//    bits per residue (dense periodic games such as Dawson's Kayles and 0.56: linear instead of
//    quadratic);
//  - a direct mex: each candidate value looked for among all splits by the vector scan;
//  - marking: every split's value marked once, the definition itself, where the values grow
//    with n (arithmetic-periodic games) and the direct way would scan for hundreds of
//    candidates.
// The cost of each is estimated from the state (rare positions, the region's start, n), never
// from the values to come; every way is exact, so the choice only decides the speed, and each
// is held against the plain engine alone (OctalEngineOptions::only).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "base/uninitialized.hpp"
#include "engines/octal_classes.hpp"

namespace nimcert {

// G(0..last); new elements are not zero-filled (base/uninitialized.hpp): the engines write
// every value before reading it.
using OctalValues = std::vector<std::uint32_t, DefaultInitAllocator<std::uint32_t>>;

// The largest `last` the engines take: positions are 32-bit in the engine's lists.
inline constexpr std::uint64_t kMaxOctalLast = (std::uint64_t{1} << 32) - 2;

enum class OctalMethod { Sparse, Periodic, Direct, Marking };

// What a run did, for the certificate and the bench.
struct OctalEngineRun {
  // n computed by each way
  std::uint64_t by_sparse = 0, by_periodic = 0, by_direct = 0, by_marking = 0;
  std::uint64_t full_scans = 0;     // candidates that needed every split (they were the mex)
  std::uint64_t class_choices = 0;  // times the sparse classes were chosen anew
  SparseClasses classes;            // the classes at the end
  std::uint64_t rare_positions = 0;  // rare positions at the end (0 when not listed)
  bool rare_listed = false;          // the rare positions were listed at the end
  std::uint64_t periodic_start = 0, periodic_period = 0;  // the region at the end; 0: none
  std::uint32_t largest = 0;                               // the largest value
};

struct OctalEngineOptions {
  // Tests: this way wherever it applies (the periodic region only where one holds), else the
  // direct mex.
  std::optional<OctalMethod> only;
  // Called every 2^16 values with (n, last), for a progress line; nothing else.
  std::function<void(std::uint64_t, std::uint64_t)> progress;
};

// Every a in [from, to] leaves the two heaps a + (rest - a); 1 <= from, to < rest < n.
struct SplitRange {
  std::uint64_t rest = 0, from = 0, to = 0;
};

// A game's followers, as the engine reads them.
class SplitMoves {
 public:
  virtual ~SplitMoves() = default;
  // n's followers (n >= 1; g holds G(0..n-1)): the values of those that are not in a split
  // range into `values`, the split ranges into `splits` (both cleared first).
  virtual void at(std::uint64_t n, const std::uint32_t* g, std::vector<std::uint32_t>& values,
                  std::vector<SplitRange>& splits) const = 0;
  // Whether every range is [1, rest / 2], all splits of its rest (the periodic region's rows
  // hold exactly those).
  virtual bool whole_splits() const = 0;
  // The parity of n - rest when every range at every n has the same, for the class choice's
  // estimate; none when it differs or is not known.
  virtual std::optional<unsigned> rest_parity() const = 0;
  // How many ranges n has once n is large.
  virtual std::size_t most_ranges() const = 0;
};

OctalValues split_engine_values(const SplitMoves& moves, std::uint64_t last, OctalEngineRun* run,
                                const OctalEngineOptions& options);

// Bytes split_engine_values needs for G(0..last): the table (4 an n), its narrow copies (2 an
// n, split_copies.hpp), the rare positions (at most one in 16, 4 bytes each), for refusing
// huge runs up front.
std::uint64_t split_engine_bytes(std::uint64_t last);

}  // namespace nimcert
