// Fibonacci numeration's atoms (see fibonacci_atoms.hpp).
#include "automata/fibonacci_atoms.hpp"

#include <algorithm>

#include "automata/operations.hpp"
#include "automata/reversal.hpp"

namespace nimcert::automata {

Atom zeckendorf_form() {
  Atom atom{blank({0}, 3), {{0}, {1}, {}}};  // the last digit 0 or 1; 2 dead
  atom.dfa.next = {0, 1, 0, 2, 2, 2};
  atom.dfa.accepting = {1, 1, 0};
  return atom;
}

Atom zeck_shift() {
  // State p: x's digit read last, which z must show at the next place; z's place 0 is 0.
  Atom atom{blank({0, 1}, 3), {{0}, {1}, {}}};
  for (State p = 0; p < 2; ++p)
    for (Letter l = 0; l < 4; ++l)
      atom.dfa.next[p * 4 + l] = digit(l, 1) == p ? digit(l, 0) : 2;
  for (Letter l = 0; l < 4; ++l) atom.dfa.next[8 + l] = 2;
  atom.dfa.accepting[0] = 1;
  return atom;
}

Atom zeck_even() {
  // 0, 1: no one-digit yet, the next place even or odd; 2: the lowest at an even place; 3: at
  // an odd one.
  Atom atom{blank({0}, 4), {{0}, {1}, {2}, {3}}};
  atom.dfa.next = {1, 2, 0, 3, 2, 2, 3, 3};
  atom.dfa.accepting[2] = 1;
  return atom;
}

bool sum_pair_viable(std::int64_t u, std::int64_t v) {
  const bool above = (u - 1) + (v - 1) >= 0 && 2 * (u - 1) + (v - 1) >= 0;
  const bool below = (u + 2) + (v + 2) <= 0 && 2 * (u + 2) + (v + 2) <= 0;
  return !above && !below;
}

TopDownSum top_down_sum() {
  return walk_top_down(
      8, 1,
      [](std::size_t l) {
        const auto letter = static_cast<Letter>(l);
        return std::int64_t{digit(letter, 0)} + digit(letter, 1) - digit(letter, 2);
      },
      sum_pair_viable);
}

Atom fibonacci_sum() {
  const TopDownSum top = top_down_sum();
  const std::size_t n = top.pairs.size();
  std::vector<std::size_t> ends;
  for (std::size_t p = 0; p < n; ++p)
    if (top.pairs[p].first + top.pairs[p].second == 0) ends.push_back(p);
  ReversedAutomaton r = reverse_top_down(top.next, n, 8, ends);
  Atom atom{blank({0, 1, 2}, r.sets.size()), {}};
  atom.dfa.next = std::move(r.next);
  for (std::size_t i = 0; i < r.sets.size(); ++i) {
    atom.dfa.accepting[i] = std::binary_search(r.sets[i].begin(), r.sets[i].end(), std::size_t{0});
    std::vector<std::int64_t> flat;
    for (std::size_t p : r.sets[i]) {
      flat.push_back(top.pairs[p].first);
      flat.push_back(top.pairs[p].second);
    }
    atom.meaning.push_back(std::move(flat));
  }
  return atom;
}

std::vector<bool> zeckendorf_digits(std::uint64_t v) {
  std::vector<std::uint64_t> f{1, 2};  // F(2), F(3), ... up to the largest not above v
  for (;;) {
    const std::uint64_t a = f[f.size() - 2], b = f.back();
    if (b > ~std::uint64_t{0} - a || a + b > v) break;
    f.push_back(a + b);
  }
  std::vector<bool> d(f.size(), false);
  for (std::size_t i = f.size(); i-- > 0 && v > 0;)
    if (f[i] <= v) {
      v -= f[i];
      d[i] = true;
    }
  while (!d.empty() && !d.back()) d.pop_back();
  return d;
}

}  // namespace nimcert::automata
