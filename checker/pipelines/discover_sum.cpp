// discover's sum route (see discover.hpp): a subtraction game of several heaps is the sum of
// that many copies of its one-heap game, so its value is G = g(x1) ^ ... ^ g(xk) with g the
// one-heap values (the Sprague-Grundy theorem).  That is what a paper prints, and what this
// route writes, with g named: the one-heap values' period is found as the period route finds it
// (discover_period.cpp), g written as `n % p` when the period is 0, 1, ..., p - 1 from 0, else
// as a value list, and the sum proved like any discovered statement: a box of the k-heap game
// and its induction, which MONA proves on N^k (the theorem is not taken on trust here: the
// induction proves the k-heap values directly).  The formula route would find an equivalent
// formula too, but not one that names g (S = {1, 2, 3}: (((x1 ^ x2) % 4) ^ (x3 % 4))).
#include <fmt/format.h>
#include <fmt/ranges.h>

#include "base/atomic_file.hpp"
#include "certificate/certificate.hpp"
#include "checks/proof_input.hpp"
#include "discovery/discovered_proof.hpp"
#include "games/registry.hpp"
#include "pipelines/discover.hpp"
#include "pipelines/steps.hpp"

namespace nimcert {

namespace {

// The values as a value list: "[0, 1, 2]".
std::string value_list(const auto& values, std::uint64_t from, std::uint64_t to) {
  std::vector<std::string> v;
  for (std::uint64_t n = from; n < to; ++n) v.push_back(std::to_string(values[n]));
  return fmt::format("[{}]", fmt::join(v, ", "));
}

// g(n) from the values and their period: `n % p` when the period is 0..p-1 from 0, a value list
// read cyclically when it starts at 0, else the exceptional values before n0 and then the list.
std::string one_heap_text(const FoundPeriod& found) {
  const std::uint64_t n0 = found.guess->preperiod, p = found.guess->period;
  bool counts = n0 == 0;
  for (std::uint64_t n = 0; n < p && counts; ++n) counts = found.values[n] == n;
  if (counts) return fmt::format("n % {}", p);
  const std::string period = value_list(found.values, n0, n0 + p);
  if (n0 == 0) return period + "[n]";
  return fmt::format("if n < {} then {}[n] else {}[n - {}]", n0, value_list(found.values, 0, n0),
                     period, n0);
}

}  // namespace

Ending discover_sum(const DiscoverRequest& r, const DiscoverSetup& d, Narrator& narrator) {
  const smt::GameDeclaration& game = *d.spec.declaration;
  const std::size_t k = game.heaps;
  if (r.max_last < 64 || r.max_last > kMaxPeriodLast)
    throw std::invalid_argument(
        fmt::format("--max-last {}: from 64 to {}", r.max_last, kMaxPeriodLast));
  const auto [out, certificate] = discovered_outputs(r, ".discovered.proof");
  const FoundPeriod found =
      find_period(octal_code_of(game), d.spec.name + "'s one heap", r.max_last, Saltus::Zero,
                  narrator);
  if (!found.guess) return {1, found.why};
  const std::string g = fresh_definition_name(d.file.definitions, "g");
  const std::string g_text = one_heap_text(found);
  std::string input = d.input;
  if (!input.empty() && input.back() != '\n') input += '\n';
  input += fmt::format(
      "\n# The values of one heap, found by nimcert discover: period {} from {}.\ndef {}(n) = {}\n",
      found.guess->period, found.guess->preperiod, g, g_text);
  DiscoveredStatement s;
  s.name = fresh_definition_name(d.file.definitions, "discovered");
  s.heaps = k;
  smt::ExprPtr sum;
  for (std::size_t i = 1; i <= k; ++i) {
    const smt::ExprPtr gi = smt::make_call(g, {smt::make_var(fmt::format("x{}", i))});
    sum = sum ? smt::make_node(smt::Op::BitXor, {sum, gi}) : gi;
  }
  s.formula = sum;
  s.box_game = d.spec.name;
  s.side = d.first_side;
  s.found = fmt::format(
      "the sum of {} one-heap games (Sprague-Grundy): G = {}(x1) ^ ... ^ {}(x{}), with {}(n) = {} "
      "the one-heap values, periodic with period {} from {}",
      k, g, g, k, g, g_text, found.guess->period, found.guess->preperiod);
  const std::string text = discovered_proof_text(input, s);
  const Json cert = certify_discovered(text, out, r.workflow, narrator);
  const Json& induction = cert["induction"].back();
  const bool every =
      induction.contains("unbounded") &&
      induction["unbounded"].value("conclusion", "").find("on N^") != std::string::npos &&
      induction["unbounded"].value("verdict", "") == "holds";
  std::vector<std::string> terms;
  for (std::size_t i = 1; i <= k; ++i) terms.push_back(fmt::format("{}(x{})", g, i));
  const std::string formula = fmt::format("{}", fmt::join(terms, " ^ "));
  if (cert["verdict"] != "holds" || !every) {
    return {1, fmt::format("discover: NOT PROVED (nothing written; G = {} with {}(n) = {} fits "
                           "but the certificate's verdict is {})",
                           formula, g, g_text, cert["verdict"].get<std::string>())};
  }
  write_file_atomically(out, text);
  write_file_atomically(certificate, certificate_text(cert));
  return {0, fmt::format("discover: PROVED G = {} with {}(n) = {} (the one-heap values) on N^{} "
                         "(MONA); wrote {} and {}",
                         formula, g, g_text, k, out, certificate)};
}

}  // namespace nimcert
