// File names of exported queries: a proof's labels ("(14)<=>(16)") become portable names
// ("14-16").  export-smt2 and export-mona write files under these names, and the reports name
// them, so that a query that timed out can be found, rerun and compared by its SHA-256.
#pragma once

#include <cctype>
#include <map>
#include <string>
#include <vector>

#include <fmt/format.h>

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
  std::map<std::string, int> used;
  std::vector<std::string> stems;
  for (const std::string& label : labels) {
    std::string stem = file_label(label);
    if (used[stem]++) stem += "-" + std::to_string(used[stem]);
    stems.push_back(std::move(stem));
  }
  return stems;
}

// export-smt2's names, inside the folder named after the proof file.
inline std::string lemma_query_file(const std::string& stem, unsigned width) {
  return fmt::format("{}-w{}.smt2", stem, width);
}
inline std::string induction_query_file(const std::string& claim, unsigned width,
                                        const std::string& obligation) {
  return fmt::format("induction-{}-w{}-{}.smt2", file_label(claim), width,
                     file_label(obligation));
}

}  // namespace nimcert
