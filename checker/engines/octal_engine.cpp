// The two octal engines (see octal_engine.hpp).
#include "engines/octal_engine.hpp"

#include <algorithm>
#include <bit>
#include <stdexcept>

#include "sys/interrupt.hpp"

namespace nimcert {

namespace {

// Interrupts are read once per this many n.
constexpr std::uint64_t kPollEvery = 256;

// The exact prefix on which the sparse engine chooses its mask.
constexpr std::uint64_t kMaskPrefix = 512;

// Values seen at the current n, cleared in O(1) by a new stamp.
class ValueMarks {
 public:
  void start(std::uint64_t n) { stamp_ = n + 1; }
  void mark(std::uint32_t v) {
    if (v >= marks_.size()) marks_.resize(std::max<std::size_t>(v + 1, 2 * marks_.size()), 0);
    marks_[v] = stamp_;
  }
  bool marked(std::uint32_t v) const { return v < marks_.size() && marks_[v] == stamp_; }

 private:
  std::vector<std::uint64_t> marks_ = std::vector<std::uint64_t>(64, 0);
  std::uint64_t stamp_ = 0;
};

std::uint32_t least_unmarked(const ValueMarks& marks) {
  std::uint32_t v = 0;
  while (marks.marked(v)) ++v;
  return v;
}

// The one-heap and empty followers of n (digit bits 1 and 2).
void mark_small_followers(const OctalCode& code, std::uint64_t n, const OctalValues& g,
                          ValueMarks& marks) {
  for (std::uint64_t k = 1; k <= code.largest_removal() && k <= n; ++k) {
    const unsigned d = code.digit(k);
    if ((d & 1) && n == k) marks.mark(0);
    if ((d & 2) && n > k) marks.mark(g[n - k]);
  }
}

void check_last(std::uint64_t last) {
  if (last >= (std::uint64_t{1} << 40))
    throw std::invalid_argument("an octal game's values to at most n = 2^40 - 1");
}

// The classes of positions the sparse engine uses (Winning Ways' sparse space in the range,
// and Flammenkamp's in the domain): with c(n) = parity(G(n) & mask) ^ (domain & n & 1) ^ flip,
// a position is rare when c(n) = 0.  For a split a + b = r, c(a) ^ c(b) = parity(G(a) ^ G(b))
// ^ (domain & r & 1), so a value v with parity(v & mask) != (domain & r & 1) comes only from a
// split of r with exactly one rare part.
struct Classes {
  std::uint32_t mask = 1;
  unsigned domain = 0, flip = 0;
  static unsigned parity(std::uint32_t v) { return std::popcount(v) & 1u; }
  bool rare(std::uint64_t n, std::uint32_t value) const {
    return (parity(value & mask) ^ (domain & n & 1u) ^ flip) == 0;
  }
  // True when v at split r can only come from a split with one rare part.
  bool settled_by_rare_parts(std::uint32_t v, std::uint64_t r) const {
    return parity(v & mask) != (domain & r & 1u);
  }
};

// The most mask bits tried.
constexpr std::uint32_t kMaskLimit = 1u << 10;

// The classes that make the engine fastest on G(from..g.size() - 1), over every mask of the
// bits the values use (at most kMaskLimit), in the range and in the domain: first the fewest
// n whose value is not settled by the rare parts at one of its splits (each costs a scan of
// every split when G(n) is there), then the fewest rare positions; the first such on ties.
Classes fastest_classes(const OctalCode& code, const OctalValues& g, std::uint64_t from) {
  std::uint32_t largest = 0;
  for (std::uint64_t n = from; n < g.size(); ++n) largest = std::max(largest, g[n]);
  const std::uint32_t masks =
      std::min(kMaskLimit, std::max<std::uint32_t>(2, std::bit_ceil(largest + 1)));
  Classes best;
  std::pair<std::uint64_t, std::uint64_t> best_cost = {~std::uint64_t{0}, 0};
  for (unsigned domain = 0; domain < 2; ++domain)
    for (unsigned flip = 0; flip < 2; ++flip)
      for (std::uint32_t m = 1; m < masks; ++m) {
        const Classes c{m, domain, flip};
        std::pair<std::uint64_t, std::uint64_t> cost = {0, 0};
        for (std::uint64_t n = from; n < g.size(); ++n) {
          cost.second += c.rare(n, g[n]);
          for (std::uint64_t k = 1; k <= code.largest_removal() && k + 2 <= n; ++k)
            if ((code.digit(k) & 4) && !c.settled_by_rare_parts(g[n], n - k)) {
              ++cost.first;
              break;
            }
        }
        if (cost < best_cost) best = c, best_cost = cost;
      }
  return best;
}

}  // namespace

std::uint64_t octal_values_bytes(std::uint64_t last) {
  // G (4 bytes an n), the rare positions (8 bytes each, at most one per n).
  return (last + 1) * 12;
}

OctalValues plain_octal_values(const OctalCode& code, std::uint64_t last) {
  check_last(last);
  OctalValues g(last + 1);  // each written below before it is read
  g[0] = 0;
  ValueMarks marks;
  for (std::uint64_t n = 1; n <= last; ++n) {
    if (n % kPollEvery == 0) smt::throw_if_interrupted();
    marks.start(n);
    mark_small_followers(code, n, g, marks);
    for (std::uint64_t k = 1; k <= code.largest_removal() && k + 2 <= n; ++k) {
      if (!(code.digit(k) & 4)) continue;
      const std::uint64_t rest = n - k;  // split into a + (rest - a), both nonempty
      for (std::uint64_t a = 1; a <= rest / 2; ++a) marks.mark(g[a] ^ g[rest - a]);
    }
    g[n] = least_unmarked(marks);
  }
  return g;
}

OctalValues sparse_octal_values(const OctalCode& code, std::uint64_t last,
                                SparseStatistics* statistics) {
  check_last(last);
  const std::uint64_t prefix = std::min(last, kMaskPrefix);
  OctalValues g = plain_octal_values(code, prefix);
  const Classes classes = fastest_classes(code, g, std::max<std::uint64_t>(1, prefix / 2));
  g.resize(last + 1);  // no zero-fill: G(n) is written at step n, before any step reads it
  std::vector<std::uint64_t> rares;  // the n >= 1 whose position is rare, increasing
  for (std::uint64_t n = 1; n <= prefix; ++n)
    if (classes.rare(n, g[n])) rares.push_back(n);
  std::vector<std::uint64_t> splits;  // the rests n - k that split into two nonempty heaps
  SparseStatistics stats;
  ValueMarks marks;
  for (std::uint64_t n = prefix + 1; n <= last; ++n) {
    if (n % kPollEvery == 0) smt::throw_if_interrupted();
    marks.start(n);
    mark_small_followers(code, n, g, marks);
    splits.clear();
    for (std::uint64_t k = 1; k <= code.largest_removal() && k + 2 <= n; ++k)
      if (code.digit(k) & 4) splits.push_back(n - k);
    // Every split with a rare part, from its rare part.
    for (const std::uint64_t rest : splits)
      for (const std::uint64_t a : rares) {
        if (a >= rest) break;
        marks.mark(g[a] ^ g[rest - a]);
      }
    for (;;) {
      const std::uint32_t v = least_unmarked(marks);
      // The splits where v could still be a split of two common parts; none: v is the mex.
      bool open = false;
      for (const std::uint64_t rest : splits) open |= !classes.settled_by_rare_parts(v, rest);
      // Else v as common ^ common (rare ^ rare is marked already): the smallest parts first,
      // over every split at once, since a value that is there shows up among the first parts.
      bool found = false;
      const std::uint64_t widest = open ? splits.front() / 2 : 0;
      for (std::uint64_t a = 1; a <= widest && !found; ++a)
        for (const std::uint64_t rest : splits)
          if (a <= rest / 2 && !classes.settled_by_rare_parts(v, rest) &&
              (g[a] ^ g[rest - a]) == v) {
            found = true;
            break;
          }
      if (!found) {
        stats.full_scans += open;
        g[n] = v;
        break;
      }
      marks.mark(v);
    }
    if (classes.rare(n, g[n])) rares.push_back(n);
  }
  stats.mask = classes.mask;
  stats.domain = classes.domain != 0;
  stats.rare_positions = rares.size();
  if (statistics) *statistics = stats;
  return g;
}

}  // namespace nimcert
