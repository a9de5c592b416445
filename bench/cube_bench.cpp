// Cube throughput of the fast sweep engine against the reference engine, same N, same run.
// Each result is labelled with the instruction set of the row kernel the CPU was given.
//
//   build/bench/cube_bench --benchmark_filter=Fast          # fast engine, N = 128..1024
//   build/bench/cube_bench --benchmark_filter=Reference     # reference engine (slow)
//
// Each iteration checks formula (4), Conjecture 1 and the P-positions at every position of
// [0,N]^3 of Manabe's game, digest included: the whole `certify` workload.  The second
// argument is the thread count (0: one per core); N = 512 on one thread gives the scaling.
#include <benchmark/benchmark.h>

#include <atomic>
#include <cstdint>
#include <vector>

#include "base/parallel_for.hpp"
#include "checks/cube_check.hpp"
#include "claims/manabe_claims.hpp"
#include "engines/cube_engine.hpp"
#include "engines/reference_engine.hpp"
#include "games/amalgamation.hpp"

namespace nimcert {
namespace {

// A cube bench's label (the row kernel chosen for this CPU) and its rate in positions of
// [0,N]^3 a second.
void report_cube(benchmark::State& state, Heap n) {
  state.SetLabel(CubeEngine::row_kernel_isa());
  state.counters["positions/s"] = benchmark::Counter(double(n + 1) * (n + 1) * (n + 1),
                                                     benchmark::Counter::kIsIterationInvariantRate);
}

// One timed iteration a repetition, three repetitions, in milliseconds of real time.
void three_real_time_runs(benchmark::internal::Benchmark* b) {
  b->Unit(benchmark::kMillisecond)
      ->Iterations(1)
      ->Repetitions(3)
      ->ReportAggregatesOnly(true)
      ->UseRealTime();
}

void BM_FastCubeCheck(benchmark::State& state) {
  const Heap n = static_cast<Heap>(state.range(0));
  const auto threads = static_cast<unsigned>(state.range(1));
  const auto claims = manabe_claims();
  std::vector<const CubeClaim*> p;
  for (const auto& c : claims) p.push_back(c.get());
  Amalgamation game;
  for (auto _ : state) {
    CubeReport r = check_cube(game, n, p, {}, threads);
    if (r.verdict() != Verdict::Holds) state.SkipWithError("claims fail");
    benchmark::DoNotOptimize(r);
  }
  report_cube(state, n);
}
BENCHMARK(BM_FastCubeCheck)
    ->ArgNames({"N", "threads"})
    ->Args({128, 0})
    ->Args({256, 0})
    ->Args({384, 0})
    ->Args({512, 1})
    ->Args({512, 0})
    ->Args({1024, 0})
    ->Apply(three_real_time_runs);

// The sweep alone (faces included, no claims, no digest, slices taken in any order): what
// the engine itself costs.  Arg 1: the sorted sweep, the tetrahedron a <= b <= c that check_cube
// uses for Manabe's game (symmetric in its three heaps); arg 0: the full sweep, mirrored
// (z >= y, then reflected), which a game symmetric in its last two heaps only gets.
void BM_FastCubeSweepOnly(benchmark::State& state) {
  const Heap n = static_cast<Heap>(state.range(0));
  const bool sorted = state.range(1) != 0;
  Amalgamation game;
  for (auto _ : state) {
    CubeEngine engine(game, n);
    std::atomic<Value> top = 0;
    auto keep_last = [&](Heap, std::span<const Value> slice) { top = slice.back(); };
    if (sorted)
      engine.sweep_sorted(keep_last);
    else
      engine.sweep_slices(keep_last);
    benchmark::DoNotOptimize(top.load());
  }
  report_cube(state, n);
}
// N = 2048 once: minutes, and about 2 GB (run it alone to read its peak memory).
BENCHMARK(BM_FastCubeCheck)
    ->Name("BM_FastCubeCheckLarge")
    ->ArgNames({"N", "threads"})
    ->Args({2048, 0})
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1)
    ->UseRealTime();

BENCHMARK(BM_FastCubeSweepOnly)
    ->ArgNames({"N", "sorted"})
    ->Args({512, 1})
    ->Args({1024, 1})
    ->Args({1024, 0})
    ->Apply(three_real_time_runs);

// The machine's streaming memory bandwidth on every core, the limit the sweep is held against:
// each thread reads 64-bit words of its own 512 MiB (arg 0) or reads and writes them back
// (arg 1), four passes.  The sweep's traffic, estimated from the line layout (line_set.hpp):
// per position of the mirrored half, the x-line's word and its summary word read and written
// (32 B a position, eight positions a cache line), six merge streams read (24 B), the value
// written (4 B): about 60 B, so 32 GB for N = 1024's 0.54 G positions.  2026-12-07, one run:
// 18.6 GB/s read, 20.3 GB/s read and write; the sweep alone 5.0 s, so about 6.4 GB/s, a third
// of the bandwidth: bound by its instructions (about 100 a position), not by memory.
// The sorted sweep (2026-12-07, later) meets each of the 0.18 G sorted positions once: its
// pair line's word and summary read and written (32 B), three merge streams (12 B), the value
// (4 B), about 48 B, so 8.6 GB in its 1.9 s: 4.5 GB/s, a quarter of the bandwidth.  The whole
// check, N = 1024: 7.2 s before, 2.6 s with the sorted sweep, in one run.
void BM_StreamingBandwidth(benchmark::State& state) {
  const bool write = state.range(0) != 0;
  const unsigned threads = CubeEngine::resolve_threads(0);
  constexpr std::size_t kWords = std::size_t{1} << 26;  // 512 MiB a thread
  constexpr int kPasses = 4;
  std::vector<std::vector<std::uint64_t>> memory(threads, std::vector<std::uint64_t>(kWords, 1));
  for (auto _ : state) {
    std::vector<std::uint64_t> sums(threads);
    parallel_for(threads, threads, [&](std::size_t t) {
      std::uint64_t sum = 0;
      for (int pass = 0; pass < kPasses; ++pass)
        for (std::uint64_t& word : memory[t]) {
          sum += word;
          if (write) word = sum;
        }
      sums[t] = sum;
    });
    benchmark::DoNotOptimize(sums.data());
  }
  const double bytes = double(threads) * kWords * 8 * kPasses * (write ? 2 : 1);
  state.counters["bytes/s"] =
      benchmark::Counter(bytes, benchmark::Counter::kIsIterationInvariantRate);
  state.SetLabel(write ? "read and write, every core" : "read, every core");
}
BENCHMARK(BM_StreamingBandwidth)->ArgName("write")->Arg(0)->Arg(1)->Apply(three_real_time_runs);

void BM_ReferenceCube(benchmark::State& state) {
  const Heap n = static_cast<Heap>(state.range(0));
  Amalgamation game;
  for (auto _ : state) {
    ReferenceEngine engine(game);
    Value x = 0;
    for (Heap a = 0; a <= n; ++a)
      for (Heap b = 0; b <= n; ++b)
        for (Heap c = 0; c <= n; ++c) x ^= engine.grundy({a, b, c});
    benchmark::DoNotOptimize(x);
  }
  state.counters["positions/s"] = benchmark::Counter(double(n + 1) * (n + 1) * (n + 1),
                                                     benchmark::Counter::kIsIterationInvariantRate);
}
// The reference engine needs about 100 s for N = 128 here and its time per position grows
// with N (it lists the O(N) followers of each position), so N = 384 would take most of an
// hour: the ratio at N = 128 is a lower bound for the ratio at N = 384.
BENCHMARK(BM_ReferenceCube)->Arg(128)->Unit(benchmark::kMillisecond)->Iterations(1)->UseRealTime();

}  // namespace
}  // namespace nimcert

BENCHMARK_MAIN();
