// The naturals a built-in's evaluators are held at: every value below `below`, and the 64-bit
// word's edges 2^k - 1 and two either side of it for k = 31, 32, 63, and 2^64 - 1 (the tests of
// the numerations' built-ins, tests/fibonacci_test.cpp and tests/ostrowski_test.cpp).
#pragma once

#include <cstdint>
#include <vector>

namespace nimcert::testing {

inline std::vector<std::uint64_t> small_values_and_word_edges(std::uint64_t below) {
  std::vector<std::uint64_t> values;
  for (std::uint64_t v = 0; v < below; ++v) values.push_back(v);
  for (unsigned k : {31u, 32u, 63u})
    for (std::uint64_t d : {0ull, 1ull, 2ull}) {
      values.push_back((std::uint64_t{1} << k) - 1 + d);
      values.push_back((std::uint64_t{1} << k) - 1 - d);
    }
  values.push_back(~std::uint64_t{0});
  return values;
}

}  // namespace nimcert::testing
