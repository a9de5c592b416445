// export-smt2: the queries a proof file poses, as files anyone can give to a solver.
//
// The files are the exact texts whose SHA-256 the certificate records (the same query
// builders serve certify), with :status set to Z3's answer, so `z3 FILE` or `cvc5 FILE`
// reproduces each answer without nimcert.
#pragma once

#include <string>
#include <vector>

namespace nimcert {

// Writes DIR/PROOF/LABEL-wW.smt2 for each lemma and width and
// DIR/PROOF/induction-CLAIM-wW-OBLIGATION.smt2 for each induction obligation; returns the
// exit status.
int export_smt2(const std::vector<std::string>& proofs, const std::string& out_dir,
                unsigned timeout_ms);

}  // namespace nimcert
