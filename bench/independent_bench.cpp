// The automata route's cost beside MONA's: every statement of the committed proofs that MONA
// decides for every natural (lemmas, induction obligations, the declared games' rules), decided
// again by nimcert's own automata (checks/independent.hpp), with MONA's time in the same run.
// One line per statement: the proof, the statement, MONA's answer and seconds, the automata's
// status, evidence pairs, premise and goal states and seconds; then the totals and the ratio.
//
//   build/bench/independent_bench                 # every committed proof
//   build/bench/independent_bench manabe-2024     # some of them
#include <fmt/format.h>

#include <filesystem>
#include <iostream>

#include "checks/induction/check.hpp"
#include "checks/induction/obligations.hpp"
#include "checks/lemma_check.hpp"
#include "checks/proof_input.hpp"
#include "checks/unbounded.hpp"
#include "games/declared_game.hpp"
#include "games/registry.hpp"
#include "lang/proof_file.hpp"

namespace nimcert {
namespace {

struct Totals {
  double mona = 0, automata = 0;
  std::size_t statements = 0, checked = 0;
  std::uint64_t largest = 0;
};

void run(const std::string& proof_name, const std::string& name,
         const std::vector<std::string>& variables, const std::vector<smt::ExprPtr>& hypotheses,
         const smt::ExprPtr& conclusion, const std::vector<smt::Existential>& existentials,
         const smt::Definitions& definitions, smt::Numeration numeration, Totals& totals) {
  UnboundedOptions options;
  options.numeration = numeration;
  options.independent = false;
  UnboundedOutcome mona;
  try {
    mona = decide_for_all_naturals(variables, hypotheses, conclusion, existentials, definitions,
                                   nullptr, "independent_bench", options);
  } catch (const std::exception& e) {
    fmt::print("{}\t{}\tmona error {}\n", proof_name, name, e.what());
    return;
  }
  if (!mona.in_fragment) return;
  const IndependentCheck c = check_independently(variables, hypotheses, conclusion,
                                                 existentials, definitions, numeration);
  fmt::print("{}\t{}\tmona {} {:.3f}s\tautomata {} pairs {} ({} x {}) {:.3f}s{}\n", proof_name,
             name, smt::mona_answer_name(mona.answer), mona.seconds, c.status, c.states,
             c.premise_states, c.goal_states, c.seconds, c.note.empty() ? "" : " " + c.note);
  std::fflush(stdout);
  totals.mona += mona.seconds;
  totals.automata += c.seconds;
  ++totals.statements;
  totals.checked += c.checked();
  totals.largest = std::max(totals.largest, c.states);
}

void bench_proof(const std::string& name, Totals& totals) {
  const smt::ProofFile proof =
      read_proof_file(std::string(NIMCERT_SOURCE_DIR) + "/certs/" + name + ".proof");
  for (const auto& declaration : proof.declared_games) {
    if (!declaration->octal.empty()) continue;
    const DeclaredGame game(declaration, proof.definitions);
    const InductionStep step{game.symbolic_moves(), {}, game.heap_count(), smt::make_const(0),
                             false, false, {}, std::nullopt};
    for (const Obligation& o : rules_obligations(step, 0))
      run(name, "rules " + game.name() + " " + o.name, o.variables, o.hypotheses, o.conclusion,
          o.existentials, {}, smt::Numeration::Binary, totals);
  }
  for (const smt::LemmaSpec& lemma : proof.lemmas)
    run(name, "lemma " + lemma.label, lemma.variables, lemma.hypotheses, lemma.conclusion, {},
        proof.definitions, smt::Numeration::Binary, totals);
  for (const smt::InductionSpec& induction : proof.inductions) {
    const std::shared_ptr<const Game> game = make_game(induction.game, proof.definitions);
    std::vector<Obligation> obligations;
    try {
      obligations = unbounded_induction_obligations(induction, proof.definitions, *game, name);
    } catch (const std::exception& e) {
      continue;
    }
    for (const Obligation& o : obligations)
      run(name, "induction " + induction.claim + " " + o.name, o.variables, o.hypotheses,
          o.conclusion, o.existentials, proof.definitions,
          induction.numeration, totals);
  }
}

}  // namespace
}  // namespace nimcert

int main(int argc, char** argv) {
  std::vector<std::string> names;
  for (int i = 1; i < argc; ++i) names.push_back(argv[i]);
  if (names.empty())
    for (const auto& f : std::filesystem::directory_iterator(std::string(NIMCERT_SOURCE_DIR) + "/certs"))
      if (f.path().extension() == ".proof") names.push_back(f.path().stem().string());
  std::sort(names.begin(), names.end());
  nimcert::Totals totals;
  for (const std::string& n : names) nimcert::bench_proof(n, totals);
  fmt::print(
      "total: {} statements MONA decides, {} checked by the automata; MONA {:.2f} s, automata "
      "{:.2f} s (ratio {:.2f}); largest evidence {} pairs\n",
      totals.statements, totals.checked, totals.mona, totals.automata,
      totals.mona > 0 ? totals.automata / totals.mona : 0.0, totals.largest);
  return totals.checked == totals.statements ? 0 : 1;
}
