// The periodicity check (see periodicity.hpp).
#include "checks/periodicity.hpp"

#include <fmt/format.h>

#include <span>

#include "base/sha256.hpp"

namespace nimcert {

namespace {

using Json = nlohmann::ordered_json;

std::string digest_of(const OctalValues& g, std::uint64_t last) {
  Sha256 d;
  d.update_le32(std::span<const std::uint32_t>(g.data(), last + 1));
  return d.hex_digest();
}

}  // namespace

std::uint64_t guy_smith_last(std::uint64_t preperiod, std::uint64_t period,
                             std::uint64_t largest_removal) {
  return 2 * preperiod + 2 * period + largest_removal - 1;
}

NamedCheck check_periodicity(const OctalCode& code, const OctalValues& g,
                             const smt::PeriodicClaim& claim) {
  const std::uint64_t n0 = claim.preperiod, p = claim.period, s = claim.saltus;
  const std::uint64_t last = g.size() - 1;
  NamedCheck c;
  c.name = claim.name;
  c.statement = s == 0 ? fmt::format("G(n + {}) = G(n) for every n >= {}", p, n0)
                       : fmt::format("G(n + {}) = G(n) + {} for every n >= {}", p, s, n0);
  if (p == 0 || n0 + p > last) {  // the parser refuses these; never a vacuous "holds"
    c.verdict = Verdict::Unknown;
    c.note = fmt::format("no n with n >= {} and n + {} <= {} was computed", n0, p, last);
    return c;
  }
  // Every computed n: the window's first failure is the claim's first.
  for (std::uint64_t n = n0; n + p <= last; ++n) {
    ++c.cases;
    if (std::uint64_t{g[n + p]} != std::uint64_t{g[n]} + s) {
      c.verdict = Verdict::Fails;
      c.counterexample = {
          {"n", n}, {fmt::format("G({})", n), g[n]}, {fmt::format("G({})", n + p), g[n + p]}};
      return c;
    }
  }
  if (s != 0) {
    c.verdict = Verdict::Holds;
    c.record = {{"scope", fmt::format("n = {}..{} only: the computed values (arithmetic "
                                      "periodicity is not covered by the Guy-Smith theorem)",
                                      n0, last - p)},
                {"unbounded", false}};
    return c;
  }
  const std::uint64_t t = code.largest_removal();
  const std::uint64_t needed = guy_smith_last(n0, p, t);
  if (needed > last) {
    c.verdict = Verdict::Unknown;
    c.note = fmt::format(
        "holds for n = {}..{} (the computed values), but the Guy-Smith window needs G(0..{}): "
        "compute the sequence to last >= {}",
        n0, last - p, needed, needed);
    c.record = {{"scope", fmt::format("n = {}..{} only", n0, last - p)}, {"unbounded", false}};
    return c;
  }
  c.verdict = Verdict::Holds;
  c.record = {
      {"theorem",
       "Guy-Smith periodicity theorem (Guy and Smith 1956; Winning Ways, chapter 4): for a "
       "finite octal code of t digits, G(n + p) = G(n) for n0 <= n < 2 n0 + p + t implies it "
       "for every n >= n0"},
      {"hypotheses",
       {{"code", code.text()},
        {"finite_code", true},
        {"at_most_two_heaps_per_move", true},
        {"t", t},
        {"window_holds", true}}},
      {"preperiod", n0},
      {"period", p},
      {"window", {n0, 2 * n0 + p + t - 1}},
      {"values_needed", {0, needed}},
      {"values_sha256", digest_of(g, needed)},
      {"scope", fmt::format("every n >= {} (Guy-Smith, from G(0..{}); also read on every "
                            "computed n up to {})",
                            n0, needed, last - p)},
      {"unbounded", true}};
  return c;
}

}  // namespace nimcert
