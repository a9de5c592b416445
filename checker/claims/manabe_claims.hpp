// The claims of seed 000 (and seed 001's Conjecture 1) about restricted amalgamation Nim,
// written directly in C++: formula (4), Conjecture 1 as (21), and the P-positions.
//
// These are the built-in claims; they exist so that the cube check has claims even without a
// proof file, and so that the proof-file claims can be tested against them.
#pragma once

#include <memory>
#include <vector>

#include "claims/cube_claim.hpp"

namespace nimcert {

// delta(X) of (3): 1 iff the compatibility graph H_X of (2) has one or two edges.
Value manabe_delta(Heap x1, Heap x2, Heap x3);

std::vector<std::unique_ptr<CubeClaim>> manabe_claims();

}  // namespace nimcert
