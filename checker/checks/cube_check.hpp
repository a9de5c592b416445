// The exhaustive check: every claim at every position of the cube [0,N]^3.
//
// The cube engine computes the true values; this file compares each claim with them, digests
// the Grundy table in canonical form, and, for a claim that fails, builds a counterexample a
// person can verify by hand: the first failing position in lexicographic order, its true and
// claimed values, and every follower with its value.
//
// For a game symmetric in its three heaps (CubeEngine::symmetric(), read off its moves, never
// off a claim) the engine computes the sorted positions a <= b <= c only, and the table
// digested is theirs.  The claims are still evaluated at every position of the cube: each
// sorted row (., b, c) stands for the rows of its distinct permutations, along whichever heap
// a lands on, since a claim need not be symmetric.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "base/outcome.hpp"
#include "claims/cube_claim.hpp"
#include "games/game.hpp"

namespace nimcert {

struct CubeReport {
  Heap n = 0;
  std::uint64_t positions = 0;
  std::string table_sha256;    // the slice-by-slice digest of base/sliced_digest.hpp
  std::string table_encoding;  // which table it digests: the cube's, or its sorted positions'
  Value max_value = 0;
  std::vector<ClaimOutcome> claims;
  double seconds = 0;  // the sweep and every claim (the run's record, never the stable part)

  // Holds when every claim holds (and a position was examined).
  Verdict verdict() const;
};

// Called after each x-slice with the number of slices done and the total, one call at a
// time (from the sweep's threads).
using Progress = std::function<void(std::uint64_t done, std::uint64_t total)>;

// The sweep runs on `threads` threads, 0 meaning one per core; the report does not depend on it.
CubeReport check_cube(const Game& game, Heap n, const std::vector<const CubeClaim*>& claims,
                      const Progress& progress = {}, unsigned threads = 0);

class CubeEngine;

// The counterexample at p (inside the engine's cube): true value, claimed value and followers
// with their values.
Counterexample explain_position(const Game& game, const CubeEngine& engine, const Position& p,
                                const CubeClaim* claim);

}  // namespace nimcert
