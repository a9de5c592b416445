// The committed proof files under certs/, read as text and parsed, whole or with one piece of
// text replaced: the mutants by which tests show that a check can fail.
#pragma once

#include <gtest/gtest.h>

#include <string>

#include "checks/proof_input.hpp"
#include "command_support.hpp"
#include "lang/proof_file.hpp"

namespace nimcert::testing {

inline std::string committed(const std::string& name, const std::string& folder = "certs") {
  return read_text(std::string(NIMCERT_SOURCE_DIR) + "/" + folder + "/" + name);
}

// `text` with the first `from` replaced by `to` (a test failure when there is none).
inline std::string replaced(std::string text, const std::string& from, const std::string& to) {
  const auto at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  if (at != std::string::npos) text.replace(at, from.size(), to);
  return text;
}

// The committed proof (under `folder` of the source tree) with the first `from` replaced by
// `to` (unchanged when `from` is empty).
inline smt::ProofFile mutant(const std::string& name, const std::string& from,
                             const std::string& to, const std::string& folder = "certs") {
  const std::string text = committed(name, folder);
  return parse_proof_file(from.empty() ? text : replaced(text, from, to), name);
}

// The parse error of a proof text named t.proof, or "no error".
inline std::string parse_error(const std::string& text) {
  try {
    parse_proof_file(text, "t.proof");
  } catch (const smt::ParseError& e) {
    return e.what();
  }
  return "no error";
}

}  // namespace nimcert::testing
