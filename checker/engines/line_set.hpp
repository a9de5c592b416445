// The bitsets of Grundy values seen along lines of a box, and the mex over three of them.
//
// For games where every reduction x_i -> t (t < x_i) is a move, the values a position sees
// by reducing heap i are exactly the values already computed on its line below it.  A
// LineSet keeps one bitset per line; the mex of a position is the first zero bit of the OR
// of its three line bitsets and its special followers' values (merges).
//
// The mex is at most the number of followers, so bitsets of that many bits suffice and
// larger values never matter.  To find the first zero quickly, each line also keeps a summary
// of its words that are already full; a word full in any of the three lines is full in their
// OR, so only the other words are inspected.  For Nim-like values one inspected word per
// position is typical, so the special values are compared with the candidate mex only (they
// rarely hit it) rather than folded into every inspected word.
//
// Memory layout: word-major, word w of every line together.  Neighbouring lines have nearly
// the same values, so consecutive positions touch the same word of neighbouring lines: one
// cache line serves eight positions instead of one.
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <stdexcept>
#include <vector>

#include "base/position.hpp"
#include "base/uninitialized.hpp"

namespace nimcert {

// A special-follower slot that holds no follower: never a candidate mex.
inline constexpr Value kNoValue = ~Value{0};

class LineSet {
 public:
  LineSet(std::size_t lines, std::size_t words)
      : lines_(lines),
        words_per_line_(words),
        summaries_((words + 63) / 64),
        words_(lines * words, 0),
        full_(lines * summaries_, 0) {}

  void clear() {
    std::fill(words_.begin(), words_.end(), 0);
    std::fill(full_.begin(), full_.end(), 0);
  }
  [[gnu::always_inline]] std::size_t words() const { return words_per_line_; }
  [[gnu::always_inline]] std::size_t summaries() const { return summaries_; }
  [[gnu::always_inline]] std::uint64_t word(std::size_t line, std::size_t w) const { return words_[w * lines_ + line]; }
  [[gnu::always_inline]] std::uint64_t full(std::size_t line, std::size_t s) const { return full_[s * lines_ + line]; }
  [[gnu::always_inline]] std::size_t lines() const { return lines_; }
  // Word w of every line, line-indexed (the word-major layout); then the summaries.
  [[gnu::always_inline]] std::uint64_t* words_of(std::size_t w) { return &words_[w * lines_]; }
  [[gnu::always_inline]] std::uint64_t* fulls_of(std::size_t s) { return &full_[s * lines_]; }
  // Makes `line` a copy of line `from_line` of `from` (same number of words).
  void assign(std::size_t line, const LineSet& from, std::size_t from_line) {
    for (std::size_t w = 0; w < words_per_line_; ++w)
      words_[w * lines_ + line] = from.words_[w * from.lines_ + from_line];
    for (std::size_t s = 0; s < summaries_; ++s)
      full_[s * lines_ + line] = from.full_[s * from.lines_ + from_line];
  }
  // Adds value 64 w + bit to a line.
  void insert(std::size_t line, std::size_t w, unsigned bit) {
    std::uint64_t& word = words_[w * lines_ + line];
    word |= std::uint64_t{1} << bit;
    if (word == ~std::uint64_t{0}) full_[(w >> 6) * lines_ + line] |= std::uint64_t{1} << (w & 63);
  }

  // Bytes a set of `lines` lines of `words` words holds.
  static std::uint64_t bytes(std::uint64_t lines, std::uint64_t words) {
    return lines * (words + (words + 63) / 64) * 8;
  }

 private:
  std::size_t lines_, words_per_line_, summaries_;
  // Hundreds of MB for the cube's x-lines: in huge pages, one fault per 2 MiB.
  std::vector<std::uint64_t, HugePageAllocator<std::uint64_t>> words_, full_;
};

// `word` (values 64 w .. 64 w + 63) with the special values that fall in it set.
template <std::size_t kSpecials>
inline std::uint64_t with_specials(std::uint64_t word, std::size_t w, const Value* special) {
  for (std::size_t k = 0; k < kSpecials; ++k)
    word |= std::uint64_t{(special[k] >> 6) == w} << (special[k] & 63);
  return word;
}

// The first value absent from line xl of xs (when xs is given), line yl of ys, line 0 of zs
// and special[0..kSpecials) (kNoValue for an empty slot); it is added to those lines and
// returned.  All sets have the same words.
template <std::size_t kSpecials>
[[gnu::always_inline]] inline Value mex_insert(LineSet* xs, std::size_t xl, LineSet& ys,
                                               std::size_t yl, LineSet& zs, const Value* special) {
  const std::size_t words = ys.words();
  for (std::size_t s = 0; s < ys.summaries(); ++s) {
    std::uint64_t full = ys.full(yl, s) | zs.full(0, s);
    if (xs) full |= xs->full(xl, s);
    while (full != ~std::uint64_t{0}) {
      const std::size_t w = s * 64 + std::countr_one(full);
      if (w >= words) break;
      std::uint64_t word = ys.word(yl, w) | zs.word(0, w);
      if (xs) word |= xs->word(xl, w);
      unsigned bit = std::countr_one(word);
      if (bit < 64) {
        const std::size_t candidate = w * 64 + bit;
        bool hit = false;
        for (std::size_t k = 0; k < kSpecials; ++k) hit |= special[k] == candidate;
        if (hit) {
          word = with_specials<kSpecials>(word, w, special);
          bit = std::countr_one(word);
        }
      }
      if (bit < 64) {
        if (xs) xs->insert(xl, w, bit);
        ys.insert(yl, w, bit);
        zs.insert(0, w, bit);
        return static_cast<Value>(w * 64 + bit);
      }
      full |= std::uint64_t{1} << (w & 63);
    }
  }
  throw std::logic_error("mex_insert: mex beyond the follower bound");
}

// mex_insert for the positions z0..z1 of one row, the hot loop of the sweep: xline0 + z is
// the x-line of position z in xs (when kHasX), yline0 + z its y-line in ys, and zs (one line)
// the z-line.  xs and ys may be one set (the sorted sweep's pair lines) when the two lines of
// every position differ.  rule.contains(z, v) says whether a special follower of position z
// has value v; rule(z, out) lists them (kNoValue in empty slots).  Lines of at most
// 64 kSummaries words only (kSummaries summary words of 64 bits, kept in registers for the
// z-line).  Always inlined, so that each caller compiled for an instruction set
// (cube_engine.cpp's run-time dispatch) gets the loop compiled for it too.
template <bool kHasX, std::size_t kSpecials, std::size_t kSummaries, class Rule>
[[gnu::always_inline]] inline void mex_row(LineSet* xs, std::size_t xline0, LineSet& ys,
                                           std::size_t yline0, LineSet& zs, const Rule& rule,
                                           std::size_t z0, std::size_t z1, Value* out) {
  static_assert(kSummaries == 1 || kSummaries == 2);
  const std::size_t words = ys.words();
  std::uint64_t* const xw = kHasX ? xs->words_of(0) + xline0 : nullptr;
  std::uint64_t* xf[kSummaries];
  std::uint64_t* yf[kSummaries];
  std::uint64_t zfull[kSummaries];
  for (std::size_t s = 0; s < kSummaries; ++s) {
    xf[s] = kHasX ? xs->fulls_of(s) + xline0 : nullptr;
    yf[s] = ys.fulls_of(s) + yline0;
    zfull[s] = zs.full(0, s);
  }
  const std::size_t xstride = kHasX ? xs->lines() : 0;
  std::uint64_t* const yw = ys.words_of(0) + yline0;
  const std::size_t ystride = ys.lines();
  std::uint64_t* const zw = zs.words_of(0);
  // The z-line word last used stays in a register: consecutive positions mostly use the
  // same word, and the value of one position then reaches the next without a round trip
  // through memory (the only dependency from one position to the next).
  std::size_t zw_index = 0;
  std::uint64_t zword = zw[0];
  for (std::size_t z = z0; z <= z1; ++z) {
    std::uint64_t full[kSummaries];
    for (std::size_t s = 0; s < kSummaries; ++s) {
      full[s] = yf[s][z] | zfull[s];
      if constexpr (kHasX) full[s] |= xf[s][z];
    }
    for (;;) {
      // The first word not full in any of the three lines.
      std::size_t w = static_cast<std::size_t>(std::countr_one(full[0]));
      if constexpr (kSummaries == 2)
        if (w == 64) w += static_cast<std::size_t>(std::countr_one(full[1]));
      if (w >= words) [[unlikely]]
        throw std::logic_error("mex_row: mex beyond the follower bound");
      const std::size_t s = kSummaries == 1 ? 0 : w >> 6;
      const std::uint64_t wbit = std::uint64_t{1} << (w & 63);
      if (w != zw_index) [[unlikely]] {
        zw[zw_index] = zword;
        zw_index = w;
        zword = zw[w];
      }
      std::uint64_t* const yp = &yw[w * ystride + z];
      std::uint64_t* const xp = kHasX ? &xw[w * xstride + z] : nullptr;
      const std::uint64_t xy = kHasX ? *yp | *xp : *yp;
      std::uint64_t word = xy | zword;
      unsigned bit = static_cast<unsigned>(std::countr_one(word));
      if constexpr (kSpecials > 0) {
        if (bit < 64 && rule.contains(static_cast<Heap>(z), static_cast<Value>(w * 64 + bit)))
            [[unlikely]] {
          Value special[kSpecials];
          rule(static_cast<Heap>(z), special);
          word = with_specials<kSpecials>(word, w, special);
          bit = static_cast<unsigned>(std::countr_one(word));
        }
      }
      if (bit == 64) [[unlikely]] {
        full[s] |= wbit;
        continue;
      }
      const std::uint64_t mask = std::uint64_t{1} << bit;
      if constexpr (kHasX) {
        const std::uint64_t v = *xp | mask;
        *xp = v;
        xf[s][z] |= v == ~std::uint64_t{0} ? wbit : 0;
      }
      const std::uint64_t vy = *yp | mask;
      *yp = vy;
      yf[s][z] |= vy == ~std::uint64_t{0} ? wbit : 0;
      zword |= mask;
      if (zword == ~std::uint64_t{0}) [[unlikely]]
        zfull[s] |= wbit;
      out[z] = static_cast<Value>(w * 64 + bit);
      break;
    }
  }
  zw[zw_index] = zword;
  for (std::size_t s = 0; s < kSummaries; ++s) zs.fulls_of(s)[0] = zfull[s];
}

// The row kernel a sweep uses when its special-follower rule brings none of its own: mex_row
// as compiled here.  A rule may instead provide
//   void row_kernel(const RowLines& lines, const Row& rule, std::size_t z0, std::size_t z1,
//                   Value* out) const
// (the cube engine's, compiled for several instruction sets and chosen at run time).

// The lines one row of a sweep reads and writes (see mex_row): x-lines from xline0 in xs (none
// without xs), y-lines from yline0 in ys, the z-line in zs, all of the same words.
struct RowLines {
  LineSet* xs = nullptr;
  std::size_t xline0 = 0;
  LineSet* ys = nullptr;
  std::size_t yline0 = 0;
  LineSet* zs = nullptr;
};

// Lines of at most 128 words (two summary words): those the row kernel takes.
inline constexpr std::size_t kRowKernelWords = 128;

template <std::size_t kSpecials, class Rule>
[[gnu::always_inline]] inline void default_row_kernel(const RowLines& l, const Rule& rule,
                                                      std::size_t z0, std::size_t z1, Value* out) {
  const std::size_t summaries = l.ys->summaries();
  if (l.xs) {
    if (summaries == 1)
      return mex_row<true, kSpecials, 1>(l.xs, l.xline0, *l.ys, l.yline0, *l.zs, rule, z0, z1, out);
    return mex_row<true, kSpecials, 2>(l.xs, l.xline0, *l.ys, l.yline0, *l.zs, rule, z0, z1, out);
  }
  if (summaries == 1)
    return mex_row<false, kSpecials, 1>(l.xs, 0, *l.ys, l.yline0, *l.zs, rule, z0, z1, out);
  return mex_row<false, kSpecials, 2>(l.xs, 0, *l.ys, l.yline0, *l.zs, rule, z0, z1, out);
}

}  // namespace nimcert
