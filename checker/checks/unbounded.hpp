// Deciding a statement for all naturals with MONA, and re-checking its counterexample exactly:
// the third, unbounded route beside the two bounded solvers and the enumeration.
//
// The statement is translated to WS1S (smt/ws1s), a translation that shares only the AST with
// the SMT one.  "valid" proves it for every natural; a counterexample counts only after the
// arbitrary-precision evaluator finds that it violates the statement (a counterexample of any
// size refutes a statement about naturals); a statement outside the fragment is recorded as
// such, with the term and its location, and decides nothing.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "base/outcome.hpp"
#include "checks/independent.hpp"
#include "checks/reusing_mona.hpp"
#include "lang/ast.hpp"
#include "ws1s/mona.hpp"

namespace nimcert {

struct UnboundedOptions {
  bool enabled = true;
  smt::Numeration numeration = smt::Numeration::Binary;  // how MONA reads a natural
  unsigned timeout_ms = 60000;
  std::uint64_t memory_bytes = std::uint64_t{4} << 30;
  std::string mona_binary = smt::kMonaBinary;
  // The second route: nimcert's own automata decide the statement again (independent.hpp).
  bool independent = true;
  // MONA's answers from trusted sources (reusing_mona.hpp); null: MONA runs every time.
  const ReusingMona* reusing = nullptr;
};

struct UnboundedOutcome {
  bool in_fragment = false;
  std::string outside;             // the term outside the fragment, and why
  smt::SourceLocation outside_at;  // its place in the proof file
  smt::MonaRun::Answer answer = smt::MonaRun::Answer::Unknown;
  std::string mona;  // the MONA program (its SHA-256 goes into the certificate)
  std::optional<std::map<std::string, std::string>> counterexample;  // re-checked, decimal
  std::string note;
  unsigned states = 0, bdd_nodes = 0;
  double seconds = 0;
  // nimcert's automata on the same statement (absent when that route is off).
  std::optional<IndependentCheck> independent;
  // MONA and the automata answered differently (one valid, the other a counterexample): never
  // holds, both answers recorded.
  bool disagree = false;

  // holds: MONA valid or the automata's check, and no disagreement; fails: a re-checked
  // counterexample both routes agree on; unknown otherwise (and outside the fragment, where it
  // decides nothing).
  Verdict verdict() const;
  // Who proved it for every natural: "MONA and nimcert's automata", "MONA", ...
  std::string proved_by() const;
};

// "for all naturals: hypotheses -> conclusion (or an existential)", the expressions with their
// definition calls; `statement` is the same, expanded, compiled by nobody but the exact
// evaluator (null when existentials carry the conclusion: the caller confirms those).
UnboundedOutcome decide_for_all_naturals(const std::vector<std::string>& variables,
                                         const std::vector<smt::ExprPtr>& hypotheses,
                                         const smt::ExprPtr& conclusion,
                                         const std::vector<smt::Existential>& existentials,
                                         const smt::Definitions& definitions,
                                         const smt::ExprPtr& statement, const std::string& source,
                                         const UnboundedOptions& options);

// The MONA program alone (for export-mona); throws smt::OutsideFragment.
smt::MonaQuery unbounded_query(const std::vector<std::string>& variables,
                               const std::vector<smt::ExprPtr>& hypotheses,
                               const smt::ExprPtr& conclusion,
                               const std::vector<smt::Existential>& existentials,
                               const smt::Definitions& definitions, const std::string& source,
                               smt::Numeration numeration = smt::Numeration::Binary);

}  // namespace nimcert
