// The exhaustive cube check (see cube_check.hpp).
#include "checks/cube_check.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <mutex>
#include <stdexcept>

#include "base/memory_budget.hpp"
#include "base/mex.hpp"
#include "base/sliced_digest.hpp"
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
    cx.followers.push_back({q, engine.at(q, stored), {}});
    values.push_back(cx.followers.back().value);
  });
  // The report must be checkable by hand: its value is the mex of the follower values it lists.
  if (mex(values) != cx.grundy)
    throw std::logic_error("explain_position: the engine's value is not the mex of the followers");
  return cx;
}

CubeReport check_cube(const Game& game, Heap n, const std::vector<const CubeClaim*>& claims,
                      const Progress& progress, unsigned threads) {
  require_memory(CubeEngine::sweep_bytes(n, threads), fmt::format("the cube [0,{}]^3", n),
                 "choose a smaller cube");
  CubeEngine engine(game, n, threads);
  CubeReport report;
  report.n = n;
  // Everything per slice, on the thread that computed it, in any order: the claims, the
  // slice's digest (base/sliced_digest.hpp) and its largest value.  A claim's failures are
  // tallied per slice and the tallies joined in order of x: the canonical order.
  const std::size_t side = std::size_t{n} + 1;
  std::vector<std::vector<FailureTally>> slice_failures(claims.size(),
                                                        std::vector<FailureTally>(side));
  // Per claim and slice, the positions where an implication's hypothesis holds.
  std::vector<std::vector<std::uint64_t>> slice_premises(claims.size(),
                                                         std::vector<std::uint64_t>(side, 0));
  std::vector<char> implication(claims.size(), 0);  // written by several threads, same value
  std::vector<Value> slice_max(side, 0);
  std::vector<std::uint64_t> slice_positions(side, 0);
  SlicedDigest digest(side);
  std::mutex progress_mutex;
  std::uint64_t slices_done = 0;
  engine.sweep_slices([&](Heap x, std::span<const Value> slice) {
    // Row by row, so that every pass over a row after the first reads it from cache.
    SlicedDigest::Slice slice_digest;
    Value top = 0;
    std::vector<Heap> failing;
    for (Heap y = 0; y <= n; ++y) {
      const auto row = slice.subspan(y * side, side);
      slice_digest.add(row);
      top = std::max(top, std::ranges::max(row));
      for (std::size_t c = 0; c < claims.size(); ++c) {
        if (const auto premises = claims[c]->premise_count(x, y, row)) {
          implication[c] = 1;  // the same answer for every row of one claim
          slice_premises[c][x] += *premises;
        }
        failing.clear();
        claims[c]->failures(x, y, row, failing);
        for (const Heap z : failing) slice_failures[c][x].add({x, y, z});
      }
    }
    digest.add_slice(x, slice_digest);
    slice_max[x] = top;
    slice_positions[x] = slice.size();
    if (progress) {
      const std::lock_guard lock(progress_mutex);
      progress(++slices_done, side);
    }
  });
  for (std::uint64_t p : slice_positions) report.positions += p;
  report.max_value = *std::max_element(slice_max.begin(), slice_max.end());
  report.table_sha256 = digest.hex_digest();
  for (std::size_t c = 0; c < claims.size(); ++c) {
    ClaimOutcome outcome;
    outcome.name = claims[c]->name();
    outcome.statement = claims[c]->statement();
    outcome.cases = report.positions;
    for (const FailureTally& f : slice_failures[c]) outcome.failures.append(f);
    if (implication[c]) {
      std::uint64_t premises = 0;
      for (std::uint64_t p : slice_premises[c]) premises += p;
      outcome.premise_cases = premises;
    }
    settle_claim(outcome);
    if (!outcome.failures.first.empty()) {
      const auto& f = outcome.failures.first.front();
      outcome.counterexample = explain_position(
          game, engine,
          Position{static_cast<Heap>(f[0]), static_cast<Heap>(f[1]), static_cast<Heap>(f[2])},
          claims[c]);
    }
    report.claims.push_back(std::move(outcome));
  }
  return report;
}

}  // namespace nimcert
