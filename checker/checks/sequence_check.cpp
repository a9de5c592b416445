// Checking sequence blocks (see sequence_check.hpp).
#include "checks/sequence_check.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>

#include "base/sha256.hpp"
#include "engines/sequence_engine.hpp"
#include "eval/evaluator.hpp"
#include "games/one_heap.hpp"

namespace nimcert {

namespace {

using Json = nlohmann::ordered_json;

std::string digest_of(const Sequence& s) {
  Sha256 d;
  d.update_le32(s);
  return d.hex_digest();
}

}  // namespace

bool SequenceReport::holds() const {
  return std::all_of(claims.begin(), claims.end(), [](const ClaimOutcome& c) { return c.holds; }) &&
         std::all_of(checks.begin(), checks.end(), [](const NamedCheck& c) { return c.holds; });
}

SequenceReport check_sequence(const smt::SequenceSpec& spec, const smt::Definitions& definitions) {
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
    o.holds = true;
    const smt::Program claim(smt::sequence_variables(), {smt::expand(c.statement, definitions)});
    constexpr std::size_t kBatch = 1024;
    std::vector<std::uint64_t> n(kBatch), f(kBatch), g(kBatch), h(kBatch), out(kBatch);
    std::vector<std::uint64_t*> outputs = {out.data()};
    for (std::uint64_t start = 0; start <= spec.last && o.holds; start += kBatch) {
      const std::size_t lanes =
          static_cast<std::size_t>(std::min<std::uint64_t>(kBatch, spec.last - start + 1));
      for (std::size_t j = 0; j < lanes; ++j) {
        n[j] = start + j;
        f[j] = s.f[start + j];
        g[j] = s.g[start + j];
        h[j] = s.h[start + j];
      }
      if (!claim.run<std::uint64_t>(lanes, {n.data(), f.data(), g.data(), h.data()}, outputs))
        throw std::runtime_error("claim " + c.name + ": a value exceeded 64 bits");
      for (std::size_t j = 0; j < lanes && o.holds; ++j)
        if (out[j] == 0) {
          o.holds = false;
          const std::uint64_t m = start + j;
          Json options = Json::array();  // Maximum Nim's options g_{m-k}, k = 1..f(m)
          for (std::uint64_t k = 1; k <= s.f[m] && k <= 32; ++k) options.push_back(s.g[m - k]);
          r.claim_counterexamples[c.name] = {{"n", m},
                                             {"f", s.f[m]},
                                             {"g", s.g[m]},
                                             {"h", s.h[m]},
                                             {"g_options_first_32", options}};
        }
    }
    r.claims.push_back(std::move(o));
  }
  for (const std::string& check : spec.checks)
    r.checks.push_back(run_named_check(sequence_checks(), check, s));
  return r;
}

}  // namespace nimcert
