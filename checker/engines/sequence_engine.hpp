// Levine's one-heap sequences (seed 003), computed from the rule f alone.
//
// maximum_nim: g_n = mex { g_{n-k} : 1 <= k <= f(n) }, recurrence (1), by a sliding window.
// minimum_nim: h_n = mex { h_0, ..., h_{n-f(n)-1} }, by prefix mexes.
// lemma_2_1:   the paper's O(n) algorithm for a regular f: g_n = f(n) where f increases,
//              else g_n = g_{n-f(n)-1} (recurrence (6)).  It shares no code with maximum_nim,
//              so comparing the two checks Lemma 2.1 and each algorithm against the other.
#pragma once

#include <cstdint>
#include <vector>

namespace nimcert {

using Sequence = std::vector<std::uint32_t>;

// f must satisfy f(n) <= n (Rule::table checks it).
Sequence maximum_nim(const std::vector<std::uint64_t>& f);
Sequence minimum_nim(const std::vector<std::uint64_t>& f);
Sequence lemma_2_1(const std::vector<std::uint64_t>& f);

// The first n >= 1 where f(n) > f(n-1) + 1 or f(n) < f(n-1) (not regular, (4)), or 0.
std::uint64_t first_irregularity(const std::vector<std::uint64_t>& f);

}  // namespace nimcert
