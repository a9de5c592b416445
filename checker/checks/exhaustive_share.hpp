// How the exhaustive parts of proofs checked side by side (certify and gate check two proofs
// at a time) share the machine: the cube, which runs on every core, alone; boxes and
// sequences, which run on one thread each, two at a time (one per core) when their memory
// estimates fit together.
//
// Before, one exhaustive part ran at a time in the process.  A cold certify of the committed
// proofs then spent 30 s with one core idle while 0.1777's sequence ran on the other (a proof
// that had reached its own sequences waited for it), and the same again for 0.3F's MONA
// obligations and the misère sums.  The estimates are the preflight's (sequence_bytes,
// BoxValues::bytes, CubeEngine::sweep_bytes); a part is admitted beside others only when the
// estimates of all of them fit in the memory available then, so a part never starts in less
// memory than the preflight promised it, and a part alone is always admitted.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>

namespace nimcert {

class ExhaustiveShare {
 public:
  // `cores` parts of one thread at once at most; `available` says how many bytes of memory are
  // available now (base/memory_budget.hpp's available_memory_bytes in the process).
  ExhaustiveShare(unsigned cores, std::function<std::uint64_t()> available);

  // Holds its share until destroyed.
  class Hold {
   public:
    Hold(ExhaustiveShare& share, unsigned cores, std::uint64_t bytes);
    ~Hold();
    Hold(const Hold&) = delete;
    Hold& operator=(const Hold&) = delete;

   private:
    ExhaustiveShare& share_;
    unsigned cores_;
    std::uint64_t bytes_;
  };

  // Waits for a share of `cores` (at most the machine's: the cube asks for all of them) and
  // `bytes` of estimated memory.
  Hold take(unsigned cores, std::uint64_t bytes) { return Hold(*this, cores, bytes); }

  unsigned cores() const { return cores_; }
  // The parts running now (for tests).
  unsigned running() const;

  // The process's share: one per core of this machine, the memory MemAvailable says.
  static ExhaustiveShare& process();

 private:
  const unsigned cores_;
  const std::function<std::uint64_t()> available_;
  mutable std::mutex mutex_;
  std::condition_variable released_;
  unsigned cores_taken_ = 0, running_ = 0;
  std::uint64_t bytes_taken_ = 0;
};

}  // namespace nimcert
