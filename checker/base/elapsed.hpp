// Seconds since a moment of the steady clock: the timings every report keeps apart from its
// results (certificates record them under "run", discover prints them).
#pragma once

#include <chrono>

namespace nimcert {

inline double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace nimcert
