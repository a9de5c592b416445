// Enumerating a lemma's statement over a box of assignments (see enumeration.hpp).
#include "checks/enumeration.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <variant>

#include "base/parallel_for.hpp"
#include "eval/native_line.hpp"

namespace nimcert {

namespace {

// Enumerates the assignments whose first variable lies in [first_low, first_high], in
// lexicographic order, batching the last variable.  Stops at the first counterexample.
struct Slice {
  std::uint64_t cases = 0;
  bool overflow = false;
  std::optional<std::vector<std::uint64_t>> counterexample;
};

template <class T, class Line>
Slice enumerate_slice(const Line& line, std::size_t k, std::uint64_t low, std::uint64_t high,
                      std::uint64_t first_low, std::uint64_t first_high) {
  constexpr std::size_t kBatch = 256;
  Slice slice;
  std::vector<T> result(kBatch);
  std::vector<std::uint64_t> outer(k, low);  // the current values of variables 0..k-2
  std::vector<T> fixed(k - 1);
  if (k > 1) outer[0] = first_low;
  for (;;) {
    if (k == 1 && slice.cases > 0) break;
    const std::uint64_t inner_low = k == 1 ? first_low : low;
    const std::uint64_t inner_high = k == 1 ? first_high : high;
    for (std::size_t v = 0; v + 1 < k; ++v) fixed[v] = static_cast<T>(outer[v]);
    for (std::uint64_t start = inner_low;; start += kBatch) {
      const std::size_t n =
          static_cast<std::size_t>(std::min<std::uint64_t>(kBatch, inner_high - start + 1));
      if (!line(n, fixed, static_cast<T>(start), result.data())) {
        slice.overflow = true;
        return slice;
      }
      slice.cases += n;
      for (std::size_t j = 0; j < n; ++j)
        if (result[j] == 0) {
          std::vector<std::uint64_t> cx(outer.begin(), outer.end() - 1);
          cx.push_back(start + j);
          slice.counterexample = cx;
          return slice;
        }
      if (inner_high - start < kBatch) break;
    }
    if (k == 1) break;
    // Odometer over variables k-2 .. 0; variable 0 stays within [first_low, first_high].
    std::size_t v = k - 1;
    for (;;) {
      if (v == 0) return slice;
      --v;
      const std::uint64_t top = v == 0 ? first_high : high;
      if (outer[v] < top) {
        ++outer[v];
        break;
      }
      outer[v] = low;
    }
  }
  return slice;
}

}  // namespace

EnumerationOutcome enumerate_lemma(const std::vector<std::string>& variables,
                                   const smt::ExprPtr& implication, std::uint64_t low,
                                   std::uint64_t high, unsigned threads, EnumerationEngine engine) {
  const auto start = std::chrono::steady_clock::now();
  const smt::Program program(variables, {implication});
  const std::size_t k = variables.size();
  EnumerationOutcome out;
  out.low = low;
  out.high = high;
  // Split the first variable's range into blocks handed out in order; each block's first
  // counterexample is kept, and the lexicographically first over all blocks is reported.
  const std::uint64_t span = high - low + 1;
  const std::uint64_t blocks = std::min<std::uint64_t>(span, 64);
  std::vector<Slice> results(blocks);
  // 32-bit lanes (twice as many per vector operation) when no value can reach 2^32.
  const bool narrow = program.fits_in(32, high);
  // Machine code when the work dwarfs the compiler's second or so; else the batch evaluator.
  std::optional<smt::NativeLine> native;
  const double work = std::pow(double(span), double(k)) * double(program.instruction_count());
  if (engine == EnumerationEngine::Native ||
      (engine == EnumerationEngine::Automatic && work >= 2e9)) {
    const auto compile_start = std::chrono::steady_clock::now();
    auto compiled = smt::NativeLine::compile(program, narrow);
    out.compile_seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - compile_start).count();
    if (auto* ok = std::get_if<smt::NativeLine>(&compiled))
      native = std::move(*ok);
    else
      out.engine_note = std::get<std::string>(compiled);
  }
  out.native = native.has_value();
  auto line = [&](std::size_t n, const auto& fixed, auto start, auto* result) {
    return native ? native->run_line(n, fixed.data(), start, result)
                  : program.run_line(n, fixed, start, result);
  };
  parallel_for(blocks, threads, [&](std::size_t b) {
    const std::uint64_t first_low = low + span * b / blocks;
    const std::uint64_t first_high = low + span * (b + 1) / blocks - 1;
    results[b] = narrow ? enumerate_slice<std::uint32_t>(line, k, low, high, first_low, first_high)
                        : enumerate_slice<std::uint64_t>(line, k, low, high, first_low, first_high);
  });
  out.verdict = Verdict::Holds;
  for (const Slice& s : results) {
    out.cases += s.cases;
    if (s.overflow) {
      out.verdict = Verdict::Unknown;
      out.note = "an intermediate value exceeded 64 bits; narrow the range";
      break;
    }
    if (s.counterexample) {  // blocks are in lexicographic order: the first one found wins
      out.verdict = Verdict::Fails;
      out.counterexample = s.counterexample;
      break;
    }
  }
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return out;
}

}  // namespace nimcert
