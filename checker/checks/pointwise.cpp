// Pointwise claims over a sequence (see pointwise.hpp).
#include "checks/pointwise.hpp"

#include <optional>
#include <stdexcept>

#include "base/sha256.hpp"
#include "eval/evaluator.hpp"
#include "sys/interrupt.hpp"

namespace nimcert {

namespace {

// The claim at n = 0..last: the n where it is false, and how many satisfy its hypothesis
// (when `premise` is given).
struct SequenceScan {
  FailureTally failures;
  std::uint64_t premises = 0;
};
SequenceScan scan_sequence(const smt::Program& claim, const smt::Program* premise,
                           const std::vector<Column>& columns, std::uint64_t last) {
  constexpr std::size_t kBatch = 1024;
  std::vector<std::vector<std::uint64_t>> in(columns.size(), std::vector<std::uint64_t>(kBatch));
  std::vector<std::uint64_t> out(kBatch), held(kBatch);
  std::vector<std::uint64_t*> outputs = {out.data()}, premise_outputs = {held.data()};
  std::vector<const std::uint64_t*> inputs;
  for (const auto& column : in) inputs.push_back(column.data());
  SequenceScan scan;
  for (std::uint64_t start = 0; start <= last; start += kBatch) {
    smt::throw_if_interrupted();
    const std::size_t lanes =
        static_cast<std::size_t>(std::min<std::uint64_t>(kBatch, last - start + 1));
    for (std::size_t c = 0; c < columns.size(); ++c)
      for (std::size_t j = 0; j < lanes; ++j) in[c][j] = columns[c].at(start + j);
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

std::string digest_of(std::span<const std::uint32_t> s) {
  Sha256 d;
  d.update_le32(s);
  return d.hex_digest();
}

// A pointwise claim over `variables` (the columns' names), at n = 0..last.
ClaimOutcome check_pointwise(const smt::ClaimSpec& c, const smt::Definitions& definitions,
                             const std::vector<std::string>& variables,
                             const std::vector<Column>& columns, std::uint64_t last) {
  ClaimOutcome o;
  o.name = c.name;
  o.text = c.text;
  o.statement = smt::to_string(*c.statement);
  const smt::Program claim(variables, {smt::expand(c.statement, definitions)});
  std::optional<smt::Program> premise;
  if (c.statement->op == smt::Op::Implies)
    premise.emplace(variables,
                    std::vector<smt::ExprPtr>{smt::expand(c.statement->args[0], definitions)});
  SequenceScan scan = scan_sequence(claim, premise ? &*premise : nullptr, columns, last);
  o.cases = last + 1;
  if (premise) o.premise_cases = scan.premises;
  o.failures = std::move(scan.failures);
  settle_claim(o);
  return o;
}

void check_game_claims(const std::vector<smt::ClaimSpec>& claims,
                       const smt::Definitions& definitions, std::span<const std::uint32_t> g,
                       std::uint64_t last,
                       const std::function<nlohmann::ordered_json(std::uint64_t)>& counterexample,
                       std::vector<ClaimOutcome>& outcomes,
                       nlohmann::ordered_json& counterexamples) {
  const std::vector<Column> columns = {Column{}, Column{g.data()}};
  for (const smt::ClaimSpec& c : claims) {
    outcomes.push_back(
        check_pointwise(c, definitions, smt::game_sequence_variables(), columns, last));
    const ClaimOutcome& o = outcomes.back();
    if (!o.failures.first.empty())
      counterexamples[c.name] = counterexample(o.failures.first.front()[0]);
  }
}

}  // namespace nimcert
