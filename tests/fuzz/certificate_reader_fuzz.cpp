// libFuzzer harness: reading certificates, on arbitrary bytes.
//
// parse_certificate (the checks before any field is trusted) and, on JSON that parses at
// all, the entries walker, the report rows, drift, and show's document in its three
// renderings, which read far more fields than the reader checks.  A refusal is a CertificateError, and a JSON value of the wrong shape
// a nlohmann::json exception, both caught by the command line; a crash, a leak or a hang is a
// bug.  Seeded with the committed certificates (certs/*.cert.json).
#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>

#include "certificate/certificate_file.hpp"
#include "certificate/drift.hpp"
#include "certificate/entries.hpp"
#include "certificate/render/document.hpp"
#include "certificate/reports.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    nimcert::parse_certificate(text, "fuzz.cert.json");
  } catch (const nimcert::CertificateError&) {
  }
  try {
    const auto json = nlohmann::ordered_json::parse(text);
    nimcert::entries_of(json);
    nimcert::check_rows(json);
    nimcert::compare_certificates(json, json);
    const nimcert::Document d = nimcert::certificate_document(json);
    nimcert::render_text(d);
    nimcert::render_markdown(d);
    nimcert::render_html(d);
  } catch (const nlohmann::ordered_json::exception&) {
  }
  return 0;
}
