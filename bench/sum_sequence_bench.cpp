// Declared take-and-break games on one heap: the one-heap sum engine against the memoised
// reference engine, in one run, on Grundy's game and Lasker's Nim as certs/ declares them.
// Also the sum engine alone on Grundy's game to 10^5 (certs/grundy-game.proof's box).
//
//   build/bench/sum_sequence_bench
#include <benchmark/benchmark.h>

#include <map>

#include "checks/proof_input.hpp"
#include "engines/reference_engine.hpp"
#include "engines/sum_sequence.hpp"
#include "games/registry.hpp"

namespace nimcert {
namespace {

const smt::ProofFile& proof(const char* name) {
  static std::map<std::string, smt::ProofFile> files;
  auto it = files.find(name);
  if (it == files.end())
    it = files.emplace(name, read_proof_file(std::string(NIMCERT_SOURCE_DIR) + "/certs/" + name))
             .first;
  return it->second;
}

void sum_engine(benchmark::State& state, const char* file) {
  const auto game = make_game(proof(file).game, proof(file).definitions);
  for (auto _ : state)
    benchmark::DoNotOptimize(sum_sequence(*game, static_cast<Heap>(state.range(0))));
}
void reference(benchmark::State& state, const char* file) {
  const auto game = make_game(proof(file).game, proof(file).definitions);
  for (auto _ : state) {
    ReferenceEngine engine(*game);
    for (Heap n = 0; n <= static_cast<Heap>(state.range(0)); ++n)
      benchmark::DoNotOptimize(engine.grundy(Position{n}));
  }
}

void BM_SumGrundysGame(benchmark::State& s) { sum_engine(s, "grundy-game.proof"); }
void BM_ReferenceGrundysGame(benchmark::State& s) { reference(s, "grundy-game.proof"); }
void BM_SumLasker(benchmark::State& s) { sum_engine(s, "lasker.proof"); }
void BM_ReferenceLasker(benchmark::State& s) { reference(s, "lasker.proof"); }
BENCHMARK(BM_SumGrundysGame)
    ->Arg(20'000)
    ->Arg(100'000)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1);
BENCHMARK(BM_ReferenceGrundysGame)->Arg(20'000)->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK(BM_SumLasker)->Arg(20'000)->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK(BM_ReferenceLasker)->Arg(20'000)->Unit(benchmark::kMillisecond)->Iterations(1);

}  // namespace
}  // namespace nimcert

BENCHMARK_MAIN();
