// Running MONA on a query and reading its answer.
//
// MONA (Debian package mona, version 1.4) runs as a child process on the program text, so its
// verdict is independent of everything linked into nimcert.  Its answer is "valid" (the
// statement holds for every assignment of naturals), a counterexample (the least one, as sets
// of bit positions, converted here to decimal naturals for the exact evaluator to re-check),
// or unknown: a time limit, its memory exhausted, output it did not give.  A missing binary is
// an error, never a skipped check.
#pragma once

#include <map>
#include <string>

#include "ws1s/translation.hpp"

namespace nimcert::smt {

inline constexpr const char* kMonaBinary = "mona";

struct MonaRun {
  enum class Answer { Valid, Counterexample, Unknown } answer = Answer::Unknown;
  std::map<std::string, std::string> counterexample;  // variable -> decimal natural
  std::string note;                                    // why unknown
  // The largest minimized automaton MONA built on the way (its -s statistics).
  unsigned states = 0, bdd_nodes = 0;
  double seconds = 0;
};

const char* mona_answer_name(MonaRun::Answer a);  // "valid", "counterexample", "unknown"

// MONA's answer on the query within timeout_ms and memory_bytes; throws std::runtime_error
// when the binary cannot be run at all.
MonaRun run_mona(const MonaQuery& query, unsigned timeout_ms, std::uint64_t memory_bytes,
                 const std::string& binary = kMonaBinary);

// "1.4-18"; throws std::runtime_error when MONA cannot be run.
std::string mona_version(const std::string& binary = kMonaBinary);

}  // namespace nimcert::smt
