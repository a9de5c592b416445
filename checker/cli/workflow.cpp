// The steps the workflows share (see workflow_steps.hpp), and the proof files' default set.
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>

#include "base/atomic_file.hpp"
#include "certificate/certificate.hpp"
#include "cli/workflow_steps.hpp"
#include "sys/interrupt.hpp"

namespace nimcert {

namespace fs = std::filesystem;

std::vector<std::string> proof_files(const std::vector<std::string>& named) {
  if (!named.empty()) return named;
  std::vector<std::string> found;
  if (fs::is_directory("certs"))
    for (const auto& entry : fs::directory_iterator("certs"))
      if (entry.path().extension() == ".proof") found.push_back(entry.path().string());
  std::sort(found.begin(), found.end());
  if (found.empty()) throw std::invalid_argument("no proof files given and none under certs/");
  return found;
}

std::string certificate_path(const std::string& proof) {
  fs::path p(proof);
  return (p.parent_path() / (p.stem().string() + ".cert.json")).string();
}

std::string count_of(std::size_t n, const char* thing, const char* things) {
  if (n == 1) return fmt::format("1 {}", thing);
  return things ? fmt::format("{} {}", n, things) : fmt::format("{} {}s", n, thing);
}

namespace {

void check_output(const std::string& path, const char* what) {
  if (fs::is_directory(path))
    throw std::invalid_argument(fmt::format("{}: the {} would replace a folder", path, what));
  const fs::path dir = fs::path(path).parent_path();
  if (!dir.empty() && !fs::is_directory(dir))
    throw std::invalid_argument(
        fmt::format("{}: the {}'s folder {} does not exist", path, what, dir.string()));
  if (access(dir.empty() ? "." : dir.c_str(), W_OK) != 0)
    throw std::invalid_argument(
        fmt::format("{}: cannot write the {} (its folder is not writable)", path, what));
}

}  // namespace

void check_report_outputs(const WorkflowOptions& o) {
  if (!o.junit.empty()) check_output(o.junit, "JUnit report");
  if (!o.markdown.empty()) check_output(o.markdown, "Markdown report");
}

void check_certificate_output(const std::string& path) { check_output(path, "certificate"); }

std::vector<ProofSource> load_all(const std::vector<std::string>& paths) {
  std::vector<ProofSource> sources;
  std::vector<std::string> errors;
  for (const std::string& path : paths) {
    try {
      sources.push_back(load_proof(path));
    } catch (const smt::ParseError& e) {
      errors.push_back(e.what());
    } catch (const std::runtime_error& e) {
      errors.push_back(e.what());
    }
  }
  if (!errors.empty()) throw smt::ParseError(fmt::format("{}", fmt::join(errors, "\n")));
  return sources;
}

ProofOptions proof_options(const WorkflowOptions& o) {
  ProofOptions options;
  options.cube = o.cube;
  options.lemma.timeout_ms = o.timeout_ms;
  options.claims_only = o.claims_only;
  options.fail_fast = o.fail_fast;
  return options;
}

Json certify_one(const ProofSource& source, const ProofOptions& options) {
  const auto start = std::chrono::steady_clock::now();
  Progress progress;
  if (isatty(STDERR_FILENO) == 1)
    progress = [&](std::uint64_t done, std::uint64_t total) {
      std::fprintf(stderr, "\rnimcert: %s: cube slice %llu/%llu", source.path.c_str(),
                   (unsigned long long)done, (unsigned long long)total);
      if (done == total) std::fprintf(stderr, "\n");
    };
  const ProofReport report = check_proof(source, options, progress);
  RunInfo run;
  run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return make_certificate(report, run);
}

void print_checks(const Json& certificate) {
  for (const CheckRow& r : check_rows(certificate))
    if ((r.status != "holds" && r.status != "skipped") || r.kind == EntryRow::Kind::Claim ||
        r.kind == EntryRow::Kind::Enumeration)
      fmt::print("  {:<7} {}{}\n", r.status, r.name, r.detail.empty() ? "" : "  " + r.detail);
  // What each lemma's and induction's verdict covers, never left to the reader to guess.
  for (const Json& lemma : certificate.value("lemmas", Json::array()))
    fmt::print("  {:<7} lemma {}: {}\n", lemma.value("verdict", std::string()),
               lemma.value("label", std::string()), lemma.value("scope", std::string()));
  for (const Json& d : certificate.value("induction", Json::array())) {
    std::vector<std::string> proved;
    if (d.contains("unbounded") && d["unbounded"].contains("conclusion"))
      proved.push_back(d["unbounded"]["conclusion"].get<std::string>() + " (MONA)");
    std::string widest;
    for (const Json& w : d.value("widths", Json::array()))
      if (w.value("verdict", std::string()) == "holds") widest = w.value("conclusion", "");
    if (!widest.empty()) proved.push_back(widest + " (Z3 and cvc5)");
    fmt::print("  {:<7} induction {}: {}\n", d.value("verdict", std::string()),
               d.value("claim", std::string()),
               proved.empty() ? std::string("not proved") : fmt::format("{}", fmt::join(proved, ", and ")));
  }
}

void print_drift(const std::vector<Drift>& drift) {
  for (const Drift& x : drift)
    fmt::print("  {} {}{}\n", drift_kind_name(x.kind), x.check,
               x.detail.empty() ? "" : ": " + x.detail);
}

void write_reports(const WorkflowOptions& o, const std::vector<CheckRow>& rows,
                   const std::string& verdict_line) {
  if (!o.junit.empty()) write_file_atomically(o.junit, junit_xml(rows));
  if (!o.markdown.empty()) write_file_atomically(o.markdown, markdown_summary(rows, verdict_line));
}

std::string verdict_word(const std::string& verdict) {
  if (verdict == "holds") return "HOLDS";
  if (verdict == "fails") return "FAILS";
  return "UNKNOWN";
}

int guarded(const char* command, const std::function<int()>& body) {
  std::string message;
  try {
    return body();
  } catch (const smt::Interrupted&) {
    std::fflush(stdout);
    fmt::print("{}: INTERRUPTED (nothing written)\n", command);
    return 130;
  } catch (const smt::ParseError& e) {
    // Every error of every file, one per line; the summary line counts them.
    const std::string errors = e.what();
    std::fprintf(stderr, "%s\n", errors.c_str());
    const std::size_t n =
        static_cast<std::size_t>(std::count(errors.begin(), errors.end(), '\n')) + 1;
    message = n == 1 ? errors : count_of(n, "error") + " in the proof files, nothing checked";
  } catch (const std::exception& e) {
    std::fprintf(stderr, "nimcert: error: %s\n", e.what());
    message = e.what();
  }
  fmt::print("{}: ERROR ({})\n", command, message);
  return 2;
}

}  // namespace nimcert
