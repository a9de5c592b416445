// The check of a misère sequence block (see misere_sequence.hpp).
#include "checks/misere_sequence.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <chrono>
#include <functional>
#include <span>
#include <stdexcept>

#include "base/sha256.hpp"
#include "checks/engine_progress.hpp"
#include "checks/eventual_period.hpp"
#include "checks/misere_periodicity.hpp"
#include "checks/misere_quotient_proof.hpp"
#include "checks/misere_quotient_record.hpp"
#include "checks/misere_reduced.hpp"
#include "checks/quotient_claim.hpp"
#include "checks/pointwise.hpp"
#include "engines/misere/misere_sums.hpp"
#include "engines/misere/quotient_search.hpp"
#include "games/registry.hpp"
#include "base/memory_budget.hpp"
#include "sys/activity.hpp"
#include "sys/interrupt.hpp"

namespace nimcert {

namespace {

using Json = nlohmann::ordered_json;

// The most n past the computed outcomes that a claim proved for every n is read at.
constexpr std::uint64_t kMaxClaimExtension = std::uint64_t{1} << 22;

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

// Heap n with its outcome (0 at P) and its options' outcomes: a counterexample's heap.
Json misere_heap(const OctalCode& code, std::uint64_t n, std::uint32_t outcome,
                 const std::function<bool(std::span<const std::uint64_t>)>& is_p) {
  return {{"n", n},
          {"misere_outcome", outcome == 0 ? "P" : "N"},
          {"options_first_32", misere_options(code, n, is_p)}};
}

// The block's claims on the outcomes g (0 at P), each counterexample with heap n's options and
// their outcomes by `is_p`.  With `every` (the outcomes for every n), a claim that depends on n
// only through a period past some n (checks/eventual_period.hpp) is read on one stretch of that
// period past the computed outcomes too, and holds for every n; the others, and every claim
// without `every`, hold for n = 0..last.
void check_misere_claims(const smt::SequenceSpec& spec, const smt::Definitions& definitions,
                         const OctalCode& code, const std::vector<std::uint32_t>& g,
                         const std::function<bool(std::span<const std::uint64_t>)>& is_p,
                         const EveryOutcome* every, SequenceReport& r) {
  r.claim_counterexamples = Json::object();
  for (const smt::ClaimSpec& c : spec.claims) {
    std::optional<EventualPeriod> shape;
    if (every)
      shape = eventual_period(*smt::expand(c.statement, definitions),
                              {every->preperiod, every->period});
    std::uint64_t through = spec.last;
    if (shape) through = std::max(through, shape->from + shape->period - 1);
    if (through - spec.last > kMaxClaimExtension) shape.reset(), through = spec.last;
    std::vector<std::uint32_t> outcomes;
    if (through > spec.last) {
      outcomes.assign(g.begin(), g.end());
      for (std::uint64_t n = spec.last + 1; n <= through; ++n) outcomes.push_back(every->at(n));
    }
    const std::uint32_t* column = through > spec.last ? outcomes.data() : g.data();
    ClaimOutcome o = check_pointwise(c, definitions, smt::game_sequence_variables(),
                                     {Column{}, Column{column}}, through);
    if (every && shape && o.verdict == Verdict::Holds)
      o.scope = fmt::format(
          "every n: the outcomes for every n by the misère periodicity theorem (periodic from {} "
          "with period {}), and past n = {} the claim depends on n only through a period of {}; "
          "read on n = 0..{}",
          every->preperiod, every->period, shape->from, shape->period, through);
    else if (every && o.verdict == Verdict::Holds)
      o.scope = fmt::format(
          "n = 0..{} only: the outcomes are known for every n, but the claim depends on n other "
          "than through n % c, a comparison with a constant or g, so nimcert reads no period of "
          "it",
          spec.last);
    if (!o.failures.first.empty()) {
      const std::uint64_t m = o.failures.first.front()[0];
      r.claim_counterexamples[c.name] = misere_heap(code, m, column[m], is_p);
    }
    r.claims.push_back(std::move(o));
  }
}

// The block's periodicity claims on the outcomes g (0 at P): for every n with `every`, else on
// the computed outcomes only, saying why (`why_bounded`).
void check_misere_periodic_claims(const smt::SequenceSpec& spec, const OctalCode& code,
                                  const std::vector<std::uint32_t>& g,
                                  const std::function<bool(std::span<const std::uint64_t>)>& is_p,
                                  const EveryOutcome* every, const std::string& why_bounded,
                                  SequenceReport& r) {
  const auto heap = [&](std::uint64_t n) {
    return misere_heap(code, n, n < g.size() ? g[n] : every->at(n), is_p);
  };
  for (const smt::PeriodicClaim& c : spec.periodic) {
    r.periodic.push_back(check_misere_periodicity(g, every, why_bounded, c, heap));
    r.periodic.back().record["text"] = c.text;
  }
}

// The block's claims on its quotient, with what the block found.
void check_quotient_claims(const smt::SequenceSpec& spec, const QuotientFacts& facts,
                           SequenceReport& r) {
  for (const smt::QuotientClaim& c : spec.quotient) {
    r.checks.push_back(check_quotient_claim(c, facts));
    if (!r.checks.back().record.is_object()) r.checks.back().record = Json::object();
    r.checks.back().record["text"] = c.text;
  }
}

// The certificate's record of the reduced form, for the quotient of `heaps`.
Json reduced_record(const ReducedQuotient& reduced, const std::string& heaps) {
  if (!reduced.holds) return {{"holds", false}, {"failure", reduced.failure}};
  Json j = {{"holds", true},
            {"statement",
             fmt::format("the monoid is the misère quotient of {} itself: every element is the "
                         "image of a sum, and every two elements x, y are told apart by one (some "
                         "z, the image of a sum, puts exactly one of x z, y z in P)",
                         heaps)},
            {"elements_reached", reduced.elements_reached},
            {"pairs_told_apart", reduced.pairs},
            {"longest_separating_product", reduced.rounds}};
  if (!reduced.separations.empty()) {
    j["separations_encoding"] = "[x, y, z]: x z and y z lie on different sides of P (elements "
                                "numbered as in words)";
    j["separations"] = reduced.separations;
  }
  return j;
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
                                      std::uint64_t stop_heap, std::uint64_t definition_sums) {
  QuotientFacts facts;
  facts.last = spec.last;
  facts.t = code.largest_removal();
  facts.stopped = search_stopped;
  facts.stop_heap = stop_heap;
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
    for (const smt::PeriodicClaim& c : spec.periodic)
      r.periodic.push_back({c.name, fmt::format("g(n + {}) = g(n) for every n >= {}", c.period,
                                                c.preperiod),
                            Verdict::Unknown, 0, Json(), "not checked: " + r.stopped,
                            Json{{"text", c.text}}});
    check_quotient_claims(spec, facts, r);
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
  const auto is_p = [&](std::span<const std::uint64_t> parts) {
    return definition.is_p({parts.begin(), parts.end()});
  };
  check_misere_claims(spec, definitions, code, g, is_p, nullptr, r);
  check_misere_periodic_claims(
      spec, code, g, is_p, nullptr,
      "the misère quotient search stopped, so the outcomes come from the definition on heaps "
      "0..last, and no periodicity theorem applies to them",
      r);
  check_quotient_claims(spec, facts, r);
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
  options.max_quotient_elements =
      spec.quotient_limit == 0 ? limits.quotient_elements : spec.quotient_limit;
  // A trial product may be larger than the quotient it reduces to: eight times, at least 2^16.
  options.max_trial_elements =
      std::max<std::uint64_t>(options.max_trial_elements, 8 * options.max_quotient_elements);
  // The live line: the heap being added and the quotient so far, at most four times a second.
  auto shown = std::chrono::steady_clock::now() - std::chrono::seconds(1);
  options.progress = [&](std::uint64_t n, std::uint64_t elements) {
    const auto now = std::chrono::steady_clock::now();
    if (now - shown < std::chrono::milliseconds(250)) return;
    shown = now;
    smt::set_activity(fmt::format(
        "sequence {} (misère quotient): heap {} of {}, the quotient of heaps 0..{} has {} "
        "elements (at most {})",
        spec.name, n, spec.last, n == 0 ? 0 : n - 1, elements, options.max_quotient_elements));
  };
  require_memory(12 * options.max_quotient_elements * options.max_quotient_elements,
                 fmt::format("the misère quotient search of sequence \"{}\" (at most {} "
                             "elements: three tables of their squares)",
                             spec.name, options.max_quotient_elements),
                 "choose a smaller quotient_limit");
  MisereQuotient q;
  try {
    q = search_misere_quotient(code, spec.last, options);
  } catch (const smt::Interrupted&) {
    throw;
  } catch (const QuotientSearchStopped& e) {  // a limit, or no quotient found: the definition
    return outcomes_by_definition(spec, definitions, code, std::move(r), e.what(), e.heap,
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
  // For every n, when the images are periodic over the theorem's window.
  const std::optional<ImagePeriod> period = proved_image_period(code, q.phi);
  std::optional<EveryOutcome> every;
  if (period) {
    every = EveryOutcome{
        [&](std::uint64_t n) { return q.in_p[image_of_heap(q.phi, *period, n)] ? 0u : 1u; },
        period->preperiod, period->period};
    r.quotient["periodicity"] = image_period_record(code, *period);
  }
  const Json record = quotient_record(
      q, period ? std::optional(ObservedPeriod{period->preperiod, period->period}) : std::nullopt);
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
                   "7){}",
                   spec.last, proof.states, proof.letters,
                   period ? fmt::format("; and for every sum of heaps of any size by the misère "
                                        "periodicity theorem (heap images periodic from {} with "
                                        "period {}, read on heaps 0..{}, {} needed)",
                                        period->preperiod, period->period, spec.last,
                                        period->heaps_needed())
                          : std::string())},
      {"reference",
       fmt::format("the definition (no move: N; else P exactly when every option is N) on "
                   "every sum of at most {} stones and every heap of at most {}: agrees ({} "
                   "sums)",
                   std::min(kMisereReferenceStones, spec.last),
                   std::min(std::max(kMisereReferenceHeap, kMisereReferenceStones), spec.last),
                   compared)}};
  // A heap past last (a counterexample's option) reads its image under the period.
  const auto is_p = [&](std::span<const std::uint64_t> parts) {
    MonoidElement x = 0;
    for (std::uint64_t h : parts)
      x = q.monoid.product(x, period ? image_of_heap(q.phi, *period, h) : q.phi.at(h));
    return static_cast<bool>(q.in_p[x]);
  };
  check_misere_claims(spec, definitions, code, g, is_p, every ? &*every : nullptr, r);
  check_misere_periodic_claims(
      spec, code, g, is_p, every ? &*every : nullptr,
      fmt::format("the heap images of 0..{} are not periodic over a window the misère "
                  "periodicity theorem accepts (2 max(n0, 1) + 2p + t - 1 <= last): a larger "
                  "'last' may reach one",
                  spec.last),
      r);
  const ReducedQuotient reduced = prove_reduced(q.monoid, q.in_p, q.phi);
  r.quotient["reduced"] = reduced_record(reduced, period ? "every heap" : fmt::format("heaps 0..{}", spec.last));
  QuotientFacts facts;
  facts.last = spec.last;
  facts.t = code.largest_removal();
  facts.found = true;
  facts.order = q.monoid.size();
  facts.p_portion = p_elements;
  facts.reduced = &reduced;
  facts.images = q.phi;
  facts.period = period;
  check_quotient_claims(spec, facts, r);
  r.every_n = every.has_value();
  return r;
}

}  // namespace nimcert
