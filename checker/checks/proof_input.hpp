// Reading a proof file for checking: parsed against the game registry's catalog, and each
// induction's claim site resolved to the game it speaks of.
//
// The proof language knows no game (lang/proof_file.hpp); this is where the two meet, so that
// the parser stays syntactic and every check receives a file whose games are settled.
#pragma once

#include <string>

#include "lang/proof_file.hpp"

namespace nimcert {

// Throws smt::ParseError ("file:line:col: expected ...") for bad input.
smt::ProofFile parse_proof_file(const std::string& text, const std::string& path);

// The same for a file on disk; throws std::runtime_error when it cannot be read.
smt::ProofFile read_proof_file(const std::string& path);

}  // namespace nimcert
