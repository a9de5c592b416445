// The steps certify, verify, gate and discover share: checking outputs before any work,
// reading every proof file before any check, checking one proof into its certificate, and
// writing the JUnit and Markdown reports.
#pragma once

#include <fmt/format.h>

#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "base/counted.hpp"
#include "certificate/drift.hpp"
#include "certificate/reports.hpp"
#include "checks/answer_cache.hpp"
#include "checks/proof_check.hpp"
#include "pipelines/output_paths.hpp"
#include "pipelines/workflow.hpp"

namespace nimcert {

using Json = nlohmann::ordered_json;

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

// Checks one proof file and returns its whole certificate (with its "run" object).
Json certify_one(const ProofSource& source, const ProofOptions& options);

// The answer cache the options ask for (null with --no-cache), for this build's solvers.
std::unique_ptr<AnswerCache> answer_cache(const WorkflowOptions& o,
                                          const std::string& cvc5_version);
void write_reports(const WorkflowOptions& o, const std::vector<CheckRow>& rows,
                   const std::string& verdict_line);

// The certificate's verdict as a summary word: HOLDS, FAILS or UNKNOWN.
std::string verdict_word(const std::string& verdict);

}  // namespace nimcert
