// The two classes of positions of the sparse-space method (Winning Ways, chapter 4, "Sparse
// space spells speed"; Flammenkamp's sparse space in the domain), and the choice of the classes
// that make the rare one smallest.
//
// With a mask m, a domain bit d and a flip f, position n is in class
//   c(n) = parity(G(n) & m) ^ (d & n & 1) ^ f,
// and rare when c(n) = 0.  For a split a + b = r the flips cancel and the domain bits add up to
// r's: c(a) ^ c(b) = parity((G(a) ^ G(b)) & m) ^ (d & r & 1).  So a value v with
// parity(v & m) != (d & r & 1) is the value of a split of r only when exactly one part is rare:
// listing the splits with a rare part finds all of them.  That is exact for every choice; the
// choice decides only how many positions are rare.
//
// The number of rare positions of every (m, d) at once is a Walsh-Hadamard transform of the
// counts of (value, parity of n): for x = (value << 1) | (n & 1) and i = (m << 1) | d,
// sum over x of count[x] * (-1)^popcount(x & i) = #{c = 0 without flip} - #{c = 1 without flip}.
//
// Few rare positions are not enough: the mex G(n) itself must be settled by the rare parts for
// the rests r = n - k, or proving that no split reaches it costs a scan of every split (0.56
// with the mask 0x40 has 30 rare positions and a scan at every n).  G(n) is unsettled for r
// when parity(G(n) & m) == (d & r & 1); when every split removal k has the same parity q,
// r & 1 = (n & 1) ^ q, so the unsettled positions are counted by the same transform (its sign
// flipped where d and q are both 1).  With removals of both parities, d = 1 leaves G(n)
// unsettled for some rest at every n.  The classes chosen minimise the estimated work at the
// next n: rare positions times splits, plus unsettled positions times the scan of half of n's
// splits in vector lanes (the whole count scaled by n, which is the same for every choice).
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

namespace nimcert {

struct SparseClasses {
  std::uint32_t mask = 1;
  unsigned domain = 0, flip = 0;

  static unsigned parity(std::uint32_t v) { return static_cast<unsigned>(__builtin_parity(v)); }
  bool rare(std::uint64_t n, std::uint32_t value) const {
    return (parity(value & mask) ^ (domain & n & 1u) ^ flip) == 0;
  }
  // Whether v, as the value of a split of r, needs a rare part.
  bool settled_by_rare_parts(std::uint32_t v, std::uint64_t r) const {
    return parity(v & mask) != (domain & r & 1u);
  }
  bool operator==(const SparseClasses&) const = default;
};

struct ClassChoice {
  SparseClasses classes;
  std::uint64_t rare = 0;       // rare positions among those counted
  std::uint64_t unsettled = 0;  // positions whose value was not settled by rare parts
};

// The counts of (value, parity of n) over the positions computed: count[(v << 1) | (n & 1)].
class ClassCounts {
 public:
  // removal_parity: the parity of every split removal k when they share one, else none;
  // splits: how many split removals there are; lanes: splits one vector step compares.
  ClassCounts(std::optional<unsigned> removal_parity, std::uint64_t splits, std::uint64_t lanes)
      : removal_parity_(removal_parity), splits_(splits), lanes_(lanes) {}
  void add(std::uint64_t n, std::uint32_t value);
  std::uint64_t positions() const { return positions_; }
  // The classes with the least estimated work among those with at most max_rare rare
  // positions (none when there is no such choice); among equal ones the one with the smallest
  // (mask, domain), then flip 0.  The mask 0 with domain 0 (one class) is never chosen.
  std::optional<ClassChoice> cheapest(std::uint64_t max_rare) const;

 private:
  std::optional<unsigned> removal_parity_;
  std::uint64_t splits_, lanes_;
  std::vector<std::uint64_t> count_ = std::vector<std::uint64_t>(4, 0);
  std::uint64_t positions_ = 0;
};

}  // namespace nimcert
