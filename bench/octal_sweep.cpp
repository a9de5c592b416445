// The "any code" target of issue 41 swept, as far as one run allows: every octal code of
// DIGITS digits (or SAMPLE random ones, seeded), first to 10^5; a code whose largest value
// there reaches 256 is counted as growing (arithmetic-periodic games pass 2^10 long before
// 10^7) and left; every other one runs to LAST with a cut-off of LIMIT seconds, through the
// engine's progress callback.  Prints each code slower than a sixth of the limit or cut off,
// then the counts and the slowest code that finished.  Not a Google Benchmark: one pass, its
// figures for the notes.
//   build/bench/octal_sweep DIGITS [SAMPLE [LAST [LIMIT]]]     (defaults 0, 10^7, 60)
#include <fmt/format.h>

#include <chrono>
#include <cstdlib>
#include <random>
#include <stdexcept>
#include <string>

#include "engines/octal_engine.hpp"

namespace {

using Clock = std::chrono::steady_clock;

struct CutOff : std::runtime_error {
  CutOff() : std::runtime_error("cut off") {}
};

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

}  // namespace

int main(int argc, char** argv) {
  using namespace nimcert;
  if (argc < 2) {
    fmt::print(stderr, "usage: octal_sweep DIGITS [SAMPLE [LAST [LIMIT]]]\n");
    return 2;
  }
  const int digits = std::atoi(argv[1]);
  const long sample = argc > 2 ? std::atol(argv[2]) : 0;
  const std::uint64_t last = argc > 3 ? std::strtoull(argv[3], nullptr, 10) : 10'000'000;
  const double limit = argc > 4 ? std::atof(argv[4]) : 60.0;
  if (digits < 1 || digits > 6 || last < 100'000 || last > kMaxOctalLast || limit <= 0) {
    fmt::print(stderr, "octal_sweep: DIGITS 1..6, LAST 10^5..2^32-2, LIMIT > 0\n");
    return 2;
  }
  long codes = 1;
  for (int i = 0; i < digits; ++i) codes *= 8;
  std::mt19937_64 rng(41);
  int ran = 0, growing = 0, cut = 0;
  double slowest = 0;
  std::string slowest_code;
  for (long i = 0; i < (sample > 0 ? sample : codes); ++i) {
    const long c = sample > 0 ? static_cast<long>(rng() % static_cast<std::uint64_t>(codes)) : i;
    std::string text = "0.";
    for (int k = digits - 1; k >= 0; --k) text += static_cast<char>('0' + (c >> (3 * k)) % 8);
    if (text.back() == '0') continue;
    const OctalCode code(text);
    OctalEngineRun run;
    octal_values(code, 100'000, &run);
    if (run.largest >= 256) {
      ++growing;
      continue;
    }
    const auto start = Clock::now();
    OctalEngineOptions options;
    options.progress = [&](std::uint64_t, std::uint64_t) {
      if (seconds_since(start) > limit) throw CutOff();
    };
    try {
      octal_values(code, last, &run, options);
    } catch (const CutOff&) {
      ++cut;
      fmt::print("{} cut off after {:.0f} s (largest so far unknown)\n", text, limit);
      continue;
    }
    const double s = seconds_since(start);
    ++ran;
    if (s > slowest) slowest = s, slowest_code = text;
    if (s > limit / 6)
      fmt::print("{} {:.1f} s, largest {}, {} rare positions listed at the end\n", text, s,
                 run.largest, run.rare_listed ? run.rare_positions : 0);
  }
  fmt::print("{}-digit codes{}: {} ran to {} (slowest {} {:.1f} s), {} cut off at {:.0f} s, {} "
             "growing (largest >= 256 by 10^5)\n",
             digits, sample > 0 ? fmt::format(" (a sample of {})", sample) : "", ran, last,
             slowest_code, slowest, cut, limit, growing);
  return cut == 0 ? 0 : 1;
}
