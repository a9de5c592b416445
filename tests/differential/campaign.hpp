// The run of a differential fuzzer, shared by both programs: the command line, J jobs each with
// its own seed executing until the time is up or --max executions are made, and the first
// disagreement, which is printed with its seed and input and stops every job.
//   PROGRAM [--seconds S] [--seed N] [--jobs J] [--max N]
#pragma once

#include <fmt/format.h>

#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <functional>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "edges.hpp"

namespace nimcert::differential {

// --seconds S (default 10), --seed N (default 1; job j uses N + j), --jobs J (default 2),
// --max N (executions, 0: no limit).
struct Options {
  double seconds = 10;
  std::uint64_t seed = 1, max = 0;
  unsigned jobs = 2;
};

// The options, each range-checked where it is read; prints `usage` and exits 0 for --help.
// Throws std::invalid_argument.
inline Options parse_options(int argc, char** argv, const char* usage) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) throw std::invalid_argument(a + " needs a value");
      return argv[++i];
    };
    // A natural below 2^64 written in digits only (stoull reads "-1" as 2^64 - 1).
    auto natural = [&](const std::string& text) -> std::uint64_t {
      if (text.empty() || text.find_first_not_of("0123456789") != std::string::npos)
        throw std::invalid_argument(a + " needs a natural number, not '" + text + "'");
      return std::stoull(text);
    };
    if (a == "--seconds") {
      o.seconds = std::stod(value());
      if (!std::isfinite(o.seconds) || o.seconds <= 0 || o.seconds > 86400)
        throw std::invalid_argument("--seconds must be in (0, 86400]");
    } else if (a == "--seed") {
      o.seed = natural(value());
    } else if (a == "--jobs") {
      const std::uint64_t jobs = natural(value());
      if (jobs == 0 || jobs > 64) throw std::invalid_argument("--jobs must be 1 to 64");
      o.jobs = static_cast<unsigned>(jobs);
    } else if (a == "--max") {
      o.max = natural(value());
    } else if (a == "--help" || a == "-h") {
      fmt::print(
          "{}\n  --seconds S  run for S seconds (default 10)\n  --seed N     the first "
          "seed (default 1); job j uses N + j\n  --jobs J     parallel jobs (default 2)\n"
          "  --max N      stop after N executions (default: no limit)\nExit status: 0 "
          "no disagreement, 1 a disagreement (printed with its seed), 2 bad usage.\n",
          usage);
      std::exit(0);
    } else {
      throw std::invalid_argument("unknown option " + a);
    }
  }
  return o;
}

class Campaign {
 public:
  // One execution: job j's generator, the execution's number in its job, and where it is
  // ("seed N execution n"), for a disagreement's report.
  using Execute =
      std::function<void(unsigned job, Rng& rng, std::uint64_t n, const std::string& where)>;

  Campaign(std::string program, const Options& options)
      : program_(std::move(program)), options_(options) {}

  // Runs every job to the end; returns the number of executions made.
  std::uint64_t run(const Execute& execute) {
    const auto end = std::chrono::steady_clock::now() +
                     std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                         std::chrono::duration<double>(options_.seconds));
    std::vector<std::thread> jobs;
    for (unsigned j = 0; j < options_.jobs; ++j)
      jobs.emplace_back([&, j] {
        Rng rng(options_.seed + j);
        for (std::uint64_t n = 0; std::chrono::steady_clock::now() < end && !stop_; ++n) {
          if (const std::uint64_t done = executions_.fetch_add(1);
              options_.max && done >= options_.max)
            break;
          execute(j, rng, n, fmt::format("seed {} execution {}", options_.seed + j, n));
        }
      });
    for (std::thread& t : jobs) t.join();
    return options_.max ? std::min<std::uint64_t>(executions_, options_.max) : executions_.load();
  }

  // Reports a disagreement, `input` the text that shows it (ending in a newline), and stops
  // every job.
  void disagree(const std::string& where, const std::string& what, const std::string& input) {
    std::lock_guard<std::mutex> lock(print_);
    ++disagreements_;
    fmt::print(stderr, "{}: DISAGREEMENT ({}): {}\n{}", program_, where, what, input);
    stop_ = true;
  }

  std::uint64_t disagreements() const { return disagreements_; }

 private:
  std::string program_;
  const Options& options_;
  std::atomic<std::uint64_t> executions_{0}, disagreements_{0};
  std::atomic<bool> stop_{false};
  std::mutex print_;
};

// The options, or the message and exit status 2.
inline Options options_or_exit(int argc, char** argv, const char* program, const char* usage) {
  try {
    return parse_options(argc, argv, usage);
  } catch (const std::exception& e) {
    fmt::print(stderr, "{}: {}\n", program, e.what());
    std::exit(2);
  }
}

}  // namespace nimcert::differential
