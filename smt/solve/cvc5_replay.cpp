// Replaying queries with cvc5 (see cvc5_replay.hpp).
#include "solve/cvc5_replay.hpp"

#include <chrono>
#include <regex>
#include <stdexcept>
#include <vector>

#include "sys/interrupt.hpp"
#include "sys/subprocess.hpp"

namespace nimcert::smt {

namespace {

std::runtime_error not_runnable(const std::string& binary) {
  return std::runtime_error("cannot run the second solver '" + binary +
                            "': install the Debian package cvc5 (scripts/install-deps.sh)");
}

}  // namespace

SecondOpinion replay_with_cvc5(const std::string& smt2, unsigned timeout_ms,
                               const std::string& binary) {
  const auto start = std::chrono::steady_clock::now();
  std::vector<std::string> arguments = {binary, "--lang=smt2",
                                        "--tlimit-per=" + std::to_string(timeout_ms)};
  if (logic_of(smt2) == "QF_BV") arguments.emplace_back(kCvc5QuantifierFreeOption);
  const ProcessResult run = run_process(arguments, smt2);
  if (!run.started) throw not_runnable(binary);
  throw_if_interrupted();
  SecondOpinion out;
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::string first_line = run.output.substr(0, run.output.find('\n'));
  out.answered = run.exit_status == 0 &&
                 (first_line == "unsat" || first_line == "sat" || first_line == "unknown");
  if (run.exit_status == 0 && first_line == "unsat") {
    out.answer = Answer::Unsat;
  } else if (run.exit_status == 0 && first_line == "sat") {
    out.answer = Answer::Sat;
  } else if (run.exit_status == 0 && first_line == "unknown") {
    out.note = "cvc5 answered unknown (time limit " + std::to_string(timeout_ms) + " ms)";
  } else if (run.exit_status > 128) {  // killed by a signal: a crash, not a time limit
    out.note = "cvc5 crashed (exit status " + std::to_string(run.exit_status) + ", signal " +
               std::to_string(run.exit_status - 128) +
               (run.exit_status == 134   ? ", SIGABRT"
                : run.exit_status == 139 ? ", SIGSEGV"
                                         : "") +
               ")" + (first_line.empty() ? std::string() : " after printing '" + first_line + "'");
  } else {
    out.note = "cvc5 exited with status " + std::to_string(run.exit_status) +
               (first_line.empty() ? std::string() : " after printing '" + first_line + "'");
  }
  return out;
}

std::string cvc5_version(const std::string& binary) {
  const ProcessResult run = run_process({binary, "--version"}, "");
  if (!run.started || run.exit_status != 0) throw not_runnable(binary);
  std::smatch m;
  static const std::regex version(R"(cvc5 version ([0-9][0-9A-Za-z.\-]*))");
  if (!std::regex_search(run.output, m, version))
    throw std::runtime_error("cannot read cvc5's version from '" + binary + " --version'");
  return m[1];
}

}  // namespace nimcert::smt
