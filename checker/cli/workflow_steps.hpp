// The steps certify, verify and gate share: checking outputs before any work, reading every
// proof file before any check, checking one proof into its certificate, printing and writing
// reports, and the boundary where an error or an interrupt becomes the summary line and an
// exit status.
#pragma once

#include <fmt/format.h>

#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "base/counted.hpp"
#include "certificate/drift.hpp"
#include "certificate/reports.hpp"
#include "checks/answer_cache.hpp"
#include "checks/proof_check.hpp"
#include "cli/output_paths.hpp"
#include "cli/workflow.hpp"

namespace nimcert {

using Json = nlohmann::ordered_json;

// Refuses, before any work: a report path that is a folder or whose folder is missing or not
// writable.  Throws std::invalid_argument.
void check_report_outputs(const WorkflowOptions& o);
// The same for a certificate path.
void check_certificate_output(const std::string& path);
// Refuses (cli/output_paths.hpp) outputs, the JUnit and Markdown reports among them, that are
// the same file as one of `inputs` or as each other.
void refuse_outputs_over_inputs(const WorkflowOptions& o, std::vector<NamedPath> outputs,
                                const std::vector<NamedPath>& inputs);

// Every proof file read and parsed; all the errors of all the files in one ParseError.
std::vector<ProofSource> load_all(const std::vector<std::string>& paths);

ProofOptions proof_options(const WorkflowOptions& o);

// Checks one proof file and returns its whole certificate (with its "run" object).
Json certify_one(const ProofSource& source, const ProofOptions& options);

// One row per check; a check some of whose solver answers were reused says from where.
void print_checks(const Json& certificate, const AnswerProvenance& provenance = {});
// The answer cache the options ask for (null with --no-cache), for this build's solvers.
std::unique_ptr<AnswerCache> answer_cache(const WorkflowOptions& o,
                                          const std::string& cvc5_version);
void print_drift(const std::vector<Drift>& drift);
void write_reports(const WorkflowOptions& o, const std::vector<CheckRow>& rows,
                   const std::string& verdict_line);

// The certificate's verdict as a summary word: HOLDS, FAILS or UNKNOWN.
std::string verdict_word(const std::string& verdict);

// Runs a command body; an error becomes exit status 2 with "<command>: ERROR (...)" last, an
// interrupt exit status 130 with "<command>: INTERRUPTED (nothing written)", as every other
// outcome has its summary line last.
int guarded(const char* command, const std::function<int()>& body);

}  // namespace nimcert
