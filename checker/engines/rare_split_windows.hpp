// Sparse space's rare-part splits for 64 consecutive rests at once, where every value is a byte
// and every split of a rest is a move.
//
// With thousands of rare positions (0.143 has 9,416 below 3 * 10^6) sparse space's cost is the
// list of rare parts read at every rest: for each rare a, G(a) and G(r - a), two reads spread
// over the whole table, so the loop runs from L2 at about 6 ns a rare part.  For the 64 rests
// R0..R0+63 of one window and a rare a, the values G(R0 - a .. R0 + 63 - a) are one cache line
// of the forward byte copy: a window reads each rare part once for 64 rests and sets their
// values' flags in a 16 KB table that stays in L1.  A rare a is "old" for the window when
// 64 <= a < R0: then every G(r - a) with r in the window is below R0 and known when the window
// is first asked for (at some n > R0), and a was listed by then.  The few rare a below 64 or
// from R0 on are read for each rest as before.  The flags are the same as the per-rest loop's:
// tests/octal_engine_test.cpp holds the two against each other.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

namespace nimcert {

// hit[v] = 1 for every v = G(a) ^ G(r - a) with a rare, 1 <= a < r, rare part by rare part
// (forward, rares and hit as for RareSplitWindows::mark); how many rare parts that is.
std::uint64_t mark_rare_splits_of_rest(const std::uint8_t* forward,
                                       const std::vector<std::uint32_t>& rares, std::uint64_t r,
                                       std::uint8_t hit[256]);

class RareSplitWindows {
 public:
  static constexpr std::uint64_t kWidth = 64;  // rests a window holds

  // Forgets every window: the rare list was made again.
  void clear() {
    for (Window& w : windows_) w.valid = false;
  }

  // hit[v] = 1 for every v = G(a) ^ G(r - a) with a rare, 1 <= a < r: forward[i] = G(i) for
  // i < n, r < n, `rares` every rare position below n, increasing, every value below 2^8.
  // Returns how many rare parts that is (the count the per-rest loop would have read).
  std::uint64_t mark(const std::uint8_t* forward, const std::vector<std::uint32_t>& rares,
                     std::uint64_t r, std::uint8_t hit[256]);

 private:
  struct Window {
    bool valid = false;
    std::uint64_t start = 0;     // R0, a multiple of kWidth
    std::size_t old_end = 0;     // rares[old_begin, old_end) are the window's old rare parts
    std::size_t old_begin = 0;
    std::vector<std::uint8_t> flags = std::vector<std::uint8_t>(kWidth * 256);  // [r - R0][v]
  };
  const Window& window_of(const std::uint8_t* forward, const std::vector<std::uint32_t>& rares,
                          std::uint64_t r);
  std::array<Window, 2> windows_;  // rests at one n lie in at most two consecutive windows
};

}  // namespace nimcert
