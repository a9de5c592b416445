// The checks of a `sequence` block (seed 003): pointwise claims over n, f(n), g_n, h_n for
// n = 0..last, and the named structural checks of Levine's paper.
//
// Named checks (each a statement of math.md section 3, checked by code that computes the
// sequences from the rule alone):
//   lemma-2.1          f is regular (4) and the O(n) algorithm (6) equals recurrence (1)
//   self-similarity    Lambda(g) = g: deleting each value's first occurrence gives g back
//   proposition-2.3    f weakly increasing, and the regular f'(n) = min(f(n), f'(n-1) + 1)
//                      has the same Maximum Nim sequence
//   proposition-3.2    f(n) = max(g_0, ..., g_n)
//   triangle-8         s_ij + s_jk - 1 <= s_ik <= s_ij + s_jk for i < j < k
//   theorem-4.4        n -> (g_n, h_n) is injective
//   minimum-nim-q      with q(k) = min {n : n - f(n) > k}: the first n with h_n = v is
//                      q^v(0), and h_{q(n)} = h_n + 1, g_{q(n)} = g_n
#pragma once

#include <string>
#include <vector>

#include "box_check.hpp"
#include "proof_file.hpp"
#include "sequence_engine.hpp"

namespace nimcert {

struct SequenceReport {
  std::string name, text, rule;
  std::uint64_t last = 0;
  std::string g_sha256, h_sha256;  // the sequences as little-endian uint32, n = 0..last
  std::vector<ClaimOutcome> claims;
  std::vector<NamedCheck> checks;
  nlohmann::ordered_json claim_counterexamples;  // by claim name (n, f, g, h, options)
  bool holds() const;
};

SequenceReport check_sequence(const smt::SequenceSpec& spec, const smt::Definitions& definitions);

// The sequences a block's named checks read: the rule and g_n, h_n for n = 0..last.
struct Sequences {
  std::vector<std::uint64_t> f;
  Sequence g, h;
};

// Theorem 4.4 on given sequences.  It holds for the sequences of every rule tried, so its
// failing case is tested on sequences no rule produces; hence it is public.
NamedCheck theorem_4_4(const Sequences& s);

}  // namespace nimcert
