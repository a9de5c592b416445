// The terminal's tables and narrator (see check_table.hpp).
#include "cli/check_table.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdio>
#include <map>
#include <mutex>
#include <set>

#include "base/counted.hpp"
#include "certificate/entries.hpp"
#include "sys/activity.hpp"

namespace nimcert {

using Json = nlohmann::ordered_json;

namespace {

// ", automata checked": what nimcert's own automata made of an unbounded part (issue 49), or
// nothing where they did not run.
std::string automata_word(const Json& unbounded) {
  if (!unbounded.contains("independent")) return "";
  const std::string status = unbounded.at("independent").value("status", "");
  return status == "checked" ? "; automata checked" : "; automata " + status;
}

// "Fibonacci", "Ostrowski sqrt2": the numeration an unbounded part names, from its recorded text
// ("fibonacci (Zeckendorf: ...)"), capitalized.
std::string numeration_word(const Json& unbounded) {
  std::string word = unbounded.at("numeration").get<std::string>();
  word = word.substr(0, word.find(" ("));
  if (!word.empty()) word[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(word[0])));
  return word;
}

// ", 8 of 14 obligations in binary": those of an unbounded part that read none of its
// numeration's built-ins and were decided in binary; empty when there are none.
std::string binary_share(const Json& unbounded) {
  std::size_t binary = 0, all = 0;
  for (const Json& o : unbounded.value("obligations", Json::array())) {
    ++all;
    binary += o.value("numeration", "") == "binary";
  }
  return binary ? fmt::format(", {} of {} obligations in binary", binary, all) : std::string();
}

// "w8 9/9 unsat": how many of a width's obligations both solvers proved; "w8 implied by w64".
std::string obligations_unsat(const Json& width) {
  if (width.contains("implied_by"))
    return fmt::format("w{} implied by w{}", width.at("width").dump(),
                       width.at("implied_by").dump());
  if (width.contains("covered_by"))
    return fmt::format("w{} covered by {}", width.at("width").dump(),
                       width.at("covered_by").get<std::string>());
  std::size_t both = 0;
  for (const Json& o : width.at("obligations"))
    both += o.at("z3") == "unsat" && o.at("cvc5") == "unsat";
  return fmt::format("w{} {}/{} unsat", width.at("width").dump(), both,
                     width.at("obligations").size());
}

// A check's answers in one cell of the summary table: each width's two solver answers, the
// enumeration's cases, MONA's answer, an induction's obligations and what it concludes.
std::string answers_of(const Entry& e) {
  const Json& b = e.body;
  std::vector<std::string> parts;
  switch (e.kind) {
    case Entry::Kind::Lemma:
      for (const Json& w : b.at("smt"))
        parts.push_back(
            w.contains("implied_by")
                ? fmt::format("w{} implied by w{}", w.at("width").dump(), w.at("implied_by").dump())
                : fmt::format("w{} z3 {} cvc5 {}", w.at("width").dump(),
                              w.at("z3").get<std::string>(), w.at("cvc5").get<std::string>()));
      if (b.contains("drat"))
        parts.push_back(fmt::format("w{} drat {}", b.at("drat").at("width").dump(),
                                    b.at("drat").at("status").get<std::string>()));
      parts.push_back(
          fmt::format("enumeration {} {}",
                      count_of(b.at("enumeration").at("cases").get<std::uint64_t>(), "case"),
                      b.at("enumeration").at("verdict").get<std::string>()));
      if (b.contains("unbounded")) {
        const Json& u = b.at("unbounded");
        // Outside the fragment: which term, and where, so that the author can rewrite it.
        parts.push_back(u.contains("term")
                            ? fmt::format("every natural: {} ({})", u.at("term").get<std::string>(),
                                          u.value("at", std::string("?")))
                            : "every natural: mona " + u.at("answer").get<std::string>() +
                                  automata_word(u));
      }
      break;
    case Entry::Kind::Rules: {
      const Json& box = b.at("enumerated");
      parts.push_back(fmt::format("every move on {}: {}, {}", box.at("box").get<std::string>(),
                                  count_of(box.at("positions").get<std::uint64_t>(), "position"),
                                  count_of(box.at("followers").get<std::uint64_t>(), "follower")));
      for (const Json& w : b.at("widths")) parts.push_back(obligations_unsat(w));
      if (b.contains("unbounded"))
        parts.push_back(b.at("unbounded").value("conclusion", std::string("not proved")) +
                        " (mona" + automata_word(b.at("unbounded")) + ")");
      parts.push_back("engine: " + b.at("engine").get<std::string>());
      if (b.contains("built_in"))
        parts.push_back(
            fmt::format("the built-in engine {} on {} values",
                        b.at("built_in").at("agrees").get<bool>() ? "agrees" : "disagrees",
                        b.at("built_in").at("values_compared").dump()));
      break;
    }
    case Entry::Kind::Induction: {
      std::string widest;
      for (const Json& w : b.at("widths")) {
        parts.push_back(obligations_unsat(w));
        if (w.value("verdict", "") == "holds") widest = w.value("conclusion", "");
      }
      if (!widest.empty()) parts.push_back(widest + " (z3, cvc5)");
      if (b.contains("unbounded") && b.at("unbounded").contains("conclusion"))
        parts.push_back(b.at("unbounded").at("conclusion").get<std::string>() +
                        (b.at("unbounded").contains("numeration")
                             ? " (mona, " + numeration_word(b.at("unbounded")) + " numeration" +
                                   binary_share(b.at("unbounded"))
                             : std::string(" (mona")) +
                        automata_word(b.at("unbounded")) + ")");
      else if (b.contains("unbounded") && b.at("unbounded").contains("term"))
        parts.push_back(fmt::format("on N^k: {} ({})",
                                    b.at("unbounded").at("term").get<std::string>(),
                                    b.at("unbounded").value("at", std::string("?"))));
      break;
    }
    default: {
      // Where: the cube or box the claim was checked on, when it rests on one.
      std::string where;
      if (e.rests_on.is_object() && e.rests_on.contains("exhaustive")) {
        const Json& x = e.rests_on.at("exhaustive");
        if (x.contains("cube")) where = x.at("cube").get<std::string>() + ": ";
        if (x.contains("box")) where = x.at("box").get<std::string>() + ": ";
        if (x.contains("sum_of"))
          where = fmt::format("{} as the sum of {} one-heap games (Sprague-Grundy): ",
                              x.at("box").get<std::string>(), x.at("sum_of").dump());
        if (x.contains("play"))
          where = fmt::format("{}{} played {} (G: 0 at P, 1 at N): ",
                              x.at("box").get<std::string>(),
                              x.contains("sum_of")
                                  ? fmt::format(" as the sum of {} one-heap games",
                                                x.at("sum_of").dump())
                                  : "",
                              x.at("play").get<std::string>());
      }
      if (e.rests_on.is_object() && e.rests_on.contains("misère outcomes"))  // a sequence's
        where = fmt::format("n in {} played misère (g: 0 at P, 1 at N): ",
                            e.rests_on.at("misère outcomes").at("range").dump());
      if (b.contains("scope")) parts.push_back(b.at("scope").get<std::string>());
      if (b.contains("cases"))
        parts.push_back(where + (b.contains("failures")
                                     ? fmt::format("fails at {} of {} positions",
                                                   b.at("failures").dump(), b.at("cases").dump())
                                     : count_of(b.at("cases").get<std::uint64_t>(), "position")));
      if (b.contains("premise_cases"))
        parts.push_back(fmt::format("{} with the hypothesis true", b.at("premise_cases").dump()));
    }
  }
  return fmt::format("{}", fmt::join(parts, "; "));
}

}  // namespace

void print_checks(const Json& certificate, const AnswerProvenance& provenance) {
  // One row per check, failures first, then unknowns; each with its answers and its time.
  std::vector<Entry> entries;
  for (Entry& e : entries_of(certificate))
    if (e.kind != Entry::Kind::Table) entries.push_back(std::move(e));
  order_failures_first(entries);
  std::size_t width = 5;
  for (const Entry& e : entries) width = std::max(width, e.id.size());
  fmt::print("  {:<7} {:<{}} {:>9}  {}\n", "status", "check", width, "time", "answers");
  for (const Entry& e : entries) {
    // Wall time: Z3 and cvc5 answer one query at the same time, so the two rows of a query
    // (the same query digest) count once, at the longer of the two.
    double seconds = -1;
    std::map<std::string, double> per_query;
    for (const EntryRow& r : e.rows) {
      if (r.seconds < 0) continue;
      if (r.kind == EntryRow::Kind::Solver && !r.query_sha256.empty()) {
        double& longest = per_query[r.query_sha256];
        longest = std::max(longest, r.seconds);
        continue;
      }
      seconds = (seconds < 0 ? 0 : seconds) + r.seconds;
    }
    for (const auto& [query, longest] : per_query) seconds = (seconds < 0 ? 0 : seconds) + longest;
    if (e.kind == Entry::Kind::Claim && !e.rows.empty()) seconds = e.rows[0].seconds;
    const std::string time = seconds < 0 ? "" : fmt::format("{:.2f} s", seconds);
    // Reused answers, by source: "answers reused: 8 from base 1a2b3c4d5e6f, 2 from the cache".
    std::map<std::string, std::set<std::string>> reused;  // source -> the queries it answered
    for (const EntryRow& r : e.rows)
      if (auto it = provenance.find(r.query_sha256);
          !r.query_sha256.empty() && it != provenance.end())
        reused[it->second].insert(r.query_sha256);
    const auto source_name = [](const std::string& s) { return s == "cache" ? "the cache" : s; };
    std::vector<std::string> sources;
    for (const auto& [source, queries] : reused)
      sources.push_back(fmt::format("{} from {}", queries.size(), source_name(source)));
    std::string from =
        sources.empty() ? "" : fmt::format("; answers reused: {}", fmt::join(sources, ", "));
    // An exhaustive block's report taken whole from the cache (same inputs, same binary).
    if (!e.rows.empty() && !e.rows.front().reused_from.empty())
      from += fmt::format("; reused from {} (this binary's report on the same inputs)",
                          source_name(e.rows.front().reused_from));
    fmt::print("  {:<7} {:<{}} {:>9}  {}{}\n", e.status, e.id, width, time, answers_of(e), from);
    // What did not hold, row by row, with its counterexample, note or query.
    for (const EntryRow& r : e.rows)
      if (r.status != "holds" && r.status != "skipped")
        fmt::print("            {} {}{}\n", r.status, r.name,
                   r.detail.empty() ? "" : ": " + r.detail);
  }
  // What each lemma's verdict covers, never left to the reader to guess.
  for (const Json& lemma : certificate.value("lemmas", Json::array()))
    fmt::print("  scope of lemma {}: {}\n", lemma.value("label", std::string()),
               lemma.value("scope", std::string()));
}

void print_drift(const std::vector<Drift>& drift) {
  for (const Drift& x : drift)
    fmt::print("  {} {}{}\n", drift_kind_name(x.kind), x.check,
               x.detail.empty() ? "" : ": " + x.detail);
}

TerminalNarrator::TerminalNarrator() {
  if (isatty(STDERR_FILENO) != 1) return;
  ticker_ = std::jthread([this](std::stop_token stop) {
    while (!stop.stop_requested()) {
      const std::string now = smt::current_activity();
      {
        const std::lock_guard lock(terminal_);
        if (!now.empty()) {
          std::fprintf(stderr, "\r\033[Knimcert: %s", now.c_str());
          shown_ = true;
        }
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(250));
    }
  });
}

TerminalNarrator::~TerminalNarrator() {
  if (!ticker_.joinable()) return;
  ticker_.request_stop();
  ticker_.join();
  erase_live_line();
}

// Before anything is printed on stdout: the live line erased, so that the two never share a
// line of the terminal.
void TerminalNarrator::erase_live_line() {
  if (!shown_) return;
  std::fprintf(stderr, "\r\033[K");
  std::fflush(stderr);
  shown_ = false;
}

void TerminalNarrator::line(const std::string& text) {
  const std::lock_guard lock(terminal_);
  erase_live_line();
  fmt::print("{}\n", text);
  std::fflush(stdout);
}

void TerminalNarrator::checks(const Json& certificate, const AnswerProvenance& provenance) {
  const std::lock_guard lock(terminal_);
  erase_live_line();
  print_checks(certificate, provenance);
  std::fflush(stdout);
}

void TerminalNarrator::drift(const std::vector<Drift>& drift) {
  const std::lock_guard lock(terminal_);
  erase_live_line();
  print_drift(drift);
  std::fflush(stdout);
}

}  // namespace nimcert
