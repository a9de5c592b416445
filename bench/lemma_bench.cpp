// Enumeration throughput of the C++ evaluator on lemma (18) of certs/manabe-2024.proof (the
// largest seed-000 lemma: six edge-count transitions), and on (17), in evaluations per second.
//
//   build/bench/lemma_bench
//
// Each iteration enumerates the lemma on [0,high]^3: high = 255 (16.8 M assignments) as
// certify does, 1023 (1.07 G) to see the two cores at work;
// the second argument is the thread count (0: one per core), the third the evaluator (0:
// machine code, 1: batch evaluator).  evaluations/s leaves out the compiler's time, which
// compile_ms reports.
#include <benchmark/benchmark.h>

#include <thread>

#include "checks/lemma_check.hpp"
#include "checks/proof_input.hpp"
#include "lang/proof_file.hpp"

namespace nimcert {
namespace {

const smt::LemmaSpec& lemma_named(const smt::ProofFile& proof, const std::string& label) {
  for (const auto& l : proof.lemmas)
    if (l.label == label) return l;
  throw std::runtime_error("no lemma " + label);
}

void enumerate(benchmark::State& state, const std::string& label) {
  const smt::ProofFile proof = read_proof_file(NIMCERT_SOURCE_DIR "/certs/manabe-2024.proof");
  const smt::LemmaSpec& lemma = lemma_named(proof, label);
  const ExpandedLemma expanded = expand_lemma(lemma, proof.definitions);
  const unsigned threads = state.range(1) > 0 ? static_cast<unsigned>(state.range(1))
                                              : std::max(1u, std::thread::hardware_concurrency());
  const std::uint64_t high = static_cast<std::uint64_t>(state.range(0));
  const auto engine = state.range(2) == 0 ? EnumerationEngine::Native : EnumerationEngine::Batch;
  std::uint64_t cases = 0;
  double evaluating = 0, compiling = 0;
  for (auto _ : state) {
    const EnumerationOutcome e =
        enumerate_lemma(lemma.variables, expanded.implication, 0, high, threads, engine);
    if (e.verdict != Verdict::Holds) state.SkipWithError("the lemma does not hold");
    if (engine == EnumerationEngine::Native && !e.native)
      state.SkipWithError(e.engine_note.c_str());
    cases += e.cases;
    evaluating += e.seconds - e.compile_seconds;
    compiling += e.compile_seconds;
  }
  state.counters["evaluations/s"] = double(cases) / evaluating;
  state.counters["compile_ms"] =
      benchmark::Counter(compiling * 1e3, benchmark::Counter::kAvgIterations);
}

void BM_Lemma18(benchmark::State& state) { enumerate(state, "(18)"); }
void BM_Lemma17(benchmark::State& state) { enumerate(state, "(17)"); }
BENCHMARK(BM_Lemma18)
    ->ArgNames({"high", "threads", "batch"})
    ->Args({255, 1, 0})
    ->Args({255, 0, 0})
    ->Args({255, 0, 1})
    ->Args({1023, 1, 0})
    ->Args({1023, 0, 0})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->MinTime(2);
BENCHMARK(BM_Lemma17)
    ->ArgNames({"high", "threads", "batch"})
    ->Args({255, 0, 0})
    ->Args({255, 0, 1})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->MinTime(2);

}  // namespace
}  // namespace nimcert

BENCHMARK_MAIN();
