// export-smt2: every lemma and induction query a proof file poses, written as SMT-LIB 2.6
// benchmarks with Z3's answer as their :status (see export_smt2.hpp).
#include "cli/export_smt2.hpp"

#include <fmt/format.h>

#include <filesystem>

#include "base/atomic_file.hpp"
#include "checks/induction/check.hpp"
#include "checks/lemma_check.hpp"
#include "checks/proof_input.hpp"
#include "checks/solve_and_recheck.hpp"
#include "certificate/query_names.hpp"
#include "cli/workflow.hpp"
#include "games/registry.hpp"

namespace nimcert {

int export_smt2(const std::vector<std::string>& proofs, const std::string& out_dir,
                unsigned timeout_ms) {
  std::size_t written = 0;
  const Z3Alone z3;
  for (const std::string& proof_path : proof_files(proofs)) {
    const smt::ProofFile proof = read_proof_file(proof_path);
    const std::filesystem::path dir =
        std::filesystem::path(out_dir) / std::filesystem::path(proof_path).stem();
    std::filesystem::create_directories(dir);
    const std::vector<std::string> stems = lemma_file_stems(proof.lemmas);
    for (std::size_t i = 0; i < proof.lemmas.size(); ++i) {
      const smt::LemmaSpec& lemma = proof.lemmas[i];
      const std::string& base = stems[i];
      const ExpandedLemma expanded = expand_lemma(lemma, proof.definitions);
      const smt::Program statement(lemma.variables, {expanded.implication});
      for (unsigned w : lemma.widths) {
        const SolvedQuery solved =
            solve_and_recheck(lemma_query(lemma, expanded, w), &statement, z3, timeout_ms);
        write_file_atomically(dir / lemma_query_file(base, w), solved.smt2);
        ++written;
      }
    }
    for (const smt::InductionSpec& induction : proof.inductions) {
      const auto game = make_game(induction.game, proof.definitions);
      for (unsigned w : induction.widths)
        for (const auto& [name, q] :
             induction_queries(induction, proof.definitions, *game, w, proof_path)) {
          // The status is Z3's answer; the model is not re-checked here (certify does that).
          const SolvedQuery solved = solve_and_recheck(q, nullptr, z3, timeout_ms);
          const auto file = dir / induction_query_file(induction.claim, w, name);
          write_file_atomically(file, solved.smt2);
          ++written;
        }
    }
  }
  fmt::print("wrote {} SMT-LIB 2.6 files under {}\n", written, out_dir);
  return 0;
}

}  // namespace nimcert
