// The exhaustive cube check (see cube_check.hpp).
#include "checks/cube_check.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <stdexcept>

#include "base/memory_budget.hpp"
#include "base/mex.hpp"
#include "base/sha256.hpp"
#include "engines/cube_engine.hpp"

namespace nimcert {

Verdict CubeReport::verdict() const {
  Verdict v = positions > 0 ? Verdict::Holds : Verdict::Unknown;
  for (const ClaimOutcome& c : claims) v = conjunction(v, c.verdict);
  return v;
}

Counterexample explain_position(const Game& game, const CubeEngine& engine, const Position& p,
                                const CubeClaim* claim) {
  const ValueTable stored = engine.dense(Box{{p[0], p[1], p[2]}});
  Counterexample cx;
  cx.position = p;
  cx.grundy = stored.at(p);
  if (claim) cx.claimed = claim->claimed_value(p);
  std::vector<Value> values;
  game.for_each_follower(p, [&](const Position& q) {
    cx.followers.push_back({q, engine.at(q, stored)});
    values.push_back(cx.followers.back().value);
  });
  // The report must be checkable by hand: its value is the mex of the follower values it lists.
  if (mex(values) != cx.grundy)
    throw std::logic_error("explain_position: the engine's value is not the mex of the followers");
  return cx;
}

CubeReport check_cube(const Game& game, Heap n, const std::vector<const CubeClaim*>& claims,
                      const Progress& progress, unsigned threads) {
  require_memory(CubeEngine::sweep_bytes(n, threads), fmt::format("the cube [0,{}]^3", n));
  CubeEngine engine(game, n, threads);
  CubeReport report;
  report.n = n;
  // Claims per slice, on the thread that computed it (any order); the digest in canonical
  // order.  The first failure of a claim is then the first over the slices in order.
  const std::size_t side = std::size_t{n} + 1;
  std::vector<std::vector<std::optional<Position>>> slice_failure(
      claims.size(), std::vector<std::optional<Position>>(side));
  // Per claim and slice, the positions where an implication's hypothesis holds.
  std::vector<std::vector<std::uint64_t>> slice_premises(claims.size(),
                                                         std::vector<std::uint64_t>(side, 0));
  std::vector<bool> implication(claims.size(), false);
  std::vector<Value> slice_max(side, 0);
  Sha256 digest;
  engine.sweep(
      [&](Heap x, Heap y, std::span<const Value> row) {
        digest.update_le32(row);
        report.positions += row.size();
        if (progress && y == n) progress(std::uint64_t{x} + 1, side);
      },
      [&](Heap x, std::span<const Value> slice) {
        slice_max[x] = std::ranges::max(slice);
        for (std::size_t c = 0; c < claims.size(); ++c)
          for (Heap y = 0; y <= n; ++y) {
            const auto row = slice.subspan(y * side, side);
            if (const auto premises = claims[c]->premise_count(x, y, row)) {
              implication[c] = true;  // the same answer for every row of one claim
              slice_premises[c][x] += *premises;
            }
            if (slice_failure[c][x]) continue;
            const std::size_t z = claims[c]->first_failure(x, y, row);
            if (z < side) slice_failure[c][x] = Position{x, y, static_cast<Heap>(z)};
          }
      });
  report.max_value = *std::max_element(slice_max.begin(), slice_max.end());
  report.table_sha256 = digest.hex_digest();
  for (std::size_t c = 0; c < claims.size(); ++c) {
    std::optional<Position> first;
    for (const auto& f : slice_failure[c])
      if (f && !first) first = f;
    ClaimOutcome outcome;
    outcome.name = claims[c]->name();
    outcome.statement = claims[c]->statement();
    // Examined: every position, or those up to the first failure in canonical order.
    outcome.cases =
        first ? ((std::uint64_t{(*first)[0]} * side) + (*first)[1]) * side + (*first)[2] + 1
              : report.positions;
    if (implication[c]) {
      std::uint64_t premises = 0;
      for (std::uint64_t p : slice_premises[c]) premises += p;
      outcome.premise_cases = premises;
    }
    settle_claim(outcome, first.has_value());
    if (first) outcome.counterexample = explain_position(game, engine, *first, claims[c]);
    report.claims.push_back(std::move(outcome));
  }
  return report;
}

}  // namespace nimcert
