// The misère outcome of a sum of heaps (see misere_sum.hpp).
#include "checks/misere_sum.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <stdexcept>
#include <vector>

#include "base/memory_budget.hpp"
#include "checks/misere_quotient_proof.hpp"
#include "engines/misere/misere_sums.hpp"
#include "engines/misere/quotient_search.hpp"
#include "sys/interrupt.hpp"

namespace nimcert {

namespace {

std::uint64_t largest(std::span<const std::uint64_t> heaps) {
  std::uint64_t m = 0;
  for (std::size_t i = 0; i < heaps.size(); ++i) {
    if (heaps[i] > kMisereSumMaxHeap)
      throw std::invalid_argument(fmt::format("heap {} = {} is out of range for a misère sum: at "
                                              "most {}",
                                              i + 1, heaps[i], kMisereSumMaxHeap));
    m = std::max(m, heaps[i]);
  }
  return m;
}

MisereSumOutcome by_definition(MisereSums& definition, std::span<const std::uint64_t> heaps,
                               const std::string& why) {
  try {
    const bool p = definition.is_p({heaps.begin(), heaps.end()});
    return {p, fmt::format("by the definition (no move: N; else P exactly when every option is "
                           "N), over {} canonical sums{}",
                           definition.positions(), why)};
  } catch (const smt::Interrupted&) {
    throw;
  } catch (const std::runtime_error& e) {
    throw ResourceError(fmt::format("the misère outcome of this sum is beyond reach here{}: the "
                                    "definition stopped ({})",
                                    why, e.what()));
  }
}

// Heaps 0..last one by one by the definition, and how (the count of sums after the last).
MisereHeapOutcomes single_heaps(MisereSums& definition, std::uint64_t last,
                                const std::string& why) {
  MisereHeapOutcomes out;
  for (std::uint64_t n = 0; n <= last; ++n)
    out.p.push_back(by_definition(definition, std::vector<std::uint64_t>{n}, why).p);
  out.how = by_definition(definition, std::vector<std::uint64_t>{last}, why).how;
  return out;
}

// A one-heap game's definition: each option's parts as heaps.  Refuses a game of several heaps.
MisereSums definition_of(const Game& game, const MisereLimits& limits) {
  if (game.heap_count() != 1)
    throw std::invalid_argument(fmt::format(
        "{} has {} heaps: a misère sum is of heaps of a one-heap game (octal, subtraction or "
        "declared on one heap)",
        game.describe(), game.heap_count()));
  return MisereSums(
      [&game](std::uint64_t heap,
              const std::function<void(std::span<const std::uint64_t>)>& visit) {
        game.for_each_option(Position{static_cast<Heap>(heap)},
                             [&](std::span<const Position> parts) {
                               std::vector<std::uint64_t> heaps_left;
                               for (const Position& q : parts) heaps_left.push_back(q[0]);
                               visit(heaps_left);
                             });
      },
      limits.definition_sums);
}

// The game's misère quotient of heaps 0..last, proved, with how it was found; or none, with
// why the search stopped (" (the misère quotient search stopped: ...)").
struct Quotient {
  std::optional<MisereQuotient> q;
  std::string how;
};

Quotient proved_quotient(const OctalCode& code, std::uint64_t last, const MisereLimits& limits) {
  QuotientSearchOptions options;
  options.max_quotient_elements = limits.quotient_elements;
  Quotient found;
  try {
    found.q = search_misere_quotient(code, last, options);
  } catch (const smt::Interrupted&) {
    throw;
  } catch (const std::runtime_error& e) {  // no quotient within the limits: the definition
    found.how = fmt::format(" (the misère quotient search stopped: {})", e.what());
    return found;
  }
  const QuotientProof proof = prove_misere_quotient(code, *found.q, last);
  if (!proof.holds)
    throw std::runtime_error(fmt::format(
        "internal error: misère {}: the quotient found for heaps 0..{} fails its proof: {}",
        code.text(), last, proof.failure));
  std::uint64_t in_p = 0;
  for (bool x : found.q->in_p) in_p += x;
  found.how = fmt::format(
      "read off the misère quotient of heaps 0..{} ({} elements, {} in P), proved for every sum "
      "of heaps of 0..{} stones each (docs/mathematics.md, section 7)",
      last, found.q->monoid.size(), in_p, last);
  return found;
}

}  // namespace

MisereSumOutcome misere_sum_outcome(const OctalCode& code, std::span<const std::uint64_t> heaps,
                                    const MisereLimits& limits) {
  const Quotient found = proved_quotient(code, largest(heaps), limits);
  if (found.q) return {found.q->says_p(heaps), found.how};
  MisereSums definition(code, limits.definition_sums);
  return by_definition(definition, heaps, found.how);
}

MisereSumOutcome misere_sum_outcome(const Game& game, std::span<const std::uint64_t> heaps,
                                    const MisereLimits& limits) {
  MisereSums definition = definition_of(game, limits);
  largest(heaps);  // each heap at most kMisereSumMaxHeap, so within the game's 32-bit heaps
  return by_definition(definition, heaps, "");
}

MisereHeapOutcomes misere_heap_outcomes(const OctalCode& code, std::uint64_t last,
                                        const MisereLimits& limits) {
  const std::vector<std::uint64_t> largest_heap{last};
  const Quotient found = proved_quotient(code, largest(largest_heap), limits);
  if (!found.q) {
    MisereSums definition(code, limits.definition_sums);
    return single_heaps(definition, last, found.how);
  }
  MisereHeapOutcomes out;
  for (std::uint64_t n = 0; n <= last; ++n) out.p.push_back(found.q->in_p[found.q->phi[n]]);
  out.how = found.how;
  return out;
}

MisereHeapOutcomes misere_heap_outcomes(const Game& game, std::uint64_t last,
                                        const MisereLimits& limits) {
  MisereSums definition = definition_of(game, limits);
  largest(std::vector<std::uint64_t>{last});
  return single_heaps(definition, last, "");
}

}  // namespace nimcert
