// A list joined by a binary operation as a balanced tree: ((a b) (c (d e))) for five items.
//
// MONA's program and nimcert's own automata both join a statement's goals (its conclusion and
// each existential move) by "or".  Union is associative, so any shape gives the same goal, but
// both build the tree pairwise in the order written, and a chain from the left made 2-Wythoff's
// five moves grow a product of 628,432 states in MONA (7.9 s) where the balanced tree stays below
// 100,000 (1.0 s).  Both routes take the shape from here.
#pragma once

#include <cstddef>
#include <stdexcept>
#include <vector>

namespace nimcert::smt {

// items[0] ... items[n - 1] joined by `join(left, right)`, the halves split at n / 2 (the left
// one the smaller); throws std::logic_error on an empty list.
template <class T, class Join>
T balanced_fold(const std::vector<T>& items, const Join& join) {
  if (items.empty()) throw std::logic_error("balanced_fold: nothing to join");
  const auto fold = [&](const auto& self, std::size_t from, std::size_t to) -> T {
    if (to - from == 1) return items[from];
    const std::size_t middle = from + (to - from) / 2;
    return join(self(self, from, middle), self(self, middle, to));
  };
  return fold(fold, 0, items.size());
}

}  // namespace nimcert::smt
