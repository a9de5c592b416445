// CaDiCaL, the SAT solver of the third route, run as a child process like cvc5: the CNF on its
// standard input, its DRAT proof (text) and its verdict on its standard output.
//
// Its proof is evidence to be checked (drat_checker.hpp), never an answer by itself: an
// "unsat" without a proof that checks is reported as no checked proof.
#pragma once

#include <string>

namespace nimcert::smt {

struct SatRun {
  enum class Verdict { Unsat, Sat, Unknown } verdict = Verdict::Unknown;
  std::string proof;  // the DRAT text when unsat
  std::string note;   // why unknown: the time limit, an exit status
  double seconds = 0;
};

// Runs `binary` (default "cadical") on the DIMACS text with a wall-clock limit.  Throws
// std::runtime_error when it cannot be started.
SatRun solve_with_cadical(const std::string& dimacs, unsigned timeout_ms,
                          const std::string& binary = "cadical");

// The version `binary --version` prints ("sc2021" for Debian 12's 1.5.3).
std::string cadical_version(const std::string& binary = "cadical");

}  // namespace nimcert::smt
