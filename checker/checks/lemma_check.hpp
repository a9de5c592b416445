// Checking one lemma two independent ways: SMT at each width, and enumeration in C++.
//
// Each width's query is solved by Z3 and replayed by cvc5, the widest first: when both prove
// it, the smaller widths are implied by it (widest_first.hpp).  The widest query also goes
// the DRAT route (drat_route.hpp): a proof checked by nimcert's own checkers, recorded beside
// the solvers' answers; a satisfiable CNF where both solvers answered unsat makes the lemma
// unknown (the routes disagree).  The lemma holds when every
// width is proved so (or MONA proves it for every natural) and the enumeration finds no
// counterexample; it fails when a counterexample is confirmed (a solver's model counts only
// after the C++ evaluator re-checks it, or the enumeration finds one); anything else (unknown,
// timeout, the solvers disagreeing, a model that does not re-check, an enumeration that
// overflowed) is unknown, never holds.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "base/outcome.hpp"
#include "checks/drat_route.hpp"
#include "checks/enumeration.hpp"
#include "checks/solve_and_recheck.hpp"
#include "checks/unbounded.hpp"
#include "lang/proof_file.hpp"
#include "solve/cvc5_replay.hpp"

namespace nimcert {

struct WidthOutcome {
  unsigned width = 0;
  smt::Answer answer = smt::Answer::Unknown;  // Z3's
  smt::SecondOpinion cvc5;
  std::string smt2;  // the benchmark as exported, :status set to Z3's answer
  std::string note;  // why unknown; that a model failed to re-check; that the solvers disagree
  std::optional<std::map<std::string, smt::u128>> counterexample;  // re-checked model
  double seconds = 0;
  unsigned implied_by = 0;  // the widest width, when both solvers proved it and this one follows

  // Both solvers proved the statement below 2^width, or it follows from a wider width they did.
  bool proved() const {
    return implied_by > 0 || (answer == smt::Answer::Unsat && cvc5.answer == smt::Answer::Unsat);
  }
};

struct LemmaOutcome {
  std::string label, text, statement;  // statement: canonical, fully parenthesised
  std::vector<std::string> variables;
  std::vector<WidthOutcome> widths;
  EnumerationOutcome enumeration;
  std::optional<UnboundedOutcome> unbounded;  // MONA, for all naturals (absent when not run)
  // The widest width's CNF, CaDiCaL's DRAT proof and nimcert's checkers (absent when the route
  // is off or the widest width was refuted or not solved).
  std::optional<DratRoute> drat;
  unsigned drat_width = 0;
  // The limit per query its widths were solved under: the lemma's own `timeout`, or the run's
  // shortened when MONA had proved it first (CheckOptions::after_unbounded_ms); 0: the run's.
  unsigned timeout_ms = 0;
  Verdict verdict = Verdict::Unknown;
  // What the verdict covers: "every natural" when MONA proved it, else the widths' domain.
  std::string scope;
};

// The MONA options of a check's options.
UnboundedOptions unbounded_options(const CheckOptions& options);

// The statement as checked: "h1 && h2 -> c", each part canonical.
std::string canonical_statement(const smt::LemmaSpec& lemma);

LemmaOutcome check_lemma(const smt::LemmaSpec& lemma, const smt::Definitions& definitions,
                         const CheckOptions& options = {});

// A lemma with its definitions expanded: what both backends check.
struct ExpandedLemma {
  std::vector<smt::ExprPtr> hypotheses;
  smt::ExprPtr conclusion;
  smt::ExprPtr implication;  // "h1 && ... && hn -> c" (just c without hypotheses)
};
ExpandedLemma expand_lemma(const smt::LemmaSpec& lemma, const smt::Definitions& definitions);

// The lemma for all naturals, with its definitions kept (each a MONA predicate).
UnboundedOutcome lemma_for_all_naturals(const smt::LemmaSpec& lemma,
                                        const smt::Definitions& definitions,
                                        const ExpandedLemma& expanded,
                                        const UnboundedOptions& options);

// The Z3 query of the lemma at one width.  check_lemma and export-smt2 both build their
// queries here, so the exported file is the text whose SHA-256 the certificate records.
smt::Query lemma_query(const smt::LemmaSpec& lemma, const ExpandedLemma& expanded, unsigned width);

}  // namespace nimcert
