// The minimal excludant: mex S = the least natural number not in S (mex {} = 0).
//
// This is the plain definition, used by the reference engine and by the counterexample
// reports, where clarity matters more than speed.  The fast engine computes the same thing
// with bitsets (engines/line_set.hpp) and is tested against this one.
#pragma once

#include <algorithm>
#include <vector>

#include "base/position.hpp"

namespace nimcert {

inline Value mex(std::vector<Value> values) {
  std::sort(values.begin(), values.end());
  Value m = 0;
  for (Value v : values) {
    if (v == m)
      ++m;
    else if (v > m)
      break;
  }
  return m;
}

}  // namespace nimcert
