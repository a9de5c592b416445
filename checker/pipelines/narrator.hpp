// How a pipeline (certify, gate, verify, discover) tells its user what it found, and how it
// ends.  A pipeline never writes to a stream: it hands each line, each certificate's table of
// checks and each list of drift to a Narrator, in order, and returns an Ending (its exit status
// and its summary line).  The command line (cli/) renders them on the terminal; a test keeps
// them to assert on.  Errors and interrupts are thrown, and become an Ending at the command
// line's boundary (cli/guarded.hpp).
//
// Exit statuses, shared by every pipeline: 0 every verdict holds (and nothing differs from the
// certificate, for verify and gate; a statement proved and written, for discover); 1 a check
// fails or is unknown, something drifted, or nothing was found or proved; 2 bad input or an
// infrastructure failure; 130 interrupted.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "certificate/drift.hpp"
#include "certificate/reports.hpp"

namespace nimcert {

class Narrator {
 public:
  virtual ~Narrator() = default;
  // One line of what the pipeline did or found (no newline).
  virtual void line(const std::string& text) = 0;
  // A certificate's checks, each with its answers; those some of whose solver answers were
  // reused say from where.
  virtual void checks(const nlohmann::ordered_json& certificate,
                      const AnswerProvenance& provenance) = 0;
  // How a fresh certificate differs from the one it is compared with.
  virtual void drift(const std::vector<Drift>& drift) = 0;
};

// The exit status and the summary line, whose first word after the command is the verdict.
struct Ending {
  int status = 2;
  std::string line;
};

}  // namespace nimcert
