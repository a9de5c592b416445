// The fast exact Grundy engine: a sweep over a box with one bitset per line.
//
// For games where every reduction x_i -> t (t < x_i) is a move, the values a position sees
// by reducing heap i are exactly the values already computed on its line below it.  Sweeping
// the box in canonical order (x, then y, then z), we keep for every line a bitset of the
// values seen so far: one per x-line (all (y, z)), one per y-line of the current x-slice and
// one for the current z-line.  The mex of a position is then the first zero bit of the OR of
// its three line bitsets and its special followers' values (merges), which the Specials rule
// supplies from tables computed before.  No claimed formula is used anywhere.
//
// The mex is at most the number of followers, x + y + z + Specials::kMax, so bitsets of that
// many bits suffice and larger values never matter.  To find the first zero quickly, each
// line also keeps a summary of its words that are already full; a word full in any of the
// three lines is full in their OR, so only the other words are inspected.
//
// Memory layout: the x-line bitsets (one per (y, z), the bulk of the memory) are stored
// word-major, word w of every line together.  Neighbouring z have nearly the same values,
// so consecutive positions touch the same word of neighbouring lines: one cache line serves
// eight positions instead of one.
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <vector>

#include "value_table.hpp"

namespace nimcert {

namespace detail {

// Bitsets of `lines` lines, word-major, each with a full-word summary.
class LineSet {
 public:
  LineSet(std::size_t lines, std::size_t words)
      : lines_(lines),
        summaries_((words + 63) / 64),
        words_(lines * words, 0),
        full_(lines * summaries_, 0) {}

  void clear() {
    std::fill(words_.begin(), words_.end(), 0);
    std::fill(full_.begin(), full_.end(), 0);
  }
  std::size_t summaries() const { return summaries_; }
  std::uint64_t word(std::size_t line, std::size_t w) const { return words_[w * lines_ + line]; }
  std::uint64_t full(std::size_t line, std::size_t s) const { return full_[s * lines_ + line]; }
  void insert(std::size_t line, Value v) {
    std::uint64_t& w = words_[(v >> 6) * lines_ + line];
    w |= std::uint64_t{1} << (v & 63);
    if (w == ~std::uint64_t{0})
      full_[(v >> 12) * lines_ + line] |= std::uint64_t{1} << ((v >> 6) & 63);
  }

 private:
  std::size_t lines_, summaries_;
  std::vector<std::uint64_t> words_, full_;
};

}  // namespace detail

// Sweeps `box` in canonical order and calls visit(x, y, row) with the values of (x, y, 0..c).
// specials(x, y, z, out) writes the values of the non-reduction followers of (x, y, z) to out
// (at most Specials::kMax of them) and returns their count.
template <class Specials, class RowVisitor>
void sweep(const Box& box, const Specials& specials, RowVisitor&& visit) {
  const std::size_t a = box.extent[0], b = box.extent[1], c = box.extent[2];
  const std::size_t capacity = a + b + c + Specials::kMax + 1;
  const std::size_t words = (capacity + 63) / 64;

  // With a == 0 (a face or an axis) no x-line ever holds a value: one empty line serves all.
  const bool x_lines = a > 0;
  detail::LineSet xlines(x_lines ? (b + 1) * (c + 1) : 1, words), ylines(c + 1, words),
      zline(1, words);
  const std::size_t summaries = xlines.summaries();
  std::vector<Value> row(c + 1);
  Value special[Specials::kMax > 0 ? Specials::kMax : 1];

  for (Heap x = 0; x <= a; ++x) {
    ylines.clear();
    for (Heap y = 0; y <= b; ++y) {
      zline.clear();
      for (Heap z = 0; z <= c; ++z) {
        const std::size_t xl = x_lines ? std::size_t{y} * (c + 1) + z : 0;
        const std::size_t n = specials(x, y, z, special);

        // The first value absent from all three lines and from the special followers.
        std::size_t m = capacity;
        for (std::size_t s = 0; s < summaries && m == capacity; ++s) {
          std::uint64_t full = xlines.full(xl, s) | ylines.full(z, s) | zline.full(0, s);
          while (full != ~std::uint64_t{0}) {
            const std::size_t w = s * 64 + std::countr_one(full);
            if (w >= words) break;
            std::uint64_t word = xlines.word(xl, w) | ylines.word(z, w) | zline.word(0, w);
            for (std::size_t k = 0; k < n; ++k)
              if ((special[k] >> 6) == w) word |= std::uint64_t{1} << (special[k] & 63);
            if (word != ~std::uint64_t{0}) {
              m = w * 64 + std::countr_one(word);
              break;
            }
            full |= std::uint64_t{1} << (w & 63);
          }
        }
        if (m >= capacity) throw std::logic_error("sweep: mex beyond the follower bound");
        const Value v = static_cast<Value>(m);
        if (x_lines) xlines.insert(xl, v);
        ylines.insert(z, v);
        zline.insert(0, v);
        row[z] = v;
      }
      visit(x, y, std::span<const Value>(row));
    }
  }
}

// The special-follower rule of a game without special moves (Nim).
struct NoSpecials {
  static constexpr std::size_t kMax = 0;
  std::size_t operator()(Heap, Heap, Heap, Value*) const { return 0; }
};

}  // namespace nimcert
