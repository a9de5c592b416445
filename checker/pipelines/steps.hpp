// The steps certify, verify, gate and discover share: checking outputs before any work,
// reading every proof file before any check, checking one proof into its certificate, and
// writing the JUnit and Markdown reports.
#pragma once

#include <fmt/format.h>

#include <filesystem>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "base/counted.hpp"
#include "certificate/drift.hpp"
#include "certificate/reports.hpp"
#include "checks/answer_cache.hpp"
#include "checks/proof_check.hpp"
#include "checks/reusing_exhaustive.hpp"
#include "pipelines/output_paths.hpp"
#include "pipelines/workflow.hpp"

namespace nimcert {

using Json = nlohmann::ordered_json;

// The DRAT proofs a certificate records, by their paths relative to its folder
// (certificate/query_names.hpp's drat_folder and lemma_proof_file).
using DratProofFiles = std::map<std::string, std::string>;

// Refuses, before any work: a report path that is a folder or whose folder is missing or not
// writable.  Throws std::invalid_argument.
void check_report_outputs(const WorkflowOptions& o);
// The same for a certificate path.
void check_certificate_output(const std::string& path);
// Refuses (pipelines/output_paths.hpp) outputs, the JUnit and Markdown reports among them, that are
// the same file as one of `inputs` or as each other.
void refuse_outputs_over_inputs(const WorkflowOptions& o, std::vector<NamedPath> outputs,
                                const std::vector<NamedPath>& inputs);

// Every proof file read and parsed; all the errors of all the files in one ParseError.
std::vector<ProofSource> load_all(const std::vector<std::string>& paths);

ProofOptions proof_options(const WorkflowOptions& o);

// The DRAT route's options as a certificate records them (`solvers.cadical`: CaDiCaL's time
// limit and the proof size limit), or nothing when the route did not run for it.
std::optional<DratOptions> recorded_drat_options(const Json& recorded);

// Each fresh DRAT proof whose file beside the certificate at `certificate_path` differs from it:
// stale evidence.  A missing file is no drift: the folder may be left out of git, and
// `verify --drat` writes a missing proof again (CaDiCaL is deterministic; its SHA-256 decides).
std::vector<Drift> drat_proof_drift(const std::string& certificate_path,
                                    const DratProofFiles& proofs);

// The proof file a certificate vouches for: X.proof beside X.cert.json, which must be the file
// it names (one copied from another proof names that one, and re-running it would check the
// other).  Throws CertificateError when it names another or the file is missing.
std::filesystem::path proof_beside(const std::string& certificate_path, const Json& recorded);

// The order in which to check proofs whose certificates are at `certificates` (indices into
// it), two at a time: the longest first, by the seconds the certificates' last runs took
// (run.seconds), and a proof with no readable certificate before all of them.  In the named
// order a long proof that came last ran alone on one core while the other idled.  Only the
// order of the work changes: each certificate is a function of its proof alone, and callers
// write and print everything in the named order.
std::vector<std::size_t> longest_first(const std::vector<std::string>& certificates);

// Checks one proof file and returns its whole certificate (with its "run" object), and the
// texts of its checked DRAT proofs in `proofs` when asked.
Json certify_one(const ProofSource& source, const ProofOptions& options,
                 DratProofFiles* proofs = nullptr);

// Writes the evidence (the DRAT proofs and CNFs, the automata's files) into the folder
// PROOF.drat beside the certificate at `certificate_path` (each file atomically, an unchanged
// one left alone), and records what it wrote in the folder's manifest (nimcert-manifest.txt).
// Of the files there, it removes only those an earlier certify listed there and this one did
// not write, and only when they are still plain files: a user's own files, and anything reached
// through a link, are never touched.  A PROOF.drat that is a link or a file is refused
// (std::runtime_error); no evidence and no folder: nothing happens.
void write_drat_proofs(const std::string& certificate_path, const std::string& proof_file,
                       const DratProofFiles& proofs);

// The answer cache the options ask for (null with --no-cache), for this build's solvers.
std::unique_ptr<AnswerCache> answer_cache(const WorkflowOptions& o,
                                          const std::string& cvc5_version);
// The DRAT route's outcomes taken from `cache` when the query, CaDiCaL's version, this very
// binary (its checkers) and the limits are the same (nothing changes when CaDiCaL cannot be
// run: the route will say so).
void reuse_drat_routes(const AnswerCache& cache, DratOptions& drat);

// The exhaustive blocks' reports taken from `cache` when their inputs are unchanged and this
// very binary computed them (checks/reusing_exhaustive.hpp); null, and nothing reused, when the
// binary cannot be read to digest it.
std::unique_ptr<ReusingExhaustive> reuse_exhaustive(const AnswerCache& cache);
// "exhaustive blocks: 3 reused from the cache (this binary's reports on the same inputs), 1
// computed now", or empty when nothing was reused.
std::string exhaustive_reuse_line(const ReusingExhaustive* reuse);

void write_reports(const WorkflowOptions& o, const std::vector<CheckRow>& rows,
                   const std::string& verdict_line);

// The certificate's verdict as a summary word: HOLDS, FAILS or UNKNOWN.
std::string verdict_word(const std::string& verdict);

}  // namespace nimcert
