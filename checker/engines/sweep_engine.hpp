// The fast exact Grundy engine: a sweep over a box with one bitset per line (line_set.hpp),
// pipelined over x-slices on several threads.
//
// Sweeping the box in canonical order (x, then y, then z), we keep for every line a bitset
// of the values seen so far: one per x-line (all (y, z)), one per y-line of the current
// x-slice and one for the current z-line.  The mex of a position is the first value absent
// from its three lines and from its special followers' values (merges), which the Specials
// rule supplies from tables computed before.  No claimed formula is used anywhere.
//
// Why the pipeline is exact: position (x, y, z) reads x-line (y, z) as slice x - 1 left it,
// and that line is touched only by row y of each slice.  So slice x may compute row y as
// soon as slice x - 1 has finished row y.  The slices are cut into slabs of kSweepSlab
// consecutive slices, computed row by row (row y of every slice of the slab, then row y + 1),
// which keeps the x-lines of a row in cache.  Thread t takes the slabs s = t (mod T), each
// slice with its own y- and z-lines, and waits on the previous slab's row counter
// (release/acquire).  A finished slice is handed to the visitor only after every earlier
// slice was, so the visitor still sees the rows in canonical order, one call at a time; it
// runs on the worker threads, overlapping with the sweep of the next slabs.
#pragma once

#include <atomic>
#include <cstdint>
#include <exception>
#include <mutex>
#include <span>
#include <thread>
#include <type_traits>
#include <vector>

#include "base/value_table.hpp"
#include "engines/line_set.hpp"
#include "sys/interrupt.hpp"

namespace nimcert {

namespace detail {

// Raised in a worker when another worker failed: unwinds it without a second error.
struct SweepAborted {};

template <class Ready>
void wait_until(const Ready& ready, const std::atomic<bool>& aborted) {
  for (unsigned spins = 0; !ready(); ++spins) {
    if (aborted.load(std::memory_order_relaxed)) throw SweepAborted{};
#if defined(__x86_64__)
    if (spins < 256) {
      __builtin_ia32_pause();
      continue;
    }
#endif
    std::this_thread::yield();
  }
}

// Square slice m x m, row-major: copies the upper triangle (z > y) onto the lower one.  Blocks
// of 8 x 8 off the diagonal are transposed through a small buffer, which the compiler keeps
// in registers; the diagonal blocks and the last partial rows are copied one by one.
inline void reflect_lower_triangle(Value* slice, std::size_t m) {
  constexpr std::size_t kBlock = 8;
  const std::size_t whole = m / kBlock * kBlock;
  for (std::size_t y0 = 0; y0 < whole; y0 += kBlock) {
    for (std::size_t z0 = 0; z0 < y0; z0 += kBlock) {
      Value block[kBlock][kBlock];
      for (std::size_t i = 0; i < kBlock; ++i)
        for (std::size_t j = 0; j < kBlock; ++j) block[i][j] = slice[(z0 + i) * m + y0 + j];
      for (std::size_t j = 0; j < kBlock; ++j)
        for (std::size_t i = 0; i < kBlock; ++i) slice[(y0 + j) * m + z0 + i] = block[i][j];
    }
    for (std::size_t y = y0; y < y0 + kBlock; ++y)
      for (std::size_t z = y0; z < y; ++z) slice[y * m + z] = slice[z * m + y];
  }
  for (std::size_t y = whole; y < m; ++y)
    for (std::size_t z = 0; z < y; ++z) slice[y * m + z] = slice[z * m + y];
}

// Runs work(t) for t = 0 .. workers - 1, t = 0 on the calling thread and the others on threads
// of their own.  A worker that fails sets `aborted`; the others then unwind at their next wait
// (SweepAborted), and the first failure is rethrown here once every worker has stopped.
template <class Work>
void run_workers(unsigned workers, std::atomic<bool>& aborted, const Work& work) {
  std::exception_ptr error;
  std::mutex error_mutex;
  auto guarded = [&](unsigned t) {
    try {
      work(t);
    } catch (const SweepAborted&) {
    } catch (...) {
      const std::lock_guard lock(error_mutex);
      if (!error) error = std::current_exception();
      aborted.store(true);
    }
  };
  std::vector<std::jthread> helpers;
  for (unsigned t = 1; t < workers; ++t) helpers.emplace_back(guarded, t);
  guarded(0);
  for (auto& h : helpers) h.join();
  if (error) std::rethrow_exception(error);
}

// Positions z0..z1 of one row of a sweep, out[z] their values.  Lines of at most
// kRowKernelWords words go through the row kernel (the rule's own, compiled per instruction
// set, when it has one, else default_row_kernel as compiled here) unless row_kernel is false
// (tests); wider lines (N > 2728) position by position through mex_insert.
template <class Specials>
[[gnu::always_inline]] inline void sweep_row(const Specials& specials, const RowLines& lines,
                                             const typename Specials::Row& rule, std::size_t z0,
                                             std::size_t z1, Value* out, bool row_kernel = true) {
  if (row_kernel && lines.ys->words() <= kRowKernelWords) {
    if constexpr (requires { specials.row_kernel(lines, rule, z0, z1, out); })
      specials.row_kernel(lines, rule, z0, z1, out);
    else
      default_row_kernel<Specials::kMax>(lines, rule, z0, z1, out);
    return;
  }
  Value special[Specials::kMax > 0 ? Specials::kMax : 1];
  for (std::size_t z = z0; z <= z1; ++z) {
    rule(static_cast<Heap>(z), special);
    out[z] = mex_insert<Specials::kMax>(lines.xs, lines.xline0 + z, *lines.ys, lines.yline0 + z,
                                        *lines.zs, special);
  }
}

}  // namespace detail

// Slices a thread computes together, row by row, when it keeps whole slices: row y of slice
// x + 1 then reads the x-lines row y of slice x has just written, from cache.  (At N = 1024
// one slice at a time leaves them in memory, 412 MB away, and the sweep is half as fast; 16
// slices were 4% faster than 8 there, 32 no faster than 16.)
inline constexpr std::size_t kSweepSlab = 16;

// Bitset words each line needs for a box: the mex is at most the follower count.
inline std::size_t line_words(const Box& box, std::size_t max_specials) {
  const std::size_t capacity =
      std::size_t{box.extent[0]} + box.extent[1] + box.extent[2] + max_specials + 1;
  return (capacity + 63) / 64;
}

// Sweeps `box` in canonical order and calls visit(x, y, row) with the values of (x, y, 0..c),
// once per row, in canonical order, never concurrently.  specials.row(x, y) gives the rule of
// row (x, y, .): row(z, out) writes the values of the non-reduction followers of (x, y, z) to
// out[0..Specials::kMax), kNoValue in unused slots, and (when kMax > 0) row.contains(z, v)
// says whether one of them is v; it must be safe to call from several threads.  With threads > 1
// the slices are pipelined as described above.  With mirror (only for a game symmetric in its last
// two heaps, and b = c) each slice is computed for z >= y only and completed by reflection: half
// the work.  Position (x, y, z) with z >= y reads its x-line and y-line from positions with z >= y
// too, and its z-line below the diagonal is y-line (x, y) at the start of row y.
//
// slice_visit(x, values), when given, receives each finished slice ((b + 1) (c + 1) values,
// row-major) on the thread that computed it, before the rows are visited: in no particular
// order and possibly concurrently, so that per-position work that needs no order (claims)
// runs on every core while `visit` keeps what needs the canonical order (the digest).

// The slice visitor of a sweep that has none.
struct NoSliceVisitor {
  explicit operator bool() const { return false; }
  void operator()(Heap, std::span<const Value>) const {}
};

// The row visitor of a sweep that needs no canonical order: only its slice visitor sees the
// values, and no thread ever waits for another's visits.
struct NoRowVisitor {
  void operator()(Heap, Heap, std::span<const Value>) const {}
};

template <class Specials, class RowVisitor, class SliceVisitor = NoSliceVisitor>
void sweep(const Box& box, const Specials& specials, RowVisitor&& visit, unsigned threads = 1,
           bool mirror = false, const SliceVisitor& slice_visit = {}) {
  constexpr bool kOrdered = !std::is_same_v<std::remove_cvref_t<RowVisitor>, NoRowVisitor>;
  const std::size_t a = box.extent[0], b = box.extent[1], c = box.extent[2];
  if (mirror && b != c) throw std::logic_error("sweep: mirroring needs a square (y, z) face");
  const std::size_t words = line_words(box, Specials::kMax);
  // With a == 0 (a face or an axis) no x-line ever holds a value: none are kept.
  // X-line (y, z) is line x_line_start(y) + z.  Mirrored, only those with z >= y are used,
  // stored packed: row y after the c + 1 - y' lines of each row y' < y.
  auto x_line_start = [&](std::size_t y) { return mirror ? y * c - y * (y - 1) / 2 : y * (c + 1); };
  LineSet xlines(a > 0 ? (mirror ? (b + 1) * (b + 2) / 2 : (b + 1) * (c + 1)) : 0, words);
  LineSet* const x_lines = a > 0 ? &xlines : nullptr;
  const unsigned workers = static_cast<unsigned>(std::clamp<std::size_t>(threads, 1, a + 1));
  // A slice is kept whole when it must wait for its visit, be completed by reflection or be
  // handed to the slice visitor.
  const bool whole_slices = workers > 1 || mirror || static_cast<bool>(slice_visit) || !kOrdered;

  // Slices are computed `slab` at a time, row by row: row y of slices x, x + 1, ... one after
  // the other, so the x-lines of row y stay in cache from one slice to the next.
  const std::size_t slab = whole_slices ? std::min<std::size_t>(kSweepSlab, a + 1) : 1;
  const std::size_t slabs = (a + slab) / slab;
  std::vector<std::atomic<std::uint32_t>> rows_done(workers > 1 ? slabs : 0);
  std::atomic<std::size_t> slices_visited{0};
  std::atomic<bool> aborted{false};

  auto work = [&](unsigned t) {
    std::vector<LineSet> ylines(slab, LineSet(c + 1, words));
    LineSet zline(1, words);
    std::vector<std::vector<Value>> values(
        slab, std::vector<Value>((whole_slices ? b + 1 : 1) * (c + 1)));
    for (std::size_t s = t; s < slabs; s += workers) {
      const std::size_t x0 = s * slab, count = std::min(slab, a + 1 - x0);
      for (std::size_t k = 0; k < count; ++k) ylines[k].clear();
      for (std::size_t y = 0; y <= b; ++y) {
        smt::throw_if_interrupted();  // within a row of the first signal
        if (workers > 1 && s > 0)
          detail::wait_until([&] { return rows_done[s - 1].load(std::memory_order_acquire) > y; },
                             aborted);
        for (std::size_t k = 0; k < count; ++k) {
          const std::size_t x = x0 + k;
          Value* row = &values[k][(whole_slices ? y : 0) * (c + 1)];
          const auto rule = specials.row(static_cast<Heap>(x), static_cast<Heap>(y));
          // Mirrored, the row starts at the diagonal: the values G(x, y, z') = G(x, z', y) for
          // z' < y are exactly y-line (x, y) so far, which becomes the z-line.
          std::size_t z = 0;
          if (mirror) {
            zline.assign(0, ylines[k], y);
            z = y;
          } else {
            zline.clear();
          }
          detail::sweep_row(specials, RowLines{x_lines, x_line_start(y), &ylines[k], 0, &zline},
                            rule, z, c, row);
          if (kOrdered && !whole_slices)
            visit(static_cast<Heap>(x), static_cast<Heap>(y), std::span<const Value>(row, c + 1));
        }
        if (workers > 1)
          rows_done[s].store(static_cast<std::uint32_t>(y + 1), std::memory_order_release);
      }
      if (!whole_slices) continue;
      // First the work that needs no order on every slice of the slab, then the ordered
      // visits: a thread waiting for its turn has then nothing left it could do meanwhile.
      for (std::size_t k = 0; k < count; ++k) {
        if (mirror) detail::reflect_lower_triangle(values[k].data(), b + 1);
        if (slice_visit) slice_visit(static_cast<Heap>(x0 + k), std::span<const Value>(values[k]));
      }
      if constexpr (!kOrdered) continue;
      for (std::size_t k = 0; k < count; ++k) {
        const std::size_t x = x0 + k;
        if (workers > 1)
          detail::wait_until([&] { return slices_visited.load(std::memory_order_acquire) == x; },
                             aborted);
        for (std::size_t y = 0; y <= b; ++y)
          visit(static_cast<Heap>(x), static_cast<Heap>(y),
                std::span<const Value>(&values[k][y * (c + 1)], c + 1));
        slices_visited.store(x + 1, std::memory_order_release);
      }
    }
  };
  detail::run_workers(workers, aborted, work);
}

// The special-follower rule of a game without special moves (Nim).
struct NoSpecials {
  static constexpr std::size_t kMax = 0;
  struct Row {
    [[gnu::always_inline]] void operator()(Heap, Value*) const {}
  };
  Row row(Heap, Heap) const { return {}; }
};

}  // namespace nimcert
