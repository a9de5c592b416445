// verify: re-run every check a certificate records and compare (see workflow.hpp).
#include <filesystem>

#include "certificate/certificate.hpp"
#include "certificate/certificate_file.hpp"
#include "certificate/render/automaton_document.hpp"
#include "pipelines/discover.hpp"
#include "pipelines/steps.hpp"

namespace nimcert {

namespace fs = std::filesystem;

Ending verify(const std::string& path, const WorkflowOptions& o, Narrator& narrator) {
  check_report_outputs(o);
  refuse_outputs_over_inputs(o, {}, {{path, "certificate"}});
  const std::string text = read_certificate_text(path);
  const Json raw = Json::parse(text, nullptr, false);
  if (is_automaton_certificate(raw)) {  // discover --automaton's own format
    if (!o.junit.empty() || !o.markdown.empty())
      throw std::invalid_argument(
          "--junit and --markdown report certify's checks; an automaton "
          "certificate has none of them");
    return verify_automaton(path, raw, narrator);
  }
  const Json recorded = parse_certificate(text, path);
  const fs::path proof = proof_beside(path, recorded);
  refuse_outputs_over_inputs(o, {}, {{proof.string(), "proof file"}});
  ProofOptions options = proof_options(o);
  options.cube = std::nullopt;
  if (!recorded["exhaustive"].is_null()) options.cube = recorded["exhaustive"]["N"].get<Heap>();
  if (recorded["solvers"].contains("timeout_ms"))
    options.lemma.timeout_ms = recorded["solvers"]["timeout_ms"].get<unsigned>();
  // The DRAT route as recorded: its limits, or off when it did not run.
  if (const auto drat = recorded_drat_options(recorded))
    options.lemma.drat = *drat;
  else
    options.lemma.drat.enabled = false;
  if (recorded["solvers"].contains("after_mona_timeout_ms"))
    options.lemma.after_unbounded_ms = recorded["solvers"]["after_mona_timeout_ms"].get<unsigned>();
  const std::vector<ProofSource> sources = load_all({proof.string()});
  preflight(sources[0], options);
  const Json fresh = certify_one(sources[0], options);
  const std::vector<Drift> drift = compare_certificates(stable_part(recorded), stable_part(fresh));
  std::vector<CheckRow> rows = check_rows(fresh);
  const std::string regenerate = "nimcert certify " + proof.string();
  const auto d = drift_rows(recorded["proof"]["file"], drift, regenerate);
  rows.insert(rows.end(), d.begin(), d.end());
  // Byte for byte; the drift list only explains a difference.
  const bool same = certificate_text(stable_part(recorded)) == certificate_text(stable_part(fresh));
  narrator.drift(drift);
  const std::string verdict = fresh["verdict"];
  std::string line;
  if (!same)
    line = fmt::format(
        "verify: MISMATCH ({}: the re-run differs from the certificate in {}; regenerate "
        "with: {})",
        path, count_of(drift.size(), "entry", "entries"), regenerate);
  else
    line = fmt::format("verify: {} ({}: re-run matches byte for byte; verdict {})",
                       verdict == "holds" ? "VERIFIED" : verdict_word(verdict), path, verdict);
  write_reports(o, rows, line);
  return {same && verdict == "holds" ? 0 : 1, line};
}

}  // namespace nimcert
