// A progress report for the long runs of the value engines (octal_values, the split engine):
// the engine calls it every 2^16 values, and it sets the program's activity line
// (sys/activity.hpp) to "WHAT: G(n) of LAST (RATE values/s, about S s left)", which the
// command line shows on stderr while it waits.  Nothing else: the values never depend on it.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

namespace nimcert {

std::function<void(std::uint64_t, std::uint64_t)> activity_progress(std::string what);

}  // namespace nimcert
