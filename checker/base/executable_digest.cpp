// The running binary's SHA-256 (see executable_digest.hpp).
#include "base/executable_digest.hpp"

#include <stdexcept>

#include "base/regular_file.hpp"
#include "base/sha256.hpp"

namespace nimcert {

namespace {

// Larger than any nimcert build (a release binary is about 5 MB, a debug one some 100 MB).
constexpr std::uint64_t kMaxBinaryBytes = std::uint64_t{1} << 30;

std::string digest_of_self() {
  const std::optional<std::string> bytes = read_regular_file("/proc/self/exe", kMaxBinaryBytes);
  if (!bytes || bytes->empty())
    throw std::runtime_error("cannot read /proc/self/exe: no digest of this nimcert");
  return Sha256::of(*bytes);
}

}  // namespace

const std::string& executable_sha256() {
  // Computed once (a throw leaves it to the next call, which reads again).
  static const std::string digest = digest_of_self();
  return digest;
}

}  // namespace nimcert
