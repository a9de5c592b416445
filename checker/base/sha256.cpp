// SHA-256 via OpenSSL EVP (see sha256.hpp).
#include "base/sha256.hpp"

#include <openssl/evp.h>
#include <openssl/hmac.h>

#include <bit>
#include <stdexcept>
#include <vector>

namespace nimcert {

Sha256::Sha256() : ctx_(EVP_MD_CTX_new()) {
  if (!ctx_ || EVP_DigestInit_ex(ctx_, EVP_sha256(), nullptr) != 1)
    throw std::runtime_error("OpenSSL: cannot initialise SHA-256");
}

Sha256::~Sha256() { EVP_MD_CTX_free(ctx_); }

void Sha256::update(const void* data, std::size_t bytes) {
  if (EVP_DigestUpdate(ctx_, data, bytes) != 1) throw std::runtime_error("OpenSSL: SHA-256 update");
}

void Sha256::update_le32(std::span<const std::uint32_t> values) {
  if constexpr (std::endian::native == std::endian::little) {
    update(values.data(), values.size_bytes());
  } else {
    std::vector<unsigned char> buffer(values.size() * 4);
    for (std::size_t i = 0; i < values.size(); ++i)
      for (int b = 0; b < 4; ++b)
        buffer[4 * i + b] = static_cast<unsigned char>(values[i] >> (8 * b));
    update(buffer.data(), buffer.size());
  }
}

std::array<unsigned char, 32> Sha256::digest() {
  std::array<unsigned char, 32> out{};
  unsigned int length = 0;
  if (EVP_DigestFinal_ex(ctx_, out.data(), &length) != 1 || length != out.size())
    throw std::runtime_error("OpenSSL: SHA-256 final");
  return out;
}

std::string Sha256::hex_digest() {
  static const char* hex = "0123456789abcdef";
  std::string s;
  for (const unsigned char byte : digest()) {
    s += hex[byte >> 4];
    s += hex[byte & 15];
  }
  return s;
}

std::string Sha256::hmac(std::string_view key, std::string_view text) {
  unsigned char out[EVP_MAX_MD_SIZE];
  unsigned int length = 0;
  if (!HMAC(EVP_sha256(), key.data(), static_cast<int>(key.size()),
            reinterpret_cast<const unsigned char*>(text.data()), text.size(), out, &length))
    throw std::runtime_error("OpenSSL: HMAC-SHA256");
  static const char* hex = "0123456789abcdef";
  std::string s;
  for (unsigned int i = 0; i < length; ++i) {
    s += hex[out[i] >> 4];
    s += hex[out[i] & 15];
  }
  return s;
}

std::string Sha256::of(std::string_view text) {
  Sha256 h;
  h.update(text.data(), text.size());
  return h.hex_digest();
}

}  // namespace nimcert
