// Pointwise claims over a one-heap sequence, n = 0..last: the claim evaluated at every n by
// the evaluator, in batches, with the n where it fails and how many satisfy its hypothesis.
// Shared by the sequence blocks of Levine's rules, of octal games and of misère outcomes.
#pragma once

#include <cstdint>
#include <functional>
#include <nlohmann/json.hpp>
#include <span>
#include <string>
#include <vector>

#include "base/outcome.hpp"
#include "lang/proof_file.hpp"

namespace nimcert {

// The SHA-256 of a sequence as little-endian uint32.
std::string digest_of(std::span<const std::uint32_t> s);

// One variable of a sequence claim, n = 0..last: n itself (both null), or a table.
struct Column {
  const std::uint32_t* narrow = nullptr;
  const std::uint64_t* wide = nullptr;
  std::uint64_t at(std::uint64_t n) const { return narrow ? narrow[n] : wide ? wide[n] : n; }
};

// A pointwise claim over `variables` (the columns' names), at n = 0..last.
ClaimOutcome check_pointwise(const smt::ClaimSpec& c, const smt::Definitions& definitions,
                             const std::vector<std::string>& variables,
                             const std::vector<Column>& columns, std::uint64_t last);

// Every claim over n and g of a one-heap game's sequence g(0..last), appended to `outcomes`;
// for a claim that fails, `counterexample(n)` at its first failing n, under the claim's name.
void check_game_claims(const std::vector<smt::ClaimSpec>& claims,
                       const smt::Definitions& definitions, std::span<const std::uint32_t> g,
                       std::uint64_t last,
                       const std::function<nlohmann::ordered_json(std::uint64_t)>& counterexample,
                       std::vector<ClaimOutcome>& outcomes,
                       nlohmann::ordered_json& counterexamples);

}  // namespace nimcert
