// Refusing work that cannot fit in memory, up front, with the estimate.
//
// A cube too large for the machine would otherwise fail minutes later, or drive the machine
// into swap; the sweep's allocation is known before it starts (CubeEngine::sweep_bytes).
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>

namespace nimcert {

struct ResourceError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The memory the kernel says is available now (MemAvailable), in bytes.
std::uint64_t available_memory_bytes();

// Throws ResourceError naming `what`, the estimate, the available memory and `remedy` (the
// limit to lower: "choose a smaller 'last'") when `bytes` exceeds what is available.
void require_memory(std::uint64_t bytes, const std::string& what, const std::string& remedy);

}  // namespace nimcert
