// Checking a whole proof file: its claims on the cube, exhaustively; its boxes and sequences,
// exhaustively; each of its lemmas with the SMT solvers and by enumeration; each induction
// step symbolically.  The proof's verdict needs every one of them.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "base/outcome.hpp"
#include "checks/box_check.hpp"
#include "checks/cube_check.hpp"
#include "checks/induction/check.hpp"
#include "checks/lemma_check.hpp"
#include "checks/rules_check.hpp"
#include "checks/sequence_check.hpp"
#include "games/game.hpp"
#include "lang/proof_file.hpp"

namespace nimcert {

class ReusingExhaustive;  // checks/reusing_exhaustive.hpp

struct ProofOptions {
  CheckOptions lemma;
  std::optional<Heap> cube;  // overrides the proof file's cube size
  // An enumeration estimated to take longer than this is refused before anything runs.
  double max_enumeration_seconds = 3600;
  // Exploration: only the claims on the cube, boxes and sequences (no solver runs), and/or
  // stop after the first block (cube, box, sequence, lemma, induction) that fails.  Either
  // leaves the report incomplete, which ProofReport::complete says.
  bool claims_only = false;
  bool fail_fast = false;
  MisereLimits misere;  // a misère sequence's limits (the command line does not change them)
  // The cube's, boxes' and sequences' reports from the local cache when their inputs are
  // unchanged (reusing_exhaustive.hpp); null: every block is computed.
  const ReusingExhaustive* exhaustive = nullptr;
};

// A proof file read and parsed: what the workflow holds for every file named before it runs
// the first check, so that a broken file is reported before minutes of another one's checks.
struct ProofSource {
  std::string path;
  std::string name;    // file name, without folders
  std::string sha256;  // of the file's bytes
  std::string text;    // the file's bytes (a block's inputs are read from them)
  smt::ProofFile proof;
};

// Throws smt::ParseError (every error of the file) or std::runtime_error (unreadable).
ProofSource load_proof(const std::string& path);
// The same for a proof file's text, not yet written at `path` (nimcert discover's).
ProofSource proof_source(const std::string& text, const std::string& path);

// Refuses, before any check runs, the work the machine cannot finish, with the estimate and
// the place in the file: a cube, box or sequence larger than the available memory, an
// enumeration estimated (at a measured cost per assignment) to take longer than the options
// allow, a top-level game the cube engine cannot sweep.  Throws ResourceError or ParseError.
void preflight(const ProofSource& source, const ProofOptions& options);

struct ProofReport {
  smt::ProofFile proof;
  std::string proof_name;    // file name, without folders
  std::string proof_sha256;  // of the file's bytes
  std::unique_ptr<Game> game;
  // The file's game as the certificate records it when it is no Game (an octal game, played by
  // sequence blocks): its name, code and moves; null otherwise.
  nlohmann::ordered_json octal_game;
  // The rules of the file's games, checked before the rest: its declared game's, and each
  // built-in game's preset declaration against its hand-written engine.
  std::vector<RulesReport> rules;
  std::optional<CubeReport> cube;  // absent when the file states no claims
  std::vector<LemmaOutcome> lemmas;
  std::vector<BoxReport> boxes;
  std::vector<SequenceReport> sequences;
  std::vector<InductionOutcome> inductions;
  std::string z3_version;    // of the linked Z3
  unsigned z3_seed = 0;      // its random seed, fixed
  std::string cvc5_version;  // of the second solver, when there are lemmas
  std::string cvc5_options;  // what it runs with (smt::kCvc5Options), when it runs
  std::string mona_version;  // of the WS1S decision procedure, when there are lemmas
  unsigned timeout_ms = 0;   // per query and solver
  // CaDiCaL's version and the proof size limit of the DRAT route, when it ran on lemmas.
  std::string cadical_version;
  std::string cadical_options;  // what it runs with (smt::kCadicalOptions), when it runs
  std::uint64_t drat_proof_limit_bytes = 0;
  unsigned drat_timeout_ms = 0;
  std::uint64_t drat_conflicts = 0;                                  // CaDiCaL's limit on conflicts
  std::uint64_t drat_check_visits = 0, drat_check_memory_bytes = 0;  // the checker's limits
  unsigned after_mona_timeout_ms = 0;  // the same, for widths of a statement MONA proved
  // What was left unchecked: "" when everything the file states ran; else why not (claims
  // only, or stopped at the first failure).  An incomplete report is never a certificate.
  std::string incomplete;
  // The blocks whose reports came from the local cache, by their names in the run's
  // check_seconds ("exhaustive", "box NAME", "sequence NAME"); the run records them.
  std::vector<std::string> reused;

  Verdict verdict() const;
};

ProofReport check_proof(const ProofSource& source, const ProofOptions& options,
                        const Progress& progress = {});
// load_proof, preflight, check_proof.
ProofReport check_proof(const std::string& path, const ProofOptions& options,
                        const Progress& progress = {});

}  // namespace nimcert
