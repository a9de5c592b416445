// Random draws for the differential fuzzers: naturals near the edges where a translation or an
// enumeration breaks (0, 1, 2^k - 1, 2^k, 2^k + 1 for k = 20, 31, 32, 63, 64), as decimal
// text for the proof language, and a command line shared by both programs.
#pragma once

#include <fmt/format.h>

#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

namespace nimcert::differential {

using Rng = std::mt19937_64;

inline std::uint64_t pick(Rng& rng, std::uint64_t n) { return rng() % n; }

// A 64-bit natural: small (half the draws), an edge, or any.
inline std::uint64_t edge_word(Rng& rng) {
  static const std::vector<std::uint64_t> edges = [] {
    std::vector<std::uint64_t> v{0, 1, 2, 3};
    for (unsigned k : {20u, 31u, 32u, 63u}) {
      const std::uint64_t p = std::uint64_t{1} << k;
      v.insert(v.end(), {p - 1, p, p + 1});
    }
    v.insert(v.end(), {UINT64_MAX - 1, UINT64_MAX});
    return v;
  }();
  switch (pick(rng, 4)) {
    case 0:
    case 1:
      return pick(rng, 16);
    case 2:
      return edges[pick(rng, edges.size())];
    default:
      return rng();
  }
}

// The options of both programs: --seconds S (default 10), --seed N (default 1), --jobs J
// (default 2), --max N (executions, 0: no limit).
struct Options {
  double seconds = 10;
  std::uint64_t seed = 1, max = 0;
  unsigned jobs = 2;
};

inline Options parse_options(int argc, char** argv, const char* usage) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) throw std::invalid_argument(a + " needs a value");
      return argv[++i];
    };
    if (a == "--seconds")
      o.seconds = std::stod(value());
    else if (a == "--seed")
      o.seed = std::stoull(value());
    else if (a == "--jobs")
      o.jobs = static_cast<unsigned>(std::stoul(value()));
    else if (a == "--max")
      o.max = std::stoull(value());
    else if (a == "--help" || a == "-h") {
      fmt::print(
          "{}\n  --seconds S  run for S seconds (default 10)\n  --seed N     the first "
          "seed (default 1); job j uses N + j\n  --jobs J     parallel jobs (default 2)\n"
          "  --max N      stop after N executions (default: no limit)\nExit status: 0 "
          "no disagreement, 1 a disagreement (printed with its seed), 2 bad usage.\n",
          usage);
      std::exit(0);
    } else
      throw std::invalid_argument("unknown option " + a);
  }
  if (o.jobs == 0 || o.seconds <= 0)
    throw std::invalid_argument("--jobs and --seconds must be positive");
  return o;
}

// Whether the time of the run is up.
class Deadline {
 public:
  explicit Deadline(double seconds)
      : end_(std::chrono::steady_clock::now() +
             std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                 std::chrono::duration<double>(seconds))) {}
  bool passed() const { return std::chrono::steady_clock::now() >= end_; }

 private:
  std::chrono::steady_clock::time_point end_;
};

}  // namespace nimcert::differential
