// Natural numbers wider than a machine word, as the solvers' models and the evaluator's
// re-checks need them.
//
// A Z3 model of a 64-bit lemma can hold values up to 2^64 - 1 and intermediate results up to
// 2^128; both the solver side (reading models) and the evaluator side (re-checking them) use
// this one type, so it lives below both, beside the process utilities.
#pragma once

#include <string>

namespace nimcert::smt {

using u128 = unsigned __int128;

// Decimal digits of v (no printf/iostream support for 128 bits).
std::string u128_to_string(u128 v);

}  // namespace nimcert::smt
