// Work counted where it is done: polling for interrupts by elapsed work, and a limit on the
// work of a check.
//
// A loop that polls once per row is deaf when one row is the whole job: a parameter with 2^32
// choices at one position kept `certify` busy for hours past Ctrl-C.  Every choice a declared
// game's enumeration walks is counted here, on the thread that walks it; every kPollEvery
// counts the interrupt flag is read.  A check with a documented limit on its work (the rules
// check) opens a WorkLimit for its scope, and the count reports when the limit is reached, so
// that the enumeration can stop with the position and the move that reached it.
#pragma once

#include <cstdint>

#include "sys/interrupt.hpp"

namespace nimcert {

inline constexpr std::uint64_t kPollEvery = 4096;

namespace detail {
struct WorkCount {
  std::uint64_t done = 0;
  std::uint64_t limit = UINT64_MAX;  // UINT64_MAX: no limit in force
};
inline thread_local WorkCount work_count;
}  // namespace detail

// `units` units of work done (choices walked; a batch counts them at once): throws
// smt::Interrupted when an interrupt was requested (read each time the count passes a multiple
// of kPollEvery); false once a WorkLimit in force is exhausted.
inline bool count_work(std::uint64_t units = 1) {
  detail::WorkCount& w = detail::work_count;
  const std::uint64_t before = w.done;
  w.done += units;
  if (w.done / kPollEvery != before / kPollEvery) smt::throw_if_interrupted();
  return w.done <= w.limit;
}

// At most `units` units of work on this thread while alive (they are not nested).
class WorkLimit {
 public:
  explicit WorkLimit(std::uint64_t units) : saved_(detail::work_count) {
    detail::work_count.limit =
        detail::work_count.done > UINT64_MAX - units ? UINT64_MAX : detail::work_count.done + units;
  }
  ~WorkLimit() { detail::work_count.limit = saved_.limit; }
  WorkLimit(const WorkLimit&) = delete;
  WorkLimit& operator=(const WorkLimit&) = delete;

 private:
  detail::WorkCount saved_;
};

}  // namespace nimcert
