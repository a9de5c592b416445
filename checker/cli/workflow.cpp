// certify, verify and gate (see workflow.hpp).
#include "cli/workflow.hpp"

#include <fmt/format.h>
#include <stdlib.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "base/atomic_file.hpp"
#include "certificate/certificate.hpp"
#include "certificate/certificate_file.hpp"
#include "certificate/drift.hpp"
#include "certificate/reports.hpp"
#include "checks/proof_check.hpp"

namespace nimcert {

namespace {

using Json = nlohmann::ordered_json;
namespace fs = std::filesystem;

// Checks one proof file and returns its whole certificate (with its "run" object).
Json certify_one(const std::string& proof, const ProofOptions& options) {
  const auto start = std::chrono::steady_clock::now();
  Progress progress;
  if (isatty(STDERR_FILENO) == 1)
    progress = [&](std::uint64_t done, std::uint64_t total) {
      std::fprintf(stderr, "\rnimcert: %s: cube slice %llu/%llu", proof.c_str(),
                   (unsigned long long)done, (unsigned long long)total);
      if (done == total) std::fprintf(stderr, "\n");
    };
  const ProofReport report = check_proof(proof, options, progress);
  RunInfo run;
  run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return make_certificate(report, run);
}

ProofOptions proof_options(const WorkflowOptions& o) {
  ProofOptions options;
  options.cube = o.cube;
  options.lemma.timeout_ms = o.timeout_ms;
  return options;
}

void print_checks(const Json& certificate) {
  for (const CheckRow& r : check_rows(certificate))
    if (r.status != "holds" || r.kind == EntryRow::Kind::Claim ||
        r.kind == EntryRow::Kind::Enumeration)
      fmt::print("  {:<7} {}{}\n", r.status, r.name, r.detail.empty() ? "" : "  " + r.detail);
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

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// Runs a command body; an exception becomes exit status 2 with the summary line
// "<command>: ERROR (...)" last, as every other outcome has its summary line last.
template <typename Body>
int guarded(const char* command, Body body) {
  std::string message;
  try {
    return body();
  } catch (const std::exception& e) {
    message = e.what();
  }
  std::fprintf(stderr, "nimcert: error: %s\n", message.c_str());
  fmt::print("{}: ERROR ({})\n", command, message);
  return 2;
}

// A temporary folder removed when it goes out of scope.
struct TemporaryFolder {
  fs::path path;
  TemporaryFolder() {
    std::string pattern = (fs::temp_directory_path() / "nimcert-gate-XXXXXX").string();
    if (!mkdtemp(pattern.data())) throw std::runtime_error("cannot create a temporary folder");
    path = pattern;
  }
  ~TemporaryFolder() {
    std::error_code ignored;
    fs::remove_all(path, ignored);
  }
};

}  // namespace

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

int certify_command(const std::vector<std::string>& named, const std::string& out,
                    const WorkflowOptions& o) {
  const auto proofs = proof_files(named);
  if (!out.empty() && proofs.size() != 1)
    throw std::invalid_argument("--out needs exactly one proof file");
  // Fail before the checks, not after minutes of them, when a certificate cannot be written.
  for (const std::string& proof : proofs) {
    const fs::path dir = fs::path(out.empty() ? certificate_path(proof) : out).parent_path();
    if (access(dir.empty() ? "." : dir.c_str(), W_OK) != 0)
      throw std::runtime_error((out.empty() ? certificate_path(proof) : out) +
                               ": cannot write the certificate (its folder is missing or "
                               "not writable)");
  }
  std::vector<CheckRow> rows;
  bool all_hold = true;
  for (const std::string& proof : proofs) {
    const Json certificate = certify_one(proof, proof_options(o));
    const std::string path = out.empty() ? certificate_path(proof) : out;
    write_file_atomically(path, certificate_text(certificate));
    print_checks(certificate);
    const std::string verdict = certificate["verdict"];
    all_hold = all_hold && verdict == "holds";
    fmt::print("{}: {} ({})\n", proof, verdict, path);
    const auto r = check_rows(certificate);
    rows.insert(rows.end(), r.begin(), r.end());
  }
  const std::string line =
      fmt::format("certify: {} ({} proof files)", all_hold ? "HOLDS" : "FAILS", proofs.size());
  write_reports(o, rows, line);
  fmt::print("{}\n", line);
  return all_hold ? 0 : 1;
}

int verify_command(const std::string& path, const WorkflowOptions& o) {
  return guarded("verify", [&] {
    const Json recorded = read_certificate(path);
    const fs::path proof =
        fs::path(path).parent_path() / recorded["proof"]["file"].get<std::string>();
    if (!fs::exists(proof))
      throw CertificateError(path + ": its proof file " + proof.string() + " does not exist");
    ProofOptions options = proof_options(o);
    options.cube = std::nullopt;
    if (!recorded["exhaustive"].is_null()) options.cube = recorded["exhaustive"]["N"].get<Heap>();
    if (recorded["solvers"].contains("timeout_ms"))
      options.lemma.timeout_ms = recorded["solvers"]["timeout_ms"].get<unsigned>();
    const Json fresh = certify_one(proof.string(), options);
    const std::vector<Drift> drift =
        compare_certificates(stable_part(recorded), stable_part(fresh));
    std::vector<CheckRow> rows = check_rows(fresh);
    const std::string regenerate = "nimcert certify " + proof.string();
    const auto d = drift_rows(recorded["proof"]["file"], drift, regenerate);
    rows.insert(rows.end(), d.begin(), d.end());
    // Byte for byte; the drift list only explains a difference.
    const bool same =
        certificate_text(stable_part(recorded)) == certificate_text(stable_part(fresh));
    print_drift(drift);
    const std::string verdict = fresh["verdict"];
    std::string line;
    if (!same)
      line = fmt::format(
          "verify: MISMATCH ({}: the re-run differs from the certificate in {} "
          "entries; regenerate with: {})",
          path, drift.size(), regenerate);
    else
      line = fmt::format("verify: {} ({}: re-run matches byte for byte; verdict {})",
                         verdict == "holds" ? "VERIFIED" : "FAILS", path, verdict);
    write_reports(o, rows, line);
    fmt::print("{}\n", line);
    return same && verdict == "holds" ? 0 : 1;
  });
}

int gate_command(const std::vector<std::string>& named, const WorkflowOptions& o) {
  return guarded("gate", [&] {
    const auto proofs = proof_files(named);
    TemporaryFolder folder;
    std::vector<CheckRow> rows;
    std::size_t failing = 0, drifted = 0, checks = 0;
    for (const std::string& proof : proofs) {
      const Json fresh = certify_one(proof, proof_options(o));
      write_file_atomically(folder.path / fs::path(certificate_path(proof)).filename(),
                            certificate_text(fresh));
      const std::string committed_path = certificate_path(proof);
      const std::string regenerate = "nimcert certify " + proof;
      std::vector<Drift> drift;
      if (!fs::exists(committed_path)) {
        drift.push_back(
            {Drift::Kind::Added, "certificate " + committed_path, "no committed certificate"});
      } else {
        const std::string text = read_file(committed_path);
        try {
          parse_certificate(text, committed_path);
        } catch (const CertificateError& e) {
          drift.push_back({Drift::Kind::Changed, "certificate " + committed_path, e.what()});
        }
        Json committed;
        try {
          committed = Json::parse(text);
        } catch (const Json::parse_error&) {
        }
        if (committed.is_object()) {
          const auto d = compare_certificates(stable_part(committed), stable_part(fresh));
          drift.insert(drift.end(), d.begin(), d.end());
        }
      }
      auto r = check_rows(fresh);
      checks += r.size();
      const auto d = drift_rows(proof, drift, regenerate);
      r.insert(r.end(), d.begin(), d.end());
      rows.insert(rows.end(), r.begin(), r.end());
      const std::string verdict = fresh["verdict"];
      failing += verdict != "holds";
      drifted += !drift.empty();
      print_checks(fresh);
      fmt::print("{}: {}; {}\n", proof, verdict,
                 drift.empty() ? "certificate up to date"
                               : fmt::format("{} entries drifted", drift.size()));
      print_drift(drift);
      if (!drift.empty()) fmt::print("  regenerate with: {}\n", regenerate);
    }
    // Certificates under certs/ whose proof file is gone (only when gating the default set).
    if (named.empty())
      for (const auto& entry : fs::directory_iterator("certs")) {
        const std::string name = entry.path().filename().string();
        const std::string suffix = ".cert.json";
        if (name.size() <= suffix.size() ||
            name.compare(name.size() - suffix.size(), suffix.size(), suffix) != 0)
          continue;
        const fs::path proof =
            entry.path().parent_path() / (name.substr(0, name.size() - suffix.size()) + ".proof");
        if (fs::exists(proof)) continue;
        ++drifted;
        const auto d = drift_rows(entry.path().string(),
                                  {{Drift::Kind::Removed, "proof " + proof.string(),
                                    "the certificate has no proof file"}},
                                  "git rm " + entry.path().string());
        rows.insert(rows.end(), d.begin(), d.end());
        fmt::print("{}: its proof file {} is gone; remove it with: git rm {}\n",
                   entry.path().string(), proof.string(), entry.path().string());
      }
    const bool pass = failing == 0 && drifted == 0;
    const std::string line =
        pass ? fmt::format("gate: PASS ({} proof files, {} checks hold, certificates up to date)",
                           proofs.size(), checks)
             : fmt::format("gate: FAIL ({} of {} proof files do not hold, {} certificates drifted)",
                           failing, proofs.size(), drifted);
    write_reports(o, rows, line);
    fmt::print("{}\n", line);
    return pass ? 0 : 1;
  });
}

}  // namespace nimcert
