// export-mona: every lemma and induction step in the unbounded fragment, written as the MONA
// program certify decides (see export_mona.hpp).
#include "cli/export_mona.hpp"

#include <fmt/format.h>

#include <filesystem>

#include "base/atomic_file.hpp"
#include "certificate/query_names.hpp"
#include "checks/induction/check.hpp"
#include "checks/proof_input.hpp"
#include "checks/unbounded.hpp"
#include "pipelines/workflow.hpp"
#include "games/registry.hpp"

namespace nimcert {

namespace {

void report_outside(const std::string& proof_path, const std::string& what,
                    const smt::OutsideFragment& e) {
  fmt::print("{}:{}:{}: {}: {} (no file)\n", proof_path, e.where.line, e.where.column, what,
             e.what());
}

}  // namespace

int export_mona(const std::vector<std::string>& proofs, const std::string& out_dir) {
  // Every program of every proof file, named, before any is written.
  std::vector<std::pair<std::filesystem::path, std::string>> files;
  std::size_t outside = 0;
  for (const std::string& proof_path : proof_files(proofs)) {
    const smt::ProofFile proof = read_proof_file(proof_path);
    const std::filesystem::path dir =
        std::filesystem::path(out_dir) / std::filesystem::path(proof_path).stem();
    PlannedFiles names;
    const std::vector<std::string> stems = lemma_file_stems(proof.lemmas);
    for (std::size_t i = 0; i < proof.lemmas.size(); ++i) {
      const smt::LemmaSpec& lemma = proof.lemmas[i];
      try {
        const smt::MonaQuery q = unbounded_query(
            lemma.variables, lemma.hypotheses, lemma.conclusion, {}, proof.definitions,
            "nimcert lemma " + lemma.label + " for all naturals");
        names.plan(lemma_mona_file(stems[i]), fmt::format("{}: lemma {}", proof_path, lemma.label));
        files.emplace_back(dir / lemma_mona_file(stems[i]), q.text);
      } catch (const smt::OutsideFragment& e) {
        report_outside(proof_path, "lemma " + lemma.label, e);
        ++outside;
      }
    }
    for (const smt::InductionSpec& induction : proof.inductions) {
      const auto game = make_game(induction.game, proof.definitions);
      // All obligations are translated before any is planned: a step is exported whole or not.
      std::vector<std::pair<Obligation, std::string>> step;
      try {
        for (Obligation& o :
             unbounded_induction_obligations(induction, proof.definitions, *game, proof_path)) {
          std::string text =
              unbounded_query(
                  o.variables, o.hypotheses, o.conclusion, o.existentials, proof.definitions,
                  fmt::format("nimcert induction {} {} for all positions", induction.claim, o.name),
                  numeration_to_decide(o, induction.numeration, proof.definitions))
                  .text;
          step.emplace_back(std::move(o), std::move(text));
        }
      } catch (const smt::OutsideFragment& e) {
        report_outside(proof_path, "induction " + induction.claim, e);
        ++outside;
        continue;
      }
      for (auto& [o, text] : step) {
        const std::string name = induction_mona_file(induction.claim, o.name);
        names.plan(name, fmt::format("{}: induction {} {}", proof_path, induction.claim, o.name));
        files.emplace_back(dir / name, std::move(text));
      }
    }
  }
  for (const auto& [file, text] : files) {
    std::filesystem::create_directories(file.parent_path());
    write_file_atomically(file, text);
  }
  fmt::print(
      "wrote {} MONA files under {} ({} lemmas or induction steps outside the unbounded "
      "fragment)\n",
      files.size(), out_dir, outside);
  return 0;
}

}  // namespace nimcert
