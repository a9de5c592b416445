// A Narrator (pipelines/narrator.hpp) that keeps what it is told, for tests that run a pipeline
// in-process and assert on its lines, tables of checks and drift.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "pipelines/narrator.hpp"

namespace nimcert::testing {

class RecordingNarrator final : public Narrator {
 public:
  void line(const std::string& text) override { lines.push_back(text); }
  void checks(const nlohmann::ordered_json& certificate, const AnswerProvenance&) override {
    tables.push_back(certificate);
  }
  void drift(const std::vector<Drift>& d) override { drifts.push_back(d); }

  // Whether some line holds `text`.
  bool said(const std::string& text) const {
    for (const std::string& l : lines)
      if (l.find(text) != std::string::npos) return true;
    return false;
  }

  std::vector<std::string> lines;
  std::vector<nlohmann::ordered_json> tables;
  std::vector<std::vector<Drift>> drifts;
};

}  // namespace nimcert::testing
