// Octal games' values: the sparse-space engine against the plain mex over every split, in one
// run (issue 26's targets: Kayles to n = 10^5 at least 50x faster than the plain engine and
// under 5 s; Kayles to n = 10^6 under 60 s).  Also Dawson's Kayles (0.07), whose rare values
// do not die out as early.
//
//   build/bench/octal_bench
#include <benchmark/benchmark.h>

#include "engines/octal_engine.hpp"

namespace nimcert {
namespace {

void BM_PlainKayles(benchmark::State& state) {
  const OctalCode kayles("0.77");
  for (auto _ : state)
    benchmark::DoNotOptimize(
        plain_octal_values(kayles, static_cast<std::uint64_t>(state.range(0))));
}
BENCHMARK(BM_PlainKayles)->Arg(100'000)->Unit(benchmark::kMillisecond)->Iterations(1);

void sparse(benchmark::State& state, const char* code) {
  const OctalCode game(code);
  SparseStatistics stats;
  for (auto _ : state)
    benchmark::DoNotOptimize(
        sparse_octal_values(game, static_cast<std::uint64_t>(state.range(0)), &stats));
  state.counters["mask"] = stats.mask;
  state.counters["domain"] = stats.domain;
  state.counters["rare"] = double(stats.rare_positions);
  state.counters["full_scans"] = double(stats.full_scans);
}
void BM_SparseKayles(benchmark::State& state) { sparse(state, "0.77"); }
BENCHMARK(BM_SparseKayles)->Arg(100'000)->Arg(1'000'000)->Unit(benchmark::kMillisecond);
void BM_SparseDawsonsKayles(benchmark::State& state) { sparse(state, "0.07"); }
BENCHMARK(BM_SparseDawsonsKayles)->Arg(100'000)->Arg(1'000'000)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace nimcert

BENCHMARK_MAIN();
