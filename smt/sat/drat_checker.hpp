// A DRAT checker: whether a clausal proof (the text format CaDiCaL writes with --no-binary)
// refutes a CNF, and optionally the LRAT proof of what it checked.
//
// The method is drat-trim's (Wetzler, Heule and Hunt, "DRAT-trim: Efficient Checking and
// Trimming Using Expressive Clausal Proofs", SAT 2014), written small: the proof is first
// applied forwards (lemmas added, deletions honoured exactly, up to the first empty clause);
// the empty clause must then follow by unit propagation from the clauses active at the end.
// Walking the proof backwards, each lemma is removed and each deleted clause restored, so that
// the active clauses are always those the lemma was added to; only lemmas marked as used (the
// core) are checked: by reverse unit propagation (RUP: the negation of the lemma propagates to
// a conflict), or, failing that, as a resolution asymmetric tautology on its first literal p
// (RAT: for every active clause D with -p, the lemma joined with D without -p is RUP or a
// tautology).  Propagation runs core-first (the core clauses to a fixpoint, then one literal's
// worth of the others) so that the conflicts found, and so the core, stay small.  The clauses
// each check used are its LRAT hints (lrat_checker.hpp checks them).
//
// How a check propagates (DratMethod, drat_propagator.hpp): on the top-level trail kept between
// checks, as drat-trim does, or from an empty assignment every time, the checker nimcert had
// first, kept as the reference the other is held against (the two give the same verdicts).
//
// Honouring every deletion only makes the checker stricter: a deleted clause is never used.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

#include "sat/cnf.hpp"

namespace nimcert::smt {

struct DratCheck {
  bool verified = false;
  std::string reason;             // why not, with the proof line, when not verified
  std::uint64_t lemmas = 0;       // added clauses read, up to the first empty one
  std::uint64_t deletions = 0;    // deletions honoured
  std::uint64_t absent_deletions = 0;  // deletions of clauses not active (nothing to delete)
  std::uint64_t core_lemmas = 0;  // lemmas checked (the rest were never used)
  std::uint64_t rat_lemmas = 0;   // of those, checked as RAT
  std::uint64_t work = 0;         // the steps DratLimits::visits counts, spent on this proof
  std::uint64_t rebuilds = 0;     // KeptTrail: lemmas checked again on a trail rebuilt from nothing
  std::string lrat;               // the LRAT proof when asked for and verified
};

// The checker's limits: its work, counted in steps (deterministic, so that the same proof gets
// the same verdict on every machine): a watch-list entry visited by propagation, a literal
// scanned for a new watch, marked by the conflict analysis, assigned or unassigned, compared
// in the RAT candidates' search or in the deleted clauses' index (a proof of clauses of 2048
// literals once spent 9 minutes within a limit that counted only the entries); and the memory
// of its clauses, watch lists and LRAT text.  0: none.  Interrupts are polled as work is
// counted, every 2^16 steps.
struct DratLimits {
  std::uint64_t visits = 0;
  std::uint64_t memory_bytes = 0;
};

// A limit of DratLimits reached: no verdict.  `memory` tells which.
struct DratLimitReached : std::runtime_error {
  DratLimitReached(const std::string& what, bool memory)
      : std::runtime_error(what), memory(memory) {}
  bool memory;
};

// How each RUP check propagates (drat_propagator.hpp).
enum class DratMethod {
  KeptTrail,    // on the top-level trail kept between checks (drat-trim's way)
  FromScratch,  // from an empty assignment each time (the reference)
};

struct DratMode {
  DratMethod method = DratMethod::KeptTrail;
  // Every lemma checked, not only the refutation's core.  The two methods may find different
  // cores, so on a proof holding a lemma that is neither RUP nor RAT, one may need it and
  // refuse while the other accepts without it (each acceptance still stands on its LRAT); with
  // every lemma checked the verdict no longer depends on the core, so the methods must agree.
  bool every_lemma = false;
};

// Checks `drat` (text DRAT: lines "l1 l2 ... 0" add, "d l1 ... 0" delete; "c" comments)
// against `cnf`.  Throws std::invalid_argument on malformed proof text, DratLimitReached past a
// limit, and smt::Interrupted (sys/interrupt.hpp) when an interrupt is requested (propagation
// polls it every few thousand clauses, so a check stops within milliseconds).
DratCheck check_drat(const Cnf& cnf, std::string_view drat, bool write_lrat,
                     const DratLimits& limits = {}, DratMode mode = {});

}  // namespace nimcert::smt
