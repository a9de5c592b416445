// One query through both solvers, and a sat model re-checked in C++: the step that lemmas,
// induction obligations and export-smt2 share.
//
// Z3 answers in this process and cvc5 in a child process, side by side; a model is kept only
// when the C++ evaluator, which shares nothing with the SMT translation, finds that it really
// violates the statement the query negates.  The solvers sit behind an interface so that a
// test can put any answer (a sat model that does not re-check, a disagreement) where a solver
// would, and see that it is never reported as a counterexample or counted as proved.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "checks/drat_route.hpp"
#include "eval/evaluator.hpp"
#include "solve/answer.hpp"
#include "solve/cvc5_replay.hpp"
#include "solve/two_solvers.hpp"

namespace nimcert {

class ReusingMona;  // checks/reusing_mona.hpp

// The default of CheckOptions::after_unbounded_ms.
inline constexpr unsigned kAfterUnboundedMs = 5000;

class Solvers {
 public:
  virtual ~Solvers() = default;
  // Both solvers' answers on the query, within timeout_ms each.
  virtual smt::TwoSolverRun solve(const smt::Query& query, unsigned timeout_ms) const = 0;
};

// The real ones: Z3 linked, cvc5 the binary named (a missing binary is an error).
class BothSolvers final : public Solvers {
 public:
  explicit BothSolvers(std::string cvc5_binary) : cvc5_binary_(std::move(cvc5_binary)) {}
  smt::TwoSolverRun solve(const smt::Query& query, unsigned timeout_ms) const override;

 private:
  std::string cvc5_binary_;
};

// Z3 alone, for writing a benchmark's :status: cvc5's answer is unknown, "not run".
class Z3Alone final : public Solvers {
 public:
  smt::TwoSolverRun solve(const smt::Query& query, unsigned timeout_ms) const override;
};

// How checks that ask solvers run: the time limit per query and solver, the threads of the
// enumerations beside them, and the solvers (null: Z3 and the cvc5 binary named).
struct CheckOptions {
  unsigned timeout_ms = 60000;
  unsigned threads = 2;
  std::string cvc5_binary = smt::kCvc5Binary;
  const Solvers* solvers = nullptr;  // tests inject others
  // The unbounded route: MONA on every statement in the WS1S fragment (unbounded.hpp).
  bool unbounded = true;
  // MONA first: a statement MONA proves for every natural (or position) is settled, and its
  // bounded widths are only a second opinion, tried under this limit per query and solver
  // (when it is below timeout_ms; a block's own `timeout` wins).  A time-out there then costs
  // seconds, not the minute each that once took 693 s on S = {2, 5, 7}.
  unsigned after_unbounded_ms = kAfterUnboundedMs;
  std::string mona_binary = "mona";
  std::uint64_t mona_memory_bytes = std::uint64_t{4} << 30;
  const ReusingMona* mona_answers = nullptr;  // MONA's answers reused (reusing_mona.hpp)
  // The DRAT route of a lemma's widest width (drat_route.hpp).
  DratOptions drat{};
};

struct SolvedQuery {
  smt::Answer z3 = smt::Answer::Unknown;
  smt::SecondOpinion cvc5;
  std::string note;  // why unknown, a disagreement, a model that did not re-check
  // Z3's model when it answered sat: re-checked to violate the statement (rechecked), or
  // unchecked when the query has no quantifier-free statement to evaluate (quantified).
  std::optional<std::map<std::string, smt::u128>> model;
  bool rechecked = false;
  std::string smt2;  // the benchmark with :status set to Z3's answer (what export-smt2 writes)
  double seconds = 0;

  bool both_unsat() const { return z3 == smt::Answer::Unsat && cvc5.answer == smt::Answer::Unsat; }
};

// Solves `query` and re-checks a sat model with `statement` (a program over the query's
// variables whose output 0 is the statement the query negates: 0 at a real counterexample),
// or keeps the model unchecked when `statement` is null.
SolvedQuery solve_and_recheck(const smt::Query& query, const smt::Program* statement,
                              const Solvers& solvers, unsigned timeout_ms);

// A query waiting for the solvers: what solve_and_recheck takes, and what the progress line
// says while it runs.
struct PendingQuery {
  smt::Query query;
  std::optional<smt::Program> statement;  // none: a quantified query, the model kept unchecked
  std::string activity;
};

// Every query through solve_and_recheck, `threads` of them at a time (each is Z3 in a thread
// of this process and cvc5 in a child beside it: one solver usually finishes long before the
// other, so one query at a time left a core idle), and never more in the whole process than
// it has cores, however many checks call this at once.  The answers come in the order of
// `queries`, whatever order the solvers finished in.  The solvers must be safe to call from
// several threads: the real ones are, and so is every test double that only reads its script.
std::vector<SolvedQuery> solve_all(const std::vector<PendingQuery>& queries, const Solvers& solvers,
                                   unsigned timeout_ms, unsigned threads);

// The time limit of a check's bounded widths: the block's own (`timeout MS`) when it names one,
// else the run's, shortened to after_unbounded_ms once MONA has proved the statement.
inline unsigned bounded_limit(unsigned own_ms, const CheckOptions& options, bool proved_unbounded) {
  if (own_ms > 0) return own_ms;
  return proved_unbounded && options.after_unbounded_ms < options.timeout_ms
             ? options.after_unbounded_ms
             : options.timeout_ms;
}

// The solvers of the options: the injected ones, or `real`.
inline const Solvers& solvers_of(const CheckOptions& options, const BothSolvers& real) {
  return options.solvers ? *options.solvers : real;
}

}  // namespace nimcert
