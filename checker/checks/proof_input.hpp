// Reading a proof file for checking: parsed against the game registry's catalog, each
// induction's claim site resolved to the game it speaks of, and validated against the games.
//
// The proof language knows no game (lang/proof_file.hpp); this is where the two meet, so that
// the parser stays syntactic and every check receives a file whose games are settled.
#pragma once

#include <string>

#include "lang/proof_file.hpp"

namespace nimcert {

// Throws smt::ParseError ("file:line:col: expected ...", a line per error) for bad input,
// including what only the games can tell (a game that cannot be built, a box of a game that
// raises heaps, a rule that is not an expression of n, a hint naming a move the game lacks).
smt::ProofFile parse_proof_file(const std::string& text, const std::string& path,
                                smt::Reading reading = smt::Reading::Checking);

// The bytes of a proof file; throws std::runtime_error when it is missing, not a regular
// file (a folder, a device), or unreadable.
std::string read_proof_text(const std::string& path);

// read_proof_text, then parse_proof_file.
smt::ProofFile read_proof_file(const std::string& path,
                               smt::Reading reading = smt::Reading::Checking);

}  // namespace nimcert
