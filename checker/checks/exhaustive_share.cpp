// The exhaustive parts' share of the machine (see exhaustive_share.hpp).
#include "checks/exhaustive_share.hpp"

#include <algorithm>
#include <thread>

#include "base/memory_budget.hpp"

namespace nimcert {

ExhaustiveShare::ExhaustiveShare(unsigned cores, std::function<std::uint64_t()> available)
    : cores_(std::max(1u, cores)), available_(std::move(available)) {}

ExhaustiveShare::Hold::Hold(ExhaustiveShare& share, unsigned cores, std::uint64_t bytes)
    : share_(share), cores_(std::clamp(cores, 1u, share.cores_)), bytes_(bytes) {
  std::unique_lock lock(share_.mutex_);
  share_.released_.wait(lock, [&] {
    if (share_.running_ == 0) return true;  // alone: its own preflight decided
    return share_.cores_taken_ + cores_ <= share_.cores_ &&
           share_.bytes_taken_ + bytes_ <= share_.available_();
  });
  share_.cores_taken_ += cores_;
  share_.bytes_taken_ += bytes_;
  ++share_.running_;
}

ExhaustiveShare::Hold::~Hold() {
  {
    const std::lock_guard lock(share_.mutex_);
    share_.cores_taken_ -= cores_;
    share_.bytes_taken_ -= bytes_;
    --share_.running_;
  }
  share_.released_.notify_all();
}

unsigned ExhaustiveShare::running() const {
  const std::lock_guard lock(mutex_);
  return running_;
}

ExhaustiveShare& ExhaustiveShare::process() {
  static ExhaustiveShare share(std::max(1u, std::thread::hardware_concurrency()),
                               available_memory_bytes);
  return share;
}

}  // namespace nimcert
