// Ostrowski numeration for two quadratic irrationals whose continued fractions end in 2, 2, 2,
// ... (issue 53, item 4).  For alpha = [0; a_1, 2, 2, 2, ...] the places are the denominators of
// alpha's convergents, U_0 = 1, U_1 = a_1, U_{i+1} = 2 U_i + U_{i-1}, and every natural is, in
// exactly one way, a sum of digits d_i times the places with d_0 <= a_1 - 1, d_i <= 2, and
// d_{i-1} = 0 wherever d_i = 2 (Ostrowski, 1922; Fraenkel, "Systems of numeration", 1985):
//
//   sqrt2          alpha = sqrt 2 - 1 = [0; 2, 2, ...]:     1, 2, 5, 12, 29, ... (the Pell
//                  numbers), d_0 <= 1; U_{-1} = 0
//   two_wythoff    alpha = 1 / (2 + sqrt 2) = [0; 3, 2, ...]: 1, 3, 7, 17, 41, ... (half the
//                  companion Pell numbers), d_0 <= 2; U_{-1} = 1
//
// Fraenkel's 2-Wythoff game has its P-positions (A_n, B_n) = (floor(n sqrt 2),
// floor(n sqrt 2) + 2n), B_n = floor(n (2 + sqrt 2)), in both.  In the first,
// floor(n sqrt 2) = ost_shift(n) - n - ost_odd(n); in the second, as Wythoff's in Zeckendorf's,
// A_n's lowest digit is at an even place and B_n is A_n with every digit moved up a place
// (ostw_even, ostw_shift) (docs/mathematics.md, section 9).
//
// The built-ins read the digits from here (lang/ast.hpp).  The greedy algorithm gives them: take
// the largest place not above what is left, as many times as it fits.  The tests hold it and
// the form against each other (every digit string of the form is the greedy digits of its
// value).
#pragma once

#include <vector>

#include "sys/natural.hpp"

namespace nimcert::smt {

enum class OstrowskiSystem { Sqrt2, TwoWythoff };

// a_1, the first partial quotient: U_1, and one more than the largest digit at place 0.
inline unsigned ostrowski_first_quotient(OstrowskiSystem s) {
  return s == OstrowskiSystem::Sqrt2 ? 2 : 3;
}

// U_0, U_1, ...: every place below 2^128.
inline const std::vector<u128>& ostrowski_places(OstrowskiSystem s) {
  auto build = [](u128 first) {
    std::vector<u128> u = {1, first};
    const u128 top = ~u128{0};
    while ((top - u[u.size() - 2]) / 2 >= u.back()) u.push_back(2 * u.back() + u[u.size() - 2]);
    return u;
  };
  static const std::vector<u128> sqrt2 = build(2), two_wythoff = build(3);
  return s == OstrowskiSystem::Sqrt2 ? sqrt2 : two_wythoff;
}

// The digits of n, lowest place first (empty for 0).
inline std::vector<unsigned> ostrowski_digits(OstrowskiSystem s, u128 n) {
  const std::vector<u128>& u = ostrowski_places(s);
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

// Whether digits (lowest first) are of the form above.
inline bool is_ostrowski_form(OstrowskiSystem s, const std::vector<unsigned>& d) {
  for (std::size_t i = 0; i < d.size(); ++i) {
    if (d[i] > (i == 0 ? ostrowski_first_quotient(s) - 1 : 2u)) return false;
    if (i > 0 && d[i] == 2 && d[i - 1] != 0) return false;
  }
  return true;
}

// The value of digits (lowest first); the caller keeps it below 2^128.
inline u128 ostrowski_value(OstrowskiSystem s, const std::vector<unsigned>& d) {
  const std::vector<u128>& u = ostrowski_places(s);
  u128 v = 0;
  for (std::size_t i = 0; i < d.size(); ++i) v += u128{d[i]} * u.at(i);
  return v;
}

// n's digits moved up one place, sum d_i U_{i+1}, into `shifted`; false when it passes 2^128.
inline bool ostrowski_shift(OstrowskiSystem s, u128 n, u128& shifted) {
  const std::vector<u128>& u = ostrowski_places(s);
  const std::vector<unsigned> d = ostrowski_digits(s, n);
  shifted = 0;
  for (std::size_t i = 0; i < d.size(); ++i) {
    if (d[i] == 0) continue;
    if (i + 1 >= u.size()) return false;
    const u128 add = u128{d[i]} * u[i + 1];
    if (add / d[i] != u[i + 1] || shifted > ~u128{0} - add) return false;
    shifted += add;
  }
  return true;
}

// n > 0 and its lowest nonzero digit at an odd place (odd = true) or an even one.
inline bool ostrowski_lowest_place_is(OstrowskiSystem s, u128 n, bool odd) {
  const std::vector<unsigned> d = ostrowski_digits(s, n);
  for (std::size_t i = 0; i < d.size(); ++i)
    if (d[i] != 0) return (i % 2 == 1) == odd;
  return false;
}

// The first system under the names the tests and the adder use.
inline const std::vector<u128>& ostrowski_sqrt2_places() {
  return ostrowski_places(OstrowskiSystem::Sqrt2);
}
inline std::vector<unsigned> ostrowski_sqrt2_digits(u128 n) {
  return ostrowski_digits(OstrowskiSystem::Sqrt2, n);
}
inline bool is_ostrowski_sqrt2_form(const std::vector<unsigned>& d) {
  return is_ostrowski_form(OstrowskiSystem::Sqrt2, d);
}
inline u128 ostrowski_sqrt2_value(const std::vector<unsigned>& d) {
  return ostrowski_value(OstrowskiSystem::Sqrt2, d);
}

}  // namespace nimcert::smt
