// File names of exported queries: a proof's labels ("(14)<=>(16)") become portable names
// ("14-16").  export-smt2 and export-mona write files under these names, and the reports name
// them, so that a query that timed out can be found, rerun and compared by its SHA-256.
#pragma once

#include <fmt/format.h>

#include <cctype>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "lang/proof_file.hpp"

namespace nimcert {

// Letters and digits kept, every other run of characters one '-'; "lemma" when nothing is left.
inline std::string file_label(const std::string& label) {
  std::string s;
  for (char c : label) {
    if (std::isalnum(static_cast<unsigned char>(c)))
      s += c;
    else if (!s.empty() && s.back() != '-')
      s += '-';
  }
  while (!s.empty() && s.back() == '-') s.pop_back();
  return s.empty() ? "lemma" : s;
}

// The file name stem of each lemma, in order: its file_label, with "-2", "-3", ... on a
// label's later repeats, so that no two lemmas share a file.
inline std::vector<std::string> lemma_file_stems(const std::vector<std::string>& labels) {
  std::set<std::string> taken;
  std::vector<std::string> stems;
  for (const std::string& label : labels) {
    const std::string base = file_label(label);
    std::string stem = base;
    // Past every stem taken, a label's own "x-2" among them.
    for (int n = 2; !taken.insert(stem).second; ++n) stem = base + "-" + std::to_string(n);
    stems.push_back(std::move(stem));
  }
  return stems;
}

// The stems of a proof file's lemmas, from the parsed file or from its certificate's
// "lemmas" (each with its "label"): the same names either way.
inline std::vector<std::string> lemma_file_stems(const std::vector<smt::LemmaSpec>& lemmas) {
  std::vector<std::string> labels;
  for (const smt::LemmaSpec& lemma : lemmas) labels.push_back(lemma.label);
  return lemma_file_stems(labels);
}
inline std::vector<std::string> lemma_file_stems(const nlohmann::ordered_json& lemmas) {
  std::vector<std::string> labels;
  for (const auto& lemma : lemmas) labels.push_back(lemma.at("label").get<std::string>());
  return lemma_file_stems(labels);
}

// The folder the exporters write a proof's files in: its file name without ".proof".
inline std::string proof_stem(std::string file) {
  if (file.size() > 6 && file.ends_with(".proof")) file.resize(file.size() - 6);
  return file;
}

// export-smt2's names, inside the proof's folder.
inline std::string lemma_query_file(const std::string& stem, unsigned width) {
  return fmt::format("{}-w{}.smt2", stem, width);
}
inline std::string induction_query_file(const std::string& claim, unsigned width,
                                        const std::string& obligation) {
  return fmt::format("induction-{}-w{}-{}.smt2", file_label(claim), width, file_label(obligation));
}

// The files an exporter is about to write, each with what it holds: two labels that differ only
// in punctuation ("(a) take 1" and "(a) take-1") would share a name, and the second file would
// replace the first.  Every name is planned here before any file is written, and a name planned
// twice is refused with both origins.
class PlannedFiles {
 public:
  void plan(const std::string& name, const std::string& origin) {
    const auto [it, fresh] = origin_.emplace(name, origin);
    if (!fresh)
      throw std::invalid_argument(fmt::format(
          "{} and {} would both be written to {} (file names keep letters and digits only): "
          "rename one",
          it->second, origin, name));
  }

 private:
  std::map<std::string, std::string> origin_;
};

// The DRAT proofs kept beside a certificate: the folder PROOF.drat beside PROOF.cert.json, one
// file a lemma, LABEL-wW.drat for the width whose query the proof refutes.
inline std::string drat_folder(const std::string& proof_file) { return proof_stem(proof_file) + ".drat"; }
inline std::string lemma_proof_file(const std::string& stem, unsigned width) {
  return fmt::format("{}-w{}.drat", stem, width);
}
// The same, relative to the certificate's folder: what the certificate records as its "file".
inline std::string lemma_proof_path(const std::string& proof_file, const std::string& stem,
                                    unsigned width) {
  return drat_folder(proof_file) + "/" + lemma_proof_file(stem, width);
}

// The automata route's evidence (issue 49), in the same folder: one file per statement MONA
// decided and nimcert's automata checked, STEM-DIGEST.automata, DIGEST the first 12 hex digits
// of its SHA-256, so that two statements whose labels read alike never share a file.  STEM is a
// lemma's stem, or "induction-CLAIM-OBLIGATION" and "rules-GAME-OBLIGATION" (file_label each).
inline std::string evidence_path(const std::string& proof_file, const std::string& stem,
                                 const std::string& sha256) {
  return fmt::format("{}/{}-{}.automata", drat_folder(proof_file), stem, sha256.substr(0, 12));
}
inline std::string obligation_evidence_stem(const std::string& kind, const std::string& block,
                                            const std::string& obligation) {
  return fmt::format("{}-{}-{}", kind, file_label(block), file_label(obligation));
}

// An induction obligation's DRAT proof and the CNF it refutes, in the same folder: its query's
// file name (induction_query_file) with .drat and .cnf for .smt2.  A lemma's CNF beside its
// proof: LABEL-wW.cnf.
inline std::string with_extension(std::string file, const std::string& extension) {
  return file.substr(0, file.rfind('.')) + extension;
}
inline std::string obligation_proof_path(const std::string& proof_file, const std::string& claim,
                                         unsigned width, const std::string& obligation) {
  return drat_folder(proof_file) + "/" +
         with_extension(induction_query_file(claim, width, obligation), ".drat");
}

// export-mona's names, inside the proof's folder.
inline std::string lemma_mona_file(const std::string& stem) { return stem + ".mona"; }
inline std::string induction_mona_file(const std::string& claim, const std::string& obligation) {
  return fmt::format("induction-{}-{}.mona", file_label(claim), file_label(obligation));
}

}  // namespace nimcert
