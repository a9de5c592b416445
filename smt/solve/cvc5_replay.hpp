// The second opinion: each Z3 query replayed by the cvc5 command-line solver.
//
// A verdict is trusted more when two independent solvers agree on the same text (as in
// SMT-COMP's trusted status).  cvc5 runs as a separate process on the exported SMT-LIB 2.6
// benchmark with its :status line reset to unknown: cvc5 aborts when its answer contradicts
// a declared status, which would turn a disagreement into a crash instead of an answer.
#pragma once

#include <string>

#include "solve/answer.hpp"

namespace nimcert::smt {

struct SecondOpinion {
  Answer answer = Answer::Unknown;
  std::string note;  // why unknown: time limit, crash, unreadable output
  double seconds = 0;
  // cvc5 ran and printed sat, unsat or unknown (a crash or unreadable output is not an answer,
  // and is never cached).
  bool answered = false;
};

inline constexpr const char* kCvc5Binary = "cvc5";

// The option cvc5 runs with on a quantifier-free query (`(set-logic QF_BV)`): Boolean terms
// become bit-vectors of width 1 before bit-blasting.  On the 1086 queries of the committed
// proofs, one at a time, cvc5 1.0.3 took 118 s with it against 243 s without (Levine's (3)
// at w = 64, the largest: 12 s against 59 s), with the same answer on every query
// (bench/solver_options.sh, 2026-12-03).  cvc5 refuses it on quantified queries (BV), which
// therefore run with cvc5's defaults.
inline constexpr const char* kCvc5QuantifierFreeOption = "--bool-to-bv=all";
// How certificates, the answer cache and the gate name that configuration: an answer given
// under other options is another solver's answer, never reused as this one's.
inline constexpr const char* kCvc5Options = "--bool-to-bv=all on QF_BV";

// cvc5's answer on the benchmark text (as built, with :status unknown), within timeout_ms.  Throws
// std::runtime_error when the binary cannot be run at all: a missing second solver is an
// infrastructure failure, never a silently skipped check.
SecondOpinion replay_with_cvc5(const std::string& smt2, unsigned timeout_ms,
                               const std::string& binary = kCvc5Binary);

// "1.0.3"; throws std::runtime_error when cvc5 cannot be run.
std::string cvc5_version(const std::string& binary = kCvc5Binary);

}  // namespace nimcert::smt
