// Memory estimates against what the machine has (see memory_budget.hpp).
#include "base/memory_budget.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <fstream>
#include <string>

namespace nimcert {

std::uint64_t available_memory_bytes() {
  std::ifstream meminfo("/proc/meminfo");
  std::string key;
  std::uint64_t kib = 0;
  std::string unit;
  while (meminfo >> key >> kib >> unit)
    if (key == "MemAvailable:") return kib * 1024;
  const long pages = sysconf(_SC_AVPHYS_PAGES), page = sysconf(_SC_PAGESIZE);
  return pages > 0 && page > 0 ? std::uint64_t(pages) * std::uint64_t(page) : UINT64_MAX;
}

void require_memory(std::uint64_t bytes, const std::string& what, const std::string& remedy) {
  const std::uint64_t available = available_memory_bytes();
  if (bytes > available)
    throw ResourceError(fmt::format(
        "{} needs about {:.1f} GiB of memory, more than the {:.1f} GiB available; refusing to "
        "start ({})",
        what, bytes / 1073741824.0, available / 1073741824.0, remedy));
}

}  // namespace nimcert
