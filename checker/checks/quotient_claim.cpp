// The claims on a misère quotient (see quotient_claim.hpp).
#include "checks/quotient_claim.hpp"

#include <fmt/format.h>

namespace nimcert {

namespace {

using Json = nlohmann::ordered_json;

NamedCheck stop_claim(const smt::QuotientClaim& claim, const QuotientFacts& facts) {
  NamedCheck c;
  c.name = claim.name;
  c.statement = fmt::format("nimcert's misère quotient search stops at heap {}", claim.stop_heap);
  c.cases = 1;
  if (facts.found && facts.last < claim.stop_heap) {
    c.verdict = Verdict::Unknown;
    c.note = fmt::format(
        "the search found the quotient of heaps 0..{} and was not asked for "
        "heap {}: make 'last' at least {}",
        facts.last, claim.stop_heap, claim.stop_heap);
    return c;
  }
  if (facts.found) {
    c.verdict = Verdict::Fails;
    c.counterexample = {{"found", true}, {"heaps", {0, facts.last}}, {"order", facts.order}};
    return c;
  }
  if (facts.stop_heap != claim.stop_heap) {
    c.verdict = Verdict::Fails;
    c.counterexample = {{"stopped_at_heap", facts.stop_heap}, {"why", facts.stopped}};
    return c;
  }
  c.verdict = Verdict::Holds;
  c.record = {{"why", facts.stopped},
              {"scope",
               "a fact about nimcert's search and its limits (the most elements a "
               "quotient may have), not about the game: its quotient may be infinite "
               "or merely larger"}};
  return c;
}

}  // namespace

NamedCheck check_quotient_claim(const smt::QuotientClaim& claim, const QuotientFacts& facts) {
  if (claim.stops) return stop_claim(claim, facts);
  NamedCheck c;
  c.name = claim.name;
  c.statement =
      fmt::format("the misère quotient has {} elements, {} in P", claim.order, claim.p_portion);
  if (claim.images)
    c.statement += fmt::format(", and its heap images have least period {} from heap {}",
                               claim.images_period, claim.images_from);
  if (!facts.found) {
    c.verdict = Verdict::Unknown;
    c.note = "no quotient was found: " + facts.stopped;
    return c;
  }
  if (!facts.reduced || !facts.reduced->holds) {
    c.verdict = Verdict::Unknown;
    c.note = "the monoid found is not shown to be the quotient itself (reduced): " +
             (facts.reduced ? facts.reduced->failure : std::string("not checked"));
    return c;
  }
  c.cases = 1;
  if (facts.order != claim.order || facts.p_portion != claim.p_portion) {
    c.verdict = Verdict::Fails;
    c.counterexample = {{"order", facts.order}, {"p_portion", facts.p_portion}};
    return c;
  }
  const std::string quotient_of = facts.period ? "every heap (the misère periodicity theorem)"
                                               : fmt::format("heaps 0..{}", facts.last);
  if (claim.images) {
    const std::uint64_t n0 = claim.images_from, p = claim.images_period;
    if (facts.period && (facts.period->preperiod != n0 || facts.period->period != p)) {
      c.verdict = Verdict::Fails;
      c.counterexample = {
          {"least_period", {{"from", facts.period->preperiod}, {"period", facts.period->period}}}};
      return c;
    }
    if (!facts.period) {
      for (std::uint64_t n = n0; n + p < facts.images.size(); ++n)
        if (facts.images[n + p] != facts.images[n]) {
          c.verdict = Verdict::Fails;
          c.counterexample = {{"n", n},
                              {fmt::format("image of heap {}", n), facts.images[n]},
                              {fmt::format("image of heap {}", n + p), facts.images[n + p]}};
          return c;
        }
      c.verdict = Verdict::Unknown;
      c.note = fmt::format(
          "the images of heaps 0..{} repeat with period {} from {}, but the misère periodicity "
          "theorem needs heaps 0..{} for it: a larger 'last'",
          facts.last, p, n0, misere_window_last(facts.t, n0, p));
      return c;
    }
  }
  c.verdict = Verdict::Holds;
  c.record = {{"scope", fmt::format("the misère quotient of {}: reduced (every element the image "
                                    "of a sum, every two told apart by one), so its order and "
                                    "P-portion are the quotient's",
                                    quotient_of)}};
  return c;
}

}  // namespace nimcert
