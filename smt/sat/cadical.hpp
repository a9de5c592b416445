// CaDiCaL, the SAT solver of the third route, run as a child process like cvc5: the CNF on its
// standard input, its DRAT proof (text) and its verdict on its standard output.
//
// Its proof is evidence to be checked (drat_checker.hpp), never an answer by itself: an
// "unsat" without a proof that checks is reported as no checked proof.
#pragma once

#include <cstdint>
#include <string>

namespace nimcert::smt {

struct SatRun {
  enum class Verdict { Unsat, Sat, Unknown } verdict = Verdict::Unknown;
  std::string proof;  // the DRAT text when unsat
  std::string note;   // why unknown: the time limit, an exit status
  double seconds = 0;
};

// Runs `binary` (default "cadical") on the DIMACS text with a wall-clock limit and, when
// `conflicts` is not 0, CaDiCaL's own limit on conflicts (-c): deterministic, so that the same
// CNF gets the same outcome on every machine and under any load; the wall clock is then only a
// safety net.  Throws std::runtime_error when it cannot be started.
SatRun solve_with_cadical(const std::string& dimacs, unsigned timeout_ms,
                          const std::string& binary = "cadical", std::uint64_t conflicts = 0);

// The options CaDiCaL runs with, as the certificate records them (solvers.cadical.options):
// its configuration for unsatisfiable instances, which every query of a proof that holds is.
// On Levine's (3) and binary-rule (b) at w = 64 it solves in 1.3 s and 1.1 s instead of 2.0
// and 1.9 s, with proofs of 10.5 and 12.6 MB instead of 18.8 and 26.2, which nimcert's
// checkers then read and check (2026-12-06).
inline constexpr const char* kCadicalOptions = "--unsat";

// The version `binary --version` prints ("sc2021" for Debian 12's 1.5.3).
std::string cadical_version(const std::string& binary = "cadical");

}  // namespace nimcert::smt
