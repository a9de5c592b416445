// Misère outcomes by the definition, written apart from nimcert's engines (no quotient, no
// canonical form beyond sorting, every heap kept): a sum is P exactly when it has a move and
// every move leads to an N-position.  A game of one heap is given by the heaps each move of a
// heap leaves; an octal game by its digits (digit d_k: bit 1 removes k from a heap of exactly k,
// bit 2 leaves one nonempty heap, bit 4 two).  The oracle the misère tests hold the quotients,
// the definition engine and the sum boxes against.
#pragma once

#include <algorithm>
#include <cstddef>
#include <functional>
#include <map>
#include <utility>
#include <vector>

namespace nimcert::testing {

class PlainMisere {
 public:
  using Moves = std::function<std::vector<std::vector<int>>(int)>;
  explicit PlainMisere(Moves moves) : moves_(std::move(moves)) {}

  bool is_p(std::vector<int> heaps) {
    std::sort(heaps.begin(), heaps.end());
    if (auto at = memo_.find(heaps); at != memo_.end()) return at->second;
    bool any_move = false, to_p = false;
    for (std::size_t i = 0; i < heaps.size() && !to_p; ++i)
      for (const std::vector<int>& left : moves_(heaps[i])) {
        std::vector<int> next = heaps;
        next.erase(next.begin() + static_cast<std::ptrdiff_t>(i));
        next.insert(next.end(), left.begin(), left.end());
        any_move = true;
        if (is_p(next)) {
          to_p = true;
          break;
        }
      }
    const bool p = any_move && !to_p;
    memo_.emplace(heaps, p);
    return p;
  }

 private:
  Moves moves_;
  std::map<std::vector<int>, bool> memo_;
};

// The moves of the octal game with these digits d_1, d_2, ...
inline PlainMisere::Moves octal_moves(std::vector<unsigned> digits) {
  return [digits](int h) {
    std::vector<std::vector<int>> out;
    for (int k = 1; k <= static_cast<int>(digits.size()) && k <= h; ++k) {
      const unsigned d = digits[static_cast<std::size_t>(k - 1)];
      const int left = h - k;
      if ((d & 1) && left == 0) out.push_back({});
      if ((d & 2) && left > 0) out.push_back({left});
      for (int a = 1; (d & 4) && 2 * a <= left; ++a) out.push_back({a, left - a});
    }
    return out;
  };
}

}  // namespace nimcert::testing
