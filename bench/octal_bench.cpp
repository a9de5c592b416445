// Octal games' values: the engine (engines/octal_engine.hpp) against the plain mex over every
// split, in one run, and issue 41's targets: Dawson's Kayles (0.07) to n = 10^6 in at most
// 10 s; codes of at most four digits whose values stay below 2^10, to n = 10^7 in at most 60 s
// each (the classical ones, sparse, periodic and neither); at most 4 bytes a value beyond the
// table.  Each run's counters say how it computed the values (how many n by each way), its
// largest value, and its memory: `extra_bytes_per_value` is the engine's estimate beyond the
// 4-byte table (octal_values_bytes), `peak_rss_gib` the process's peak resident memory so far
// (getrusage), for comparing with the table's size.
//
//   build/bench/octal_bench [--benchmark_filter=...]
//
// 2026-12-06, e72ce55 against cb0a456 (both binaries one after the other, quiet machine), to
// 10^7: 0.1777 1.01 s -> 0.55 s, 0.354 3.98 s -> 3.13 s, 0.447 12.1 s -> 9.25 s, 0.16 1.19 s ->
// 1.05 s, Kayles 0.38 s -> 0.31 s, 0.106 0.73 s -> 0.54 s.  0.1777 to 10^7 now: 15% of its time
// is the kernel zeroing the table's fresh pages (its whole run of 443 million values takes
// 2.6 GB), the rest the engine, about 55 ns a value (before: 3.5 candidates a value, 2.5 of them
// scanned for).
#include <benchmark/benchmark.h>
#include <sys/resource.h>

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

double peak_rss_gib() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return static_cast<double>(usage.ru_maxrss) / (1024.0 * 1024.0);  // ru_maxrss is in KiB
}

void engine(benchmark::State& state, const char* code) {
  const OctalCode game(code);
  const auto last = static_cast<std::uint64_t>(state.range(0));
  OctalEngineRun stats;
  for (auto _ : state) benchmark::DoNotOptimize(octal_values(game, last, &stats));
  state.counters["largest"] = stats.largest;
  state.counters["rare"] = double(stats.rare_positions);
  state.counters["full_scans"] = double(stats.full_scans);
  state.counters["by_sparse"] = double(stats.by_sparse);
  state.counters["by_region"] = double(stats.by_periodic);
  state.counters["by_direct"] = double(stats.by_direct);
  state.counters["by_marking"] = double(stats.by_marking);
  state.counters["period"] = double(stats.periodic_period);
  state.counters["extra_bytes_per_value"] =
      double(octal_values_bytes(last)) / double(last + 1) - 4.0;
  state.counters["peak_rss_gib"] = peak_rss_gib();
}

// Issue 26's figures and Dawson's Kayles's target.
void BM_Kayles(benchmark::State& state) { engine(state, "0.77"); }
BENCHMARK(BM_Kayles)->Arg(100'000)->Arg(1'000'000)->Unit(benchmark::kMillisecond);
void BM_DawsonsKayles(benchmark::State& state) { engine(state, "0.07"); }
BENCHMARK(BM_DawsonsKayles)->Arg(1'000'000)->Unit(benchmark::kMillisecond);

// Codes of at most four digits whose values stay below 2^10, to 10^7, one iteration each:
// sparse ones (0.16, 0.354, 0.376, 0.1777, 0.4?7 and Kayles), periodic dense ones (0.07, 0.137,
// 0.56), the largest-valued of them, and the slowest of the swept codes of at most three digits
// (0.143: thousands of rare positions and values that drift slowly; bench/octal_sweep.cpp).
void BM_To10Million(benchmark::State& state, const char* code) { engine(state, code); }
#define NIMCERT_TO_10_MILLION(name, code)                                  \
  BENCHMARK_CAPTURE(BM_To10Million, name, code)                            \
      ->Arg(10'000'000)                                                    \
      ->Unit(benchmark::kSecond)                                           \
      ->Iterations(1)
NIMCERT_TO_10_MILLION(kayles_0_77, "0.77");
NIMCERT_TO_10_MILLION(dawsons_kayles_0_07, "0.07");
NIMCERT_TO_10_MILLION(dawsons_chess_0_137, "0.137");
NIMCERT_TO_10_MILLION(code_0_16, "0.16");
NIMCERT_TO_10_MILLION(code_0_56, "0.56");
NIMCERT_TO_10_MILLION(code_0_354, "0.354");
NIMCERT_TO_10_MILLION(code_0_376, "0.376");
NIMCERT_TO_10_MILLION(code_0_1777, "0.1777");
NIMCERT_TO_10_MILLION(code_0_447, "0.447");
NIMCERT_TO_10_MILLION(code_0_106, "0.106");
NIMCERT_TO_10_MILLION(code_0_143, "0.143");

}  // namespace
}  // namespace nimcert

BENCHMARK_MAIN();
