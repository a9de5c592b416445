// SHA-256 through OpenSSL's EVP interface, incrementally or in one call, as lowercase hex.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>

struct evp_md_ctx_st;

namespace nimcert {

class Sha256 {
 public:
  Sha256();
  ~Sha256();
  Sha256(const Sha256&) = delete;
  Sha256& operator=(const Sha256&) = delete;

  void update(const void* data, std::size_t bytes);
  // Values as little-endian uint32, whatever the machine's byte order (the Grundy tables'
  // canonical form).
  void update_le32(std::span<const std::uint32_t> values);
  std::string hex_digest();                // finishes the hash; the object is spent afterwards
  std::array<unsigned char, 32> digest();  // the same, as 32 bytes

  static std::string of(std::string_view text);
  // HMAC-SHA256 of `text` under `key`, as lowercase hex.
  static std::string hmac(std::string_view key, std::string_view text);

 private:
  evp_md_ctx_st* ctx_;
};

}  // namespace nimcert
