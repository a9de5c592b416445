// Checking the induction step: each obligation of induction_obligations.hpp solved by Z3 and
// replayed by cvc5 at each width, and every counterexample confirmed in C++.
//
// A sat answer is reported as a counterexample only after the C++ side confirms it without
// any solver: the model is re-evaluated by the C++ evaluator (quantifier-free obligations),
// and the position's followers are listed by the game's own follower enumeration (so a
// failing (a) shows the follower with the same value of F, a failing (b) shows which
// followers reach v, if any), with the true Grundy value from the reference engine when the
// position is small.  The conclusion "G = F on D_w" is drawn only when every obligation at
// that width is unsat for both solvers.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "game.hpp"
#include "lemma_check.hpp"

namespace nimcert {

struct ObligationOutcome {
  std::string name;
  smt::Answer z3 = smt::Answer::Unknown;
  smt::SecondOpinion cvc5;
  std::string smt2;  // the benchmark, :status set to Z3's answer
  std::string note;
  std::optional<nlohmann::ordered_json> counterexample;  // confirmed in C++
  double seconds = 0;
};

struct InductionWidth {
  unsigned width = 0;
  std::vector<ObligationOutcome> obligations;
  smt::Verdict verdict = smt::Verdict::Unknown;  // holds: G = F on D_w
};

struct InductionOutcome {
  std::string claim, text, value;  // value: F, canonical
  bool hinted = false;             // (b) posed with the proof's witness hints
  std::vector<std::string> moves;  // the game's move kinds
  std::vector<std::string> hints;  // canonical text of each hint
  std::string case_split;          // "d = E in lo..hi" when (b) is split, else empty
  unsigned timeout_ms = 0;         // the proof file's own limit per query, 0 = the run's
  std::vector<InductionWidth> widths;
  smt::Verdict verdict = smt::Verdict::Unknown;
};

// The queries of every obligation at width w, named, as check_induction poses them (for
// export-smt2).
std::vector<std::pair<std::string, smt::Query>> induction_queries(
    const smt::InductionSpec& spec, const smt::Definitions& definitions, const Game& game,
    unsigned w);

struct Obligation;
smt::Query obligation_query(const smt::InductionSpec& spec, const Obligation& o, unsigned w);

InductionOutcome check_induction(const smt::InductionSpec& spec,
                                 const smt::Definitions& definitions, const Game& game,
                                 const smt::LemmaOptions& options);

}  // namespace nimcert
