// Drift: how a freshly generated certificate differs from a committed one, check by check.
//
// A check is a claim ("claim formula-4"), a lemma ("lemma (13)") or a top-level entry of the
// certificate ("game", "definitions", "solvers", ...).  Only stable parts are compared: the
// "run" object (timings, host, commit) is expected to differ.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace nimcert {

struct Drift {
  enum class Kind { Added, Removed, Changed } kind;
  std::string check;   // "lemma (13)"
  std::string detail;  // for Changed: the first differing fields, "/verdict: "holds" -> "fails""
};

const char* drift_kind_name(Drift::Kind k);  // "added", "removed", "changed"

std::vector<Drift> compare_certificates(const nlohmann::ordered_json& committed,
                                        const nlohmann::ordered_json& fresh);

}  // namespace nimcert
