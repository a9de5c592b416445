// Declared games (issue 16), each pair in one run so that the ratio is what counts:
//   - Manabe's game declared in the proof file against the built-in amalgamation, on the cube
//     N = 1024 (the declaration is recognised as the cube engine's shape);
//   - the generic engine (the dense box engine over the declaration's enumeration) against the
//     reference engine (memoised recursion over the same enumeration) on each new game of
//     certs/, at the same box.
//
//   build/bench/declared_bench
#include <benchmark/benchmark.h>

#include "checks/proof_input.hpp"
#include "engines/box_engine.hpp"
#include "engines/cube_engine.hpp"
#include "engines/reference_engine.hpp"
#include "games/amalgamation.hpp"
#include "games/declared_game.hpp"

namespace nimcert {
namespace {

// The declared game of a committed proof file.
const DeclaredGame& committed(const std::string& name) {
  static std::map<std::string, std::pair<smt::ProofFile, std::unique_ptr<DeclaredGame>>> games;
  auto& slot = games[name];
  if (!slot.second) {
    slot.first = read_proof_file(std::string(NIMCERT_SOURCE_DIR) + "/certs/" + name + ".proof");
    slot.second =
        std::make_unique<DeclaredGame>(slot.first.game.declaration, slot.first.definitions);
  }
  return *slot.second;
}

void sweep(const Game& game, Heap n, benchmark::State& state) {
  for (auto _ : state) {
    CubeEngine engine(game, n);
    std::uint64_t rows = 0;
    engine.sweep([&](Heap, Heap, std::span<const Value>) { ++rows; });
    benchmark::DoNotOptimize(rows);
  }
  state.counters["positions/s"] = benchmark::Counter(double(n + 1) * (n + 1) * (n + 1),
                                                     benchmark::Counter::kIsIterationInvariantRate);
}

void BM_CubeBuiltInAmalgamation(benchmark::State& state) {
  sweep(Amalgamation(2), static_cast<Heap>(state.range(0)), state);
}
BENCHMARK(BM_CubeBuiltInAmalgamation)->Arg(1024)->Iterations(2)->Unit(benchmark::kSecond);

void BM_CubeDeclaredManabe(benchmark::State& state) {
  sweep(committed("manabe-2024"), static_cast<Heap>(state.range(0)), state);
}
BENCHMARK(BM_CubeDeclaredManabe)->Arg(1024)->Iterations(2)->Unit(benchmark::kSecond);

std::uint64_t box_positions(std::size_t heaps, Heap side) {
  std::uint64_t n = 1;
  for (std::size_t i = 0; i < heaps; ++i) n *= side + 1;
  return n;
}

void generic(const std::string& name, Heap side, benchmark::State& state) {
  const DeclaredGame& g = committed(name);
  for (auto _ : state) benchmark::DoNotOptimize(BoxValues(g, side).values().data());
  state.counters["positions/s"] = benchmark::Counter(double(box_positions(g.heap_count(), side)),
                                                     benchmark::Counter::kIsIterationInvariantRate);
}

void reference(const std::string& name, Heap side, benchmark::State& state) {
  const DeclaredGame& g = committed(name);
  for (auto _ : state) {
    ReferenceEngine engine(g);
    Position p = Position::zeros(g.heap_count());
    for (std::size_t i = 0; i < g.heap_count(); ++i) p[i] = side;
    benchmark::DoNotOptimize(engine.grundy(p));  // every position of the box below it
  }
  state.counters["positions/s"] = benchmark::Counter(double(box_positions(g.heap_count(), side)),
                                                     benchmark::Counter::kIsIterationInvariantRate);
}

#define NIMCERT_GENERIC_PAIR(game, file, side)                                \
  void BM_Generic_##game(benchmark::State& s) { generic(file, side, s); }     \
  BENCHMARK(BM_Generic_##game)->Unit(benchmark::kMillisecond)->MinTime(2);    \
  void BM_Reference_##game(benchmark::State& s) { reference(file, side, s); } \
  BENCHMARK(BM_Reference_##game)->Unit(benchmark::kMillisecond)->MinTime(2);

NIMCERT_GENERIC_PAIR(Wythoff, "wythoff", 120)
NIMCERT_GENERIC_PAIR(Subtraction, "subtraction", 24)
NIMCERT_GENERIC_PAIR(MooreNim, "moore-nim", 10)

}  // namespace
}  // namespace nimcert

BENCHMARK_MAIN();
