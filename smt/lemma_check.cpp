// Lemma checking (see lemma_check.hpp).
#include "lemma_check.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <variant>

#include "native_line.hpp"
#include "parallel_for.hpp"
#include "two_solvers.hpp"

namespace nimcert::smt {

const char* verdict_name(Verdict v) {
  switch (v) {
    case Verdict::Holds:
      return "holds";
    case Verdict::Fails:
      return "fails";
    default:
      return "unknown";
  }
}

std::string canonical_statement(const LemmaSpec& lemma) {
  std::string s;
  for (std::size_t i = 0; i < lemma.hypotheses.size(); ++i)
    s += (i ? " && " : "") + to_string(*lemma.hypotheses[i]);
  if (!s.empty()) s += " -> ";
  return s + to_string(*lemma.conclusion);
}

ExpandedLemma expand_lemma(const LemmaSpec& lemma, const Definitions& definitions) {
  ExpandedLemma x;
  x.conclusion = expand(lemma.conclusion, definitions);
  for (const ExprPtr& h : lemma.hypotheses) x.hypotheses.push_back(expand(h, definitions));
  x.implication = x.conclusion;
  if (!x.hypotheses.empty()) {
    ExprPtr h = x.hypotheses[0];
    for (std::size_t i = 1; i < x.hypotheses.size(); ++i)
      h = make_node(Op::And, {h, x.hypotheses[i]});
    x.implication = make_node(Op::Implies, {h, x.conclusion});
  }
  return x;
}

Query lemma_query(const LemmaSpec& lemma, const ExpandedLemma& expanded, unsigned width) {
  return make_query(lemma.variables, expanded.hypotheses, expanded.conclusion, width,
                    "nimcert lemma " + lemma.label + " at width " + std::to_string(width));
}

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
                                   const ExprPtr& implication, std::uint64_t low,
                                   std::uint64_t high, unsigned threads, EnumerationEngine engine) {
  const auto start = std::chrono::steady_clock::now();
  const Program program(variables, {implication});
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
  std::optional<NativeLine> native;
  const double work = std::pow(double(span), double(k)) * double(program.instruction_count());
  if (engine == EnumerationEngine::Native ||
      (engine == EnumerationEngine::Automatic && work >= 2e9)) {
    const auto compile_start = std::chrono::steady_clock::now();
    auto compiled = NativeLine::compile(program, narrow);
    out.compile_seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - compile_start).count();
    if (auto* ok = std::get_if<NativeLine>(&compiled))
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

LemmaOutcome check_lemma(const LemmaSpec& lemma, const Definitions& definitions,
                         const LemmaOptions& options) {
  LemmaOutcome out;
  out.label = lemma.label;
  out.text = lemma.text;
  out.statement = canonical_statement(lemma);
  out.variables = lemma.variables;
  const ExpandedLemma expanded = expand_lemma(lemma, definitions);
  const Program recheck(lemma.variables, {expanded.implication});

  bool all_unsat = true, some_counterexample = false;
  for (unsigned w : lemma.widths) {
    const Query q = lemma_query(lemma, expanded, w);
    const TwoSolverRun both = solve_with_both(q, options.timeout_ms, options.cvc5_binary);
    const SolverRun& run = both.z3;
    WidthOutcome o;
    o.width = w;
    o.answer = run.answer;
    o.seconds = run.seconds;
    o.note = run.reason;
    if (run.answer == Answer::Sat) {
      // The model is reported only if the C++ evaluator confirms it violates the lemma.
      std::vector<u128> input;
      for (const std::string& v : lemma.variables) input.push_back(run.model.at(v));
      std::vector<u128> value;
      if (!run.model_fits || !recheck.run_one<u128>(input, value)) {
        o.note = "the model is too large for the C++ evaluator to re-check";
      } else if (value[0] != 0) {
        o.note = "Z3's model does not violate the lemma in the C++ evaluator";
      } else {
        o.counterexample = run.model;
        some_counterexample = true;
      }
    }
    o.cvc5 = both.cvc5;
    if (!both.disagreement.empty()) o.note = both.disagreement;
    all_unsat = all_unsat && both.both_unsat();
    o.smt2 = with_status(q.smt2, run.answer);
    out.widths.push_back(std::move(o));
  }
  out.enumeration = enumerate_lemma(lemma.variables, expanded.implication, lemma.low, lemma.high,
                                    options.threads);
  if (some_counterexample || out.enumeration.verdict == Verdict::Fails)
    out.verdict = Verdict::Fails;
  else if (all_unsat && out.enumeration.verdict == Verdict::Holds)
    out.verdict = Verdict::Holds;
  else
    out.verdict = Verdict::Unknown;
  return out;
}

}  // namespace nimcert::smt
