// The periodicity check (see periodicity.hpp).
#include "checks/periodicity.hpp"

#include <fmt/format.h>

#include <span>

#include "base/sha256.hpp"
#include "checks/arithmetic_periodicity.hpp"

namespace nimcert {

namespace {

using Json = nlohmann::ordered_json;

}  // namespace

std::string values_sha256(const OctalValues& g, std::uint64_t last) {
  Sha256 d;
  d.update_le32(std::span<const std::uint32_t>(g.data(), last + 1));
  return d.hex_digest();
}

bool decided_by_mex_recursion(const OctalCode& code, std::uint64_t saltus) {
  return saltus != 0 || code.leaves_three_heaps() || code.extends_octal();
}

PeriodicityWindow periodicity_window(const OctalCode& code, std::uint64_t preperiod,
                                     std::uint64_t period, std::uint64_t saltus) {
  const std::uint64_t t = code.largest_removal();
  const unsigned last_digit = code.digit(t);
  PeriodicityWindow w;
  w.first = preperiod;
  w.period = period;
  // No window theorem: F reads G(0..n0 + p - 1).
  if (decided_by_mex_recursion(code, saltus)) {
    w.theorem = PeriodicityWindow::Theorem::MexRecursion;
    w.last = preperiod + period - 1;
    return w;
  }
  if (code.is_subtraction()) {  // every move legal from every n >= t: a window of t values
    w.theorem = PeriodicityWindow::Theorem::Subtraction;
    w.last = preperiod + t - 1;
    return w;
  }
  w.last = 2 * preperiod + period + t - 1;
  // n0 = 0: the induction maps the split (p) + (p) of 2p + t to (p) + (0), a move of p + t
  // only when d_t may leave one heap; otherwise p + t is read directly (docs/mathematics.md).
  w.extended = preperiod == 0 && (last_digit & 4) != 0 && (last_digit & 2) == 0;
  if (w.extended) w.last = period + t;
  return w;
}

namespace {

// The claim no window theorem covers, holding on the computed values: proved for every n by the
// mex recursion when MONA or nimcert's automata decide it, else on the computed values only.
void by_mex_recursion(const OctalCode& code, const OctalValues& g, std::uint64_t last,
                      const smt::PeriodicClaim& claim, const UnboundedOptions* mona,
                      NamedCheck& c) {
  const std::uint64_t n0 = claim.preperiod, p = claim.period, s = claim.saltus;
  const std::string why =
      s != 0                      ? "arithmetic periodicity is not covered by the Guy-Smith theorem"
      : code.leaves_three_heaps() ? "a move of this code leaves three heaps, which the Guy-Smith "
                                    "theorem does not cover"
                                  : "a digit before the point or a constraint on the parts, which "
                                    "the Guy-Smith theorem does not cover";
  c.verdict = Verdict::Holds;
  const std::string computed = fmt::format("n = {}..{} only: the computed values", n0, last - p);
  if (!mona || !mona->enabled) {
    c.record = {{"scope", fmt::format("{} ({}; MONA not run)", computed, why)},
                {"unbounded", false}};
    return;
  }
  const MexRecursionProof proof = prove_by_mex_recursion(code, g, n0, p, s, *mona);
  Json obligations = Json::array();
  for (const MexObligation& o : proof.obligations) {
    const UnboundedOutcome& u = o.outcome;
    Json row = {{"obligation", o.name},
                {"verdict", verdict_name(u.verdict())},
                {"mona", smt::mona_answer_name(u.answer)},
                {"mona_sha256", Sha256::of(u.mona)},
                {"states", u.states}};
    if (u.independent) {
      row["nimcert_automata"] = u.independent->status;
      // What `verify --independent` derives again from the proof file, with no solver: the
      // automata's evidence (kept nowhere else) must have this digest and this many pairs.
      if (u.independent->checked()) {
        row["nimcert_automata_sha256"] = u.independent->sha256;
        row["nimcert_automata_states"] = u.independent->states;
      }
    }
    if (!u.in_fragment) row["outside"] = u.outside;
    if (!u.note.empty()) row["note"] = u.note;
    obligations.push_back(row);
  }
  c.record = {
      {"theorem",
       "the mex recursion (docs/mathematics.md, section 5): F = G on every n >= 0 when no "
       "follower Y of n has F(Y) = F(n) and every v < F(n) is F(Y) for some follower Y, for "
       "every n; both decided for all naturals in Presburger arithmetic with xor"},
      {"formula", proof.formula},
      {"preperiod", n0},
      {"period", p},
      {"saltus", s},
      {"values_needed", {0, n0 + p - 1}},
      {"values_sha256", values_sha256(g, n0 + p - 1)},
      {"obligations", obligations}};
  if (proof.proved) {
    c.record["scope"] = fmt::format(
        "every n >= {} (the mex recursion, decided for every n by {}; also read on every "
        "computed n up to {})",
        n0, proof.obligations.back().outcome.proved_by(), last - p);
    c.record["unbounded"] = true;
    return;
  }
  c.record["scope"] = fmt::format("{} ({}; the mex recursion was not decided: {})", computed, why,
                                  proof.why_not);
  c.record["unbounded"] = false;
}

}  // namespace

NamedCheck check_periodicity(const OctalCode& code, const OctalValues& g,
                             const smt::PeriodicClaim& claim, const UnboundedOptions* mona) {
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
  if (decided_by_mex_recursion(code, s)) {
    by_mex_recursion(code, g, last, claim, mona, c);
    return c;
  }
  const std::uint64_t t = code.largest_removal();
  const PeriodicityWindow window = periodicity_window(code, n0, p, s);
  const std::uint64_t needed = window.values_last();
  if (needed > last) {
    c.verdict = Verdict::Unknown;
    c.note = fmt::format(
        "holds for n = {}..{} (the computed values), but the theorem's window needs G(0..{}): "
        "compute the sequence to last >= {}",
        n0, last - p, needed, needed);
    c.record = {{"scope", fmt::format("n = {}..{} only", n0, last - p)}, {"unbounded", false}};
    return c;
  }
  c.verdict = Verdict::Holds;
  const bool subtraction = window.theorem == PeriodicityWindow::Theorem::Subtraction;
  std::vector<std::uint64_t> set;
  for (std::uint64_t k = 1; k <= t; ++k)
    if (code.digit(k) == 3) set.push_back(k);
  c.record = {
      {"theorem",
       subtraction
           ? "subtraction-game periodicity theorem (Winning Ways, chapter 4; "
             "docs/mathematics.md, section 5): for a subtraction set S with largest element t, "
             "G(n + p) = G(n) for n0 <= n <= n0 + t - 1 implies it for every n >= n0"
           : "Guy-Smith periodicity theorem (Guy and Smith 1956; Winning Ways, chapter 4; "
             "docs/mathematics.md, section 5): for an octal code 0.d1...dt with d_t != 0, "
             "G(n + p) = G(n) for n0 <= n <= 2 n0 + p + t - 1, and for n = p + t as well when "
             "n0 = 0 and d_t has bit 4 but not bit 2, implies it for every n >= n0"},
      {"hypotheses",
       subtraction ? nlohmann::ordered_json{{"code", code.text()},
                                            {"subtraction_set", set},
                                            {"every_digit_0_or_3", true},
                                            {"t", t},
                                            {"window_holds", true}}
                   : nlohmann::ordered_json{{"code", code.text()},
                                            {"finite_code", true},
                                            {"no_digit_before_the_point", true},
                                            {"at_most_two_heaps_per_move", true},
                                            {"t", t},
                                            {"last_digit", code.digit(t)},
                                            {"preperiod_zero_extension", window.extended},
                                            {"window_holds", true}}},
      {"preperiod", n0},
      {"period", p},
      {"window", {window.first, window.last}},
      {"values_needed", {0, needed}},
      {"values_sha256", values_sha256(g, needed)},
      {"scope", fmt::format("every n >= {} ({}, from G(0..{}); also read on every "
                            "computed n up to {})",
                            n0, subtraction ? "the subtraction-game theorem" : "Guy-Smith",
                            needed, last - p)},
      {"unbounded", true}};
  return c;
}

}  // namespace nimcert
