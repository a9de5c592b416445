// The check of a misère sequence block (see misere_sequence.hpp).
#include "checks/misere_sequence.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <stdexcept>

#include "base/sha256.hpp"
#include "checks/engine_progress.hpp"
#include "checks/misere_quotient_proof.hpp"
#include "checks/pointwise.hpp"
#include "engines/misere/misere_sums.hpp"
#include "engines/misere/quotient_search.hpp"
#include "games/registry.hpp"
#include "sys/interrupt.hpp"

namespace nimcert {

namespace {

using Json = nlohmann::ordered_json;

// Every sum of heaps (sizes 1..last) of at most `stones` stones in all, and every single heap
// up to `heap`: the definition's outcome against the quotient's.  Returns how many sums were
// compared; throws on a disagreement (the quotient was proved, so one is a bug).
std::uint64_t hold_against_definition(const OctalCode& code, const MisereQuotient& q,
                                      std::uint64_t last, std::uint64_t heap,
                                      std::uint64_t stones) {
  MisereSums definition(code);
  std::uint64_t compared = 0;
  const auto compare = [&](const std::vector<std::uint64_t>& sum) {
    ++compared;
    const bool p = q.says_p(sum);
    if (definition.is_p(sum) != p)
      throw std::runtime_error(fmt::format(
          "internal error: misère {}: the quotient and the definition disagree on {} (quotient "
          "{}, definition {})",
          code.text(), sum_text(sum), p ? "P" : "N", p ? "N" : "P"));
  };
  for_each_small_sum(stones, last, compare);
  for (std::uint64_t h = stones + 1; h <= heap && h <= last; ++h) compare({h});
  return compared;
}

// Heap n's options with their outcomes, the first 32, for a counterexample checkable by
// hand: n is an N-position exactly when it has no move or a move to a P-position.
Json misere_options(const OctalCode& code, const MisereQuotient& q, std::uint64_t n) {
  Json out = Json::array();
  code.for_each_option(n, [&](std::span<const std::uint64_t> parts) {
    if (out.size() < 32)
      out.push_back({{"heaps", Json(std::vector<std::uint64_t>(parts.begin(), parts.end()))},
                     {"misere_outcome", q.says_p(parts) ? "P" : "N"}});
  });
  return out;
}

}  // namespace

SequenceReport check_misere_sequence(const smt::SequenceSpec& spec,
                                     const smt::Definitions& definitions) {
  const OctalCode code = octal_code_of(*spec.game.declaration);
  SequenceReport r = game_sequence_report(spec, code);
  r.misere = true;
  QuotientSearchOptions options;
  const auto progress = activity_progress(fmt::format("sequence {} (misère quotient)", spec.name));
  options.progress = [&](std::uint64_t n) { progress(n, spec.last); };
  MisereQuotient q;
  try {
    q = search_misere_quotient(code, spec.last, options);
  } catch (const smt::Interrupted&) {
    throw;
  } catch (const std::runtime_error& e) {  // a limit, or no quotient found: name the block
    throw std::runtime_error(
        fmt::format("sequence \"{}\" (line {}): {}", spec.name, spec.where.line, e.what()));
  }
  const QuotientProof proof = prove_misere_quotient(code, q, spec.last);
  if (!proof.holds)
    throw std::runtime_error(fmt::format(
        "internal error: misère {}: the quotient found for heaps 0..{} fails its proof{}: {}",
        code.text(), spec.last,
        proof.wrong_sum.empty() ? "" : " at the sum " + sum_text(proof.wrong_sum), proof.failure));
  const std::uint64_t compared =
      hold_against_definition(code, q, spec.last, kMisereReferenceHeap, kMisereReferenceStones);

  std::vector<std::uint32_t> g(spec.last + 1);
  for (std::uint64_t n = 0; n <= spec.last; ++n) g[n] = q.in_p[q.phi[n]] ? 0 : 1;
  r.g_sha256 = digest_of(g);
  std::vector<std::uint64_t> p_heaps;
  for (std::uint64_t n = 0; n <= spec.last && p_heaps.size() < 64; ++n)
    if (g[n] == 0) p_heaps.push_back(n);
  std::uint64_t p_count = 0, p_elements = 0;
  for (std::uint32_t v : g) p_count += v == 0;
  for (bool p : q.in_p) p_elements += p;
  Sha256 table;
  table.update_le32(q.monoid.table());
  Sha256 images;
  images.update_le32(q.phi);
  r.quotient = {{"elements", q.monoid.size()},
                {"p_portion", p_elements},
                {"presentation_changes_at_heaps", q.changes},
                {"recalibrations", q.recalibrations},
                {"table_encoding",
                 "the product x * y at row x, column y, little-endian uint32; 0 the "
                 "identity"},
                {"table_sha256", table.hex_digest()},
                {"images_encoding", "the element of heap n, n = 0..last, little-endian uint32"},
                {"images_sha256", images.hex_digest()},
                {"proof",
                 {{"heaps", proof.heaps},
                  {"letters", proof.letters},
                  {"states", proof.states},
                  {"elements_reached", proof.elements_reached}}}};
  r.engines = {
      {"values",
       fmt::format("the misère quotient of heaps 0..{} ({} elements, {} in P; presentation "
                   "changed at heaps {}), searched heap by heap in the manner of Siegel's "
                   "MisereSolver; never reads the claims",
                   spec.last, q.monoid.size(), p_elements, fmt::join(q.changes, ", "))},
      {"proof",
       fmt::format("for every sum of heaps of 0..{} stones each: a sum is a misère P-position "
                   "exactly when the product of its heaps' images is in P, proved from the code "
                   "by a walk of {} states over {} distinct heaps (docs/mathematics.md, section "
                   "7)",
                   spec.last, proof.states, proof.letters)},
      {"reference",
       fmt::format("the definition (no move: N; else P exactly when every option is N) on "
                   "every sum of at most {} stones and every heap of at most {}: agrees ({} "
                   "sums)",
                   std::min(kMisereReferenceStones, spec.last),
                   std::min(std::max(kMisereReferenceHeap, kMisereReferenceStones), spec.last),
                   compared)}};
  r.p_heaps = p_heaps;
  r.p_count = p_count;
  r.claim_counterexamples = Json::object();
  check_game_claims(
      spec.claims, definitions, g, spec.last,
      [&](std::uint64_t m) {
        return Json{{"n", m},
                    {"misere_outcome", g[m] == 0 ? "P" : "N"},
                    {"options_first_32", misere_options(code, q, m)}};
      },
      r.claims, r.claim_counterexamples);
  return r;
}

}  // namespace nimcert
