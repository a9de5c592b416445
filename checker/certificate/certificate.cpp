// Building the certificate JSON (see certificate.hpp): the kinds' blocks in a fixed order,
// the trust ledger, the verdict and the digest of the stable part.
#include "certificate/certificate.hpp"

#include <unistd.h>

#include <build_info.hpp>
#include <string>

#include "base/sha256.hpp"
#include "certificate/kinds/kinds.hpp"
#include "certificate/query_names.hpp"
#include "certificate/trust_ledger.hpp"

namespace nimcert {

namespace {

std::string host_name() {
  char name[256] = {0};
  if (gethostname(name, sizeof name - 1) != 0) return "unknown";
  return name;
}

}  // namespace

nlohmann::ordered_json make_certificate(const ProofReport& report, const RunInfo& run) {
  nlohmann::ordered_json c;
  c["format"] = "nimcert-certificate";
  c["format_version"] = kCertificateFormatVersion;
  c["nimcert_version"] = build::version;
  c["solvers"] = {{"z3", {{"version", report.z3_version}, {"seed", report.z3_seed}}},
                  {"cvc5", {{"version", report.cvc5_version}, {"options", report.cvc5_options}}},
                  {"mona", {{"version", report.mona_version}}},
                  {"timeout_ms", report.timeout_ms},
                  {"after_mona_timeout_ms", report.after_mona_timeout_ms}};
  if (!report.cadical_version.empty())
    c["solvers"]["cadical"] = {{"version", report.cadical_version},
                               {"options", report.cadical_options},
                               {"timeout_ms", report.drat_timeout_ms},
                               {"conflicts", report.drat_conflicts},
                               {"proof_limit_bytes", report.drat_proof_limit_bytes},
                               {"checker_visits", report.drat_check_visits},
                               {"checker_memory_bytes", report.drat_check_memory_bytes}};
  c["proof"] = {{"file", report.proof_name}, {"sha256", report.proof_sha256}};
  // An exploration run's record (certify --only claims, --fail-fast): printed, never written.
  if (!report.incomplete.empty()) c["incomplete"] = report.incomplete;
  c["game"] = report.game ? nlohmann::ordered_json{{"name", report.game->name()},
                                                   {"parameters", report.game->parameters()}}
                          : nlohmann::ordered_json();
  if (!report.octal_game.is_null()) c["game"] = report.octal_game;
  nlohmann::ordered_json definitions = nlohmann::ordered_json::array();
  for (const auto& [name, d] : report.proof.definitions)
    definitions.push_back(
        {{"name", name}, {"parameters", d.parameters}, {"body", smt::to_string(*d.body)}});
  c["definitions"] = std::move(definitions);
  nlohmann::ordered_json rules = nlohmann::ordered_json::array();
  for (const auto& r : report.rules) rules.push_back(rules_json(r, report.proof_name));
  c["rules"] = std::move(rules);
  c["exhaustive"] = report.cube ? cube_report_json(*report.cube) : nlohmann::ordered_json();
  nlohmann::ordered_json lemmas = nlohmann::ordered_json::array();
  const std::vector<std::string> stems = lemma_file_stems(report.proof.lemmas);
  for (std::size_t i = 0; i < report.lemmas.size(); ++i)
    lemmas.push_back(lemma_json(report.lemmas[i], report.proof_name, stems.at(i)));
  nlohmann::ordered_json boxes = nlohmann::ordered_json::array();
  for (const auto& b : report.boxes) boxes.push_back(box_json(b));
  c["boxes"] = std::move(boxes);
  nlohmann::ordered_json sequences = nlohmann::ordered_json::array();
  for (const auto& q : report.sequences) sequences.push_back(sequence_json(q));
  c["sequences"] = std::move(sequences);
  c["lemmas"] = std::move(lemmas);
  nlohmann::ordered_json inductions = nlohmann::ordered_json::array();
  for (const auto& d : report.inductions)
    inductions.push_back(
        induction_json(d, report.cube ? &*report.cube : nullptr, report.proof_name));
  c["induction"] = std::move(inductions);
  c["trust"] = trust_ledger(c);
  c["verdict"] = verdict_name(report.verdict());
  c["stable_sha256"] = stable_digest(c);
  nlohmann::ordered_json lemma_seconds;
  for (const auto& l : report.lemmas) {
    nlohmann::ordered_json t;
    for (const auto& w : l.widths) {
      if (w.implied_by > 0) continue;  // nothing solved
      t["z3_w" + std::to_string(w.width)] = w.seconds;
      t["cvc5_w" + std::to_string(w.width)] = w.cvc5.seconds;
    }
    if (l.unbounded && l.unbounded->in_fragment) t["mona"] = l.unbounded->seconds;
    if (l.unbounded && l.unbounded->independent) t["automata"] = l.unbounded->independent->seconds;
    if (l.drat) t["drat_w" + std::to_string(l.drat_width)] = l.drat->seconds;
    t["enumeration"] = l.enumeration.seconds;
    // Which evaluator enumerated: a machine without a compiler differs here, not in the verdict.
    t["enumeration_engine"] = l.enumeration.native ? "native" : "batch";
    if (!l.enumeration.engine_note.empty())
      t["enumeration_engine_note"] = l.enumeration.engine_note;
    lemma_seconds[l.label] = std::move(t);
  }
  nlohmann::ordered_json induction_seconds;
  for (const auto& d : report.inductions)
    for (const auto& w : d.widths)
      for (const auto& o : w.obligations) {
        induction_seconds[d.claim]["w" + std::to_string(w.width)][o.name] = {
            {"z3", o.seconds}, {"cvc5", o.cvc5.seconds}};
        if (o.drat) induction_seconds[d.claim]["drat"][o.name] = o.drat->seconds;
      }
  for (const auto& d : report.inductions)
    if (d.unbounded)
      for (const auto& o : d.unbounded->obligations) {
        induction_seconds[d.claim]["mona"][o.name] = o.outcome.seconds;
        if (o.outcome.independent)
          induction_seconds[d.claim]["automata"][o.name] = o.outcome.independent->seconds;
      }
  nlohmann::ordered_json rules_seconds = nlohmann::ordered_json::object();
  for (const auto& r : report.rules)
    for (const auto& w : r.widths)
      for (const auto& o : w.obligations)
        rules_seconds[r.game]["w" + std::to_string(w.width)][o.name] = {{"z3", o.seconds},
                                                                        {"cvc5", o.cvc5.seconds}};
  for (const auto& r : report.rules)
    if (r.unbounded)
      for (const auto& o : r.unbounded->obligations) {
        rules_seconds[r.game]["mona"][o.name] = o.outcome.seconds;
        if (o.outcome.independent)
          rules_seconds[r.game]["automata"][o.name] = o.outcome.independent->seconds;
      }
  // The claims' blocks: one time per cube, box or sequence (its claims share it).
  nlohmann::ordered_json check_seconds = nlohmann::ordered_json::object();
  if (report.cube) check_seconds["exhaustive"] = report.cube->seconds;
  for (const auto& r : report.rules) check_seconds["rules " + r.game] = r.seconds;
  for (const auto& b : report.boxes) check_seconds["box " + b.name] = b.seconds;
  for (const auto& q : report.sequences) check_seconds["sequence " + q.name] = q.seconds;
  c["run"] = {{"git_commit", build::git_commit},
              {"compiler", build::compiler},
              {"host", host_name()},
              {"seconds", run.seconds},
              {"check_seconds", std::move(check_seconds)},
              {"lemma_seconds", std::move(lemma_seconds)},
              {"induction_seconds", std::move(induction_seconds)}};
  c["run"]["rules_seconds"] = std::move(rules_seconds);
  // The blocks whose reports this run took from the local cache (same inputs, same binary).
  if (!report.reused.empty()) {
    nlohmann::ordered_json reused = nlohmann::ordered_json::object();
    for (const std::string& block : report.reused) reused[block] = "cache";
    c["run"]["reused"] = std::move(reused);
  }
  return c;
}

std::map<std::string, std::string> evidence_files(const ProofReport& report) {
  std::map<std::string, std::string> files;
  const std::vector<std::string> stems = lemma_file_stems(report.proof.lemmas);
  auto automata = [&](const std::optional<IndependentCheck>& c, const std::string& stem) {
    if (c && c->checked()) files[evidence_path(report.proof_name, stem, c->sha256)] = c->evidence;
  };
  auto drat = [&](const std::optional<DratRoute>& d, const std::string& path) {
    if (!d || !d->checked()) return;
    files[path] = d->proof;
    files[with_extension(path, ".cnf")] = d->cnf;
  };
  for (std::size_t i = 0; i < report.lemmas.size(); ++i) {
    drat(report.lemmas[i].drat,
         lemma_proof_path(report.proof_name, stems.at(i), report.lemmas[i].drat_width));
    if (const auto& u = report.lemmas[i].unbounded) automata(u->independent, stems.at(i));
  }
  for (const auto& r : report.rules)
    if (r.unbounded)
      for (const auto& o : r.unbounded->obligations)
        automata(o.outcome.independent, obligation_evidence_stem("rules", r.game, o.name));
  for (const auto& d : report.inductions) {
    if (d.unbounded)
      for (const auto& o : d.unbounded->obligations)
        automata(o.outcome.independent, obligation_evidence_stem("induction", d.claim, o.name));
    for (const auto& w : d.widths)
      for (const auto& o : w.obligations)
        drat(o.drat, obligation_proof_path(report.proof_name, d.claim, w.width, o.name));
  }
  return files;
}

nlohmann::ordered_json stable_part(nlohmann::ordered_json certificate) {
  certificate.erase("run");
  return certificate;
}

std::string stable_digest(nlohmann::ordered_json certificate) {
  certificate.erase("run");
  certificate.erase("stable_sha256");
  return Sha256::of(certificate_text(certificate));
}

std::string certificate_text(const nlohmann::ordered_json& certificate) {
  return certificate.dump(2) + "\n";
}

}  // namespace nimcert
