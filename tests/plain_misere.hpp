// Misère outcomes of an octal game by the definition, written from the code's digits alone and
// sharing no code with nimcert's engines (no quotient, no canonical form beyond sorting): the
// oracle that the misère tests hold the quotients and the definition engine against.
#pragma once

#include <algorithm>
#include <cstddef>
#include <map>
#include <utility>
#include <vector>

namespace nimcert::testing {

// A sum is P exactly when it has a move and every move leads to an N-position.  Digit d_k: bit 1
// removes k from a heap of exactly k, bit 2 leaves one nonempty heap, bit 4 two.
class PlainMisere {
 public:
  explicit PlainMisere(std::vector<unsigned> digits) : digits_(std::move(digits)) {}
  bool is_p(std::vector<int> heaps) {
    std::sort(heaps.begin(), heaps.end());
    if (auto at = memo_.find(heaps); at != memo_.end()) return at->second;
    bool any_move = false, to_p = false;
    for (std::size_t i = 0; i < heaps.size() && !to_p; ++i) {
      std::vector<int> rest = heaps;
      rest.erase(rest.begin() + static_cast<std::ptrdiff_t>(i));
      const auto visit = [&](std::vector<int> next) {
        any_move = true;
        if (!to_p) to_p = is_p(std::move(next));
      };
      for (int k = 1; k <= static_cast<int>(digits_.size()) && k <= heaps[i]; ++k) {
        const unsigned d = digits_[static_cast<std::size_t>(k - 1)];
        const int left = heaps[i] - k;
        if ((d & 1) && left == 0) visit(rest);
        if ((d & 2) && left > 0) {
          std::vector<int> next = rest;
          next.push_back(left);
          visit(next);
        }
        for (int a = 1; (d & 4) && 2 * a <= left; ++a) {
          std::vector<int> next = rest;
          next.push_back(a);
          next.push_back(left - a);
          visit(next);
        }
      }
    }
    const bool p = any_move && !to_p;
    memo_.emplace(heaps, p);
    return p;
  }

 private:
  std::vector<unsigned> digits_;
  std::map<std::vector<int>, bool> memo_;
};

}  // namespace nimcert::testing
