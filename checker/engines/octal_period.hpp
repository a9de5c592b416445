// The periodic region of the values computed so far, for an octal engine's mex in constant
// time where the values are periodic, dense or not (Dawson's Kayles: period 34 from 53, a third
// of the positions in the smaller sparse class; 0.56: period 144 from 326,640, where every
// sparse class needs a scan of every split).
//
// When G(0..n-1) satisfies G(i) = G(i + p) for every i in [s, n - p) (s >= 1, and at least two
// whole periods computed), every split a + (r - a) of a rest r >= 2s + p - 1 falls in one of
// two kinds:
//  - both parts in [s, r - s]: worth T(r mod p) = { P[i] ^ P[(r - i) mod p] : i in Z_p }, since
//    that interval holds a whole period (r - 2s + 1 >= p) and a runs through every residue;
//  - one part a below s, the other r - a >= s: worth U(r mod p) =
//    { G(a) ^ P[(r - a) mod p] : 1 <= a < s }, which depends on r only through r mod p;
// P[c] being the value at the residue c.  Both parts are below n, so every value used was
// computed.  (The parts below s are s - 1 pairs (G(a), a mod p), fewer when they repeat; a
// region whose U would cost more than kRegionBudget steps is not built.)  So the values of
// every split of r are W(r mod p) = T ∪ U, one row of bits, built once per region.  Nothing is
// assumed about values not yet computed: the region is what the values computed show, checked at
// every new value, and given up the moment a new value breaks it (found again later, from a later
// s, if the values settle again).
#pragma once

#include <cstdint>
#include <unordered_map>
#include <vector>

namespace nimcert {

class PeriodicRegion {
 public:
  explicit PeriodicRegion(std::uint64_t max_period) : max_period_(max_period) {}

  bool holds() const { return period_ != 0; }
  std::uint64_t start() const { return start_; }
  std::uint64_t period() const { return period_; }

  // G(n) was computed (g holds G(0..n)): the region grows by it, or is given up.
  void extend(const std::uint32_t* g, std::uint64_t n);
  // Looks for the smallest period p <= max_period of G(0..n) (two whole periods at least, ending
  // at n) and its smallest start s >= 1; builds W when found and of use (2s + p <= n).
  // O(max_period) when there is none, O(n - s) more when there is one of no use yet.
  void find(const std::uint32_t* g, std::uint64_t n);
  // Whether W(r mod p) holds the values of every split of r (r >= 2s + p - 1).
  bool covers(std::uint64_t r) const { return holds() && r + 1 >= 2 * start_ + period_; }
  // W(r mod p) as a bit set over values (bit v of word v / 64), words() words.
  const std::uint64_t* values_of_splits(std::uint64_t r) const {
    return rows_.data() + (r % period_) * words_;
  }
  std::uint64_t words() const { return words_; }

 private:
  // The least s <= n + 1 - 2p (at least 1) with G(i) = G(i + p) for every i in [s, n - p],
  // given that it holds on [n + 1 - 2p, n - p]: walked back value by value, except over what
  // the last walk (for the same p) already read.
  std::uint64_t walk_back(const std::uint32_t* g, std::uint64_t n, std::uint64_t p);

  std::uint64_t max_period_;
  // The last walk for each p (at most max_period of them): G(i) = G(i + p) for i in
  // [start, n - p], and start is 1 or G(start - 1) differs from G(start - 1 + p).  (0.354
  // repeats with period 1180 from 10,061,916 but is of use only from n = 2s + p; without them
  // every look until then walked back ten million values for p = 1180, 2360 and 3540: two
  // thirds of the time of its values to 2 * 10^7.)
  struct Walk {
    std::uint64_t start = 0, n = 0;
  };
  std::unordered_map<std::uint64_t, Walk> walks_;
  std::uint64_t start_ = 0, period_ = 0;
  std::uint64_t words_ = 0;
  std::vector<std::uint64_t> rows_;  // period_ rows of words_ words
};

}  // namespace nimcert
