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
#include "engines/sorted_sweep.hpp"

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
  // tallied per slice and the tallies joined, keeping the first failures in canonical order
  // whatever order the slices finish in (and the sorted sweep's positions come in).
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
  // A slice's digest, largest value and claims' failures, fed row by row while each row is in
  // cache.
  struct SliceTally {
    SlicedDigest::Slice digest;
    Value top = 0;
    std::vector<Heap> failing;  // a row's, reused
  };
  // Every claim on the positions along.at(t), t < row.size(), of slice `slice`.
  auto check_row = [&](Heap slice, SliceTally& tally, const ClaimRow& along,
                       std::span<const Value> row) {
    for (std::size_t c = 0; c < claims.size(); ++c) {
      if (const auto premises = claims[c]->premise_count(along, row)) {
        implication[c] = 1;  // the same answer for every row of one claim
        slice_premises[c][slice] += *premises;
      }
      tally.failing.clear();
      claims[c]->failures(along, row, tally.failing);
      for (const Heap t : tally.failing) {
        const Position p = along.at(t);
        slice_failures[c][slice].add_unordered({p[0], p[1], p[2]});
      }
    }
    slice_positions[slice] += row.size();
  };
  auto add_row = [](SliceTally& tally, std::span<const Value> row) {
    tally.digest.add(row);
    tally.top = std::max(tally.top, std::ranges::max(row));
  };
  auto slice_done = [&](Heap slice, SliceTally& tally) {
    digest.add_slice(slice, tally.digest);
    slice_max[slice] = tally.top;
    if (progress) {
      const std::lock_guard lock(progress_mutex);
      progress(++slices_done, side);
    }
  };
  if (engine.symmetric()) {
    report.table_encoding = SlicedDigest::kSortedEncoding;
    engine.sweep_sorted([&](Heap c, std::span<const Value> triangle) {
      SliceTally tally;
      for (Heap b = 0; b <= c; ++b) {
        const auto row = triangle.subspan(pair_index(0, b), std::size_t{b} + 1);  // a = 0..b
        add_row(tally, row);
        // The distinct permutations of (a, b, c), so that every position of the cube is met
        // once: six for a < b < c, three when two heaps are equal, one for a = b = c.
        const auto below = row.first(b);        // a < b
        check_row(c, tally, {0, b, c}, row);    // (a, b, c)
        check_row(c, tally, {1, b, c}, below);  // (b, a, c)
        check_row(c, tally, {2, b, c}, below);  // (b, c, a)
        if (b == c) continue;
        check_row(c, tally, {0, c, b}, row);    // (a, c, b)
        check_row(c, tally, {1, c, b}, row);    // (c, a, b)
        check_row(c, tally, {2, c, b}, below);  // (c, b, a)
      }
      slice_done(c, tally);
    });
  } else {
    report.table_encoding = SlicedDigest::kEncoding;
    engine.sweep_slices([&](Heap x, std::span<const Value> slice) {
      SliceTally tally;
      for (Heap y = 0; y <= n; ++y) {
        const auto row = slice.subspan(y * side, side);
        add_row(tally, row);
        check_row(x, tally, {2, x, y}, row);
      }
      slice_done(x, tally);
    });
  }
  for (std::uint64_t p : slice_positions) report.positions += p;
  if (report.positions != side * side * side)  // each position once, whichever sweep
    throw std::logic_error(
        fmt::format("check_cube: {} positions met in [0,{}]^3", report.positions, n));
  report.max_value = *std::max_element(slice_max.begin(), slice_max.end());
  report.table_sha256 = digest.hex_digest();
  for (std::size_t c = 0; c < claims.size(); ++c) {
    ClaimOutcome outcome;
    outcome.name = claims[c]->name();
    outcome.statement = claims[c]->statement();
    outcome.cases = report.positions;
    for (const FailureTally& f : slice_failures[c]) outcome.failures.join(f);
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
