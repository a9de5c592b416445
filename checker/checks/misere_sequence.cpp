// The check of a misère sequence block (see misere_sequence.hpp).
#include "checks/misere_sequence.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <functional>
#include <span>
#include <stdexcept>

#include "base/sha256.hpp"
#include "checks/engine_progress.hpp"
#include "checks/misere_quotient_proof.hpp"
#include "checks/misere_quotient_record.hpp"
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

// Heap n's options with their outcomes (`is_p` of each option's heaps), the first 32, for a
// counterexample checkable by hand: n is an N-position exactly when it has no move or a move to
// a P-position.
Json misere_options(const OctalCode& code, std::uint64_t n,
                    const std::function<bool(std::span<const std::uint64_t>)>& is_p) {
  Json out = Json::array();
  code.for_each_option(n, [&](std::span<const std::uint64_t> parts) {
    if (out.size() < 32)
      out.push_back({{"heaps", Json(std::vector<std::uint64_t>(parts.begin(), parts.end()))},
                     {"misere_outcome", is_p(parts) ? "P" : "N"}});
  });
  return out;
}

// The block's claims on the outcomes g (0 at P), each counterexample with heap n's options and
// their outcomes by `is_p`.
void check_misere_claims(const smt::SequenceSpec& spec, const smt::Definitions& definitions,
                         const OctalCode& code, const std::vector<std::uint32_t>& g,
                         const std::function<bool(std::span<const std::uint64_t>)>& is_p,
                         SequenceReport& r) {
  r.claim_counterexamples = Json::object();
  check_game_claims(
      spec.claims, definitions, g, spec.last,
      [&](std::uint64_t m) {
        return Json{{"n", m},
                    {"misere_outcome", g[m] == 0 ? "P" : "N"},
                    {"options_first_32", misere_options(code, m, is_p)}};
      },
      r.claims, r.claim_counterexamples);
}

// The P-heaps (the first 64) and how many there are, from the outcomes g (0 at P).
void record_p_heaps(SequenceReport& r, const std::vector<std::uint32_t>& g) {
  r.g_sha256 = digest_of(g);
  r.p_heaps.clear();
  r.p_count = 0;
  for (std::uint64_t n = 0; n < g.size(); ++n) {
    if (g[n] != 0) continue;
    ++r.p_count;
    if (r.p_heaps.size() < 64) r.p_heaps.push_back(n);
  }
}

// When the quotient search stopped: heap n's outcome for n = 0..last by the definition alone,
// over canonical sums (heaps with no move dropped, the rest sorted; engines/misere/
// misere_sums.hpp).  The claims are checked on those outcomes; no sum of heaps is claimed.
// When the definition too stops (more sums than `definition_sums`), the block is unknown
// and names both limits: the file's other blocks are still checked.
SequenceReport outcomes_by_definition(const smt::SequenceSpec& spec,
                                      const smt::Definitions& definitions, const OctalCode& code,
                                      SequenceReport r, const std::string& search_stopped,
                                      std::uint64_t definition_sums) {
  const auto progress = activity_progress(fmt::format("sequence {} (misère, by the definition)", spec.name));
  r.quotient = {{"found", false}, {"search_stopped", search_stopped}};
  MisereSums definition(code, definition_sums);
  std::vector<std::uint32_t> g(spec.last + 1);
  std::uint64_t n = 0;
  try {
    for (; n <= spec.last; ++n) {
      g[n] = definition.is_p({n}) ? 0 : 1;
      progress(n, spec.last);
    }
  } catch (const std::runtime_error& e) {  // the definition's limit (an interrupt is no runtime_error)
    r.stopped = fmt::format(
        "the misère quotient search stopped ({}), and the definition stopped at heap {} ({})",
        search_stopped, n, e.what());
    for (const smt::ClaimSpec& c : spec.claims) {
      ClaimOutcome o;
      o.name = c.name;
      o.text = c.text;
      o.statement = smt::to_string(*c.statement);
      o.verdict = Verdict::Unknown;
      o.note = "not checked: " + r.stopped;
      r.claims.push_back(std::move(o));
    }
    NamedCheck outcomes{"misère outcomes",
                        fmt::format("heap n's misère outcome for n = 0..{}", spec.last),
                        Verdict::Unknown, n, Json(), r.stopped, Json()};
    r.checks.push_back(std::move(outcomes));
    r.engines = {{"values", "none: " + r.stopped},
                 {"proof", "none: no quotient was found"}};
    return r;
  }
  record_p_heaps(r, g);
  r.by_definition = true;
  r.engines = {
      {"values",
       fmt::format("the definition (no move: N; else P exactly when every option is N) on heap n "
                   "for n = 0..{}, over the sums its options reach, each kept once with heaps "
                   "that have no move dropped and the rest sorted ({} sums stored); never reads "
                   "the claims",
                   spec.last, definition.positions())},
      {"proof",
       fmt::format("none beyond the definition: the misère quotient search stopped ({}), so the "
                   "outcomes hold for single heaps of 0..{} stones only, each by the definition",
                   search_stopped, spec.last)}};
  check_misere_claims(spec, definitions, code, g,
                      [&](std::span<const std::uint64_t> parts) {
                        return definition.is_p({parts.begin(), parts.end()});
                      },
                      r);
  return r;
}

}  // namespace

SequenceReport check_misere_sequence(const smt::SequenceSpec& spec,
                                     const smt::Definitions& definitions,
                                     const MisereLimits& limits) {
  const OctalCode code = octal_code_of(*spec.game.declaration);
  SequenceReport r = game_sequence_report(spec, code);
  r.misere = true;
  QuotientSearchOptions options;
  options.max_quotient_elements = limits.quotient_elements;
  const auto progress = activity_progress(fmt::format("sequence {} (misère quotient)", spec.name));
  options.progress = [&](std::uint64_t n) { progress(n, spec.last); };
  MisereQuotient q;
  try {
    q = search_misere_quotient(code, spec.last, options);
  } catch (const smt::Interrupted&) {
    throw;
  } catch (const std::runtime_error& e) {  // a limit, or no quotient found: the definition
    return outcomes_by_definition(spec, definitions, code, std::move(r), e.what(),
                                  limits.definition_sums);
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
  record_p_heaps(r, g);
  std::uint64_t p_elements = 0;
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
  const Json record = quotient_record(q);
  for (const auto& [key, value] : record.items()) r.quotient[key] = value;
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
  check_misere_claims(spec, definitions, code, g,
                      [&](std::span<const std::uint64_t> parts) { return q.says_p(parts); }, r);
  return r;
}

}  // namespace nimcert
