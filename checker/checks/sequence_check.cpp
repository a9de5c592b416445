// Checking sequence blocks (see sequence_check.hpp).
#include "checks/sequence_check.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>

#include "base/memory_budget.hpp"
#include "base/sha256.hpp"
#include "engines/sequence_engine.hpp"
#include "eval/evaluator.hpp"
#include "games/one_heap.hpp"
#include "sys/interrupt.hpp"

namespace nimcert {

namespace {

using Json = nlohmann::ordered_json;

std::string digest_of(const Sequence& s) {
  Sha256 d;
  d.update_le32(s);
  return d.hex_digest();
}

// The claim at n = 0..last: the n where it is false, and how many satisfy its hypothesis
// (when `premise` is given).
struct SequenceScan {
  FailureTally failures;
  std::uint64_t premises = 0;
};
SequenceScan scan_sequence(const smt::Program& claim, const smt::Program* premise,
                           const Sequences& s, std::uint64_t last) {
  constexpr std::size_t kBatch = 1024;
  std::vector<std::uint64_t> n(kBatch), f(kBatch), g(kBatch), h(kBatch), out(kBatch), held(kBatch);
  std::vector<std::uint64_t*> outputs = {out.data()}, premise_outputs = {held.data()};
  SequenceScan scan;
  for (std::uint64_t start = 0; start <= last; start += kBatch) {
    smt::throw_if_interrupted();
    const std::size_t lanes =
        static_cast<std::size_t>(std::min<std::uint64_t>(kBatch, last - start + 1));
    for (std::size_t j = 0; j < lanes; ++j) {
      n[j] = start + j;
      f[j] = s.f[start + j];
      g[j] = s.g[start + j];
      h[j] = s.h[start + j];
    }
    const std::vector<const std::uint64_t*> inputs = {n.data(), f.data(), g.data(), h.data()};
    if (!claim.run<std::uint64_t>(lanes, inputs, outputs) ||
        (premise && !premise->run<std::uint64_t>(lanes, inputs, premise_outputs)))
      throw std::runtime_error("a claim's value exceeded 64 bits");
    for (std::size_t j = 0; j < lanes; ++j) {
      if (premise) scan.premises += held[j] != 0;
      if (out[j] == 0) scan.failures.add({start + j});
    }
  }
  return scan;
}

}  // namespace

Verdict SequenceReport::verdict() const {
  Verdict v = Verdict::Holds;
  for (const ClaimOutcome& c : claims) v = conjunction(v, c.verdict);
  for (const NamedCheck& c : checks) v = conjunction(v, c.verdict);
  return v;
}

std::uint64_t sequence_bytes(std::uint64_t last) {
  // f (8 bytes an n), g and h (4 each), the window's counts and the prefix mexes (4 each),
  // and the named checks' copies of one sequence (about 8 more).
  return (last + 1) * 32;
}

SequenceReport check_sequence(const smt::SequenceSpec& spec, const smt::Definitions& definitions) {
  require_memory(sequence_bytes(spec.last),
                 fmt::format("sequence \"{}\" (n = 0..{})", spec.name, spec.last));
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
  for (const smt::ClaimSpec& c : spec.claims) {
    ClaimOutcome o;
    o.name = c.name;
    o.text = c.text;
    o.statement = smt::to_string(*c.statement);
    const smt::Program claim(smt::sequence_variables(), {smt::expand(c.statement, definitions)});
    std::optional<smt::Program> premise;
    if (c.statement->op == smt::Op::Implies)
      premise.emplace(smt::sequence_variables(),
                      std::vector<smt::ExprPtr>{smt::expand(c.statement->args[0], definitions)});
    SequenceScan scan = scan_sequence(claim, premise ? &*premise : nullptr, s, spec.last);
    o.cases = spec.last + 1;
    if (premise) o.premise_cases = scan.premises;
    o.failures = std::move(scan.failures);
    settle_claim(o);
    if (!o.failures.first.empty()) {
      const std::uint64_t m = o.failures.first.front()[0];
      Json options = Json::array();  // Maximum Nim's options g_{m-k}, k = 1..f(m)
      for (std::uint64_t k = 1; k <= s.f[m] && k <= 32; ++k) options.push_back(s.g[m - k]);
      r.claim_counterexamples[c.name] = {
          {"n", m}, {"f", s.f[m]}, {"g", s.g[m]}, {"h", s.h[m]}, {"g_options_first_32", options}};
    }
    r.claims.push_back(std::move(o));
  }
  for (const std::string& check : spec.checks)
    r.checks.push_back(run_named_check(sequence_checks(), check, s));
  return r;
}

}  // namespace nimcert
