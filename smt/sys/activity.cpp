// The current step of the run (see activity.hpp).
#include "sys/activity.hpp"

#include <fmt/format.h>

#include <chrono>
#include <mutex>

namespace nimcert::smt {

namespace {

struct Activity {
  std::mutex mutex;
  std::string what, detail;
  std::chrono::steady_clock::time_point since;
};

Activity& activity() {
  static Activity a;
  return a;
}

}  // namespace

void set_activity(const std::string& what) {
  Activity& a = activity();
  const std::lock_guard lock(a.mutex);
  a.what = what;
  a.detail.clear();
  a.since = std::chrono::steady_clock::now();
}

void set_activity_detail(const std::string& detail) {
  Activity& a = activity();
  const std::lock_guard lock(a.mutex);
  a.detail = detail;
}

std::string current_activity() {
  Activity& a = activity();
  const std::lock_guard lock(a.mutex);
  if (a.what.empty()) return "";
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - a.since).count();
  return fmt::format("{}{} ({:.0f} s)", a.what, a.detail.empty() ? "" : ": " + a.detail, seconds);
}

void clear_activity() { set_activity(""); }

}  // namespace nimcert::smt
