// Checking the induction step: each obligation of obligations.hpp solved by Z3 and replayed
// by cvc5 at each width, and every counterexample confirmed in C++ (confirm.hpp).
//
// The conclusion "G = F on D_w" is drawn only when every obligation at that width is unsat
// for both solvers and the move encoding agrees with the game's follower enumeration
// (move_check.hpp), or when it is drawn so at a wider width (D_w ⊂ D_W, widest_first.hpp); a width
// fails only with a confirmed counterexample that refutes the claim (confirm.hpp); anything else (a
// time limit, a disagreement, a model that does not re-check, hints that miss a value some follower
// has) is unknown: "not proved".
#pragma once

#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "base/outcome.hpp"
#include "checks/drat_route.hpp"
#include "checks/induction/confirm.hpp"
#include "checks/induction/move_check.hpp"
#include "checks/induction/obligations.hpp"
#include "checks/solve_and_recheck.hpp"
#include "checks/unbounded.hpp"
#include "checks/widest_first.hpp"
#include "games/game.hpp"

namespace nimcert {

struct ObligationOutcome {
  std::string name;
  smt::Answer z3 = smt::Answer::Unknown;
  smt::SecondOpinion cvc5;
  std::string smt2;  // the benchmark, :status set to Z3's answer
  std::string note;
  std::optional<nlohmann::ordered_json> counterexample;  // confirmed in C++
  bool refutes = false;  // the counterexample refutes the claim itself
  double seconds = 0;
  // The DRAT route (drat_route.hpp) on this query, when it is one of the widest solved width's
  // and both solvers proved it: evidence beside their answers (issue 49, item 5).
  std::optional<DratRoute> drat;

  // The solvers' answers on the obligation named `name`, no counterexample yet.
  static ObligationOutcome answered(std::string name, const SolvedQuery& solved) {
    ObligationOutcome r;
    r.name = std::move(name);
    r.z3 = solved.z3;
    r.cvc5 = solved.cvc5;
    r.note = solved.note;
    r.seconds = solved.seconds;
    r.smt2 = solved.smt2;
    return r;
  }
};

struct InductionWidth {
  unsigned width = 0;
  std::vector<ObligationOutcome> obligations;  // none when implied
  Verdict verdict = Verdict::Unknown;          // holds: G = F on D_w
  // The widest width, when every obligation there was proved and D_w ⊂ D_widest carries its
  // conclusion here (widest_first.hpp): nothing was solved at this width.  Else 0.
  unsigned implied_by = 0;
  // The box whose exhaustive check covers D_w (CoveringBox): nothing was solved at this width.
  std::string covered_by;
};

// One width of an induction or of a game's rules, read from its solved answers: implied by the
// widest width (widest_first.hpp), or each obligation's outcome (by `outcome`, in the order of
// `obligations`).  It holds when every obligation is unsat for both solvers and `conclusive`
// (an induction's move encoding agrees), fails when an outcome refutes, else is unknown.
InductionWidth read_width(
    const SolvedWidth& solved, const std::vector<Obligation>& obligations, bool conclusive,
    const std::function<ObligationOutcome(const Obligation&, const SolvedQuery&)>& outcome);

// One obligation for all of N^k: MONA's outcome, and its counterexample confirmed by the game.
struct UnboundedObligation {
  std::string name;
  smt::Numeration numeration = smt::Numeration::Binary;  // decided in (numeration_to_decide)
  UnboundedOutcome outcome;
  std::optional<nlohmann::ordered_json> counterexample;  // confirmed in C++
  bool refutes = false;
};

// The induction step for all of N^k: "G = F on N^k" only when every obligation is valid.
struct UnboundedInduction {
  bool in_fragment = false;
  std::string outside;  // the first term outside the fragment, and why
  smt::SourceLocation outside_at;
  std::vector<UnboundedObligation> obligations;
  smt::Numeration numeration = smt::Numeration::Binary;  // the one the induction names
  Verdict verdict = Verdict::Unknown;
};

// Confirms a counterexample MONA gave to an obligation (already re-checked by the exact
// evaluator when the obligation has no existentials), or says in `note` why it is none.
using ConfirmCounterexample = std::function<std::optional<Confirmed>(
    const Obligation&, const std::map<std::string, smt::u128>&, std::string& note)>;

// Every obligation for all of N^k, by MONA: holds when each is valid, fails when `confirm`
// confirms a counterexample that refutes, unknown otherwise (and outside the fragment, where
// the first obligation outside it stops the route).  `source` names them in MONA's files.
UnboundedInduction decide_on_every_position(
    const std::vector<Obligation>& obligations, const smt::Definitions& definitions,
    const std::string& source, const CheckOptions& options, const ConfirmCounterexample& confirm,
    smt::Numeration numeration = smt::Numeration::Binary);

struct InductionOutcome {
  std::string claim, text, value;  // value: F, canonical
  bool win_loss = false;           // the claim is (G == 0) <-> P, value is P
  bool misere = false;             // ... of a box played misère (G the misère outcome)
  smt::Numeration numeration = smt::Numeration::Binary;  // how MONA read the naturals
  bool hinted = false;             // (b) posed with the proof's witness hints
  std::vector<std::string> moves;  // the game's move kinds
  std::vector<std::string> hints;  // canonical text of each hint
  std::string case_split;          // "d = E in lo..hi" when (b) is split, else empty
  unsigned timeout_ms = 0;         // the proof file's own limit per query, 0 = the run's
  std::size_t heaps = 0;           // of the game's positions
  MoveCheck move_check;            // the moves against the game's enumeration, on a small box
  std::vector<InductionWidth> widths;
  std::optional<UnboundedInduction> unbounded;  // absent when the run has no unbounded route
  Verdict verdict = Verdict::Unknown;
};

// The query of one obligation, as check_induction poses it (and export-smt2 writes it).
smt::Query obligation_query(const smt::InductionSpec& spec, const Obligation& o, unsigned w);

// The queries of every obligation at width w, named, as check_induction poses them.
std::vector<std::pair<std::string, smt::Query>> induction_queries(
    const smt::InductionSpec& spec, const smt::Definitions& definitions, const Game& game,
    unsigned w, const std::string& file);

// The obligations for all of N^k (no domain, (b) quantified), with the definitions kept.
std::vector<Obligation> unbounded_induction_obligations(const smt::InductionSpec& spec,
                                                        const smt::Definitions& definitions,
                                                        const Game& game, const std::string& file);

// `file` names the proof file in messages about its hints.
// A box of the same file that checked the induction's claim exhaustively and found it holding
// at every position of [0, size]^k: a width w with 2^w - 1 <= size has D_w inside the box, so
// its conclusion is decided there and none of its queries is posed (issue 51, item 8).
struct CoveringBox {
  std::string name;
  std::uint64_t size = 0;
};

InductionOutcome check_induction(const smt::InductionSpec& spec,
                                 const smt::Definitions& definitions, const Game& game,
                                 const CheckOptions& options, const std::string& file = "",
                                 const std::optional<CoveringBox>& covering = std::nullopt);

}  // namespace nimcert
