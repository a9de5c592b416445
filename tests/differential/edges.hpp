// Random draws for the differential fuzzers: naturals near the edges where a translation or an
// enumeration breaks (0, 1, 2^k - 1, 2^k, 2^k + 1 for k = 20, 31, 32, 63, 64).
#pragma once

#include <cstdint>
#include <random>
#include <vector>

namespace nimcert::differential {

using Rng = std::mt19937_64;

inline std::uint64_t pick(Rng& rng, std::uint64_t n) { return rng() % n; }

// A 64-bit natural: small (half the draws), an edge, or any.
inline std::uint64_t edge_word(Rng& rng) {
  static const std::vector<std::uint64_t> edges = [] {
    std::vector<std::uint64_t> v{0, 1, 2, 3};
    for (unsigned k : {20u, 31u, 32u, 63u}) {
      const std::uint64_t p = std::uint64_t{1} << k;
      v.insert(v.end(), {p - 1, p, p + 1});
    }
    v.insert(v.end(), {UINT64_MAX - 1, UINT64_MAX});
    return v;
  }();
  switch (pick(rng, 4)) {
    case 0:
    case 1:
      return pick(rng, 16);
    case 2:
      return edges[pick(rng, edges.size())];
    default:
      return rng();
  }
}

}  // namespace nimcert::differential
