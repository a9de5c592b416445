// The checks of a `sequence` block (seed 003): pointwise claims over n, f(n), g_n, h_n for
// n = 0..last, and the named checks of Levine's paper (checks/named/named_checks.hpp), on
// sequences computed from the rule alone by the sequence engine.
#pragma once

#include <string>
#include <vector>

#include "base/outcome.hpp"
#include "checks/named/named_checks.hpp"
#include "lang/proof_file.hpp"

namespace nimcert {

struct SequenceReport {
  std::string name, text, rule;
  std::uint64_t last = 0;
  std::string g_sha256, h_sha256;  // the sequences as little-endian uint32, n = 0..last
  std::vector<ClaimOutcome> claims;
  std::vector<NamedCheck> checks;
  nlohmann::ordered_json claim_counterexamples;  // by claim name (n, f, g, h, options)
  double seconds = 0;  // the sequences, claims and checks (the run's record only)
  Verdict verdict() const;
};

// Bytes the sequences of a block with this last n need, for refusing huge ones up front.
std::uint64_t sequence_bytes(std::uint64_t last);

SequenceReport check_sequence(const smt::SequenceSpec& spec, const smt::Definitions& definitions);

}  // namespace nimcert
