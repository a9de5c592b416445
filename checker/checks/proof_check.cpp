// Checking a proof file (see proof_check.hpp).
#include "checks/proof_check.hpp"

#include <filesystem>
#include <fstream>
#include <sstream>

#include "base/sha256.hpp"
#include "checks/proof_input.hpp"
#include "claims/proof_claims.hpp"
#include "games/registry.hpp"
#include "solve/z3_backend.hpp"

namespace nimcert {

Verdict ProofReport::verdict() const {
  bool unknown = false;
  if (cube && !cube->holds()) return Verdict::Fails;
  for (const auto& b : boxes)
    if (!b.holds()) return Verdict::Fails;
  for (const auto& q : sequences)
    if (!q.holds()) return Verdict::Fails;
  for (const auto& l : lemmas) {
    if (l.verdict == Verdict::Fails) return Verdict::Fails;
    unknown = unknown || l.verdict == Verdict::Unknown;
  }
  for (const auto& d : inductions) {
    if (d.verdict == Verdict::Fails) return Verdict::Fails;
    unknown = unknown || d.verdict == Verdict::Unknown;
  }
  return unknown ? Verdict::Unknown : Verdict::Holds;
}

ProofReport check_proof(const std::string& path, const ProofOptions& options,
                        const Progress& progress) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error(path + ": cannot read the proof file");
  std::stringstream text;
  text << in.rdbuf();
  ProofReport report;
  report.proof = parse_proof_file(text.str(), path);
  report.proof_name = std::filesystem::path(path).filename().string();
  report.proof_sha256 = Sha256::of(text.str());
  if (!report.proof.claims.empty()) {
    report.game = make_game(report.proof.game, report.proof.definitions);
    const Heap n = options.cube ? *options.cube : report.proof.cube;
    const auto claims = proof_claims(report.proof);
    std::vector<const CubeClaim*> pointers;
    for (const auto& c : claims) pointers.push_back(c.get());
    report.cube = check_cube(*report.game, n, pointers, progress);
    for (std::size_t i = 0; i < claims.size(); ++i)
      report.cube->claims[i].text = report.proof.claims[i].text;
  } else if (!report.proof.game.name.empty()) {
    report.game = make_game(report.proof.game, report.proof.definitions);
  }
  for (const smt::BoxSpec& box : report.proof.boxes)
    report.boxes.push_back(check_box(box, report.proof.definitions));
  for (const smt::SequenceSpec& sequence : report.proof.sequences)
    report.sequences.push_back(check_sequence(sequence, report.proof.definitions));
  report.timeout_ms = options.lemma.timeout_ms;
  report.z3_version = smt::z3_version();
  report.z3_seed = smt::kZ3Seed;
  if (!report.proof.lemmas.empty() || !report.proof.inductions.empty())
    report.cvc5_version = smt::cvc5_version(options.lemma.cvc5_binary);
  for (const smt::LemmaSpec& lemma : report.proof.lemmas)
    report.lemmas.push_back(check_lemma(lemma, report.proof.definitions, options.lemma));
  for (const smt::InductionSpec& induction : report.proof.inductions)
    report.inductions.push_back(
        check_induction(induction, report.proof.definitions,
                        *make_game(induction.game, report.proof.definitions), options.lemma, path));
  return report;
}

}  // namespace nimcert
