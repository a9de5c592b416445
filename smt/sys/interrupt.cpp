// Interrupts (see interrupt.hpp).
#include "sys/interrupt.hpp"

#include <pthread.h>
#include <signal.h>

#include <atomic>
#include <map>
#include <mutex>
#include <thread>

namespace nimcert::smt {

namespace {

std::atomic<bool> flag{false};
std::mutex cancels_mutex;
std::map<unsigned long, std::function<void()>> cancels;
unsigned long next_id = 0;

// The signals watched: SIGINT and SIGTERM always; SIGHUP unless the process started with it
// ignored (nohup asks for exactly that).  SIGUSR2 ends the watch.
sigset_t watched_signals() {
  sigset_t set;
  sigemptyset(&set);
  for (int s : {SIGINT, SIGTERM, SIGUSR2}) sigaddset(&set, s);
  struct sigaction hangup {};
  sigaction(SIGHUP, nullptr, &hangup);
  if (hangup.sa_handler != SIG_IGN) sigaddset(&set, SIGHUP);
  return set;
}

std::thread watcher;

}  // namespace

bool interrupted() { return flag.load(std::memory_order_relaxed); }

void throw_if_interrupted() {
  if (interrupted()) throw Interrupted();
}

void request_interrupt() {
  if (flag.exchange(true)) return;  // the first request cancels; later ones change nothing
  const std::lock_guard lock(cancels_mutex);
  for (auto& [id, cancel] : cancels) cancel();
}

InterruptWatch::InterruptWatch() {
  const sigset_t set = watched_signals();
  pthread_sigmask(SIG_BLOCK, &set, nullptr);
  watcher = std::thread([set] {
    for (;;) {
      int signal = 0;
      if (sigwait(&set, &signal) != 0) continue;
      if (signal == SIGUSR2) return;  // the watch ends
      request_interrupt();
    }
  });
}

InterruptWatch::~InterruptWatch() {
  pthread_kill(watcher.native_handle(), SIGUSR2);
  watcher.join();
}

CancelOnInterrupt::CancelOnInterrupt(std::function<void()> cancel) {
  const std::lock_guard lock(cancels_mutex);
  id_ = next_id++;
  if (interrupted())
    cancel();
  else
    cancels.emplace(id_, std::move(cancel));
}

CancelOnInterrupt::~CancelOnInterrupt() {
  const std::lock_guard lock(cancels_mutex);
  cancels.erase(id_);
}

}  // namespace nimcert::smt
