// The split engine that chooses its way at every n (see split_engine.hpp).
#include "engines/split_engine.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <limits>
#include <memory>
#include <stdexcept>

#include "engines/octal_period.hpp"
#include "engines/rare_split_windows.hpp"
#include "engines/split_copies.hpp"
#include "sys/interrupt.hpp"

namespace nimcert {

namespace {

// Interrupts are read at every n (one atomic load; a mex at n = 10^8 by marking takes longer
// than a second per 256 n), the progress told once per kProgressEvery.
constexpr std::uint64_t kProgressEvery = std::uint64_t{1} << 16;
// The longest period whose region is used (its table costs p^2 steps and p rows of values).
constexpr std::uint64_t kMaxRegionPeriod = 4096;
// A region is looked for every this many n at most while there is none.
constexpr std::uint64_t kFindRegionEvery = 4096;
static_assert(std::has_single_bit(kFindRegionEvery));
constexpr std::uint64_t kFindRegionAbove = 64;  // sparse space's work per value
// Rare positions are listed while they are at most one in this many (and a few more), so
// that the list stays within a quarter of a byte per value.
constexpr std::uint64_t kRareAtMostOneIn = 16;
constexpr std::uint64_t kRareSlack = 1024;
// From this many rare positions on, sparse space collects their splits' values in byte flags.
constexpr std::size_t kManyRares = 256;

constexpr std::uint64_t kNever = std::numeric_limits<std::uint64_t>::max();
// The splits one vector step is counted as comparing, for the estimates of work (AVX-512
// compares 64 bytes or 16 32-bit values a step; the same count for every width keeps the
// estimates, and so the choices, the same on every machine).
constexpr std::uint64_t kLanes = 16;
// The values whose last split found is kept as the next scan's start, when it was this far
// from the start of its range.
constexpr std::uint32_t kHintedValues = std::uint32_t{1} << 16;
constexpr std::uint64_t kFarHit = 1024;
// Sparse space's work is averaged over about this many values.
constexpr std::uint64_t kWorkAverage = 64;

// Values seen at the current n: those below 64 as bits of one word (most games' values, and
// the mex then one count of trailing ones), the others stamped, each set cleared in O(1).
class ValueMarks {
 public:
  void start(std::uint64_t n) {
    stamp_ = n + 1;
    low_ = 0;
  }
  void mark(std::uint32_t v) {
    if (v < 64) {
      low_ |= std::uint64_t{1} << v;
      return;
    }
    if (v >= marks_.size()) marks_.resize(std::max<std::size_t>(v + 1, 2 * marks_.size()), 0);
    marks_[v] = stamp_;
  }
  // Every value v < 64 whose bit is set in `word`.
  void mark_low(std::uint64_t word) { low_ |= word; }
  bool marked(std::uint32_t v) const {
    if (v < 64) return (low_ >> v) & 1u;
    return v < marks_.size() && marks_[v] == stamp_;
  }
  std::uint32_t least_unmarked() const {
    if (~low_ != 0) return static_cast<std::uint32_t>(std::countr_one(low_));
    std::uint32_t v = 64;
    while (marked(v)) ++v;
    return v;
  }

 private:
  std::uint64_t low_ = 0;
  std::vector<std::uint64_t> marks_ = std::vector<std::uint64_t>(128, 0);
  std::uint64_t stamp_ = 0;
};

// What one rest's splits are known to be worth, S(r) = {G(a) ^ G(r - a) : 1 <= a <= r / 2},
// where every range holds all splits of its rest (SplitMoves::whole_splits) and S(r) depends on
// r alone.  A rest is a rest of several consecutive n (n - 2, n - 3 and n - 4 for 0.1777), so
// what one n learnt of it the next ones reuse: the values of its splits with a rare part (under
// the present classes; only when every one is below 64), and values below 64 that a scan found
// among its splits.  Both are subsets of S(r), so marking them marks followers only.
struct RestKnowledge {
  std::uint64_t rest = std::numeric_limits<std::uint64_t>::max();
  std::uint64_t rare = 0;        // bits v < 64: the rare splits' values, when rare_known
  std::uint64_t rare_count = 0;  // the rare parts listed to find them (the work they cost)
  bool rare_known = false;
  // bits v < 64: values a scan found among its splits, and (once `sampled`) the values of its
  // first kLowValueSplits splits (split_low_values)
  std::uint64_t found = 0;
  bool sampled = false;
};

// The knowledge of the last few rests, by rest modulo kSlots (a slot holding another rest is
// taken over).
class RestMemory {
 public:
  static constexpr std::size_t kSlots = 16;
  RestKnowledge& of(std::uint64_t rest) {
    RestKnowledge& k = slots_[rest % kSlots];
    if (k.rest != rest) k = RestKnowledge{rest};
    return k;
  }
  void forget() { slots_ = {}; }

 private:
  std::array<RestKnowledge, kSlots> slots_{};
};

// The values G(a) ^ G(r - a) of every rare a < r, for a rest's knowledge: those below 64 as
// bits, the others marked in `marks` (then the rest's rare values are not kept).  Out of line:
// inside the engine's loop its counter was kept in memory, not in a register (0.1777 to
// 3 * 10^7 took 4.9 s instead of 4.0).
[[gnu::noinline]] void learn_rare_splits(const std::uint32_t* g,
                                         const std::vector<std::uint32_t>& rares, std::uint64_t r,
                                         RestKnowledge& k, ValueMarks& marks) {
  std::uint64_t word = 0;
  bool all_low = true;
  std::size_t i = 0;
  for (; i < rares.size() && rares[i] < r; ++i) {
    const std::uint32_t v = g[rares[i]] ^ g[r - rares[i]];
    if (v < 64) {
      word |= std::uint64_t{1} << v;
    } else {
      all_low = false;
      marks.mark(v);
    }
  }
  k.rare = word;
  k.rare_count = i;
  k.rare_known = all_low;
  marks.mark_low(word);
}

// The engine's state between two values of n.
class Engine {
 public:
  Engine(const SplitMoves& moves, std::uint64_t last, const OctalEngineOptions& options)
      : moves_(moves),
        whole_splits_(moves.whole_splits()),
        last_(last),
        options_(options),
        g_(last + 1),
        copies_(last),
        counts_(moves.rest_parity(), std::max<std::size_t>(moves.most_ranges(), 1), kLanes),
        region_(kMaxRegionPeriod) {
    store(0, 0);
  }

  OctalValues run(OctalEngineRun* statistics) {
    std::uint64_t next_choice = 64;
    for (std::uint64_t n = 1; n <= last_; ++n) {
      smt::throw_if_interrupted();
      if (options_.progress && n % kProgressEvery == 0) options_.progress(n, last_);
      const std::uint32_t v = mex_at(n);
      const bool wider = std::bit_width(v) > std::bit_width(stats_.largest);
      store(n, v);
      if (region_.holds())
        region_.extend(g_.data(), n);
      else if (whole_splits_ && (n & (find_region_every(n) - 1)) == 0 &&
               (!listing_ || sparse_work_ / kWorkAverage > kFindRegionAbove ||
                options_.only == OctalMethod::Periodic))
        region_.find(g_.data(), n);  // only where the other ways cost more than a region would
      // The classes again each time n doubles, and when the values need a bit more.
      if (n == next_choice || wider) {
        choose_classes(n);
        if (n == next_choice) next_choice *= 2;
      }
    }
    stats_.classes = classes_;
    stats_.rare_listed = listing_;
    stats_.rare_positions = listing_ ? rares_.size() : 0;
    stats_.periodic_start = region_.holds() ? region_.start() : 0;
    stats_.periodic_period = region_.period();
    if (statistics) *statistics = stats_;
    return std::move(g_);
  }

 private:
  // A region is looked for at multiples of n / 4 rounded down to a power of two, at least 64
  // and at most kFindRegionEvery (a power of two, so that the test is a mask, not a division
  // at every n).
  static std::uint64_t find_region_every(std::uint64_t n) {
    return std::clamp<std::uint64_t>(std::bit_floor(n) / 4, 64, kFindRegionEvery);
  }

  void store(std::uint64_t n, std::uint32_t v) {
    g_[n] = v;
    stats_.largest = std::max(stats_.largest, v);
    copies_.store(g_.data(), n);
    counts_.add(n, v);
    if (listing_ && n >= 1 && classes_.rare(n, v)) {
      rares_.push_back(static_cast<std::uint32_t>(n));
      if (rares_.size() > n / kRareAtMostOneIn + kRareSlack) stop_listing();
    }
  }

  void stop_listing() {
    listing_ = false;
    rares_.clear();
    rares_.shrink_to_fit();
    windows_.clear();
  }

  // The classes with the least estimated work on G(0..n), among those with few enough rare
  // positions to list, when they differ from the present ones.
  void choose_classes(std::uint64_t n) {
    const std::optional<ClassChoice> best = counts_.cheapest(n / kRareAtMostOneIn + kRareSlack);
    if (!best || (listing_ && best->classes == classes_)) return;
    classes_ = best->classes;
    listing_ = true;
    ++stats_.class_choices;
    known_.forget();  // the rare splits' values were the old classes'
    rares_.clear();
    windows_.clear();
    for (std::uint64_t a = 1; a <= n; ++a)
      if (classes_.rare(a, g_[a])) rares_.push_back(static_cast<std::uint32_t>(a));
  }

  // Whether some split r = a + (r - a) with a in [from, to] is worth v; the splits compared
  // are counted as work.  Where v was last found far from `from`, the scan starts there as well
  // (split_scan.hpp): where the values drift slowly with n, a value's splits come in runs at
  // nearly the same a from one rest to the next (0.143 near 2.5 * 10^6: about 1,300 splits a
  // scan from there, 42,000 from `from`).  A value found near `from` starts there next time.
  bool reaches(std::uint64_t r, std::uint64_t from, std::uint64_t to, std::uint32_t v) {
    const std::uint64_t start = v < hints_.size() ? hints_[v] : 0;
    const SplitScan scan = copies_.reaches(g_.data(), r, from, to, v, start);
    work_ += scan.compared / kLanes + 1;
    if (scan.reaches() && v < kHintedValues) {
      if (v >= hints_.size()) hints_.resize(std::max<std::size_t>(v + 1, 2 * hints_.size()), 0);
      hints_[v] = scan.at >= from + kFarHit ? scan.at : 0;
    }
    return scan.reaches();
  }

  std::uint32_t mex_at(std::uint64_t n) {
    marks_.start(n);
    moves_.at(n, g_.data(), values_, splits_);
    for (const std::uint32_t v : values_) marks_.mark(v);
    if (splits_.empty()) return marks_.least_unmarked();
    shortest_rest_ = longest_rest_ = splits_.front().rest;
    for (const SplitRange& s : splits_) {
      shortest_rest_ = std::min(shortest_rest_, s.rest);
      longest_rest_ = std::max(longest_rest_, s.rest);
    }
    switch (cheapest(n)) {
      case OctalMethod::Sparse: {
        ++stats_.by_sparse;
        work_ = 0;
        const std::uint32_t v = by_sparse();
        // The average work of the last kWorkAverage values or so (sparse_work_ holds it times
        // kWorkAverage).
        sparse_work_ += work_ - sparse_work_ / kWorkAverage;
        return v;
      }
      case OctalMethod::Periodic:
        ++stats_.by_periodic;
        return by_region();
      case OctalMethod::Marking:
        ++stats_.by_marking;
        return by_marking();
      case OctalMethod::Direct:
        break;
    }
    ++stats_.by_direct;
    work_ = 0;
    const std::uint32_t v = least_unreached(false);  // every candidate among all splits
    // The scans' work in units of one scan of half of every split, averaged like sparse_work_.
    const std::uint64_t scans = work_ * kWorkAverage / full_scan_work(n);
    direct_scans_ += scans - direct_scans_ / kWorkAverage;
    return v;
  }

  // One vector scan of half of every split of n.
  std::uint64_t full_scan_work(std::uint64_t n) const {
    return (n / 2 / kLanes + 1) * splits_.size();
  }

  // The way with the least estimated work: sparse space's as it was measured lately (the rare
  // splits listed and the scans made), the region's rows where they cover every rest, the
  // vector scans as many times as they were lately needed (about two while the mex is small,
  // hundreds where the values grow with n), or marking every split once.  The direct way is
  // measured again every kWorkAverage values while marking is cheaper.
  OctalMethod cheapest(std::uint64_t n) const {
    const std::uint64_t splits = splits_.size();
    const std::uint64_t sparse = listing_ ? sparse_work_ / kWorkAverage + 1 : kNever;
    const bool covered = whole_splits_ && region_.covers(shortest_rest_);  // so all
    const std::uint64_t periodic = covered ? region_.words() * splits : kNever;
    const std::uint64_t direct = direct_scans_ * full_scan_work(n) / kWorkAverage / kWorkAverage;
    const std::uint64_t marking = (n / 2 + 1) * splits;
    if (options_.only) {
      if (*options_.only == OctalMethod::Sparse && listing_) return OctalMethod::Sparse;
      if (*options_.only == OctalMethod::Periodic && covered) return OctalMethod::Periodic;
      if (*options_.only == OctalMethod::Marking) return OctalMethod::Marking;
      return OctalMethod::Direct;
    }
    if (sparse <= periodic && sparse <= direct && sparse <= marking) return OctalMethod::Sparse;
    if (periodic <= direct && periodic <= marking) return OctalMethod::Periodic;
    if (direct <= marking || n % kWorkAverage == 0) return OctalMethod::Direct;
    return OctalMethod::Marking;
  }

  // Every split marked once, as the definition says.
  std::uint32_t by_marking() {
    for (const SplitRange& s : splits_)
      for (std::uint64_t a = s.from; a <= s.to; ++a) marks_.mark(g_[a] ^ g_[s.rest - a]);
    return marks_.least_unmarked();
  }

  // Sparse space: every split with a rare part, from its rare part; then the least value
  // missing, looked for among all splits only where it could come from two common parts.
  std::uint32_t by_sparse() {
    // Many rare positions where every value is a byte: byte flags (reading them back costs 256
    // steps a value, so with 15 rare positions 0.1777's plain loop is cheaper).
    if (whole_splits_ && copies_.bits() == 8 && rares_.size() >= kManyRares)
      mark_rare_splits_of_bytes();
    else if (whole_splits_)  // every rare a < r is a part of a split of r
      for (const SplitRange& s : splits_) {
        RestKnowledge& k = known_.of(s.rest);
        if (k.rare_known)
          marks_.mark_low(k.rare);
        else
          learn_rare_splits(g_.data(), rares_, s.rest, k, marks_);
        work_ += k.rare_count;
        marks_.mark_low(k.found);
      }
    else
      for (const SplitRange& s : splits_)
        for (const std::uint32_t a : rares_) {
          if (a >= s.rest) break;
          // a rare part a, or a rare part s.rest - a, of a split the range holds
          if ((a >= s.from && a <= s.to) || (s.rest - a >= s.from && s.rest - a <= s.to))
            marks_.mark(g_[a] ^ g_[s.rest - a]);
          ++work_;
        }
    return least_unreached(true);
  }

  // The rare splits where every value is a byte and every range holds all splits of its rest
  // (each rare a < r is a part of a split the range holds), in byte flags (a bit set's
  // read-modify-write chains the iterations: 0.447 took 18.2 s instead of 13.2), each value
  // marked once.  Where n's rests lie within one window's width, 64 rests at a time
  // (rare_split_windows.hpp: 0.143 to 3 * 10^6 took 18.8 s rest by rest); the same marks.
  void mark_rare_splits_of_bytes() {
    std::uint8_t hit[256] = {};
    const bool windows = longest_rest_ - shortest_rest_ < RareSplitWindows::kWidth;
    const std::uint8_t* forward = copies_.forward_bytes();
    for (const SplitRange& s : splits_)
      work_ += windows ? windows_.mark(forward, rares_, s.rest, hit)
                       : mark_rare_splits_of_rest(forward, rares_, s.rest, hit);
    for (std::uint32_t v = 0; v < 256; ++v)
      if (hit[v]) marks_.mark(v);
  }

  // The least value no split reaches, the candidates taken from the marks up: each looked for by
  // a scan of every split range, except where a rare part alone could give it and the marks
  // already say (sparse space: `settled`); found ones are marked and the next is tried.
  std::uint32_t least_unreached(bool settled) {
    for (;;) {
      const std::uint32_t v = marks_.least_unmarked();
      bool open = false, found = false;
      for (const SplitRange& s : splits_) {
        if (settled && classes_.settled_by_rare_parts(v, s.rest)) continue;
        open = true;
        if (whole_splits_ && v < 64) {
          RestKnowledge& k = known_.of(s.rest);
          if (!k.sampled) {
            k.sampled = true;
            k.found |= copies_.low_values(g_.data(), s.rest, s.from, s.to);
            marks_.mark_low(k.found);
            if (marks_.marked(v)) {
              found = true;
              break;
            }
          }
        }
        if (reaches(s.rest, s.from, s.to, v)) {
          if (whole_splits_ && v < 64) known_.of(s.rest).found |= std::uint64_t{1} << v;
          found = true;
          break;
        }
      }
      if (!found) {
        stats_.full_scans += open;
        return v;
      }
      marks_.mark(v);
    }
  }

  // The periodic region: every rest's splits are its row (cheapest() chose it only so).
  std::uint32_t by_region() {
    union_.assign(region_.words(), 0);
    for (const SplitRange& s : splits_) {
      const std::uint64_t* row = region_.values_of_splits(s.rest);
      for (std::size_t w = 0; w < union_.size(); ++w) union_[w] |= row[w];
    }
    std::uint32_t v = 0;
    while (marks_.marked(v) || (v / 64 < union_.size() && ((union_[v / 64] >> (v % 64)) & 1u) != 0))
      ++v;
    return v;
  }

  const SplitMoves& moves_;
  const bool whole_splits_;  // moves_.whole_splits(), read at every n
  const std::uint64_t last_;
  const OctalEngineOptions& options_;
  OctalValues g_;
  SplitCopies copies_;                 // the narrow copies the vector scans read
  std::vector<std::uint32_t> values_;  // n's followers that are not split ranges: their values
  std::vector<SplitRange> splits_;     // n's split ranges
  std::uint64_t shortest_rest_ = 0;    // the least rest among them
  std::uint64_t longest_rest_ = 0;     // and the greatest
  ValueMarks marks_;
  ClassCounts counts_;
  SparseClasses classes_;
  bool listing_ = true;
  std::vector<std::uint32_t> rares_;  // the rare n >= 1, increasing, while listing_
  PeriodicRegion region_;
  std::vector<std::uint64_t> union_;
  std::uint64_t work_ = 0;         // the current value's work: splits listed, vector steps
  std::uint64_t sparse_work_ = 0;  // sparse space's recent work per value, times kWorkAverage
  // The direct way's recent scans per value (in full scans of half the splits), times
  // kWorkAverage^2; two to start with.
  std::uint64_t direct_scans_ = 2 * kWorkAverage * kWorkAverage;
  OctalEngineRun stats_;
  std::vector<std::uint64_t> hints_ = std::vector<std::uint64_t>(64, 0);  // [v]: a of v's last hit
  RareSplitWindows windows_;  // their splits' values, 64 rests at a time
  RestMemory known_;          // what the last rests' splits are known to be worth
};

}  // namespace

std::uint64_t split_engine_bytes(std::uint64_t last) {
  return (last + 1) * 4 + SplitCopies::bytes(last) + (last + 1) / kRareAtMostOneIn * 4 +
         kRareSlack * 4;
}

OctalValues split_engine_values(const SplitMoves& moves, std::uint64_t last, OctalEngineRun* run,
                                const OctalEngineOptions& options) {
  if (last > kMaxOctalLast)
    throw std::invalid_argument("a one-heap game's values to at most n = 2^32 - 2");
  return Engine(moves, last, options).run(run);
}

}  // namespace nimcert
