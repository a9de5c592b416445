// The sweep of a game symmetric in all three heaps: the sorted positions a <= b <= c only,
// one sixth of the cube, with one bitset per pair of heap sizes.
//
// When every permutation of the heaps maps moves to moves (every reduction, and merges that
// are all six kinds or none), G(x1, x2, x3) depends on the multiset {x1, x2, x3} only, so the
// table is its tetrahedron T = {(a, b, c) : a <= b <= c <= N} (docs/mathematics.md, "Heap
// symmetry").  A follower by a reduction of (a, b, c) keeps two of the heaps and lowers the
// third: its value is G of the multiset {t, u, v} with {u, v} the two heaps kept and t below
// the one lowered.  So one line per pair {u, v} (u <= v) suffices: P{u, v} holds the values
// G{t, u, v} computed so far.  The mex of (a, b, c) is the first value absent from
//   P{b, c} (a lowered: t < a),  P{a, c} (b lowered: t < b),  P{a, b} (c lowered: t < c)
// and from its merges, provided each line holds exactly the values of t below the heap it
// stands for when (a, b, c) is computed.  That is so in the order of c, then b, then a: line
// P{u, v} gains G{t, u, v} in increasing t, since {t, u, v} sorted is (t, u, v) for t < u,
// (u, t, v) for u <= t <= v and (u, v, t) for t > v, an order increasing in (c, b, a).
//
// In slice c (the triangle a <= b <= c), row b (a = 0..b) reads P{a, b} as slice c - 1 left
// it (the "x-lines": one pair line per a, of column b), P{a, c} (the "y-lines": column c,
// built in this slice) and P{b, c} (the "z-line", one line for the row, empty at its start:
// it gains its first value in this row).  Positions a < b have three different lines and go
// through the sweep's row kernel; the diagonal a = b, where P{a, c} and P{b, c} are one line,
// goes through the scalar mex.  In row b = c, P{a, b} and P{a, c} are one line too: the row
// has no x-lines.  Pair {u, v} is line v (v + 1) / 2 + u, so that both columns a row reads are
// consecutive in a.
//
// Pipeline: slice c's row b reads column b, which slice c - 1 wrote last in its row b (for
// b < c; row c reads column c only).  So, as in sweep_engine.hpp, slices are cut into slabs
// computed row by row, and a slab starts row b once the previous slab has finished row b (or
// all its rows, when it has fewer).  Each finished triangle, values at v (v + 1) / 2 + u for
// (u, v) = (a, b), goes to the visitor on the thread that computed it, in any order.
#pragma once

#include <atomic>
#include <cstdint>
#include <span>
#include <vector>

#include "engines/sweep_engine.hpp"

namespace nimcert {

// The index of pair {u, v}, u <= v, among pairs ordered by v then u; also the index of (a, b)
// in a slice of the tetrahedron.
inline constexpr std::size_t pair_index(std::size_t u, std::size_t v) {
  return v * (v + 1) / 2 + u;
}

// Values in the triangle a <= b <= c, and in the tetrahedron a <= b <= c <= n.
inline constexpr std::size_t triangle_size(std::size_t c) { return pair_index(0, c + 1); }

// Sweeps the tetrahedron a <= b <= c <= n of a game symmetric in its three heaps (the caller
// guarantees it), calling visit(c, values) for each slice c, values[pair_index(a, b)] =
// G(a, b, c), on the thread that computed it, in any order, possibly concurrently.
// specials.row(b, c) gives the rule of row (., b, c): the non-reduction followers' values of
// (a, b, c) as a function of a, listed without repeats of a value (or with them: the mex is
// the same).  Lines of more than 128 words (N > 2728) go through the scalar mex, as do all
// without row_kernel (for tests).
template <class Specials, class SliceVisitor>
void sweep_sorted_with(std::size_t n, const Specials& specials, const SliceVisitor& visit,
                       unsigned threads = 1, bool row_kernel = true) {
  const std::size_t words = line_words(
      Box{{static_cast<Heap>(n), static_cast<Heap>(n), static_cast<Heap>(n)}}, Specials::kMax);
  LineSet pairs(triangle_size(n), words);
  const unsigned workers = static_cast<unsigned>(std::clamp<std::size_t>(threads, 1, n + 1));
  const std::size_t slab = std::min<std::size_t>(kSweepSlab, n + 1);
  const std::size_t slabs = (n + slab) / slab;
  std::vector<std::atomic<std::uint32_t>> rows_done(workers > 1 ? slabs : 0);
  std::atomic<bool> aborted{false};

  auto work = [&](unsigned t) {
    LineSet zline(1, words);
    std::vector<std::vector<Value>> values(slab);
    Value special[Specials::kMax > 0 ? Specials::kMax : 1];
    for (std::size_t s = t; s < slabs; s += workers) {
      const std::size_t c0 = s * slab, count = std::min(slab, n + 1 - c0);
      for (std::size_t k = 0; k < count; ++k) values[k].resize(triangle_size(c0 + k));
      for (std::size_t b = 0; b < c0 + count; ++b) {
        smt::throw_if_interrupted();  // within a row of the first signal
        // Slab s - 1 has rows 0 .. c0 - 1; rows beyond them read nothing it writes.
        if (workers > 1 && s > 0) {
          const std::size_t needed = std::min(b, c0 - 1);
          detail::wait_until(
              [&] { return rows_done[s - 1].load(std::memory_order_acquire) > needed; }, aborted);
        }
        for (std::size_t k = b > c0 ? b - c0 : 0; k < count; ++k) {
          const std::size_t c = c0 + k;
          Value* row = &values[k][pair_index(0, b)];
          const auto rule = specials.row(static_cast<Heap>(b), static_cast<Heap>(c));
          zline.clear();
          LineSet* const column_b = b < c ? &pairs : nullptr;  // P{a, b}: one with P{a, c} if b = c
          if (b > 0)
            detail::sweep_row(
                specials, RowLines{column_b, pair_index(0, b), &pairs, pair_index(0, c), &zline},
                rule, 0, b - 1, row, row_kernel);
          // The diagonal (b, b, c): lines P{b, c} (twice) and P{b, b} (when b < c).
          rule(static_cast<Heap>(b), special);
          row[b] = mex_insert<Specials::kMax>(column_b, pair_index(b, b), zline, 0, zline, special);
          pairs.assign(pair_index(b, c), zline, 0);
        }
        if (workers > 1)
          rows_done[s].store(static_cast<std::uint32_t>(b + 1), std::memory_order_release);
      }
      for (std::size_t k = 0; k < count; ++k)
        visit(static_cast<Heap>(c0 + k), std::span<const Value>(values[k]));
    }
  };
  detail::run_workers(workers, aborted, work);
}

}  // namespace nimcert
