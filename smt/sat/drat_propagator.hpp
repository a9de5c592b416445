// The DRAT checker's clause database (drat_checker.hpp walks the proof over it): the clauses
// by index, their two watched literals, unit propagation core-first, the conflict analysis that
// marks the core and writes LRAT hints, and the two checks of a lemma, RUP and RAT.
//
// Two ways to check a lemma by RUP (DratMethod):
//  - FromScratch, the checker nimcert had first: every check starts from an empty assignment,
//    the negated lemma first, then the unit clauses one at a time, the latest first, each
//    propagated to a fixpoint.  Each check pays again for all the units the proof has learned.
//  - KeptTrail, as drat-trim does (Wetzler, Heule and Hunt, SAT 2014): the top-level trail, what
//    unit propagation derives from the active clauses alone, is kept between checks, so that a
//    check propagates only the negated lemma on top of it.  The backward walk changes the
//    active clauses under it, and each change is followed:
//      - a lemma taken away that is the reason of a literal on the trail: the trail is cut back
//        to that literal, the reasons of what was cut that still propagate are put back, and
//        propagation resumes (drat-trim instead ignores the deletion of a reason; nimcert
//        honours every deletion, so the trail must give way);
//      - a deleted clause put back that is unit or false under the trail: its literal is
//        assigned (and propagated) or the trail is in conflict; its watches are chosen among
//        the literals not false first, then the false ones assigned last;
//      - a literal the lemma itself sets is an assumption of LRAT: its reason on the trail is
//        never named in the hints (the LRAT checker would find that clause satisfied, not unit).
//    Cutting the trail back can leave an implication unfound (a clause watched by a literal
//    that stays false and one that was cut).  That costs completeness, never soundness: every
//    literal on the trail has an active reason whose other literals are false before it.  So a
//    lemma the kept trail does not refute is checked once more on a trail rebuilt from
//    nothing (the units of the active clauses, propagated), which is complete; only then is it
//    refused.  Both methods give the same verdicts; their cores and hints may differ.
#pragma once

#include <cstdint>
#include <span>
#include <unordered_map>
#include <vector>

#include "sat/cnf.hpp"
#include "sat/drat_checker.hpp"

namespace nimcert::smt {

inline constexpr std::uint32_t kNoClause = 0xFFFFFFFFu;

// One clause: where its literals are (no repeats; the first two are watched when it has two
// or more), and what the checker knows of it.  32 bytes, and the literals of every clause in
// one array: propagation, nearly all of the checker's time, reads a clause's record and its
// literals from two dense arrays.  Its sorted literals and its LRAT hints, which propagation
// never reads, are kept apart.
struct StoredClause {
  std::int64_t id = 0;      // LRAT id: originals 1..m, lemmas m + 1, ... in proof order
  std::uint64_t line = 0;   // proof line (0 for the CNF's clauses)
  std::uint32_t begin = 0;  // its literals: literals_[begin, begin + size), reordered as its
  std::uint32_t size = 0;   // watches move
  Lit pivot = 0;            // a lemma's first literal as written (RAT's pivot), else 0
  bool active = false;
  bool core = false;
  bool tautology = false;  // holds x and -x: never propagates
  // Which of its literals 0 and 1 have an entry in the watch lists (bits 0 and 1): an inactive
  // clause's entries are dropped as propagation meets them, and put back when it is active
  // again.  An entry for a literal no longer in place 0 or 1 is dropped as met too.
  std::uint8_t listed = 0;
};

// A watch list entry: the clause, and a literal of it that, when true, satisfies it without
// the clause being read (the blocker).
struct Watch {
  std::uint32_t clause;
  Lit blocker;
};

class DratPropagator {
 public:
  DratPropagator(std::int32_t variables, const DratLimits& limits, DratMethod method);

  // `steps` of work against the limit; an interrupt is answered here too, every 2^16 steps.
  void work(std::uint64_t steps);
  std::uint64_t work_done() const { return visits_; }
  // Memory the clauses and the LRAT text hold, roughly, against the limit.
  void charge(std::uint64_t bytes);

  // A new clause (inactive), its index.
  std::uint32_t add(Clause lits, std::int64_t id, std::size_t line);
  StoredClause& clause(std::uint32_t c) { return clauses_[c]; }
  Clause lits_copy(std::uint32_t c) const;
  std::vector<std::int64_t>& hints(std::uint32_t c) { return hints_[c]; }

  // Makes clause c active or not; under KeptTrail, once keep_top_level() was called, the
  // top-level trail follows.
  void activate(std::uint32_t c, bool on);
  // An active clause with these literals (in any order), or kNoClause.
  std::uint32_t find_active(Clause lits);
  // From here on the top-level trail is kept (KeptTrail only): built now from the active
  // clauses.
  void keep_top_level();

  // Whether the negation of `lits` propagates to a conflict among the active clauses; if so
  // the clauses used are marked core and their ids appended to `hints` in propagation order.
  bool rup(const Clause& lits, std::vector<std::int64_t>& hints);
  // The RAT check of lemma c on its pivot: hints in LRAT's form (-D then D's chain).
  bool rat(std::uint32_t c, std::vector<std::int64_t>& hints);

  // How often a lemma the kept trail did not refute was checked again on a rebuilt one.
  std::uint64_t rebuilds() const { return rebuilds_; }

 private:
  static std::size_t slot(Lit l) { return 2 * static_cast<std::size_t>(std::abs(l)) + (l < 0); }
  static std::size_t var(Lit l) { return static_cast<std::size_t>(std::abs(l)); }
  std::span<Lit> lits(std::uint32_t c) {
    return {literals_.data() + clauses_[c].begin, clauses_[c].size};
  }
  int value(Lit l) const {
    const int v = values_[var(l)];
    return l > 0 ? v : -v;
  }
  void assign(Lit l, std::uint32_t reason);
  void backtrack(std::size_t size);  // the trail cut back to `size` literals
  void grow(std::int64_t variable);
  void watch(std::uint32_t c);
  std::uint32_t propagate();
  std::uint32_t visit(Lit f, bool core);
  void analyze(std::uint32_t conflict, std::vector<std::int64_t>& hints);

  bool rup_from_scratch(const Clause& lits, std::vector<std::int64_t>& hints);
  bool rup_on_top(const Clause& lits, std::vector<std::int64_t>& hints);
  // The kept trail's upkeep (KeptTrail, after keep_top_level()).
  void rebuild_top();
  void resume_top();
  void attach_on_top(std::uint32_t c);
  void detach_from_top(std::uint32_t c);
  void retract_top(std::size_t position);
  bool falsified(std::uint32_t c);

  std::vector<StoredClause> clauses_;
  std::vector<Lit> literals_;   // every clause's, at its begin
  std::vector<Clause> sorted_;  // [c]: c's literals in add()'s order, the key of deletions
  std::vector<std::vector<std::int64_t>> hints_;  // [c]: its LRAT hints, once checked
  // The index deletions are matched in: the active clauses by a hash of their sorted literals
  // (computed once per clause), each hash's clauses in a list of their own, the latest activated
  // first; equal literals are compared on a hit.  The lists run through the clauses (no
  // allocation per activation); a hash whose list is empty keeps its entry, kNoClause.  Only
  // looked up, never walked in hash order.
  std::vector<std::uint64_t> hashes_;  // [c]: of sorted_[c]
  std::unordered_map<std::uint64_t, std::uint32_t> latest_by_hash_;
  std::vector<std::uint32_t> earlier_same_hash_, later_same_hash_;  // [c], while c is active
  std::vector<std::uint32_t> small_;  // active clauses of at most one literal
  std::vector<std::int8_t> values_;
  std::vector<std::uint32_t> reasons_;
  std::vector<std::uint32_t> positions_;  // [v]: v's place on the trail, while assigned
  std::vector<std::uint8_t> seen_;
  std::vector<std::uint8_t> assumed_;           // [v]: set by the lemma being checked
  std::vector<std::vector<Watch>> watches_[2];  // by literal: [1] core clauses, [0] the others
  std::vector<Lit> trail_;
  std::size_t core_head_ = 0, other_head_ = 0;  // propagate()'s places on the trail
  const DratLimits limits_;
  const DratMethod method_;
  std::uint64_t visits_ = 0, next_poll_ = 0, memory_ = 0;
  // The kept trail: on, its length (the rest of trail_ is a check's), its conflict (a clause
  // false under it, or kNoClause), whether it was rebuilt since it was last cut back.
  bool keep_top_ = false;
  std::size_t top_ = 0;
  std::uint32_t top_conflict_ = kNoClause;
  bool top_fresh_ = false;
  std::uint64_t rebuilds_ = 0;
};

}  // namespace nimcert::smt
