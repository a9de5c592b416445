// certify: check proof files and write their certificates (see workflow.hpp).
#include "base/atomic_file.hpp"
#include "base/parallel_for.hpp"
#include "certificate/certificate.hpp"
#include "certificate/certificate_file.hpp"
#include "checks/reusing_mona.hpp"
#include "checks/reusing_solvers.hpp"
#include "pipelines/steps.hpp"
#include "solve/cvc5_replay.hpp"

namespace nimcert {

namespace {

// The certificate path of a proof, after refusing a name that does not end in .proof (its
// certificate would land beside it under a name nobody expects, over whatever is there).
std::string certificate_for(const std::string& proof, const std::string& out) {
  if (!out.empty()) return out;
  if (proof.size() < 7 || proof.compare(proof.size() - 6, 6, ".proof") != 0)
    throw std::invalid_argument(proof +
                                ": a proof file's name ends in .proof (its certificate is "
                                "written beside it as NAME.cert.json; or name one with -o)");
  return certificate_path(proof);
}

// Whether the certificate at `path` already says everything `fresh` says: a valid certificate
// whose stable part (everything but the run's timings, host and commit) is the same.  Then it
// is left as it is, so that certifying unchanged proofs leaves the tree unchanged; its `run`
// still tells of the run that wrote it.
bool up_to_date(const std::string& path, const Json& fresh) {
  try {
    const Json existing = parse_certificate(read_certificate_text(path), path);
    return certificate_text(stable_part(existing)) == certificate_text(stable_part(fresh));
  } catch (const std::exception&) {  // missing, unreadable, edited: written anew
    return false;
  }
}

}  // namespace

Ending certify(const std::vector<std::string>& named, const std::string& out,
               const WorkflowOptions& o, Narrator& narrator) {
  const auto proofs = proof_files(named);
  if (!out.empty() && proofs.size() != 1)
    throw std::invalid_argument("--out needs exactly one proof file");
  // Outputs first: a certificate that cannot be written is refused before minutes of checks.
  std::vector<std::string> paths;
  for (const std::string& proof : proofs) {
    paths.push_back(certificate_for(proof, out));
    check_certificate_output(paths.back());
  }
  check_report_outputs(o);
  std::vector<NamedPath> outputs, inputs;
  for (std::size_t i = 0; i < proofs.size(); ++i) {
    outputs.push_back({paths[i], "certificate"});
    inputs.push_back({proofs[i], "proof file"});
  }
  refuse_outputs_over_inputs(o, outputs, inputs);
  const std::vector<ProofSource> sources = load_all(proofs);
  ProofOptions options = proof_options(o);
  for (const ProofSource& s : sources) preflight(s, options);
  // Solver answers from the local cache when the exact query was solved before (the edit
  // loop); every other query is solved, and a both-unsat answer stored.
  const std::unique_ptr<AnswerCache> cache =
      o.claims_only ? nullptr : answer_cache(o, smt::cvc5_version(options.lemma.cvc5_binary));
  const BothSolvers real(options.lemma.cvc5_binary);
  const ReusingSolvers reusing(real, {}, cache.get());
  if (cache) options.lemma.solvers = &reusing;
  // MONA's answers likewise (a three-heap induction's obligations cost 12-15 s each).
  const ReusingMona mona(cache.get());
  if (cache) options.lemma.mona_answers = &mona;
  if (cache) reuse_drat_routes(*cache, options.lemma.drat);
  // And the cube's, boxes' and sequences' reports when nothing they depend on changed.
  const std::unique_ptr<ReusingExhaustive> exhaustive = cache ? reuse_exhaustive(*cache) : nullptr;
  options.exhaustive = exhaustive.get();

  std::vector<Json> certificates;
  std::vector<DratProofFiles> drat_proofs(sources.size());
  if (o.fail_fast) {  // one after another, to stop at the first that fails
    for (std::size_t i = 0; i < sources.size(); ++i) {
      certificates.push_back(certify_one(sources[i], options, &drat_proofs[i]));
      if (certificates.back()["verdict"] == "fails") break;
    }
  } else {  // two proofs at a time: their queries share the solver slots (checks/proof_check)
    certificates.resize(sources.size());
    const std::vector<std::size_t> order = longest_first(paths);  // the named order kept below
    parallel_for(sources.size(), options.lemma.threads, [&](std::size_t k) {
      const std::size_t i = order[k];
      certificates[i] = certify_one(sources[i], options, &drat_proofs[i]);
    });
  }
  // Every check has run: only now is anything written, so an interrupt leaves all as it was.
  // A run that left something unchecked (--only claims, --fail-fast) writes nothing at all.
  bool incomplete = certificates.size() < sources.size();
  for (const Json& c : certificates) incomplete = incomplete || c.contains("incomplete");
  std::vector<CheckRow> rows;
  bool fails = false, unknown = false;
  for (std::size_t i = 0; i < certificates.size(); ++i) {
    bool unchanged = false;
    if (!incomplete) {
      // The proofs first: a certificate never names a proof file that is not there yet.
      write_drat_proofs(paths[i], sources[i].name, drat_proofs[i]);
      unchanged = up_to_date(paths[i], certificates[i]);
      if (!unchanged) write_file_atomically(paths[i], certificate_text(certificates[i]));
      // Written by this machine's own solving: a later `gate --base` may trust it.
      if (cache) cache->vouch(stable_digest(certificates[i]), {paths[i], "certify"});
    }
    const std::string verdict = certificates[i]["verdict"];
    fails = fails || verdict == "fails";
    unknown = unknown || verdict == "unknown";
    // The file's header first, then its table.
    if (incomplete)
      narrator.line(fmt::format("{}: {}{}", sources[i].path, verdict,
                                certificates[i].contains("incomplete")
                                    ? " (" + certificates[i]["incomplete"].get<std::string>() + ")"
                                    : ""));
    else
      narrator.line(fmt::format("{}: {} ({}{})", sources[i].path, verdict, paths[i],
                                unchanged ? " unchanged" : ""));
    narrator.checks(certificates[i], reusing.provenance());
    const auto r = check_rows(certificates[i], reusing.provenance());
    rows.insert(rows.end(), r.begin(), r.end());
  }
  if (mona.reused() > 0)
    narrator.line(fmt::format("MONA: {} reused from the cache, {} decided now",
                              count_of(mona.reused(), "answer"), mona.ran()));
  if (const std::string l = exhaustive_reuse_line(exhaustive.get()); !l.empty()) narrator.line(l);
  const std::string word = fails ? "FAILS" : unknown ? "UNKNOWN" : "HOLDS";
  std::string scope = count_of(certificates.size(), "proof file");
  if (certificates.size() < sources.size())
    scope += fmt::format(" of {}, stopped at the first that fails", sources.size());
  if (incomplete) scope += "; not everything was checked, so no certificate was written";
  const std::string line = fmt::format("certify: {} ({})", word, scope);
  write_reports(o, rows, line);
  return {word == "HOLDS" ? 0 : 1, line};
}

}  // namespace nimcert
