// Reading and validating certificates (see certificate_file.hpp).
#include "certificate/certificate_file.hpp"

#include <fmt/format.h>

#include "base/regular_file.hpp"
#include "certificate/certificate.hpp"

namespace nimcert {

namespace {

using Json = nlohmann::ordered_json;

// The largest certificate read: far past any nimcert writes (the committed ones are under
// 200 KB), and small enough that a wrong path never fills the memory.
constexpr std::uint64_t kMaxCertificateBytes = std::uint64_t{256} << 20;

// Requires field `key` of `object` to have the given JSON type; `where` names the object.
const Json& field(const Json& object, const char* key, Json::value_t type, const std::string& where,
                  const std::string& name) {
  if (!object.is_object() || !object.contains(key))
    throw CertificateError(
        fmt::format("{}: not a valid certificate: {} has no \"{}\"", name, where, key));
  const Json& value = object[key];
  const bool number = type == Json::value_t::number_unsigned &&
                      value.type() == Json::value_t::number_integer && value.get<long long>() >= 0;
  if (value.type() != type && !number)
    throw CertificateError(
        fmt::format("{}: not a valid certificate: {}.{} has the wrong type", name, where, key));
  return value;
}

}  // namespace

Json parse_certificate(const std::string& text, const std::string& name) {
  Json c;
  try {
    c = Json::parse(text);
  } catch (const Json::exception& e) {  // malformed, truncated, or a number out of range
    throw CertificateError(
        fmt::format("{}: not a certificate (truncated or malformed JSON): {}", name, e.what()));
  }
  using T = Json::value_t;
  if (!c.is_object() || !c.contains("format") || c["format"] != "nimcert-certificate")
    throw CertificateError(name +
                           ": not a nimcert certificate (no \"format\": \"nimcert-certificate\")");
  const Json& version = field(c, "format_version", T::number_unsigned, "the certificate", name);
  if (version != kCertificateFormatVersion)
    throw CertificateError(
        fmt::format("{}: certificate format version {} (this nimcert reads {}); "
                    "regenerate it with nimcert certify",
                    name, version.dump(), kCertificateFormatVersion));
  if (c.contains("incomplete"))
    throw CertificateError(name + ": the record of an incomplete run (" + c["incomplete"].dump() +
                           "), not a certificate");
  const Json& proof = field(c, "proof", T::object, "the certificate", name);
  field(proof, "file", T::string, "proof", name);
  field(proof, "sha256", T::string, "proof", name);
  field(c, "solvers", T::object, "the certificate", name);
  field(c, "lemmas", T::array, "the certificate", name);
  field(c, "trust", T::array, "the certificate", name);
  const Json& verdict = field(c, "verdict", T::string, "the certificate", name);
  if (verdict != "holds" && verdict != "fails" && verdict != "unknown")
    throw CertificateError(name + ": not a valid certificate: verdict " + verdict.dump());
  if (c.contains("exhaustive") && !c["exhaustive"].is_null())
    field(c["exhaustive"], "N", T::number_unsigned, "exhaustive", name);
  const Json& digest = field(c, "stable_sha256", T::string, "the certificate", name);
  if (digest != stable_digest(c))
    throw CertificateError(
        name +
        ": the certificate was edited after nimcert wrote it (its stable_sha256 does "
        "not match its content); regenerate it with nimcert certify");
  return c;
}

std::string read_certificate_text(const std::string& path) {
  // Never blocks on a FIFO, and refuses anything but a regular file of sane size.
  std::optional<std::string> text;
  try {
    text = read_regular_file(path, kMaxCertificateBytes);
  } catch (const std::runtime_error& e) {
    throw CertificateError(path + ": cannot read the certificate (" + e.what() + ")");
  }
  if (!text) throw CertificateError(path + ": cannot read the certificate (no such file)");
  return *text;
}

Json read_certificate(const std::string& path) {
  return parse_certificate(read_certificate_text(path), path);
}

}  // namespace nimcert
