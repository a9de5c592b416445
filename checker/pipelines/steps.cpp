// The steps the pipelines share (see steps.hpp), and the proof files' default set.
#include "pipelines/steps.hpp"

#include <fmt/ranges.h>
#include <unistd.h>

#include <algorithm>
#include <build_info.hpp>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <limits>
#include <map>
#include <numeric>
#include <set>
#include <sstream>
#include <thread>

#include "base/atomic_file.hpp"
#include "base/executable_digest.hpp"
#include "base/regular_file.hpp"
#include "certificate/certificate.hpp"
#include "certificate/certificate_file.hpp"
#include "certificate/entries.hpp"
#include "certificate/query_names.hpp"
#include "sat/cadical.hpp"
#include "solve/cvc5_replay.hpp"
#include "solve/z3_backend.hpp"
#include "sys/activity.hpp"
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

void refuse_outputs_over_inputs(const WorkflowOptions& o, std::vector<NamedPath> outputs,
                                const std::vector<NamedPath>& inputs) {
  if (!o.junit.empty()) outputs.push_back({o.junit, "JUnit report"});
  if (!o.markdown.empty()) outputs.push_back({o.markdown, "Markdown report"});
  refuse_outputs_over_inputs(outputs, inputs);
}

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
  options.lemma.after_unbounded_ms = o.after_mona_ms;
  options.lemma.drat.proof_limit_bytes = o.drat_limit_mb << 20;
  options.lemma.drat.timeout_ms = o.drat_timeout_ms;
  options.lemma.drat.conflicts = o.drat_conflicts;
  options.claims_only = o.claims_only;
  options.fail_fast = o.fail_fast;
  return options;
}

Json certify_one(const ProofSource& source, const ProofOptions& options, DratProofFiles* proofs) {
  const auto start = std::chrono::steady_clock::now();
  // What runs, for the command line's live line (sys/activity.hpp); never a result.
  const Progress progress = [](std::uint64_t done, std::uint64_t total) {
    if (done == 1 || done % 8 == 0 || done == total)
      smt::set_activity(fmt::format("cube: slice {}/{}", done, total));
  };
  smt::clear_activity();
  const ProofReport report = check_proof(source, options, progress);
  smt::clear_activity();
  RunInfo run;
  run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  Json certificate = make_certificate(report, run);
  if (proofs) *proofs = evidence_files(report);
  return certificate;
}

std::optional<DratOptions> recorded_drat_options(const Json& recorded) {
  const Json& solvers = recorded.at("solvers");
  if (!solvers.contains("cadical")) return std::nullopt;
  const Json& cadical = solvers.at("cadical");
  DratOptions options;
  options.timeout_ms = cadical.at("timeout_ms").get<unsigned>();
  options.proof_limit_bytes = cadical.at("proof_limit_bytes").get<std::uint64_t>();
  // The checker's limits, where the certificate records them (from issue 51 on).
  options.check_visits = cadical.value("checker_visits", options.check_visits);
  options.check_memory_bytes = cadical.value("checker_memory_bytes", options.check_memory_bytes);
  return options;
}

fs::path proof_beside(const std::string& path, const Json& recorded) {
  const std::string named = recorded.at("proof").at("file").get<std::string>();
  const std::string name = fs::path(path).filename().string();
  const std::string suffix = ".cert.json";
  if (!name.ends_with(suffix) || name.substr(0, name.size() - suffix.size()) + ".proof" != named)
    throw CertificateError(fmt::format(
        "{}: it is the certificate of {}, not of the proof beside it (a certificate X.cert.json "
        "certifies X.proof in its folder)",
        path, named));
  const fs::path proof = fs::path(path).parent_path() / named;
  if (!fs::exists(proof))
    throw CertificateError(path + ": its proof file " + proof.string() + " does not exist");
  return proof;
}

namespace {

// Whether `path` holds exactly `text`.
bool holds_text(const fs::path& path, const std::string& text) {
  std::error_code ec;
  return fs::is_regular_file(path, ec) && fs::file_size(path, ec) == text.size() &&
         read_regular_file(path, text.size()) == text;
}

}  // namespace

std::vector<Drift> drat_proof_drift(const std::string& certificate_path,
                                    const DratProofFiles& proofs) {
  std::vector<Drift> drift;
  const fs::path folder = fs::path(certificate_path).parent_path();
  for (const auto& [name, text] : proofs) {
    const fs::path path = folder / name;
    // Not there: a repository may leave the proofs out of git (`verify --drat` writes them
    // again); there and different: stale evidence beside the certificate.
    if (fs::exists(path) && !holds_text(path, text))
      drift.push_back({Drift::Kind::Changed, "drat proof " + path.string(),
                       "the file differs from CaDiCaL's proof of the query"});
  }
  return drift;
}

namespace {

// The manifest of the evidence folder: the files nimcert wrote there, one name per line after
// the header.  Only these are ever removed; anything else in the folder is the user's.
constexpr const char* kManifest = "nimcert-manifest.txt";
constexpr const char* kManifestHeader = "nimcert evidence manifest 1";

std::set<std::string> manifest_of(const fs::path& folder) {
  std::set<std::string> names;
  const fs::path path = folder / kManifest;
  std::error_code ec;
  if (!fs::is_regular_file(fs::symlink_status(path, ec))) return names;
  const std::optional<std::string> text = read_regular_file(path, std::uint64_t{1} << 26);
  if (!text) return names;
  std::istringstream in(*text);
  std::string line;
  if (!std::getline(in, line) || line != kManifestHeader) return names;
  while (std::getline(in, line))
    // A plain name in the folder, never a path out of it.
    if (!line.empty() && line.find('/') == std::string::npos && line != "." && line != "..")
      names.insert(line);
  return names;
}

}  // namespace

void write_drat_proofs(const std::string& certificate_path, const std::string& proof_file,
                       const DratProofFiles& proofs) {
  const fs::path folder = fs::path(certificate_path).parent_path();
  const fs::path own = folder / drat_folder(proof_file);
  std::error_code ec;
  // The folder must be nimcert's: a real folder (or none yet), never a link or a file.
  const fs::file_status status = fs::symlink_status(own, ec);
  if (fs::exists(status) && (fs::is_symlink(status) || !fs::is_directory(status)))
    throw std::runtime_error(fmt::format(
        "{} is not a folder of nimcert's (a link or a file): certify keeps the evidence of {} "
        "there; move it away",
        own.string(), proof_file));
  std::set<std::string> written;
  for (const auto& [name, text] : proofs) {
    const fs::path path = folder / name;
    if (path.parent_path() != own)
      throw std::logic_error("write_drat_proofs: " + name + " is not in " + own.string());
    written.insert(path.filename().string());
    fs::create_directories(own);
    if (holds_text(path, text)) continue;  // unchanged: left as it is, its time too
    write_file_atomically(path, text);
  }
  if (!fs::is_directory(own, ec)) return;
  // What an earlier certify wrote and this one did not: removed when it is still a plain file.
  for (const std::string& name : manifest_of(own)) {
    if (written.contains(name)) continue;
    const fs::path path = own / name;
    if (fs::is_regular_file(fs::symlink_status(path, ec))) fs::remove(path, ec);
  }
  if (written.empty()) {
    fs::remove(own / kManifest, ec);
    if (fs::is_empty(own, ec)) fs::remove(own, ec);
    return;
  }
  std::string manifest = std::string(kManifestHeader) + "\n";
  for (const std::string& name : written) manifest += name + "\n";
  if (!holds_text(own / kManifest, manifest)) write_file_atomically(own / kManifest, manifest);
}

std::unique_ptr<AnswerCache> answer_cache(const WorkflowOptions& o, const std::string& cvc5) {
  if (o.no_cache) return nullptr;
  return std::make_unique<AnswerCache>(
      o.cache_dir.empty() ? AnswerCache::default_dir() : std::filesystem::path(o.cache_dir),
      smt::z3_version(), smt::kZ3Seed, cvc5);
}

void reuse_drat_routes(const AnswerCache& cache, DratOptions& drat) {
  if (!drat.enabled) return;
  try {
    // The binary's own digest, not its commit: a build of uncommitted changes to the checkers
    // names the commit it started from, and would take the old checkers' outcomes for its own.
    drat.route_version =
        fmt::format("cadical {} {}; nimcert {} {}", smt::cadical_version(drat.cadical_binary),
                    smt::kCadicalOptions, build::version, executable_sha256());
    drat.cache = &cache;
  } catch (const std::runtime_error&) {
    drat.cache = nullptr;
  }
}

std::unique_ptr<ReusingExhaustive> reuse_exhaustive(const AnswerCache& cache) {
  try {
    return std::make_unique<ReusingExhaustive>(cache, executable_sha256());
  } catch (const std::runtime_error&) {
    return nullptr;
  }
}

std::string exhaustive_reuse_line(const ReusingExhaustive* reuse) {
  if (!reuse || reuse->reused() == 0) return "";
  return fmt::format(
      "exhaustive blocks: {} reused from the cache (this binary's reports on the same inputs), {} "
      "computed now",
      reuse->reused(), reuse->computed());
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

std::vector<std::size_t> longest_first(const std::vector<std::string>& certificates) {
  std::vector<double> seconds(certificates.size(), std::numeric_limits<double>::infinity());
  for (std::size_t i = 0; i < certificates.size(); ++i) {
    try {
      const Json c = parse_certificate(read_certificate_text(certificates[i]), certificates[i]);
      seconds[i] = c.at("run").at("seconds").get<double>();
    } catch (const std::exception&) {  // missing, unreadable, no run: unknown, so first
    }
  }
  std::vector<std::size_t> order(certificates.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return seconds[a] > seconds[b]; });
  return order;
}

}  // namespace nimcert
