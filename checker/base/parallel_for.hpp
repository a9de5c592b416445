// parallel_for: run task(0..count) on a few threads, each index exactly once.
//
// The exhaustive checks split independent work (faces of the cube, blocks of a lemma's
// range) over the machine's cores.  Indices are handed out in increasing order from a shared
// counter; results go wherever the task puts them, so the outcome never depends on the
// thread count.  The first exception a task throws is rethrown to the caller after every
// thread has stopped taking work.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace nimcert {

template <class Task>
void parallel_for(std::size_t count, unsigned threads, const Task& task) {
  std::atomic<std::size_t> next{0};
  std::atomic<bool> failed{false};
  std::exception_ptr error;
  std::mutex error_mutex;
  auto work = [&] {
    for (std::size_t i; !failed.load() && (i = next.fetch_add(1)) < count;) {
      try {
        task(i);
      } catch (...) {
        const std::lock_guard lock(error_mutex);
        if (!error) error = std::current_exception();
        failed.store(true);
      }
    }
  };
  const std::size_t helpers = std::min<std::size_t>(std::max(1u, threads), count) - (count > 0);
  std::vector<std::jthread> pool;
  for (std::size_t t = 0; t < helpers; ++t) pool.emplace_back(work);
  work();
  for (auto& t : pool) t.join();
  if (error) std::rethrow_exception(error);
}

}  // namespace nimcert
