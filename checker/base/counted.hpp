// Counted nouns for messages: "1 proof file", "4 proof files", "3 entries".  Every layer that
// reports counts says them the same way, from this one function.
#pragma once

#include <fmt/format.h>

#include <cstddef>
#include <string>

namespace nimcert {

// n and the noun, singular for 1; `things` is the plural when it is not `thing` + "s".
inline std::string count_of(std::size_t n, const char* thing, const char* things = nullptr) {
  if (n == 1) return fmt::format("1 {}", thing);
  return things ? fmt::format("{} {}", n, things) : fmt::format("{} {}s", n, thing);
}

}  // namespace nimcert
