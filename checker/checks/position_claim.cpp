// A claim at single positions (see position_claim.hpp).
#include "checks/position_claim.hpp"

#include <stdexcept>

#include "games/registry.hpp"

namespace nimcert {

PositionClaim::PositionClaim(const smt::ProofFile& proof, const std::string& name) {
  const smt::ClaimSpec* found = nullptr;
  std::string names;
  auto consider = [&](const smt::ClaimSpec& c, const smt::GameSpec& game) {
    names += (names.empty() ? "" : ", ") + c.name;
    if (c.name == name && !found) {
      found = &c;
      game_ = game;
    }
  };
  for (const smt::ClaimSpec& c : proof.claims) consider(c, proof.game);
  for (const smt::BoxSpec& b : proof.boxes)
    for (const smt::ClaimSpec& c : b.claims) consider(c, b.game);
  if (!found)
    throw std::invalid_argument("no claim \"" + name + "\" in the proof file (its claims: " +
                                (names.empty() ? "none" : names) + ")");
  heaps_ = heap_count_of(game_);
  const auto variables = smt::claim_variables(heaps_);
  statement_.emplace(variables,
                     std::vector<smt::ExprPtr>{smt::expand(found->statement, proof.definitions)});
  if (const smt::ExprPtr f = smt::formula_of(*found))
    formula_.emplace(variables, std::vector<smt::ExprPtr>{smt::expand(f, proof.definitions)});
}

bool PositionClaim::holds(const Position& p, Value g) const {
  std::vector<std::uint64_t> input(p.begin(), p.end()), out;
  input.push_back(g);
  if (!statement_->run_one<std::uint64_t>(input, out))
    throw std::runtime_error("the claim's value exceeded 64 bits at " + p.to_string());
  return out[0] != 0;
}

std::optional<std::uint64_t> PositionClaim::claimed(const Position& p) const {
  if (!formula_) return std::nullopt;
  std::vector<std::uint64_t> input(p.begin(), p.end()), out;
  input.push_back(0);
  if (!formula_->run_one<std::uint64_t>(input, out)) return std::nullopt;
  return out[0];
}

}  // namespace nimcert
