// export-mona: the unbounded route's MONA programs, as files anyone can give to `mona`.
//
// Each file is the exact text whose SHA-256 the certificate records under "unbounded"
// (mona_sha256), built by the same translation certify uses, so `mona FILE` reproduces the
// answer ("Formula is valid", or a counterexample) without nimcert.  Lemmas and induction
// obligations outside the unbounded fragment get no file; they are listed with the term and
// its place in the proof.
#pragma once

#include <string>
#include <vector>

namespace nimcert {

// Writes DIR/PROOF/LABEL.mona for each lemma in the fragment and
// DIR/PROOF/induction-CLAIM-OBLIGATION.mona for each obligation of an induction in the
// fragment; returns the exit status (0; errors throw).
int export_mona(const std::vector<std::string>& proofs, const std::string& out_dir);

}  // namespace nimcert
