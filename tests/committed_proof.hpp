// The committed proof files under certs/, read as text and parsed, whole or with one piece of
// text replaced: the mutants by which tests show that a check can fail.
#pragma once

#include <gtest/gtest.h>

#include <string>

#include "checks/proof_input.hpp"
#include "command_support.hpp"
#include "lang/proof_file.hpp"

namespace nimcert::testing {

inline std::string committed(const std::string& name) {
  return read_text(std::string(NIMCERT_SOURCE_DIR) + "/certs/" + name);
}

// The committed proof with the first `from` replaced by `to` (unchanged when `from` is empty).
inline smt::ProofFile mutant(const std::string& name, const std::string& from,
                             const std::string& to) {
  std::string text = committed(name);
  if (!from.empty()) {
    const auto at = text.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    if (at != std::string::npos) text.replace(at, from.size(), to);
  }
  return parse_proof_file(text, name);
}

}  // namespace nimcert::testing
