// export-smt2: every lemma and induction query a proof file poses, written as SMT-LIB 2.6
// benchmarks with Z3's answer as their :status (see export_smt2.hpp).
#include "cli/export_smt2.hpp"

#include <fmt/format.h>

#include <filesystem>
#include <memory>

#include "base/atomic_file.hpp"
#include "certificate/query_names.hpp"
#include "checks/induction/check.hpp"
#include "checks/lemma_check.hpp"
#include "checks/proof_input.hpp"
#include "checks/solve_and_recheck.hpp"
#include "pipelines/workflow.hpp"
#include "games/registry.hpp"

namespace nimcert {

int export_smt2(const std::vector<std::string>& proofs, const std::string& out_dir,
                unsigned timeout_ms) {
  // Every query of every proof file, named, before any is solved or written.
  struct Planned {
    std::filesystem::path file;
    smt::Query query;
    std::shared_ptr<const smt::Program> statement;  // re-checks a lemma's model; null otherwise
  };
  std::vector<Planned> planned;
  for (const std::string& proof_path : proof_files(proofs)) {
    const smt::ProofFile proof = read_proof_file(proof_path);
    const std::filesystem::path dir =
        std::filesystem::path(out_dir) / std::filesystem::path(proof_path).stem();
    PlannedFiles names;
    const std::vector<std::string> stems = lemma_file_stems(proof.lemmas);
    for (std::size_t i = 0; i < proof.lemmas.size(); ++i) {
      const smt::LemmaSpec& lemma = proof.lemmas[i];
      const ExpandedLemma expanded = expand_lemma(lemma, proof.definitions);
      const auto statement =
          std::make_shared<const smt::Program>(lemma.variables, std::vector{expanded.implication});
      for (unsigned w : lemma.widths) {
        const std::string name = lemma_query_file(stems[i], w);
        names.plan(name, fmt::format("{}: lemma {} at width {}", proof_path, lemma.label, w));
        planned.push_back({dir / name, lemma_query(lemma, expanded, w), statement});
      }
    }
    for (const smt::InductionSpec& induction : proof.inductions) {
      const auto game = make_game(induction.game, proof.definitions);
      for (unsigned w : induction.widths)
        for (auto& [obligation, q] :
             induction_queries(induction, proof.definitions, *game, w, proof_path)) {
          const std::string name = induction_query_file(induction.claim, w, obligation);
          names.plan(name, fmt::format("{}: induction {} {} at width {}", proof_path,
                                       induction.claim, obligation, w));
          planned.push_back({dir / name, std::move(q), nullptr});
        }
    }
  }
  const Z3Alone z3;
  for (const Planned& p : planned) {
    // The status is Z3's answer; an induction's model is not re-checked here (certify does).
    const SolvedQuery solved = solve_and_recheck(p.query, p.statement.get(), z3, timeout_ms);
    std::filesystem::create_directories(p.file.parent_path());
    write_file_atomically(p.file, solved.smt2);
  }
  fmt::print("wrote {} SMT-LIB 2.6 files under {}\n", planned.size(), out_dir);
  return 0;
}

}  // namespace nimcert
