// Each way of the octal split engine alone, and the plain engine, held against values computed
// by a definition (octal_definition.hpp): the differential the hexadecimal and CGSuite-notation
// tests share.
#pragma once

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "engines/octal_engine.hpp"

namespace nimcert::testing {

// Empty when the plain engine and every way alone give `expected` (G(0..expected.size() - 1)),
// else which one differs.
inline std::string engine_ways_differ(const OctalCode& code,
                                      const std::vector<std::uint32_t>& expected) {
  const std::uint64_t last = expected.size() - 1;
  const OctalValues plain = plain_octal_values(code, last);
  if (!std::equal(expected.begin(), expected.end(), plain.begin()))
    return code.text() + ": the plain engine";
  for (const OctalMethod way :
       {OctalMethod::Sparse, OctalMethod::Periodic, OctalMethod::Direct, OctalMethod::Marking}) {
    const OctalValues g = octal_values(code, last, nullptr, OctalEngineOptions{way, {}});
    if (!std::equal(expected.begin(), expected.end(), g.begin()))
      return fmt::format("{}: way {}", code.text(), static_cast<int>(way));
  }
  return {};
}

}  // namespace nimcert::testing
