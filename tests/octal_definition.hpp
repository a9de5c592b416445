// An octal game's values by the definition, written out again for the tests and the fuzzers:
// shares no code with the engines (engines/octal_engine.hpp), so that a claim the checker
// accepts is held against something that never saw the checker.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace nimcert::testing {

// G(0..last) of the octal or hexadecimal game 0.d1d2... (`digits` is "d1d2...", 0-9 and A-F):
// the mex of every follower's value, a follower of two or three heaps worth the xor of theirs.
inline std::vector<std::uint32_t> octal_values_by_definition(const std::string& digits,
                                                             std::size_t last) {
  std::vector<std::uint32_t> g(last + 1, 0);
  std::vector<std::uint64_t> seen;  // a bit per value seen among n's followers
  for (std::size_t n = 1; n <= last; ++n) {
    seen.assign(seen.size(), 0);
    auto see = [&](std::uint32_t v) {
      if ((v >> 6) >= seen.size()) seen.resize((v >> 6) + 1, 0);
      seen[v >> 6] |= std::uint64_t{1} << (v & 63);
    };
    for (std::size_t k = 1; k <= digits.size() && k <= n; ++k) {
      const char c = digits[k - 1];
      const unsigned d = static_cast<unsigned>(c <= '9' ? c - '0' : c - 'A' + 10);
      const std::size_t rest = n - k;
      if ((d & 1) && rest == 0) see(0);
      if ((d & 2) && rest >= 1) see(g[rest]);
      if (d & 4)
        for (std::size_t a = 1; 2 * a <= rest; ++a) see(g[a] ^ g[rest - a]);
      if (d & 8)
        for (std::size_t a = 1; 3 * a <= rest; ++a)
          for (std::size_t b = a; 2 * b <= rest - a; ++b) see(g[a] ^ g[b] ^ g[rest - a - b]);
    }
    std::uint32_t m = 0;
    while ((m >> 6) < seen.size() && (seen[m >> 6] >> (m & 63) & 1)) ++m;
    g[n] = m;
  }
  return g;
}

// G(0..last) of a take-and-break code in CGSuite's notation as the tests write it: digits[k] is
// d_k for k = 0..t with its constraint on the two parts of a split (' ' none, '!' unequal, '='
// equal), d_0 removing no stones.  Written apart from the one above so that each stays plain.
inline std::vector<std::uint32_t> cgsuite_values_by_definition(
    const std::vector<std::pair<unsigned, char>>& digits, std::size_t last) {
  std::vector<std::uint32_t> g(last + 1, 0);
  for (std::size_t n = 1; n <= last; ++n) {
    std::vector<bool> seen(4 * n + 4, false);  // values are at most n: xors below 4n
    for (std::size_t k = 0; k < digits.size() && k <= n; ++k) {
      const auto [d, parts] = digits[k];
      const std::size_t rest = n - k;
      if ((d & 1) && rest == 0) seen[0] = true;
      if ((d & 2) && rest >= 1 && k >= 1) seen[g[rest]] = true;
      if (d & 4)
        for (std::size_t a = 1; a < rest; ++a) {
          const std::size_t b = rest - a;
          if ((parts == '!' && a == b) || (parts == '=' && a != b)) continue;
          seen[g[a] ^ g[b]] = true;
        }
    }
    std::uint32_t m = 0;
    while (seen[m]) ++m;
    g[n] = m;
  }
  return g;
}

}  // namespace nimcert::testing
