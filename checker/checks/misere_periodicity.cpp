// The misère periodicity theorem and the periodicity claims it proves (see
// misere_periodicity.hpp).
#include "checks/misere_periodicity.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace nimcert {

using Json = nlohmann::ordered_json;

std::uint64_t misere_window_last(std::uint64_t t, std::uint64_t n0, std::uint64_t p) {
  return 2 * std::max<std::uint64_t>(n0, 1) + 2 * p + t - 1;
}

std::uint64_t ImagePeriod::heaps_needed() const { return misere_window_last(t, preperiod, period); }

std::optional<ImagePeriod> proved_image_period(const OctalCode& code,
                                               std::span<const MonoidElement> phi) {
  if (phi.empty()) return std::nullopt;
  const std::uint64_t last = phi.size() - 1, t = code.largest_removal();
  // The least last any period p needs is misere_window_last(t, 0, p) = 2p + t + 1.
  for (std::uint64_t p = 1; 2 * p + t + 1 <= last; ++p) {
    // The least n0 with phi(n + p) = phi(n) for every n0 <= n <= last - p.
    std::uint64_t n0 = last - p + 1;
    while (n0 > 0 && phi[n0 - 1] == phi[n0 - 1 + p]) --n0;
    if (misere_window_last(t, n0, p) <= last) return ImagePeriod{n0, p, t, last};
  }
  return std::nullopt;
}

MonoidElement image_of_heap(std::span<const MonoidElement> phi, const ImagePeriod& period,
                            std::uint64_t n) {
  if (n < phi.size()) return phi[n];
  return phi[period.preperiod + (n - period.preperiod) % period.period];
}

Json image_period_record(const OctalCode& code, const ImagePeriod& period) {
  const std::uint64_t n0 = period.preperiod, p = period.period;
  return {
      {"theorem",
       "misère periodicity (docs/mathematics.md, section 7): for a misère quotient proved for "
       "every sum of heaps of 0..N stones of an octal code 0.d1...dt, if phi(n + p) = phi(n) for "
       "n0 <= n <= N - p and N >= 2 max(n0, 1) + 2p + t - 1, then with phi(n) = phi(n - p) for "
       "n > N every heap has the image and the options' images of a heap of at most N stones, "
       "and a sum of heaps of any size is a misère P-position exactly when the product of its "
       "images lies in P"},
      {"hypotheses",
       {{"code", code.text()},
        {"finite_code", true},
        {"no_digit_before_the_point", true},
        {"at_most_two_heaps_per_move", true},
        {"t", period.t},
        {"quotient_proved_for_heaps", {0, period.last}},
        {"window_holds", true}}},
      {"preperiod", n0},
      {"period", p},
      {"heaps_needed", {0, period.heaps_needed()}},
      {"heaps_read", {0, period.last}},
      {"scope", fmt::format("every heap and every sum of heaps of any size: heap n has heap "
                            "n - {}'s image for every n >= {}",
                            p, n0 + p)},
      {"unbounded", true}};
}

NamedCheck check_misere_periodicity(std::span<const std::uint32_t> g, const EveryOutcome* every,
                                    const std::string& why_bounded, const smt::PeriodicClaim& claim,
                                    const std::function<Json(std::uint64_t)>& counterexample) {
  const std::uint64_t n0 = claim.preperiod, p = claim.period;
  const std::uint64_t last = g.size() - 1;
  NamedCheck c;
  c.name = claim.name;
  c.statement = fmt::format(
      "heap n + {} has heap n's misère outcome for every n >= {} (g(n + {}) = g(n))", p, n0, p);
  if (p == 0 || n0 + p > last) {  // the parser refuses these; never a vacuous "holds"
    c.verdict = Verdict::Unknown;
    c.note = fmt::format("no n with n >= {} and n + {} <= {} was computed", n0, p, last);
    return c;
  }
  const auto at = [&](std::uint64_t n) { return n <= last ? g[n] : every->at(n); };
  const auto fails = [&](std::uint64_t n) {
    c.verdict = Verdict::Fails;
    c.counterexample = {{"n", n},
                        {"heap n", counterexample(n)},
                        {fmt::format("heap n + {}", p), counterexample(n + p)}};
    return c;
  };
  for (std::uint64_t n = n0; n + p <= last; ++n) {
    ++c.cases;
    if (g[n + p] != g[n]) return fails(n);
  }
  if (!every) {
    c.verdict = Verdict::Unknown;
    c.note = fmt::format("holds for n = {}..{} (the computed outcomes), but not for every n: {}",
                         n0, last - p, why_bounded);
    c.record = {{"scope", fmt::format("n = {}..{} only", n0, last - p)}, {"unbounded", false}};
    return c;
  }
  // Past the outcomes' own period (from m0 with period q) the equality at n is the one at
  // n - q, so n0..max(n0, m0) + q - 1 decides every n >= n0.
  const std::uint64_t through = std::max(n0, every->preperiod) + every->period - 1;
  for (std::uint64_t n = last - p + 1; n <= through; ++n) {
    ++c.cases;
    if (at(n + p) != at(n)) return fails(n);
  }
  c.verdict = Verdict::Holds;
  c.record = {
      {"theorem", "misère periodicity (the quotient's periodicity record)"},
      {"outcome_period", {{"from", every->preperiod}, {"period", every->period}}},
      {"read", {n0, std::max(through, last - p)}},
      {"scope",
       fmt::format("every n >= {} (the misère periodicity theorem: every heap's outcome from the "
                   "quotient of heaps 0..{}, periodic from {} with period {}; read on n = {}..{})",
                   n0, last, every->preperiod, every->period, n0, std::max(through, last - p))},
      {"unbounded", true}};
  return c;
}

}  // namespace nimcert
