// Cube claims read from a proof file: the statement is a proof-language expression over
// x1, x2, x3 and G, compiled once for rows along each heap (ClaimRow) and evaluated over each
// row as a batch.
#pragma once

#include <memory>
#include <vector>

#include "claims/cube_claim.hpp"
#include "lang/proof_file.hpp"

namespace nimcert {

std::vector<std::unique_ptr<CubeClaim>> proof_claims(const smt::ProofFile& proof);

}  // namespace nimcert
