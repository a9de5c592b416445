// Fibonacci (Zeckendorf) numeration: every natural is a sum of distinct non-consecutive
// Fibonacci numbers in exactly one way (Zeckendorf's theorem), its digit i standing for
// F(i + 2) = 1, 2, 3, 5, 8, ...  Wythoff's P-positions are automatic in it (Fraenkel): (a, b)
// with a's lowest digit at an even place and b's digits a's moved up one place.
//
// The built-ins zeck_shift and zeck_even read it (lang/ast.hpp); every engine computes them
// from this list, by the greedy algorithm, which gives the Zeckendorf digits of n: take the
// largest Fibonacci number not above what is left.
#pragma once

#include <vector>

#include "sys/natural.hpp"

namespace nimcert::smt {

// F(2), F(3), ...: every Fibonacci number below 2^128, place i holding F(i + 2).
inline const std::vector<u128>& fibonacci_places() {
  static const std::vector<u128> places = [] {
    std::vector<u128> f = {1, 2};
    while (f.back() <= ~u128{0} - f[f.size() - 2]) f.push_back(f.back() + f[f.size() - 2]);
    return f;
  }();
  return places;
}

// The Zeckendorf digits of n: bit i set when F(i + 2) is used.  n below 2^128 needs at most
// 185 places, so the digits come as a list of places.
inline std::vector<unsigned> zeckendorf_places(u128 n) {
  const std::vector<u128>& f = fibonacci_places();
  std::vector<unsigned> out;
  for (std::size_t i = f.size(); i-- > 0 && n > 0;)
    if (f[i] <= n) {
      n -= f[i];
      out.push_back(static_cast<unsigned>(i));
    }
  return out;  // highest first
}

}  // namespace nimcert::smt
