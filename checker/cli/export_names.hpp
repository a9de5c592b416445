// File names for exported queries: a proof's labels ("(14)<=>(16)") become portable names
// ("14-16"), shared by export-smt2 and export-mona so both name a check the same way.
#pragma once

#include <cctype>
#include <string>

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

}  // namespace nimcert
