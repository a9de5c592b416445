// The one-heap sequences (see sequence_engine.hpp).
#include "engines/sequence_engine.hpp"

#include "engines/window_mex.hpp"
#include "sys/interrupt.hpp"

namespace nimcert {

Sequence maximum_nim(const std::vector<std::uint64_t>& f) {
  Sequence g(f.size());
  WindowMex window(f.size());
  std::uint64_t low = 0, high = 0;  // the window holds g[low .. high)
  for (std::uint64_t n = 0; n < f.size(); ++n) {
    if ((n & 65535) == 0) smt::throw_if_interrupted();
    const std::uint64_t want_low = n - f[n];
    while (high < n) window.add(g[high++]);
    while (low < want_low) window.remove(g[low++]);
    while (low > want_low) window.add(g[--low]);
    g[n] = window.mex();
  }
  return g;
}

Sequence minimum_nim(const std::vector<std::uint64_t>& f) {
  Sequence h(f.size());
  // prefix_mex[p] = mex { h_0, ..., h_{p-1} }; it only grows with p.
  std::vector<std::uint32_t> prefix_mex(f.size() + 1, 0);
  std::vector<bool> present(f.size() + 2, false);
  for (std::uint64_t n = 0; n < f.size(); ++n) {
    if ((n & 65535) == 0) smt::throw_if_interrupted();
    h[n] = prefix_mex[n - f[n]];
    present[h[n]] = true;
    std::uint32_t m = prefix_mex[n];
    while (present[m]) ++m;
    prefix_mex[n + 1] = m;
  }
  return h;
}

Sequence lemma_2_1(const std::vector<std::uint64_t>& f) {
  Sequence g(f.size());
  for (std::uint64_t n = 1; n < f.size(); ++n)
    g[n] = f[n] > f[n - 1] ? static_cast<std::uint32_t>(f[n]) : g[n - f[n] - 1];
  return g;
}

std::uint64_t first_irregularity(const std::vector<std::uint64_t>& f) {
  for (std::uint64_t n = 1; n < f.size(); ++n)
    if (f[n] < f[n - 1] || f[n] > f[n - 1] + 1) return n;
  return 0;
}

}  // namespace nimcert
