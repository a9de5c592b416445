// The unbounded route's MONA times and automaton sizes: one benchmark per induction
// obligation and per lemma of the committed proofs that lies in the WS1S fragment, each timed
// as MONA's own run (manual time: the child process, translation included), with the largest
// minimized automaton MONA built as counters.  A last benchmark per induction is the whole
// step, every obligation in turn, as certify runs it.
//
//   build/bench/mona_bench                                    # everything
//   build/bench/mona_bench --benchmark_filter=manabe          # one proof
#include <benchmark/benchmark.h>

#include <fmt/format.h>

#include "checks/induction/check.hpp"
#include "checks/lemma_check.hpp"
#include "checks/proof_input.hpp"
#include "checks/unbounded.hpp"
#include "games/registry.hpp"
#include "lang/proof_file.hpp"

namespace nimcert {
namespace {

const char* const kProofs[] = {"manabe-2024", "bouton", "serial-nim", "levine-2004"};

void report(benchmark::State& state, const UnboundedOutcome& u) {
  if (u.answer != smt::MonaRun::Answer::Valid) state.SkipWithError("not valid");
  state.SetIterationTime(u.seconds);
  state.counters["states"] = u.states;
  state.counters["bdd_nodes"] = u.bdd_nodes;
}

void register_proof(const std::string& name) {
  const auto proof = std::make_shared<smt::ProofFile>(
      read_proof_file(std::string(NIMCERT_SOURCE_DIR) + "/certs/" + name + ".proof"));
  for (const smt::LemmaSpec& lemma : proof->lemmas) {
    const ExpandedLemma expanded = expand_lemma(lemma, proof->definitions);
    try {  // in the fragment? (translated only; MONA runs in the benchmark)
      unbounded_query(lemma.variables, lemma.hypotheses, lemma.conclusion, {}, proof->definitions,
                      "probe");
    } catch (const smt::OutsideFragment&) {
      continue;
    }
    benchmark::RegisterBenchmark(
        fmt::format("{}/lemma {}", name, lemma.label).c_str(),
        [proof, lemma, expanded](benchmark::State& state) {
          for (auto _ : state)
            report(state, lemma_for_all_naturals(lemma, proof->definitions, expanded, {}));
        })
        ->UseManualTime()
        ->Iterations(1)
        ->Unit(benchmark::kMillisecond);
  }
  for (const smt::InductionSpec& induction : proof->inductions) {
    const std::shared_ptr<const Game> game = make_game(induction.game, proof->definitions);
    std::vector<Obligation> obligations;
    try {
      obligations = unbounded_induction_obligations(induction, proof->definitions, *game, name);
      for (const Obligation& o : obligations)
        unbounded_query(o.variables, o.hypotheses, o.conclusion, o.existentials,
                        proof->definitions, "probe");
    } catch (const smt::OutsideFragment&) {
      continue;
    }
    auto decide = [proof](const Obligation& o) {
      return decide_for_all_naturals(o.variables, o.hypotheses, o.conclusion, o.existentials,
                                     proof->definitions, nullptr, "mona_bench", {});
    };
    for (const Obligation& o : obligations)
      benchmark::RegisterBenchmark(
          fmt::format("{}/induction {}/{}", name, induction.claim, o.name).c_str(),
          [decide, o](benchmark::State& state) {
            for (auto _ : state) report(state, decide(o));
          })
          ->UseManualTime()
          ->Iterations(1)
          ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark(
        fmt::format("{}/induction {}/whole step", name, induction.claim).c_str(),
        [decide, obligations](benchmark::State& state) {
          for (auto _ : state) {
            double seconds = 0;
            unsigned states = 0;
            for (const Obligation& o : obligations) {
              const UnboundedOutcome u = decide(o);
              if (u.answer != smt::MonaRun::Answer::Valid) state.SkipWithError("not valid");
              seconds += u.seconds;
              states = std::max(states, u.states);
            }
            state.SetIterationTime(seconds);
            state.counters["obligations"] = static_cast<double>(obligations.size());
            state.counters["states"] = states;
          }
        })
        ->UseManualTime()
        ->Iterations(1)
        ->Unit(benchmark::kMillisecond);
  }
}

}  // namespace
}  // namespace nimcert

int main(int argc, char** argv) {
  for (const char* name : nimcert::kProofs) nimcert::register_proof(name);
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
