// Running a program with some text on its standard input and collecting its standard output.
//
// The second solver (cvc5) is a separate binary, run as a child process so that its answer is
// independent of everything linked into nimcert.  No shell is involved: the arguments go to
// execvp as they are.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace nimcert::smt {

struct ProcessResult {
  bool started = false;  // false when the program could not be executed (not on PATH)
  int exit_status = -1;  // the exit code; 128 + signal number when killed by a signal
  std::string output;    // everything written to standard output
  bool timed_out = false;  // killed at the time limit
  double seconds = 0;
};

// Limits on a child: wall-clock milliseconds (then it is killed) and bytes of address space
// (then its allocations fail); 0 is no limit.
struct ProcessLimits {
  unsigned timeout_ms = 0;
  std::uint64_t memory_bytes = 0;
};

// Runs argv[0] (looked up on PATH) with the other arguments, writes `input` to its standard
// input, and waits for it.  Standard error is discarded.  An interrupt kills the child
// (sys/interrupt.hpp); the caller must check for one before reading the result.
ProcessResult run_process(const std::vector<std::string>& argv, const std::string& input,
                          const ProcessLimits& limits = {});

}  // namespace nimcert::smt
