// gate: certify every proof in memory and compare with the committed certificates (see
// workflow.hpp).
#include <fmt/ranges.h>

#include <filesystem>
#include <fstream>
#include <memory>
#include <numeric>
#include <sstream>

#include "base/parallel_for.hpp"
#include "certificate/certificate.hpp"
#include "certificate/certificate_file.hpp"
#include "certificate/committed_answers.hpp"
#include "checks/reusing_mona.hpp"
#include "checks/reusing_solvers.hpp"
#include "pipelines/steps.hpp"
#include "solve/cvc5_replay.hpp"
#include "solve/z3_backend.hpp"
#include "sys/subprocess.hpp"

namespace nimcert {

namespace fs = std::filesystem;

namespace {

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// The committed certificate at `path`: its text (empty when there is none) and its JSON
// (null when it does not parse), read once for both the drift and the reused answers.
struct Committed {
  bool exists = false;
  std::string text;
  Json json;
};

Committed read_committed(const std::string& path) {
  Committed c;
  c.exists = fs::exists(path);
  if (!c.exists) return c;
  c.text = read_file(path);
  try {
    c.json = Json::parse(c.text);
  } catch (const Json::exception&) {  // reported as drift by parse_certificate
  }
  return c;
}

// The solvers a certificate names: "z3 4.8.12, cvc5 1.0.3 (--bool-to-bv=all on QF_BV), mona 1.4".
std::string solvers_named(const Json& c) {
  const Json& s = c.value("solvers", Json::object());
  auto at = [&](const char* solver, const char* key) {
    const Json v = s.value(solver, Json::object()).value(key, Json());
    return v.is_string() ? v.get<std::string>() : v.is_null() ? "(none)" : v.dump();
  };
  return fmt::format("z3 {}, cvc5 {} ({}), mona {}", at("z3", "version"), at("cvc5", "version"),
                     at("cvc5", "options"), at("mona", "version"));
}

// "other solver versions: ..." when the committed certificate was made by other versions or
// options than this machine's; "" when they are the same.
std::string other_solver_versions(const Json& committed, const Json& fresh) {
  const std::string theirs = solvers_named(committed), ours = solvers_named(fresh);
  if (theirs == ours) return "";
  return fmt::format(
      "other solver versions: the certificate was made by {}, this machine has {} (no answer "
      "of other versions is reused; regenerate it where CI's versions run)",
      theirs, ours);
}

// How a fresh certificate differs from the committed one at `committed_path`.
std::vector<Drift> drift_from_committed(const std::string& committed_path,
                                        const Committed& committed, const Json& fresh) {
  std::vector<Drift> drift;
  if (!committed.exists) {
    drift.push_back(
        {Drift::Kind::Added, "certificate " + committed_path, "no committed certificate"});
    return drift;
  }
  try {
    parse_certificate(committed.text, committed_path);
  } catch (const CertificateError& e) {
    drift.push_back({Drift::Kind::Changed, "certificate " + committed_path, e.what()});
  }
  if (committed.json.is_object()) {
    // Made by other solver versions: every answer differs in provenance, so one entry says so
    // (both sets named) instead of listing the checks one by one.
    if (const std::string other = other_solver_versions(committed.json, fresh); !other.empty()) {
      drift.push_back({Drift::Kind::Changed, "solvers", other});
      return drift;
    }
    try {
      const auto d = compare_certificates(stable_part(committed.json), stable_part(fresh));
      drift.insert(drift.end(), d.begin(), d.end());
    } catch (const Json::exception&) {  // a committed file of the wrong shape: drift enough
    }
  }
  return drift;
}

// A certificate's answers that this build's solvers could reuse (none when it is missing,
// unreadable, or made by other solver versions or cvc5 options).
CommittedAnswers answers_of(const Json& certificate, const std::string& cvc5) {
  if (!certificate.is_object()) return {};
  return committed_answers(certificate, smt::z3_version(), smt::kZ3Seed, cvc5, smt::kCvc5Options);
}

// The revision `base` names, as a commit (12 hex digits) of the repository holding `dir`.
std::string resolve_base(const std::string& base, const std::string& dir) {
  const smt::ProcessResult r = smt::run_process(
      {"git", "-C", dir, "rev-parse", "--verify", "--short=12", base + "^{commit}"}, "",
      {30000, 0});
  if (!r.started) throw std::runtime_error("--base needs git, which cannot be run");
  std::string commit = r.output;
  while (!commit.empty() && (commit.back() == '\n' || commit.back() == '\r')) commit.pop_back();
  if (r.exit_status != 0 || commit.empty())
    throw std::invalid_argument("--base " + base + ": not a revision of the repository of " + dir);
  return commit;
}

// The certificate at `path` as it is at revision `commit` (read with git, never from the
// working tree); null when the revision has none or it does not parse.
Json certificate_at(const std::string& commit, const std::string& path) {
  const fs::path p(path);
  const std::string dir = p.parent_path().empty() ? "." : p.parent_path().string();
  const smt::ProcessResult r = smt::run_process(
      {"git", "-C", dir, "show", commit + ":./" + p.filename().string()}, "", {60000, 0});
  if (r.exit_status != 0) return Json();
  try {
    return Json::parse(r.output);
  } catch (const Json::exception&) {
    return Json();
  }
}

// Whether a certificate at the base revision may give answers: only when this machine's
// nimcert vouches for exactly its stable part (answer_cache.hpp): it wrote it (certify) or
// found it up to date (gate).  A revision nobody gated here (the parent of the last commit of
// a push) is solved again, never trusted for being in the history.
struct BaseTrust {
  bool trusted = false;
  std::string why;
  Json certificate;
};

BaseTrust base_trust(Json at_base, const AnswerCache* cache) {
  BaseTrust t;
  if (!at_base.is_object()) {
    t.why = "has no certificate there: nothing reused from the base";
    return t;
  }
  std::string digest;
  try {
    digest = stable_digest(at_base);
  } catch (const Json::exception&) {
    t.why = "is no certificate there: nothing reused from the base";
    return t;
  }
  const std::string short_digest = digest.substr(0, 12);
  if (!cache) {
    t.why = fmt::format(
        "(stable_sha256 {}) not trusted: with --no-cache no record of what this machine gated is "
        "read, so its answers are solved again",
        short_digest);
    return t;
  }
  const std::optional<AnswerCache::Vouch> v = cache->vouched(digest);
  if (!v) {
    t.why = fmt::format(
        "(stable_sha256 {}) not trusted: no certify or passing gate on this machine produced "
        "or checked it, so its answers are solved again",
        short_digest);
    return t;
  }
  t.trusted = true;
  t.why = fmt::format(
      "(stable_sha256 {}) trusted: this machine's nimcert {} it{} (the record in {}), so its "
      "unsat and unknown answers are reused",
      short_digest, v->by == "gate" ? "gated" : "wrote", v->file.empty() ? "" : " as " + v->file,
      cache->dir().string());
  t.certificate = std::move(at_base);
  return t;
}

// The trusted sources of a run, for its summary line: "base 1a2b3c4d5e6f (2 of 3 certificates
// vouched for here)", "cache", or "no source".
std::vector<std::string> sources_named(const std::string& base, std::size_t vouched,
                                       std::size_t certificates, bool cache) {
  std::vector<std::string> out;
  if (!base.empty())
    out.push_back(fmt::format("base {} ({} of {} vouched for here)", base, vouched,
                              count_of(certificates, "certificate")));
  if (cache) out.push_back("cache");
  if (out.empty()) out.push_back("no source");
  return out;
}

}  // namespace

namespace {

// Why the gate fails, in words that read: "1 does not hold, 1 certificate drifted", "every one
// holds, 1 certificate drifted".
std::string fail_reasons(std::size_t failing, std::size_t drifted) {
  std::vector<std::string> parts;
  parts.push_back(failing == 0   ? std::string("every one holds")
                  : failing == 1 ? std::string("1 does not hold")
                                 : fmt::format("{} do not hold", failing));
  if (drifted > 0) parts.push_back(count_of(drifted, "certificate") + " drifted");
  return fmt::format("{}", fmt::join(parts, ", "));
}

}  // namespace

Ending gate(const std::vector<std::string>& named, const WorkflowOptions& o, Narrator& narrator) {
  check_report_outputs(o);
  const auto proofs = proof_files(named);
  std::vector<NamedPath> inputs;
  for (const std::string& proof : proofs) {
    inputs.push_back({proof, "proof file"});
    inputs.push_back({certificate_path(proof), "committed certificate"});
  }
  refuse_outputs_over_inputs(o, {}, inputs);
  const std::vector<ProofSource> sources = load_all(proofs);
  const ProofOptions options = proof_options(o);
  for (const ProofSource& s : sources) preflight(s, options);
  std::vector<CheckRow> rows;
  std::size_t failing = 0, drifted = 0, checks = 0, reused = 0, solved = 0, vouched = 0;
  std::size_t mona_reused = 0, mona_ran = 0;
  const std::string cvc5 = smt::cvc5_version(options.lemma.cvc5_binary);
  // Incremental unless --full: a query whose exact text and time limit these solver versions
  // solved at the base revision, or that the local cache holds, takes that answer; every
  // other query is solved.  The certificate under review is never a source.
  // The cache also keeps the record of what this machine gated: --full reads no answer from
  // it, but still records the certificates it finds up to date.
  const std::unique_ptr<AnswerCache> records = answer_cache(o, cvc5);
  const AnswerCache* cache = o.full ? nullptr : records.get();
  // The exhaustive blocks' reports, from the same cache (not under --full).
  const std::unique_ptr<ReusingExhaustive> exhaustive = cache ? reuse_exhaustive(*cache) : nullptr;
  const std::string base =
      o.full || o.base.empty()
          ? ""
          : resolve_base(o.base, fs::path(proofs.front()).parent_path().empty()
                                     ? "."
                                     : fs::path(proofs.front()).parent_path().string());
  // Each proof file checked with its own trusted answers, two files at a time as certify
  // does (their queries share the solver slots, and one file's cube no longer waits for the
  // others' checks), one at a time under --fail-fast; then reported in the files' order.
  struct Gated {
    Committed committed;
    std::string base_note;  // whether the base's certificate was trusted, and why
    bool base_trusted = false;
    std::unique_ptr<ReusingSolvers> reusing;
    std::unique_ptr<ReusingMona> mona;  // MONA's answers from the same trusted sources
    Json fresh;
    DratProofFiles proofs;  // the fresh DRAT proofs, to compare with the committed files
  };
  const BothSolvers real(options.lemma.cvc5_binary);
  std::vector<Gated> gated(sources.size());
  // The longest first (steps.hpp), except under --fail-fast, which stops at the first file in
  // the named order that fails.
  std::vector<std::string> committed_paths;
  for (const ProofSource& s : sources) committed_paths.push_back(certificate_path(s.path));
  std::vector<std::size_t> order = longest_first(committed_paths);
  if (o.fail_fast) std::iota(order.begin(), order.end(), std::size_t{0});
  parallel_for(sources.size(), o.fail_fast ? 1 : options.lemma.threads, [&](std::size_t k) {
    const std::size_t i = order[k];
    const ProofSource& source = sources[i];
    Gated& g = gated[i];
    g.committed = read_committed(certificate_path(source.path));
    std::vector<AnswerSource> trusted;
    RecordedMonaAnswers base_mona;
    if (!base.empty()) {
      const BaseTrust t = base_trust(certificate_at(base, certificate_path(source.path)), cache);
      g.base_note = fmt::format("base {}: {} {}", base, certificate_path(source.path), t.why);
      g.base_trusted = t.trusted;
      if (t.trusted) {
        trusted.push_back({"base " + base, answers_of(t.certificate, cvc5)});
        base_mona = recorded_mona_answers(t.certificate);
      }
    }
    g.mona = std::make_unique<ReusingMona>(cache, std::move(base_mona));
    g.reusing = std::make_unique<ReusingSolvers>(
        real, std::move(trusted), cache,
        o.full ? CommittedAnswers{} : answers_of(g.committed.json, cvc5));
    ProofOptions incremental = options;
    incremental.lemma.solvers = g.reusing.get();
    if (!o.full) incremental.lemma.mona_answers = g.mona.get();
    if (cache) reuse_drat_routes(*cache, incremental.lemma.drat);
    incremental.exhaustive = exhaustive.get();
    g.fresh = certify_one(source, incremental, &g.proofs);
  });
  for (std::size_t i = 0; i < sources.size(); ++i) {
    const ProofSource& source = sources[i];
    const Committed& committed = gated[i].committed;
    const ReusingSolvers& reusing = *gated[i].reusing;
    const Json& fresh = gated[i].fresh;
    reused += reusing.reused();
    mona_reused += gated[i].mona->reused();
    mona_ran += gated[i].mona->ran();
    vouched += gated[i].base_trusted;
    solved += reusing.solved();
    const std::string regenerate = "nimcert certify " + source.path;
    std::vector<Drift> drift =
        drift_from_committed(certificate_path(source.path), committed, fresh);
    // The proofs it names must be there too (a missing certificate is drift enough).
    if (committed.exists) {
      const std::vector<Drift> stale =
          drat_proof_drift(certificate_path(source.path), gated[i].proofs);
      drift.insert(drift.end(), stale.begin(), stale.end());
    }
    auto r = check_rows(fresh, reusing.provenance());
    checks += r.size();
    const auto d = drift_rows(source.path, drift, regenerate);
    r.insert(r.end(), d.begin(), d.end());
    rows.insert(rows.end(), r.begin(), r.end());
    const std::string verdict = fresh["verdict"];
    failing += verdict != "holds";
    drifted += !drift.empty();
    // Up to date: every answer the committed certificate records is one these solvers gave
    // (now, or from a trusted source), so a later `gate --base` may take it.
    if (drift.empty() && records)
      records->vouch(stable_digest(committed.json), {certificate_path(source.path), "gate"});
    // The file's header first, then its table and what drifted.
    narrator.line(fmt::format("{}: {}; {}", source.path, verdict,
                              drift.empty()
                                  ? "certificate up to date"
                                  : count_of(drift.size(), "entry", "entries") + " drifted"));
    if (!gated[i].base_note.empty()) narrator.line("  " + gated[i].base_note);
    narrator.checks(fresh, reusing.provenance());
    narrator.drift(drift);
    // What the certificate under review records for queries solved now, and where the
    // solvers contradict it: its answers are never taken.
    const std::vector<DeclinedAnswer> not_taken = reusing.declined();
    std::size_t contradicted = 0;
    for (const DeclinedAnswer& a : not_taken) contradicted += a.recorded != a.fresh;
    if (!not_taken.empty())
      narrator.line(
          fmt::format("  not reused from {} (the certificate under review): {} solved again{}",
                      certificate_path(source.path), count_of(not_taken.size(), "answer"),
                      contradicted ? fmt::format(", {} contradicted", contradicted) : ""));
    for (const DeclinedAnswer& a : not_taken)
      if (a.recorded != a.fresh)
        narrator.line(fmt::format("    contradicted: {}: the certificate says {}, the solvers {}",
                                  a.query, a.recorded, a.fresh));
    if (!drift.empty()) narrator.line("  regenerate with: " + regenerate);
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
      const auto d = drift_rows(
          entry.path().string(),
          {{Drift::Kind::Removed, "proof " + proof.string(), "the certificate has no proof file"}},
          "git rm " + entry.path().string());
      rows.insert(rows.end(), d.begin(), d.end());
      narrator.line(fmt::format("{}: its proof file {} is gone; remove it with: git rm {}",
                                entry.path().string(), proof.string(), entry.path().string()));
    }
  if (mona_reused > 0)
    narrator.line(fmt::format("MONA: {} reused from the same sources, {} decided now",
                              count_of(mona_reused, "answer"), mona_ran));
  if (const std::string l = exhaustive_reuse_line(exhaustive.get()); !l.empty()) narrator.line(l);
  const bool pass = failing == 0 && drifted == 0;
  const std::string answers = fmt::format(
      "{} reused{}, {} solved", count_of(reused, "solver answer"),
      o.full ? ""
             : fmt::format(
                   " ({})",
                   fmt::join(sources_named(base, vouched, sources.size(), cache != nullptr), ", ")),
      solved);
  const std::string line =
      pass ? fmt::format("gate: PASS ({}, {} hold, certificates up to date; {})",
                         count_of(proofs.size(), "proof file"), count_of(checks, "check"), answers)
           : fmt::format("gate: FAIL ({}: {}; {})", count_of(proofs.size(), "proof file"),
                         fail_reasons(failing, drifted), answers);
  write_reports(o, rows, line);
  return {pass ? 0 : 1, line};
}

}  // namespace nimcert
