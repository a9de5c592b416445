// Exact evaluation of proof-language expressions over naturals of any size.
//
// A counterexample MONA prints is a tuple of finite sets of bit positions, that is, naturals
// with no bound: `(x >> 64) == 0` fails first at x = 2^64, which no machine word holds.  Before
// such a counterexample is reported, this evaluator (a plain recursive one over GMP integers,
// sharing nothing with the WS1S translation) must find that it really violates the statement.
// Values are passed as decimal strings so that no arbitrary-precision type leaks into callers.
#pragma once

#include <map>
#include <optional>
#include <string>

#include "lang/ast.hpp"

namespace nimcert::smt {

// No value beyond this many bits is computed (a shift by a huge amount): the evaluation then
// gives no answer rather than exhausting memory.
inline constexpr unsigned long kMaxExactBits = 1ul << 20;

// The value of the expanded expression at `values` (variable -> decimal natural), in decimal;
// nullopt when a value would exceed kMaxExactBits.  Throws std::invalid_argument for a call
// or an unbound variable.
std::optional<std::string> evaluate_exactly(const ExprPtr& e,
                                            const std::map<std::string, std::string>& values);

}  // namespace nimcert::smt
