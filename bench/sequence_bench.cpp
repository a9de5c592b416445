// Levine's one-heap sequence for f(n) = floor((n - 1) / 2) to n = 10^7: the direct recurrence
// (1) by the sliding-window mex against the O(n) algorithm of Lemma 2.1, same run.
//
//   build/bench/sequence_bench
#include <benchmark/benchmark.h>

#include "engines/sequence_engine.hpp"
#include "games/one_heap.hpp"

namespace nimcert {
namespace {

const std::vector<std::uint64_t>& half_rule(std::uint64_t last) {
  static const std::vector<std::uint64_t> f = Rule("(n - 1) / 2", {}).table(last);
  return f;
}

void BM_MaximumNimRecurrence(benchmark::State& state) {
  const auto& f = half_rule(static_cast<std::uint64_t>(state.range(0)));
  for (auto _ : state) benchmark::DoNotOptimize(maximum_nim(f));
  state.counters["n/s"] =
      benchmark::Counter(double(f.size()), benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(BM_MaximumNimRecurrence)->Arg(10'000'000)->Unit(benchmark::kMillisecond);

void BM_Lemma21Algorithm(benchmark::State& state) {
  const auto& f = half_rule(static_cast<std::uint64_t>(state.range(0)));
  for (auto _ : state) benchmark::DoNotOptimize(lemma_2_1(f));
  state.counters["n/s"] =
      benchmark::Counter(double(f.size()), benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(BM_Lemma21Algorithm)->Arg(10'000'000)->Unit(benchmark::kMillisecond);

void BM_RuleTable(benchmark::State& state) {
  for (auto _ : state)
    benchmark::DoNotOptimize(
        Rule("(n - 1) / 2", {}).table(static_cast<std::uint64_t>(state.range(0))));
}
BENCHMARK(BM_RuleTable)->Arg(10'000'000)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace nimcert

BENCHMARK_MAIN();
