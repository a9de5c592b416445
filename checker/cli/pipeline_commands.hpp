// The commands that start a pipeline (certify, verify, gate, discover): each runs it with the
// terminal's narrator (check_table.hpp), then prints its summary line last and returns its exit
// status (guarded.hpp); the pipelines themselves live in pipelines/.
#pragma once

#include <string>
#include <vector>

#include "pipelines/discover.hpp"
#include "pipelines/workflow.hpp"

namespace nimcert {

int certify_command(const std::vector<std::string>& proofs, const std::string& out,
                    const WorkflowOptions& options);
int verify_command(const std::string& certificate, const WorkflowOptions& options);
int verify_drat_command(const std::vector<std::string>& certificates,
                        const WorkflowOptions& options);
// verify --independent: every recorded piece of evidence, with no solver (workflow.hpp).
int verify_independent_command(const std::vector<std::string>& certificates,
                               const WorkflowOptions& options);
int gate_command(const std::vector<std::string>& proofs, const WorkflowOptions& options);
int discover_command(const DiscoverRequest& request);

}  // namespace nimcert
