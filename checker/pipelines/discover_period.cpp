// discover's period route (see discover.hpp): an octal or hexadecimal game, or a one-heap
// subtraction game, from its code to its period (and saltus) proved for every n.
//
// The values G(0..L) are computed exactly (the sparse-space engine), the smallest period p and
// for it the smallest preperiod n0 and the saltus s read off them (discovery/period_search.hpp)
// among the claims whose theorem's window the values reach, L doubling up to --max-last while
// a smaller period is allowed but not yet covered.  The proof file written is the input, then
// a sequence block to the window's last value with the claim `periodic from n0 period p` (and
// `saltus s` when s > 0); it is certified like any other, and written only when the claim holds
// for every n: by Guy and Smith's or the subtraction-game theorem, or by the mex recursion
// that MONA and nimcert's automata decide (a saltus, or a hexadecimal code).
#include <fmt/format.h>

#include <algorithm>
#include <chrono>

#include "base/atomic_file.hpp"
#include "base/elapsed.hpp"
#include "certificate/certificate.hpp"
#include "checks/periodicity.hpp"
#include "checks/proof_input.hpp"
#include "discovery/period_search.hpp"
#include "engines/octal_engine.hpp"
#include "pipelines/discover.hpp"
#include "pipelines/steps.hpp"

namespace nimcert {

namespace {

// The least L the search starts from: every window of a period below 1000 from a preperiod
// below 1000 of a code of up to 256 digits fits in it.
constexpr std::uint64_t kFirstLast = 4096;
// The most values a sequence proved by the mex recursion is written to read.
constexpr std::uint64_t kMexRecursionShown = 1000;

std::string theorem_name(const PeriodicityWindow& w) {
  switch (w.theorem) {
    case PeriodicityWindow::Theorem::Subtraction:
      return "the subtraction-game theorem";
    case PeriodicityWindow::Theorem::MexRecursion:
      return "the mex recursion (MONA)";
    case PeriodicityWindow::Theorem::GuySmith:
      break;
  }
  return "Guy-Smith";
}

}  // namespace

FoundPeriod find_period(const OctalCode& code, const std::string& name, std::uint64_t max_last,
                        Saltus saltus, Narrator& narrator) {
  const auto start = std::chrono::steady_clock::now();
  auto covered_by = [&](std::uint64_t last) {
    return [&code, last](const PeriodGuess& guess) {
      return periodicity_window(code, guess.preperiod, guess.period, guess.saltus)
                 .values_last() <= last;
    };
  };
  // The three-way splits' engine stops at kMaxThreeHeapLast.
  if (code.leaves_three_heaps()) max_last = std::min(max_last, kMaxThreeHeapLast);
  FoundPeriod out;
  out.last = std::min(kFirstLast, max_last);
  PeriodSearch search;
  for (;;) {
    out.values = octal_values(code, out.last);
    search = smallest_period(out.values, out.last / 2, saltus, covered_by(out.last));
    narrator.line(fmt::format("discover: {} ({}) to n = {}: {} periods tried ({:.1f} s)", name,
                              code.text(), out.last, search.periods_tried, seconds_since(start)));
    // Done when the smallest period the values allow is also covered; else more values decide.
    const bool settled = search.found && !search.uncovered;
    if (settled || out.last == max_last) break;
    out.last = std::min(max_last, 2 * out.last);
  }
  if (search.found && !search.uncovered) {
    out.guess = search.found;
    return out;
  }
  std::string why = "none fits the values with its theorem's window inside them";
  if (search.uncovered) {
    const PeriodGuess& u = *search.uncovered;
    const PeriodicityWindow w = periodicity_window(code, u.preperiod, u.period, u.saltus);
    why = fmt::format("period {} from {} fits them, but its window needs G(0..{})",
                      search.uncovered->period, search.uncovered->preperiod, w.values_last());
  }
  out.why = fmt::format(
      "discover: NOT FOUND (periods p <= {} searched in G(0..{}) of {}: {}; the limit is "
      "--max-last {}: raise it)",
      out.last / 2, out.last, name, why, max_last);
  return out;
}

Ending discover_period(const DiscoverRequest& r, const DiscoverSetup& d, Narrator& narrator) {
  if (r.automaton || r.p_positions || !r.equals.empty())
    throw std::invalid_argument(
        d.spec.name +
        ": an octal or subtraction game's values are discovered as a period (without "
        "--automaton, --p-positions or --equals)");
  if (r.max_last < 64 || r.max_last > kMaxPeriodLast)
    throw std::invalid_argument(
        fmt::format("--max-last {}: from 64 to {}", r.max_last, kMaxPeriodLast));
  const OctalCode& code = *d.periodic_code;
  const auto [out, certificate] = discovered_outputs(r, ".discovered.proof");
  const FoundPeriod found = find_period(code, d.spec.name, r.max_last, Saltus::Any, narrator);
  if (!found.guess) return {1, found.why};
  const PeriodGuess p = *found.guess;
  const PeriodicityWindow window = periodicity_window(code, p.preperiod, p.period, p.saltus);
  // The mex recursion's window is one period: the sequence also reads every value computed, up
  // to kMexRecursionShown, so that the certificate compares more than that one period.
  const std::uint64_t last =
      window.theorem == PeriodicityWindow::Theorem::MexRecursion
          ? std::max(window.values_last(), std::min(found.last, kMexRecursionShown))
          : window.values_last();
  const std::string claim =
      p.saltus == 0 ? fmt::format("period {} from {}", p.period, p.preperiod)
                    : fmt::format("period {} saltus {} from {}", p.period, p.saltus, p.preperiod);
  const std::string equation =
      p.saltus == 0 ? fmt::format("G(n + {}) = G(n) for every n >= {}", p.period, p.preperiod)
                    : fmt::format("G(n + {}) = G(n) + {} for every n >= {}", p.period, p.saltus,
                                  p.preperiod);
  const std::string text = fmt::format(
      "{}{}\n# Discovered by nimcert discover: the smallest period of the values, its smallest\n"
      "# preperiod and its saltus, proved for every n by {} (it reads G(0..{})).\n"
      "sequence \"period\" \"the period nimcert discover found\"\n"
      "  game {}\n"
      "  last {}\n"
      "  claim \"{}\" \"{}\": periodic from {} period {}{}\n"
      "end\n",
      d.input, d.input.empty() || d.input.back() == '\n' ? "" : "\n", theorem_name(window),
      window.values_last(), d.spec.name, last, claim, equation, p.preperiod,
      p.period, p.saltus == 0 ? "" : fmt::format(" saltus {}", p.saltus));
  const Json cert = certify_discovered(text, out, r.workflow, narrator);
  const Json& sequence = cert["sequences"].back();
  bool every_n = false;
  for (const Json& c : sequence.value("periodicity", Json::array()))
    every_n = every_n || (c.value("status", "") == "holds" && c.value("unbounded", false));
  if (cert["verdict"] != "holds" || !every_n) {
    return {1, fmt::format("discover: NOT PROVED (nothing written; {} fits G(0..{}) but the "
                           "certificate's verdict is {})",
                           claim, found.last, cert["verdict"].get<std::string>())};
  }
  write_file_atomically(out, text);
  write_file_atomically(certificate, certificate_text(cert));
  return {0, fmt::format("discover: PROVED {} ({}, from G(0..{})); wrote {} and {}", equation,
                         theorem_name(window), window.values_last(), out, certificate)};
}

}  // namespace nimcert
