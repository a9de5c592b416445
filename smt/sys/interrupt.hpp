// Interrupt requests (SIGINT, SIGTERM, SIGHUP) as one flag that every long loop polls, and the
// cancellation of what cannot poll: a Z3 search, a child process (cvc5, the compiler).
//
// The command line holds an InterruptWatch for its whole run: the three signals are blocked in
// every thread and a watcher thread waits for them, so a signal never interrupts code at an
// arbitrary point.  On the first one the watcher raises the flag and calls every registered
// cancellation (Z3's interrupt, a SIGKILL to the child); the cube sweep, the enumerations and
// the box and sequence engines see the flag within one row or line, the solver calls return,
// and each throws Interrupted.  The workflow catches it, writes nothing, and exits 130.  An
// interrupted query is never an "unknown" that the run goes on with.  A SIGHUP the process
// inherited as ignored (nohup) stays ignored.
#pragma once

#include <functional>
#include <stdexcept>

namespace nimcert::smt {

struct Interrupted : std::runtime_error {
  Interrupted() : std::runtime_error("interrupted") {}
};

// Whether an interrupt was requested.
bool interrupted();
// Throws Interrupted when one was.
void throw_if_interrupted();

// Raises the flag and runs the cancellations, as a signal does (tests call it directly).
void request_interrupt();

// Watches for SIGINT, SIGTERM and SIGHUP while alive.  Construct it first in main, before any
// thread starts: the threads inherit the blocked signals.
class InterruptWatch {
 public:
  InterruptWatch();
  ~InterruptWatch();
  InterruptWatch(const InterruptWatch&) = delete;
  InterruptWatch& operator=(const InterruptWatch&) = delete;
};

// A cancellation registered for the scope of a solver call or a child process; called once on
// an interrupt (from the watcher thread), or at once when one was already requested.
class CancelOnInterrupt {
 public:
  explicit CancelOnInterrupt(std::function<void()> cancel);
  ~CancelOnInterrupt();
  CancelOnInterrupt(const CancelOnInterrupt&) = delete;
  CancelOnInterrupt& operator=(const CancelOnInterrupt&) = delete;

 private:
  unsigned long id_;
};

}  // namespace nimcert::smt
