// CaDiCaL as a child process (see cadical.hpp).
#include "sat/cadical.hpp"

#include <stdexcept>
#include <vector>

#include "sys/interrupt.hpp"
#include "sys/subprocess.hpp"

namespace nimcert::smt {

namespace {

std::runtime_error not_runnable(const std::string& binary) {
  return std::runtime_error("cannot run the SAT solver '" + binary +
                            "': install the Debian package cadical (scripts/install-deps.sh)");
}

}  // namespace

SatRun solve_with_cadical(const std::string& dimacs, unsigned timeout_ms, const std::string& binary,
                          std::uint64_t conflicts) {
  // -q: no banner; --no-binary: a text proof; "- -": the CNF from stdin, the proof to stdout,
  // followed by the status line "s UNSATISFIABLE"; -c N: at most N conflicts, then
  // "c UNKNOWN" and exit status 0; kCadicalOptions (cadical.hpp).
  std::vector<std::string> command = {binary, "-q", "--no-binary", kCadicalOptions};
  if (conflicts != 0) command.insert(command.end(), {"-c", std::to_string(conflicts)});
  command.insert(command.end(), {"-", "-"});
  const ProcessResult run = run_process(command, dimacs, ProcessLimits{timeout_ms, 0});
  if (!run.started) throw not_runnable(binary);
  throw_if_interrupted();
  SatRun out;
  out.seconds = run.seconds;
  if (run.timed_out) {
    out.note = "CaDiCaL stopped at the time limit of " + std::to_string(timeout_ms) + " ms";
    return out;
  }
  const std::string unsat = "s UNSATISFIABLE\n", sat = "s SATISFIABLE\n";
  const std::size_t status = run.output.rfind("s ");
  if (run.exit_status == 20 && status != std::string::npos &&
      run.output.compare(status, unsat.size(), unsat) == 0) {
    out.verdict = SatRun::Verdict::Unsat;
    out.proof = run.output.substr(0, status);
  } else if (run.exit_status == 10 && status != std::string::npos &&
             run.output.compare(status, sat.size(), sat) == 0) {
    out.verdict = SatRun::Verdict::Sat;
  } else if (conflicts != 0 && run.exit_status == 0 &&
             run.output.rfind("c UNKNOWN") != std::string::npos) {
    out.note = "CaDiCaL stopped at its limit of " + std::to_string(conflicts) + " conflicts";
  } else {
    out.note = "CaDiCaL exited with status " + std::to_string(run.exit_status);
  }
  return out;
}

std::string cadical_version(const std::string& binary) {
  const ProcessResult run = run_process({binary, "--version"}, "");
  if (!run.started || run.exit_status != 0) throw not_runnable(binary);
  std::string v = run.output;
  while (!v.empty() && (v.back() == '\n' || v.back() == '\r')) v.pop_back();
  return v;
}

}  // namespace nimcert::smt
