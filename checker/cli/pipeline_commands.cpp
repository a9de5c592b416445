// The pipeline commands (see pipeline_commands.hpp).
#include "cli/pipeline_commands.hpp"

#include "cli/check_table.hpp"
#include "cli/guarded.hpp"

namespace nimcert {

// The narrator lives inside the pipeline's call, so that the live line is erased before the
// summary line is printed, also when the pipeline throws.
int certify_command(const std::vector<std::string>& proofs, const std::string& out,
                    const WorkflowOptions& options) {
  return guarded_pipeline("certify", [&] {
    TerminalNarrator narrator;
    return certify(proofs, out, options, narrator);
  });
}

int verify_command(const std::string& certificate, const WorkflowOptions& options) {
  return guarded_pipeline("verify", [&] {
    TerminalNarrator narrator;
    return verify(certificate, options, narrator);
  });
}

int verify_drat_command(const std::vector<std::string>& certificates,
                        const WorkflowOptions& options) {
  return guarded_pipeline("verify", [&] {
    TerminalNarrator narrator;
    return verify_drat(certificates, options, narrator);
  });
}

int verify_independent_command(const std::vector<std::string>& certificates,
                               const WorkflowOptions& options) {
  return guarded_pipeline("verify", [&] {
    TerminalNarrator narrator;
    return verify_independent(certificates, options, narrator);
  });
}

int gate_command(const std::vector<std::string>& proofs, const WorkflowOptions& options) {
  return guarded_pipeline("gate", [&] {
    TerminalNarrator narrator;
    return gate(proofs, options, narrator);
  });
}

int discover_command(const DiscoverRequest& request) {
  return guarded_pipeline("discover", [&] {
    TerminalNarrator narrator;
    return discover(request, narrator);
  });
}

}  // namespace nimcert
