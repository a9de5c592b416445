// One core for one solver run: at most as many solvers run at once in this process as it has
// cores, whichever checks and queries asked for them.
//
// Z3 runs in a thread of this process and cvc5 in a child process, so neither the operating
// system nor the solvers know how many others are running.  Four SAT solvers on two cores
// evict each other's clause databases from the caches and each runs at a fraction of its
// speed; two run at nearly full speed, and a query's time limit then measures its own work.
// A solver run holds a CoreSlot from just before it starts until it has answered.
#pragma once

namespace nimcert::smt {

class CoreSlot {
 public:
  CoreSlot();  // waits for a free core
  ~CoreSlot();
  CoreSlot(const CoreSlot&) = delete;
  CoreSlot& operator=(const CoreSlot&) = delete;
};

}  // namespace nimcert::smt
