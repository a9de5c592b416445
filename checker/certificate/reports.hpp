// Reports for CI: JUnit XML (one test case per check) and a Markdown summary.
//
// Both are built from certificates (and the drift found by the gate), never from internal
// state, so a report says exactly what the certificate says.  A check is a claim on the
// cube, one solver's answer at one width, a lemma's enumeration, or one drifted entry.
#pragma once

#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "certificate/drift.hpp"
#include "certificate/entries.hpp"

namespace nimcert {

struct CheckRow {
  std::string suite;                            // the proof file
  std::string name;                             // "lemma (13): cvc5 w64"
  std::string status;                           // "holds", "fails", "unknown" or "drift"
  std::string detail;                           // the counterexample, the note, or what drifted
  EntryRow::Kind kind = EntryRow::Kind::Check;  // what the row shows (a drift row: Check)
  double seconds = -1;                          // as recorded in the run; -1 when not
  std::string answer_source = {};  // a reused solver answer's source ("base 1a2b3c4d5e6f", "cache")
  bool whole_report = false;  // answer_source is where an exhaustive block's report came from
};

// Where reused answers came from, by the SHA-256 a certificate records for each query.
using AnswerProvenance = std::map<std::string, std::string>;

// One row per check recorded in the certificate.
std::vector<CheckRow> check_rows(const nlohmann::ordered_json& certificate,
                                 const AnswerProvenance& provenance = {});

// One row per drifted entry of a proof's certificate.
std::vector<CheckRow> drift_rows(const std::string& suite, const std::vector<Drift>& drift,
                                 const std::string& regenerate);

std::string junit_xml(const std::vector<CheckRow>& rows);
std::string markdown_summary(const std::vector<CheckRow>& rows, const std::string& verdict_line);

}  // namespace nimcert
