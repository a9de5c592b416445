// Enumerating a lemma's statement over a box of assignments (see enumeration.hpp).
//
// The program enumerated is not the implication itself but its "score": 1 where the
// hypotheses are false, 2 + [conclusion] where they are true, so that one pass both finds the
// first counterexample (score 2) and counts the assignments where the hypotheses hold.
#include "checks/enumeration.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <variant>

#include "base/memory_budget.hpp"
#include "base/parallel_for.hpp"
#include "eval/native_line.hpp"
#include "sys/interrupt.hpp"

namespace nimcert {

namespace {

using smt::Op;

// Enumerates the assignments whose first variable lies in [first_low, first_high], in
// lexicographic order, batching the last variable.  Stops at the first counterexample.  Every
// bound may be 2^64 - 1: counts are taken before any addition that could wrap.
struct Slice {
  std::uint64_t cases = 0, premise_cases = 0;
  bool overflow = false;
  std::optional<std::vector<std::uint64_t>> counterexample;
};

template <class T, class Line>
Slice enumerate_slice(const Line& line, std::size_t k, std::uint64_t low, std::uint64_t high,
                      std::uint64_t first_low, std::uint64_t first_high) {
  constexpr std::size_t kBatch = 256;
  Slice slice;
  std::vector<T> score(kBatch);
  std::vector<std::uint64_t> outer(k, low);  // the current values of variables 0..k-2
  std::vector<T> fixed(k - 1);
  if (k > 1) outer[0] = first_low;
  for (;;) {
    const std::uint64_t inner_low = k == 1 ? first_low : low;
    const std::uint64_t inner_high = k == 1 ? first_high : high;
    for (std::size_t v = 0; v + 1 < k; ++v) fixed[v] = static_cast<T>(outer[v]);
    for (std::uint64_t start = inner_low;; start += kBatch) {
      smt::throw_if_interrupted();
      const std::size_t n = inner_high - start >= kBatch - 1
                                ? kBatch
                                : static_cast<std::size_t>(inner_high - start + 1);
      if (!line(n, fixed, static_cast<T>(start), score.data())) {
        slice.overflow = true;
        return slice;
      }
      slice.cases += n;
      for (std::size_t j = 0; j < n; ++j) {
        slice.premise_cases += score[j] >> 1;
        if (score[j] == 2) {
          std::vector<std::uint64_t> cx(outer.begin(), outer.begin() + (k - 1));
          cx.push_back(start + j);
          slice.counterexample = cx;
          return slice;
        }
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

// The score of "hypotheses -> conclusion": 1 where the hypotheses are false, 2 + [conclusion]
// where they hold.
smt::ExprPtr score_of(const smt::ExprPtr& implication) {
  const smt::ExprPtr two = smt::make_const(2);
  if (implication->op != Op::Implies) return smt::make_node(Op::Add, {two, implication});
  return smt::make_node(Op::Ite,
                        {implication->args[0], smt::make_node(Op::Add, {two, implication->args[1]}),
                         smt::make_const(1)});
}

long double case_count(std::uint64_t low, std::uint64_t high, std::size_t k) {
  return std::pow(static_cast<long double>(high - low) + 1, static_cast<long double>(k));
}

}  // namespace

EnumerationEstimate estimate_enumeration(const std::vector<std::string>& variables,
                                         const smt::ExprPtr& implication, std::uint64_t low,
                                         std::uint64_t high, unsigned threads) {
  EnumerationEstimate e;
  e.cases = case_count(low, high, variables.size());
  if (e.cases < 1e8) return e;  // seconds at most: not worth measuring
  // The batch evaluator's cost per assignment, measured on 64 lines of the range: an upper
  // bound, as the machine code that large enumerations use is faster.
  // The least of five measurements: one of a few microseconds is easily stretched by the
  // scheduler on a loaded machine (a CI run refused a one-hour enumeration as 3.7 hours).
  const smt::Program program(variables, {score_of(implication)});
  const std::vector<std::uint64_t> fixed(variables.size() - 1, low);
  std::vector<std::uint64_t> out(256);
  double per_case = 0;
  for (int round = 0; round < 5; ++round) {
    const auto start = std::chrono::steady_clock::now();
    std::uint64_t measured = 0;
    for (int line = 0; line < 64; ++line) {
      const std::uint64_t first = low + std::min<std::uint64_t>(high - low, 256u * line);
      const std::size_t n =
          high - first >= 255 ? 256 : static_cast<std::size_t>(high - first + 1);
      program.run_line<std::uint64_t>(n, fixed, first, out.data());
      measured += n;
    }
    const double round_per_case =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() /
        static_cast<double>(measured);
    per_case = round == 0 ? round_per_case : std::min(per_case, round_per_case);
  }
  e.seconds = static_cast<double>(e.cases) * per_case / std::max(1u, threads);
  return e;
}

EnumerationOutcome enumerate_lemma(const std::vector<std::string>& variables,
                                   const smt::ExprPtr& implication, std::uint64_t low,
                                   std::uint64_t high, unsigned threads, EnumerationEngine engine) {
  const auto start = std::chrono::steady_clock::now();
  const smt::Program program(variables, {score_of(implication)});
  const std::size_t k = variables.size();
  EnumerationOutcome out;
  out.low = low;
  out.high = high;
  // Split the first variable's range into blocks handed out in order; each block's first
  // counterexample is kept, and the lexicographically first over all blocks is reported.
  // The span is counted in 128 bits: [0, 2^64 - 1] has 2^64 values.
  const smt::u128 span = smt::u128{high - low} + 1;
  const std::uint64_t blocks = static_cast<std::uint64_t>(std::min<smt::u128>(span, 64));
  std::vector<Slice> results(blocks);
  // 32-bit lanes (twice as many per vector operation) when no value can reach 2^32.
  const bool narrow = program.fits_in(32, high);
  // Machine code when the work dwarfs the compiler's second or so; else the batch evaluator.
  std::optional<smt::NativeLine> native;
  const long double work = case_count(low, high, k) * program.instruction_count();
  if (engine == EnumerationEngine::Native ||
      (engine == EnumerationEngine::Automatic && work >= smt::kNativeWorthwhile)) {
    const auto compile_start = std::chrono::steady_clock::now();
    auto compiled = smt::NativeLine::compile(program, narrow);
    smt::throw_if_interrupted();
    out.compile_seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - compile_start).count();
    if (auto* ok = std::get_if<smt::NativeLine>(&compiled))
      native = std::move(*ok);
    else
      out.engine_note = std::get<std::string>(compiled);
  }
  out.native = native.has_value();
  auto line = [&](std::size_t n, const auto& fixed, auto first, auto* result) {
    return native ? native->run_line(n, fixed.data(), first, result)
                  : program.run_line(n, fixed, first, result);
  };
  parallel_for(blocks, threads, [&](std::size_t b) {
    const std::uint64_t first_low = low + static_cast<std::uint64_t>(span * b / blocks);
    const std::uint64_t first_high = low + static_cast<std::uint64_t>(span * (b + 1) / blocks - 1);
    results[b] = narrow ? enumerate_slice<std::uint32_t>(line, k, low, high, first_low, first_high)
                        : enumerate_slice<std::uint64_t>(line, k, low, high, first_low, first_high);
  });
  out.verdict = Verdict::Holds;
  for (const Slice& s : results) {
    out.cases += s.cases;
    out.premise_cases += s.premise_cases;
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
  if (out.verdict == Verdict::Holds && out.premise_cases == 0) {
    out.verdict = Verdict::Unknown;
    out.note = "the hypotheses hold at no assignment of the range: nothing was checked";
  }
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return out;
}

}  // namespace nimcert
