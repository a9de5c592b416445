// The checks of a `sequence` block (seed 003): pointwise claims over n, f(n), g_n, h_n for
// n = 0..last, and the named checks of Levine's paper (checks/named/named_checks.hpp), on
// sequences computed from the rule alone by the sequence engine.  A block that names an octal
// game instead: its values g_n by the sparse-space engine, held against the plain one on a
// prefix, pointwise claims over n and g_n, and periodicity claims (checks/periodicity.hpp).
#pragma once

#include <string>
#include <vector>

#include "base/outcome.hpp"
#include "checks/named/named_checks.hpp"
#include "checks/unbounded.hpp"
#include "games/octal_code.hpp"
#include "lang/proof_file.hpp"

namespace nimcert {

struct SequenceReport {
  std::string name, text, rule;
  nlohmann::ordered_json game;     // an octal game's name, code and moves; null for a rule
  nlohmann::ordered_json engines;  // an octal game's: what computed g, and its reference
  std::vector<NamedCheck> periodic;
  std::uint64_t last = 0;
  std::string g_sha256, h_sha256;  // the sequences as little-endian uint32, n = 0..last
                                   // (h_sha256 empty for a game's sequence)
  std::vector<ClaimOutcome> claims;
  std::vector<NamedCheck> checks;
  nlohmann::ordered_json claim_counterexamples;  // by claim name (n, f, g, h, options)
  // A misère sequence (`game NAME misere`): g is heap n's outcome, 0 at P, 1 at N, from the
  // misère quotient recorded here; the P-heaps (the first 64) and how many there are.
  bool misere = false;
  // Where the quotient search stopped: the outcomes come from the definition alone (heaps
  // 0..last), and `quotient` records {"found": false, "search_stopped": why}.
  bool by_definition = false;
  nlohmann::ordered_json quotient;
  std::vector<std::uint64_t> p_heaps;
  std::uint64_t p_count = 0;
  // Why the block could not be checked at all (a limit): its verdict is unknown, its claims
  // are unknown with this note, and the file's other blocks are still checked.
  std::string stopped;
  // A misère sequence whose quotient the misère periodicity theorem extends to every heap
  // (quotient.periodicity): the outcomes hold for every n, and each claim states its scope.
  bool every_n = false;
  double seconds = 0;  // the sequences, claims and checks (the run's record only)
  Verdict verdict() const;
};

// Bytes the sequences of a block need, for refusing huge ones up front.
std::uint64_t sequence_bytes(const smt::SequenceSpec& spec);

// The plain engine's reach when it is held against the sparse one: every periodicity claim's
// window, at least kReferenceLeast values, at most kReferenceMost (it takes O(n^2)).
inline constexpr std::uint64_t kReferenceLeast = 4096, kReferenceMost = 1u << 15;
// For a hexadecimal code, whose plain engine lists every three-way split (O(n^3)).
inline constexpr std::uint64_t kReferenceThreeHeaps = 1024;

// The head of a game's sequence report: its name, text, last n and the game's record.
SequenceReport game_sequence_report(const smt::SequenceSpec& spec, const OctalCode& code);

// The limits of a misère sequence's two ways to its outcomes (checks/misere_sequence.hpp): the
// quotient search's largest reduced quotient, and the most sums the definition stores when it
// replaces a stopped search (about 130 bytes a sum: 2^22 sums take about 550 MB; Dawson's
// Kayles' heaps 0..60 need 83,038).  A proof file cannot change them; tests do.
struct MisereLimits {
  std::uint64_t quotient_elements = 4096;
  std::uint64_t definition_sums = std::uint64_t{1} << 22;
};

// `mona`: how a periodicity claim no window theorem covers is posed for every n (null: it is
// not, and holds on the computed values only).
SequenceReport check_sequence(const smt::SequenceSpec& spec, const smt::Definitions& definitions,
                              const MisereLimits& misere = {},
                              const UnboundedOptions* mona = nullptr);

}  // namespace nimcert
