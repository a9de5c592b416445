// The named checks of sequence blocks: Levine's statements about the one-heap sequences
// (see named_checks.hpp; docs/mathematics.md, section 3).
#include <fmt/format.h>

#include <algorithm>
#include <set>

#include "checks/named/named_checks.hpp"

namespace nimcert {

namespace {

using Json = nlohmann::ordered_json;

NamedCheck failed(NamedCheck c, Json counterexample) {
  c.verdict = Verdict::Fails;
  c.counterexample = std::move(counterexample);
  return c;
}

NamedCheck lemma_2_1_check(NamedCheck c, const Sequences& s) {
  if (const std::uint64_t n = first_irregularity(s.f))
    return failed(
        c, {{"n", n}, {"f(n-1)", s.f[n - 1]}, {"f(n)", s.f[n]}, {"reason", "f is not regular"}});
  const Sequence fast = lemma_2_1(s.f);
  c.cases = s.g.size();
  for (std::uint64_t n = 0; n < s.g.size(); ++n)
    if (fast[n] != s.g[n])
      return failed(c, {{"n", n}, {"recurrence", s.g[n]}, {"algorithm", fast[n]}});
  return c;
}

NamedCheck self_similarity(NamedCheck c, const Sequences& s) {
  std::vector<bool> seen;
  std::uint64_t i = 0;  // position in Lambda(g)
  for (std::uint32_t v : s.g) {
    if (v >= seen.size()) seen.resize(v + 1, false);
    if (!seen[v]) {
      seen[v] = true;
      continue;
    }
    ++c.cases;
    if (v != s.g[i]) return failed(c, {{"index", i}, {"lambda_g", v}, {"g", s.g[i]}});
    ++i;
  }
  return c;
}

NamedCheck proposition_2_3(NamedCheck c, const Sequences& s) {
  for (std::uint64_t n = 1; n < s.f.size(); ++n)
    if (s.f[n] < s.f[n - 1]) return failed(c, {{"n", n}, {"reason", "f decreases"}});
  std::vector<std::uint64_t> regular(s.f.size(), 0);
  for (std::uint64_t n = 1; n < s.f.size(); ++n) regular[n] = std::min(s.f[n], regular[n - 1] + 1);
  const Sequence g = maximum_nim(regular);
  c.cases = g.size();
  for (std::uint64_t n = 0; n < g.size(); ++n)
    if (g[n] != s.g[n]) return failed(c, {{"n", n}, {"g", s.g[n]}, {"g_regular", g[n]}});
  return c;
}

NamedCheck proposition_3_2(NamedCheck c, const Sequences& s) {
  std::uint32_t top = 0;
  c.cases = s.g.size();
  for (std::uint64_t n = 0; n < s.g.size(); ++n) {
    top = std::max(top, s.g[n]);
    if (top != s.f[n]) return failed(c, {{"n", n}, {"f", s.f[n]}, {"max_g", top}});
  }
  return c;
}

NamedCheck triangle_8(NamedCheck c, const Sequences& s) {
  // first[v]: first n with g_n = v; s_ij counts i's before first[j] (g_0 not counted).
  std::vector<std::uint64_t> first;
  for (std::uint64_t n = 0; n < s.g.size(); ++n) {
    if (s.g[n] >= first.size()) first.resize(s.g[n] + 1, UINT64_MAX);
    first[s.g[n]] = std::min(first[s.g[n]], n);
  }
  std::size_t values = 0;
  while (values < first.size() && values < 200 && first[values] != UINT64_MAX) ++values;
  std::vector<std::vector<std::uint64_t>> at(values);  // occurrences of each value
  for (std::uint64_t n = 1; n < s.g.size(); ++n)
    if (s.g[n] < values) at[s.g[n]].push_back(n);
  auto count = [&](std::size_t i, std::size_t j) {
    return static_cast<std::int64_t>(std::lower_bound(at[i].begin(), at[i].end(), first[j]) -
                                     at[i].begin());
  };
  for (std::size_t i = 0; i < values; ++i)
    for (std::size_t j = i + 1; j < values; ++j)
      for (std::size_t k = j + 1; k < values; ++k) {
        ++c.cases;
        const std::int64_t ij = count(i, j), jk = count(j, k), ik = count(i, k);
        if (ik < ij + jk - 1 || ik > ij + jk)
          return failed(c,
                        {{"i", i}, {"j", j}, {"k", k}, {"s_ij", ij}, {"s_jk", jk}, {"s_ik", ik}});
      }
  c.statement += fmt::format(" (values below {})", values);
  return c;
}

NamedCheck minimum_nim_q(NamedCheck c, const Sequences& s) {
  const std::uint64_t size = s.f.size();
  // q(k) is the first n whose running maximum of n - f(n) exceeds k: one pass, two pointers.
  std::vector<std::uint64_t> q(size, UINT64_MAX);
  std::uint64_t reach = 0, k = 0;  // reach = max over m <= n of m - f(m)
  for (std::uint64_t n = 0; n < size; ++n) {
    reach = std::max(reach, n - s.f[n]);
    for (; k < reach && k < size; ++k) q[k] = n;
  }
  std::vector<std::uint64_t> first;
  for (std::uint64_t n = 0; n < size; ++n) {
    if (s.h[n] >= first.size()) first.resize(s.h[n] + 1, UINT64_MAX);
    first[s.h[n]] = std::min(first[s.h[n]], n);
  }
  std::uint64_t iterate = 0;
  for (std::uint32_t v = 0; v < first.size() && iterate < size; ++v) {
    ++c.cases;
    if (first[v] != iterate)
      return failed(c, {{"v", v}, {"first_n", first[v]}, {"q^v(0)", iterate}});
    iterate = iterate < size ? q[iterate] : UINT64_MAX;
  }
  for (std::uint64_t n = 0; n < size; ++n) {
    if (q[n] >= size) continue;
    ++c.cases;
    if (s.h[q[n]] != s.h[n] + 1 || s.g[q[n]] != s.g[n])
      return failed(c, {{"n", n},
                        {"q(n)", q[n]},
                        {"h_n", s.h[n]},
                        {"h_q(n)", s.h[q[n]]},
                        {"g_n", s.g[n]},
                        {"g_q(n)", s.g[q[n]]}});
  }
  return c;
}

NamedCheck injective_g_h(NamedCheck c, const Sequences& s) {
  std::set<std::pair<std::uint32_t, std::uint32_t>> seen;
  c.cases = s.g.size();
  for (std::uint64_t n = 0; n < s.g.size(); ++n)
    if (!seen.insert({s.g[n], s.h[n]}).second) {
      std::uint64_t m = 0;
      while (s.g[m] != s.g[n] || s.h[m] != s.h[n]) ++m;
      return failed(c, {{"n", m}, {"m", n}, {"g", s.g[n]}, {"h", s.h[n]}});
    }
  return c;
}

constexpr NamedCheckKind<Sequences> kSequenceChecks[] = {
    {"lemma-2.1", "f is regular (4) and the O(n) algorithm (6) equals (1)", lemma_2_1_check},
    {"self-similarity", "Lambda(g) = g (Theorem 2.2)", self_similarity},
    {"proposition-2.3", "f weakly increasing; f'(n) = min(f(n), f'(n-1) + 1) gives the same g",
     proposition_2_3},
    {"proposition-3.2", "f(n) = max(g_0, ..., g_n)", proposition_3_2},
    {"triangle-8", "s_ij + s_jk - 1 <= s_ik <= s_ij + s_jk for i < j < k", triangle_8},
    {"theorem-4.4", "n -> (g_n, h_n) is injective", injective_g_h},
    {"minimum-nim-q",
     "q(k) = min{n : n - f(n) > k}; first n with h_n = v is q^v(0); h_{q(n)} = h_n + 1 and "
     "g_{q(n)} = g_n",
     minimum_nim_q},
};

}  // namespace

std::span<const NamedCheckKind<Sequences>> sequence_checks() { return kSequenceChecks; }

NamedCheck theorem_4_4(const Sequences& s) {
  return run_named_check(sequence_checks(), "theorem-4.4", s);
}

}  // namespace nimcert
