// One core for one solver run (see core_slot.hpp).
#include "sys/core_slot.hpp"

#include <algorithm>
#include <semaphore>
#include <thread>

namespace nimcert::smt {

namespace {

std::counting_semaphore<256>& cores() {
  static std::counting_semaphore<256> free_cores(
      std::clamp<std::ptrdiff_t>(std::thread::hardware_concurrency(), 1, 256));
  return free_cores;
}

}  // namespace

CoreSlot::CoreSlot() { cores().acquire(); }

CoreSlot::~CoreSlot() { cores().release(); }

}  // namespace nimcert::smt
