// The running binary's SHA-256 (see executable_digest.hpp).
#include "base/executable_digest.hpp"

#include <fstream>
#include <mutex>
#include <stdexcept>
#include <vector>

#include "base/sha256.hpp"

namespace nimcert {

namespace {

std::string digest_of_self() {
  std::ifstream in("/proc/self/exe", std::ios::binary);
  if (!in) throw std::runtime_error("cannot read /proc/self/exe: no digest of this nimcert");
  Sha256 sha;
  std::vector<char> buffer(1 << 20);
  std::uint64_t bytes = 0;
  while (in) {
    in.read(buffer.data(), static_cast<std::streamsize>(buffer.size()));
    const auto got = static_cast<std::size_t>(in.gcount());
    sha.update(buffer.data(), got);
    bytes += got;
  }
  if (in.bad() || bytes == 0)
    throw std::runtime_error("cannot read /proc/self/exe: no digest of this nimcert");
  return sha.hex_digest();
}

}  // namespace

const std::string& executable_sha256() {
  static std::once_flag once;
  static std::string digest;
  static std::string error;
  std::call_once(once, [] {
    try {
      digest = digest_of_self();
    } catch (const std::runtime_error& e) {
      error = e.what();
    }
  });
  if (digest.empty()) throw std::runtime_error(error);
  return digest;
}

}  // namespace nimcert
