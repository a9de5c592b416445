// The terminal's rendering of what a pipeline narrates (pipelines/narrator.hpp): a
// certificate's checks as a table (status, check, wall time, answers; failures first, then
// unknowns, each failing row with its counterexample or note, then each lemma's scope), and a
// list of drift; and the Narrator that prints them on stdout, with the live line on stderr.
#pragma once

#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <vector>

#include "certificate/drift.hpp"
#include "certificate/reports.hpp"
#include "pipelines/narrator.hpp"

namespace nimcert {

// One row per check; a check some of whose solver answers were reused says from where.
void print_checks(const nlohmann::ordered_json& certificate,
                  const AnswerProvenance& provenance = {});
void print_drift(const std::vector<Drift>& drift);

// Prints on stdout as it is told.  While it lives, and only when stderr is a terminal, a live
// line on stderr names what runs (the lemma, width and solver, the cube's slice) and for how
// long, rewritten four times a second and erased at the end; off a terminal nothing, so that
// logs hold the tables only.
class TerminalNarrator final : public Narrator {
 public:
  TerminalNarrator();
  ~TerminalNarrator() override;
  void line(const std::string& text) override;
  void checks(const nlohmann::ordered_json& certificate,
              const AnswerProvenance& provenance) override;
  void drift(const std::vector<Drift>& drift) override;

 private:
  void erase_live_line();
  std::mutex terminal_;  // the ticker's line and the narration, one at a time
  bool shown_ = false;   // a live line is on the terminal
  std::jthread ticker_;  // last: stopped before the members it uses go
};

}  // namespace nimcert
