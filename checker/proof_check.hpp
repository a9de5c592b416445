// Checking a whole proof file: its claims on the cube, exhaustively; each of its lemmas with
// the SMT solvers and by enumeration; each induction step symbolically.  The proof's verdict
// needs every claim, every lemma and every induction step.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "box_check.hpp"
#include "cube_check.hpp"
#include "game.hpp"
#include "induction_check.hpp"
#include "lemma_check.hpp"
#include "proof_file.hpp"
#include "sequence_check.hpp"

namespace nimcert {

struct ProofOptions {
  smt::LemmaOptions lemma;
  std::optional<Heap> cube;  // overrides the proof file's cube size
};

struct ProofReport {
  smt::ProofFile proof;
  std::string proof_name;    // file name, without folders
  std::string proof_sha256;  // of the file's bytes
  std::unique_ptr<Game> game;
  std::optional<CubeReport> cube;  // absent when the file states no claims
  std::vector<smt::LemmaOutcome> lemmas;
  std::vector<BoxReport> boxes;
  std::vector<SequenceReport> sequences;
  std::vector<InductionOutcome> inductions;
  std::string cvc5_version;  // of the second solver, when there are lemmas
  unsigned timeout_ms = 0;   // per query and solver

  smt::Verdict verdict() const;
};

ProofReport check_proof(const std::string& path, const ProofOptions& options,
                        const Progress& progress = {});

}  // namespace nimcert
