// The engines' progress line (see engine_progress.hpp).
#include "checks/engine_progress.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>

#include "sys/activity.hpp"

namespace nimcert {

std::function<void(std::uint64_t, std::uint64_t)> activity_progress(std::string what) {
  const auto start = std::chrono::steady_clock::now();
  return [what = std::move(what), start](std::uint64_t n, std::uint64_t last) {
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const double rate = static_cast<double>(n) / std::max(seconds, 1e-3);
    smt::set_activity(fmt::format("{}: G({}) of {} ({:.3g} values/s, about {:.0f} s left)", what,
                                  n, last, rate, static_cast<double>(last - n) / rate));
  };
}

}  // namespace nimcert
