// Reading a certificate back: the checks that come before trusting a single field of it.
//
// A truncated, malformed or hand-edited certificate is refused with a message that says
// which file and what is wrong; the command line turns the refusal into exit status 2.  A
// hand edit is caught by the recorded stable_sha256; an edit that also recomputes it is
// caught by `nimcert verify`, which re-runs every check.
#pragma once

#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>

namespace nimcert {

struct CertificateError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The certificate at path, parsed and validated (format, version, required fields, digest).
nlohmann::ordered_json read_certificate(const std::string& path);
// The file's bytes, unparsed (for a reader that tells a proof's certificate from an automaton
// certificate first); throws CertificateError when it cannot be read.
std::string read_certificate_text(const std::string& path);

// The same checks on text already read; `name` is used in messages.
nlohmann::ordered_json parse_certificate(const std::string& text, const std::string& name);

}  // namespace nimcert
