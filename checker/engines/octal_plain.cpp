// The plain octal engine: the definition, every split enumerated (see octal_engine.hpp).
#include <algorithm>
#include <stdexcept>

#include "engines/octal_engine.hpp"
#include "sys/interrupt.hpp"

namespace nimcert {

OctalValues plain_octal_values(const OctalCode& code, std::uint64_t last) {
  if (last > kMaxOctalLast)
    throw std::invalid_argument("an octal game's values to at most n = 2^32 - 2");
  OctalValues g(last + 1);  // each written below before it is read
  std::vector<std::uint64_t> seen(64, 0);  // seen[v] == n + 1: v is a follower's value at n
  auto mark = [&](std::uint64_t n, std::uint32_t v) {
    if (v >= seen.size()) seen.resize(std::max<std::size_t>(v + 1, 2 * seen.size()), 0);
    seen[v] = n + 1;
  };
  g[0] = 0;
  for (std::uint64_t n = 1; n <= last; ++n) {
    if (n % 256 == 0) smt::throw_if_interrupted();
    code.for_each_option(n, [&](std::span<const std::uint64_t> parts) {
      std::uint32_t v = 0;  // the follower's value: the xor of its heaps' (Sprague-Grundy)
      for (std::uint64_t h : parts) v ^= g[h];
      mark(n, v);
    });
    std::uint32_t v = 0;
    while (v < seen.size() && seen[v] == n + 1) ++v;
    g[n] = v;
  }
  return g;
}

}  // namespace nimcert
