// Ostrowski numeration for sqrt(2) (the start of issue 53, item 4): every natural is, in exactly
// one way, a sum of digits d_i times the places U_0, U_1, ... = 1, 2, 5, 12, 29, 70, ...
// (U_{i+1} = 2 U_i + U_{i-1}: the denominators of sqrt(2)'s convergents, whose continued
// fraction [1; 2, 2, 2, ...] has every partial quotient 2 after the first), with d_0 in {0, 1},
// d_i in {0, 1, 2}, and d_{i-1} = 0 wherever d_i = 2 (Ostrowski; Fraenkel, "Systems of
// numeration", 1985).  Fraenkel's 2-Wythoff game has its P-positions (floor(n sqrt 2),
// floor(n sqrt 2) + 2n) in this numeration, as Wythoff's game has its in Zeckendorf's.
//
// The greedy algorithm gives the digits: take the largest place not above what is left, as
// many times as it fits.  The tests hold it and the form against each other (every digit string
// of the form is the greedy digits of its value).
#pragma once

#include <vector>

#include "sys/natural.hpp"

namespace nimcert::smt {

// U_0, U_1, ...: every place below 2^128.
inline const std::vector<u128>& ostrowski_sqrt2_places() {
  static const std::vector<u128> places = [] {
    std::vector<u128> u = {1, 2};
    const u128 top = ~u128{0};
    while ((top - u[u.size() - 2]) / 2 >= u.back()) u.push_back(2 * u.back() + u[u.size() - 2]);
    return u;
  }();
  return places;
}

// The digits of n, lowest place first (empty for 0).
inline std::vector<unsigned> ostrowski_sqrt2_digits(u128 n) {
  const std::vector<u128>& u = ostrowski_sqrt2_places();
  std::size_t top = 0;
  while (top + 1 < u.size() && u[top + 1] <= n) ++top;
  std::vector<unsigned> d(n == 0 ? 0 : top + 1, 0);
  for (std::size_t i = d.size(); i-- > 0;)
    while (u[i] <= n) {
      n -= u[i];
      ++d[i];
    }
  return d;
}

// Whether digits (lowest first) are of the form above: d_0 <= 1, d_i <= 2, d_{i-1} = 0 where
// d_i = 2.
inline bool is_ostrowski_sqrt2_form(const std::vector<unsigned>& d) {
  for (std::size_t i = 0; i < d.size(); ++i) {
    if (d[i] > (i == 0 ? 1u : 2u)) return false;
    if (d[i] == 2 && d[i - 1] != 0) return false;
  }
  return true;
}

// The value of digits (lowest first); the caller keeps it below 2^128.
inline u128 ostrowski_sqrt2_value(const std::vector<unsigned>& d) {
  const std::vector<u128>& u = ostrowski_sqrt2_places();
  u128 v = 0;
  for (std::size_t i = 0; i < d.size(); ++i) v += u128{d[i]} * u.at(i);
  return v;
}

}  // namespace nimcert::smt
