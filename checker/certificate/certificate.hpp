// The certificate: a JSON record of what was checked and with what outcome.
//
// Format version 6 (documented in README.md).  Everything except the "run" object is a
// function of the inputs and of nimcert's version, so two runs give byte-identical files
// once "run" is removed; "run" holds what legitimately differs between runs: timings, host,
// and the build's git commit and compiler (a committed certificate cannot name the commit
// that contains it).
#pragma once

#include <map>
#include <nlohmann/json.hpp>
#include <string>

#include "checks/proof_check.hpp"

namespace nimcert {

inline constexpr int kCertificateFormatVersion = 6;

struct RunInfo {
  double seconds = 0;
};

// The whole certificate of a checked proof file.
nlohmann::ordered_json make_certificate(const ProofReport& report, const RunInfo& run);

// The evidence the certificate names, by its paths relative to the certificate's folder: the
// checked DRAT proofs ("PROOF.drat/LABEL-wW.drat") and the automata route's evidence
// ("PROOF.drat/STEM-DIGEST.automata"): kept beside the certificate, never in it.
std::map<std::string, std::string> evidence_files(const ProofReport& report);

// The certificate without its "run" object: what must be identical from run to run.
nlohmann::ordered_json stable_part(nlohmann::ordered_json certificate);

// SHA-256 of the stable part's canonical text without "stable_sha256" itself: recorded in
// the certificate, so a hand edit that does not also recompute it is caught on reading.
std::string stable_digest(nlohmann::ordered_json certificate);

// Canonical text: two-space indentation, insertion order, trailing newline.
std::string certificate_text(const nlohmann::ordered_json& certificate);

}  // namespace nimcert
