// libFuzzer harness: reading certificates, on arbitrary bytes.
//
// parse_certificate (the checks before any field is trusted) and, on JSON that parses at
// all, the entries walker and drift, which the gate runs on a committed certificate even when
// it fails those checks.  A refusal is a CertificateError, and a JSON value of the wrong shape
// a nlohmann::json exception, both caught by the command line; a crash, a leak or a hang is a
// bug.  Seeded with the committed certificates (certs/*.cert.json).
#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>

#include "certificate/certificate_file.hpp"
#include "certificate/drift.hpp"
#include "certificate/entries.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    nimcert::parse_certificate(text, "fuzz.cert.json");
  } catch (const nimcert::CertificateError&) {
  }
  try {
    const auto json = nlohmann::ordered_json::parse(text);
    nimcert::entries_of(json);
    nimcert::compare_certificates(json, json);
  } catch (const nlohmann::ordered_json::exception&) {
  }
  return 0;
}
