// The certificate workflow: certify (regenerate), verify (audit one certificate by re-running
// it), gate (fail CI when a proof no longer checks or a committed certificate is stale).
//
// Each reads and parses every proof file it is given, and refuses work too large for the
// machine, before it runs the first check; it checks its outputs (certificate paths, report
// folders) before that too, and writes nothing until every check has run.  Each tells what it
// found to a Narrator and returns its Ending (narrator.hpp): status 0 every verdict holds (and,
// for verify and gate, nothing differs from the certificate); 1 a check fails or is unknown, or
// something drifted.  Bad input and infrastructure failures (a proof file with errors, an
// unreadable or edited certificate, a missing solver, work too large) are thrown, and an
// interrupt is smt::Interrupted, with nothing written.  The summary line's first word after
// the command is the verdict: certify: HOLDS|FAILS|UNKNOWN, verify: VERIFIED|FAILS|UNKNOWN|
// MISMATCH, gate: PASS|FAIL.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "base/position.hpp"
#include "checks/solve_and_recheck.hpp"
#include "pipelines/narrator.hpp"

namespace nimcert {

struct WorkflowOptions {
  std::optional<Heap> cube;  // overrides the proof files' cube sizes (certify only)
  unsigned timeout_ms = 60000;
  unsigned after_mona_ms = kAfterUnboundedMs;  // CheckOptions::after_unbounded_ms
  std::string junit;                           // write a JUnit XML report here, when set
  std::string markdown;                        // write a Markdown summary here, when set
  bool full = false;  // gate: solve every query again, reusing no answer at all
  std::string base;   // gate: reuse the answers of the certificates at this git revision
  // certify and gate: the local answer cache (answer_cache.hpp), at its default place unless
  // cache_dir is set; none with no_cache.
  std::string cache_dir;
  bool no_cache = false;
  // certify, for exploring: claims only (no solvers), stop at the first failing block.  A run
  // that leaves anything unchecked prints its results and writes no certificate.
  bool claims_only = false;
  bool fail_fast = false;
  // The DRAT route's proof size limit (checks/drat_route.hpp), in MiB.
  std::uint64_t drat_limit_mb = 64;
  unsigned drat_timeout_ms = 120000;      // CaDiCaL's wall clock per query (a safety net)
  std::uint64_t drat_conflicts = 300000;  // CaDiCaL's limit on conflicts per query
};

// The proof files named, or every *.proof under certs/ in name order.
std::vector<std::string> proof_files(const std::vector<std::string>& named);

// certs/x.proof -> certs/x.cert.json
std::string certificate_path(const std::string& proof);

Ending certify(const std::vector<std::string>& proofs, const std::string& out,
               const WorkflowOptions& options, Narrator& narrator);
Ending verify(const std::string& certificate, const WorkflowOptions& options, Narrator& narrator);
// verify --drat: each lemma's recorded DRAT proof checked again by nimcert's DRAT and LRAT
// checkers against the CNF of its query, rebuilt from the proof file (no solver answers):
// VERIFIED when at least one proof was checked and none refused.
Ending verify_drat(const std::vector<std::string>& certificates, const WorkflowOptions& options,
                   Narrator& narrator);
// verify --independent: every piece of evidence the certificates record (the automata route's
// evidence of each statement MONA decided, each checked DRAT proof against its CNF) checked again
// by nimcert alone, with no solver present: VERIFIED when at least one record was checked and
// none refused.
Ending verify_independent(const std::vector<std::string>& certificates,
                          const WorkflowOptions& options, Narrator& narrator);
Ending gate(const std::vector<std::string>& proofs, const WorkflowOptions& options,
            Narrator& narrator);

}  // namespace nimcert
