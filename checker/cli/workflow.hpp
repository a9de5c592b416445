// The certificate workflow: certify (regenerate), verify (audit one certificate by re-running
// it), gate (fail CI when a proof no longer checks or a committed certificate is stale).
//
// Each reads and parses every proof file it is given, and refuses work too large for the
// machine, before it runs the first check; it checks its outputs (certificate paths, report
// folders) before that too, and writes nothing until every check has run.  Exit statuses,
// shared by the three: 0 every verdict holds (and, for verify and gate, nothing differs from
// the certificate); 1 a check fails or is unknown, or something drifted; 2 bad input or an
// infrastructure failure (a proof file with errors, an unreadable or edited certificate, a
// missing solver, work too large); 130 interrupted (SIGINT, SIGTERM, SIGHUP), nothing written.
// Each ends with one summary line whose first word after the command is the verdict:
// certify: HOLDS|FAILS|UNKNOWN|ERROR|INTERRUPTED, verify: VERIFIED|FAILS|UNKNOWN|MISMATCH|ERROR|
// INTERRUPTED, gate: PASS|FAIL|ERROR|INTERRUPTED.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "base/position.hpp"
#include "checks/solve_and_recheck.hpp"

namespace nimcert {

struct WorkflowOptions {
  std::optional<Heap> cube;  // overrides the proof files' cube sizes (certify only)
  unsigned timeout_ms = 60000;
  unsigned after_mona_ms = kAfterUnboundedMs;  // CheckOptions::after_unbounded_ms
  std::string junit;     // write a JUnit XML report here, when set
  std::string markdown;  // write a Markdown summary here, when set
  bool full = false;     // gate: solve every query again, reusing no answer at all
  std::string base;      // gate: reuse the answers of the certificates at this git revision
  // certify and gate: the local answer cache (answer_cache.hpp), at its default place unless
  // cache_dir is set; none with no_cache.
  std::string cache_dir;
  bool no_cache = false;
  // certify, for exploring: claims only (no solvers), stop at the first failing block.  A run
  // that leaves anything unchecked prints its results and writes no certificate.
  bool claims_only = false;
  bool fail_fast = false;
};

// The proof files named, or every *.proof under certs/ in name order.
std::vector<std::string> proof_files(const std::vector<std::string>& named);

// certs/x.proof -> certs/x.cert.json
std::string certificate_path(const std::string& proof);

int certify_command(const std::vector<std::string>& proofs, const std::string& out,
                    const WorkflowOptions& options);
int verify_command(const std::string& certificate, const WorkflowOptions& options);
int gate_command(const std::vector<std::string>& proofs, const WorkflowOptions& options);

}  // namespace nimcert
