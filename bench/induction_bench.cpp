// The symbolic induction step of certs/manabe-2024.proof at one width per benchmark: all 20
// obligations, each solved by Z3 and replayed by cvc5 side by side (as certify runs them).
//
//   build/bench/induction_bench                                  # w = 64
//   build/bench/induction_bench --benchmark_filter=/128           # the wider runs
#include <benchmark/benchmark.h>

#include "checks/induction/check.hpp"
#include "checks/proof_input.hpp"
#include "games/amalgamation.hpp"
#include "lang/proof_file.hpp"

namespace nimcert {
namespace {

void BM_InductionStep(benchmark::State& state) {
  const smt::ProofFile proof = read_proof_file(NIMCERT_SOURCE_DIR "/certs/manabe-2024.proof");
  smt::InductionSpec spec = proof.inductions.at(0);
  spec.widths = {static_cast<unsigned>(state.range(0))};
  const Amalgamation game(2);
  double z3 = 0, cvc5 = 0;
  for (auto _ : state) {
    const InductionOutcome d = check_induction(spec, proof.definitions, game, {});
    if (d.verdict != Verdict::Holds) state.SkipWithError("not proved");
    for (const auto& o : d.widths[0].obligations) {
      z3 += o.seconds;
      cvc5 += o.cvc5.seconds;
    }
  }
  state.counters["z3_seconds"] = benchmark::Counter(z3, benchmark::Counter::kAvgIterations);
  state.counters["cvc5_seconds"] = benchmark::Counter(cvc5, benchmark::Counter::kAvgIterations);
}
BENCHMARK(BM_InductionStep)->Arg(64)->Arg(128)->Iterations(1)->Unit(benchmark::kSecond);

}  // namespace
}  // namespace nimcert

BENCHMARK_MAIN();
