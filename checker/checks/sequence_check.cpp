// Checking sequence blocks (see sequence_check.hpp).
#include "checks/sequence_check.hpp"

#include <fmt/format.h>

#include <span>

#include <algorithm>
#include <stdexcept>

#include "base/memory_budget.hpp"
#include "base/sha256.hpp"
#include "checks/misere_sequence.hpp"
#include "checks/periodicity.hpp"
#include "checks/pointwise.hpp"
#include "checks/engine_progress.hpp"
#include "engines/octal_engine.hpp"
#include "engines/sequence_engine.hpp"
#include "eval/evaluator.hpp"
#include "games/one_heap.hpp"
#include "games/registry.hpp"
#include "sys/interrupt.hpp"

namespace nimcert {

namespace {

using Json = nlohmann::ordered_json;

// The followers of n in an octal game with their values, the first 32, for a counterexample
// checkable by hand: G(n) is the mex of all of them.
Json octal_followers(const OctalCode& code, const OctalValues& g, std::uint64_t n) {
  Json out = Json::array();
  code.for_each_option(n, [&](std::span<const std::uint64_t> parts) {
    if (out.size() >= 32) return;
    std::uint64_t value = 0;
    for (std::uint64_t h : parts) value ^= g[h];
    out.push_back({{"heaps", Json(std::vector<std::uint64_t>(parts.begin(), parts.end()))},
                   {"value", value}});
  });
  return out;
}

// How the engine computed the values (octal_engine.hpp): deterministic, as the values decide it.
std::string octal_run_text(const OctalEngineRun& run, std::uint64_t last) {
  if (run.by_sparse + run.by_periodic + run.by_direct + run.by_marking == 0)
    return fmt::format("n = 1..{}: no move splits a heap, so each G(n) is the mex over the moves "
                       "that leave at most one heap, directly",
                       last);
  std::string sparse = fmt::format("{} by sparse space", run.by_sparse);
  if (run.rare_listed)
    sparse += fmt::format(" (at the end rare: popcount(v & {:#x}){}{} even, {} rare positions; "
                          "classes chosen {} times)",
                          run.classes.mask, run.classes.domain ? " + (n & 1)" : "",
                          run.classes.flip ? " + 1" : "", run.rare_positions, run.class_choices);
  const std::string region =
      run.periodic_period == 0
          ? fmt::format("{} by a periodic region", run.by_periodic)
          : fmt::format("{} by the periodic region (at the end: from {}, period {})",
                        run.by_periodic, run.periodic_start, run.periodic_period);
  return fmt::format(
      "n = 1..{}: {}, {}, {} by direct scans of the splits, {} by marking every split; {} "
      "candidates needed every split",
      last, sparse, region, run.by_direct, run.by_marking, run.full_scans);
}

SequenceReport check_game_sequence(const smt::SequenceSpec& spec,
                                   const smt::Definitions& definitions,
                                   const UnboundedOptions* mona) {
  const OctalCode code = octal_code_of(*spec.game.declaration);
  SequenceReport r = game_sequence_report(spec, code);
  OctalEngineRun run;
  OctalEngineOptions options;
  options.progress = activity_progress(fmt::format("sequence {}", spec.name));
  const OctalValues g = octal_values(code, spec.last, &run, options);
  std::uint64_t reference = kReferenceLeast;
  for (const smt::PeriodicClaim& c : spec.periodic)
    if (c.saltus == 0)
      reference = std::max(
          reference, periodicity_window(code, c.preperiod, c.period, c.saltus).values_last());
  // The plain engine lists every three-way split: O(n^3), so a shorter prefix.
  reference = std::min({reference, spec.last,
                        code.leaves_three_heaps() ? kReferenceThreeHeaps : kReferenceMost});
  const OctalValues plain = plain_octal_values(code, reference);
  for (std::uint64_t n = 0; n <= reference; ++n)
    if (plain[n] != g[n])
      throw std::runtime_error(fmt::format(
          "internal error: the octal engines disagree on {} at n = {} (engine {}, plain {})",
          code.text(), n, g[n], plain[n]));
  r.engines = {
      {"values", octal_run_text(run, spec.last)},
      {"reference", fmt::format("the plain mex over every split, n = 0..{}: agrees", reference)}};
  r.g_sha256 = digest_of(g);
  r.claim_counterexamples = Json::object();
  check_game_claims(
      spec.claims, definitions, g, spec.last,
      [&](std::uint64_t m) {
        return Json{{"n", m}, {"g", g[m]}, {"followers_first_32", octal_followers(code, g, m)}};
      },
      r.claims, r.claim_counterexamples);
  for (const smt::PeriodicClaim& c : spec.periodic) {
    r.periodic.push_back(check_periodicity(code, g, c, mona));
    r.periodic.back().record["text"] = c.text;
  }
  return r;
}

}  // namespace

SequenceReport game_sequence_report(const smt::SequenceSpec& spec, const OctalCode& code) {
  SequenceReport r;
  r.name = spec.name;
  r.text = spec.text;
  r.last = spec.last;
  r.game = octal_game_json(spec.game.name, code);
  if (!spec.game.declaration->subtraction.empty())  // game NAME subtraction {...}: its set too
    r.game["parameters"]["subtraction"] = spec.game.declaration->subtraction;
  return r;
}

Verdict SequenceReport::verdict() const {
  Verdict v = stopped.empty() ? Verdict::Holds : Verdict::Unknown;
  for (const ClaimOutcome& c : claims) v = conjunction(v, c.verdict);
  for (const NamedCheck& c : checks) v = conjunction(v, c.verdict);
  for (const NamedCheck& c : periodic) v = conjunction(v, c.verdict);
  return v;
}

std::uint64_t sequence_bytes(const smt::SequenceSpec& spec) {
  // The images and outcomes (4 bytes each an n), the proof's copy of the options' images.
  if (spec.misere) return (spec.last + 1) * 16;
  if (!spec.game.name.empty()) return octal_values_bytes(spec.last);
  // f (8 bytes an n), g and h (4 each), the window's counts and the prefix mexes (4 each),
  // and the named checks' copies of one sequence (about 8 more).
  return (spec.last + 1) * 32;
}

SequenceReport check_sequence(const smt::SequenceSpec& spec, const smt::Definitions& definitions,
                              const MisereLimits& misere, const UnboundedOptions* mona) {
  require_memory(sequence_bytes(spec),
                 fmt::format("sequence \"{}\" (n = 0..{})", spec.name, spec.last),
                 "choose a smaller 'last'");
  if (spec.misere) return check_misere_sequence(spec, definitions, misere);
  if (!spec.game.name.empty()) return check_game_sequence(spec, definitions, mona);
  const Rule rule(spec.rule, definitions);
  Sequences s;
  s.f = rule.table(spec.last);
  s.g = maximum_nim(s.f);
  s.h = minimum_nim(s.f);
  SequenceReport r;
  r.name = spec.name;
  r.text = spec.text;
  r.rule = spec.rule;
  r.last = spec.last;
  r.g_sha256 = digest_of(s.g);
  r.h_sha256 = digest_of(s.h);
  r.claim_counterexamples = Json::object();
  const std::vector<Column> columns = {Column{}, Column{nullptr, s.f.data()}, Column{s.g.data()},
                                       Column{s.h.data()}};
  for (const smt::ClaimSpec& c : spec.claims) {
    r.claims.push_back(
        check_pointwise(c, definitions, smt::sequence_variables(), columns, spec.last));
    const ClaimOutcome& o = r.claims.back();
    if (!o.failures.first.empty()) {
      const std::uint64_t m = o.failures.first.front()[0];
      Json options = Json::array();  // Maximum Nim's options g_{m-k}, k = 1..f(m)
      for (std::uint64_t k = 1; k <= s.f[m] && k <= 32; ++k) options.push_back(s.g[m - k]);
      r.claim_counterexamples[c.name] = {
          {"n", m}, {"f", s.f[m]}, {"g", s.g[m]}, {"h", s.h[m]}, {"g_options_first_32", options}};
    }
  }
  for (const std::string& check : spec.checks)
    r.checks.push_back(run_named_check(sequence_checks(), check, s));
  return r;
}

}  // namespace nimcert
