// The third route behind a lemma's "holds": its widest query bit-blasted to CNF by nimcert,
// solved by CaDiCaL with a DRAT proof, and that proof checked by nimcert's own DRAT checker
// and the LRAT proof the checker writes checked by its LRAT checker (issue 42).
//
// Z3 and cvc5 answer; this route leaves evidence: the CNF is a function of the query text
// (whose SHA-256 the certificate records beside the solvers' answers), the proof a file kept
// beside the certificate, and both are recorded by SHA-256 and size, so `verify --drat` can
// check them again with no SMT solver answering anything (`recheck_drat`).  CaDiCaL is only
// the proof's author: its "unsat" counts for nothing until the proof checks.  A proof larger
// than the limit is never checked and says so ("no checked proof (size)"), and so does a query
// the blaster refuses (a quantifier) or CaDiCaL leaves unanswered in time.
#pragma once

#include <cstdint>
#include <string>

namespace nimcert {

class AnswerCache;  // checks/answer_cache.hpp

struct DratOptions {
  bool enabled = true;
  std::string cadical_binary = "cadical";
  // CaDiCaL's limits: its own, since the solvers' answers may come fast where bit-blasting
  // does not (a product of two 64-bit variables: Z3 proves a * b == b * a at once, CaDiCaL not
  // in a minute).  The limit that decides is on conflicts, which gives the same outcome on every
  // machine and under any load: a wall-clock limit of 10 s once did not (serial-nim's nested-6
  // (b) needs 122,393 conflicts, about 10 s with its proof written, and came out "time" or
  // "size" by the machine's load).  The committed proofs need at most 122,393.  The wall clock
  // is a safety net far beyond it; both are recorded as "no checked proof (time)".
  std::uint64_t conflicts = 300'000;
  unsigned timeout_ms = 120'000;
  // A proof above this many bytes is recorded as "no checked proof (size)", never checked.
  std::uint64_t proof_limit_bytes = std::uint64_t{64} << 20;
  // nimcert's DRAT checker's own limits (sat/drat_checker.hpp): its work in steps,
  // deterministic, so that a proof checks on every machine or on none (10^7 to 10^8 steps a
  // second here, so 10^9 is at most about 100 s; the committed proofs' largest check, levine's
  // binary-rule obligation (b) d = 0, takes 1.8 * 10^8, and manabe's (14)<=>(16), 3.9 * 10^8
  // before the trail was kept between checks, 1.2 * 10^6 since), recorded as "no checked proof
  // (time)", and its memory, "no checked proof (size)".
  std::uint64_t check_visits = 1'000'000'000;
  std::uint64_t check_memory_bytes = std::uint64_t{2} << 30;
  // The local cache's outcomes of earlier runs on the same query, CaDiCaL version and limits
  // (answer_cache.hpp): a warm certify neither runs CaDiCaL nor checks a proof again.  Null:
  // every route runs.  `route_version` names CaDiCaL's version and the nimcert binary (its
  // checkers, by the binary's digest) when the cache is set: an outcome is reused only by the same pair.
  const AnswerCache* cache = nullptr;
  std::string route_version;
};

// What became of one query on this route.  `status` is one of the words below; everything
// but `seconds` and `proof` is a function of the query text and the limits (CaDiCaL is
// deterministic on the same input and options), so it is part of the certificate's stable part.
struct DratRoute {
  static constexpr const char* kChecked = "checked";
  static constexpr const char* kSat = "sat";  // the CNF is satisfiable: the routes disagree
  static constexpr const char* kRefused = "proof refused";  // CaDiCaL's proof did not check
  static constexpr const char* kNoCnf = "no checked proof (no CNF)";
  static constexpr const char* kTime = "no checked proof (time)";
  static constexpr const char* kSize = "no checked proof (size)";

  std::string status;
  std::string note;  // why not checked: the blaster's refusal, CaDiCaL's note, the checker's reason
  std::string cnf_sha256;  // of the DIMACS text (sat/cnf.hpp's dimacs_text)
  std::uint64_t cnf_bytes = 0, variables = 0, clauses = 0;
  std::string proof_sha256;  // of CaDiCaL's text DRAT proof
  std::uint64_t proof_bytes = 0;
  std::uint64_t lemmas = 0, core_lemmas = 0, rat_lemmas = 0;  // the DRAT checker's counts
  std::uint64_t lrat_bytes = 0;                               // the LRAT it wrote and checked
  double seconds = 0;  // CaDiCaL and both checkers (not stable: the certificate's "run")
  std::string proof;   // the DRAT text, to be written beside the certificate (never in it)
  std::string cnf;     // the DIMACS text it refutes, likewise (verify --independent reads it)

  bool checked() const { return status == kChecked; }
};

// A proof's counts as people read them: "1 lemma, none in the refutation's core" or "2562
// lemmas, 1560 of them checked (the refutation's core, 3 as RAT)".
std::string proof_counts(std::uint64_t lemmas, std::uint64_t core, std::uint64_t rat);

// Blasts `smt2`, asks CaDiCaL for a proof within `options.timeout_ms`, and checks it (or takes
// the outcome options.cache holds, and stores a fresh one there).  Throws std::runtime_error
// when CaDiCaL cannot be started.
DratRoute drat_route(const std::string& smt2, const DratOptions& options);

// CaDiCaL's proof of `smt2` again, when the file beside the certificate is gone: CaDiCaL is
// deterministic, so it is the recorded proof exactly when its SHA-256 is the recorded one
// (recheck_drat compares).  Empty with `note` set when CaDiCaL gives no proof in time.
std::string regenerate_proof(const std::string& smt2, const DratOptions& options,
                             std::string& note);

// `verify --drat`: the recorded proof text checked again against the CNF blasted from `smt2`.
// The CNF's and the proof's SHA-256 must be the recorded ones, and the proof must pass both
// checkers; `status` is kChecked or kRefused, `note` says what did not match or check.
DratRoute recheck_drat(const std::string& smt2, const std::string& proof,
                       const std::string& cnf_sha256, const std::string& proof_sha256);

// The same checks on a CNF given as DIMACS text (recheck_drat after blasting): for tests that
// change one clause of the CNF rather than of the query.
DratRoute recheck_drat_cnf(const std::string& dimacs, const std::string& proof,
                           const std::string& cnf_sha256, const std::string& proof_sha256);

}  // namespace nimcert
