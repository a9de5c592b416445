// Writing the discovered statement as proof-language text (see discovered_proof.hpp).
#include "discovery/discovered_proof.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace nimcert {

std::string fresh_definition_name(const smt::Definitions& definitions, const std::string& base) {
  if (!definitions.contains(base)) return base;
  for (unsigned i = 2;; ++i) {
    const std::string name = fmt::format("{}_{}", base, i);
    if (!definitions.contains(name)) return name;
  }
}

namespace {

// `text` as comment lines of at most 96 characters, broken at spaces.
std::string comment(const std::string& text) {
  std::string out, line = "#";
  std::size_t at = 0;
  while (at < text.size()) {
    std::size_t end = text.find(' ', at);
    if (end == std::string::npos) end = text.size();
    const std::string word = text.substr(at, end - at);
    if (line.size() + 1 + word.size() > 96 && line != "#") out += line + "\n", line = "#";
    line += " " + word;
    at = end + 1;
  }
  return out + line + "\n";
}

}  // namespace

std::string discovered_proof_text(const std::string& input, const DiscoveredStatement& s) {
  std::vector<std::string> heaps;
  for (std::size_t i = 1; i <= s.heaps; ++i) heaps.push_back(fmt::format("x{}", i));
  const std::string call = fmt::format("{}({})", s.name, fmt::join(heaps, ", "));
  const bool value = s.target == FitTarget::Value;
  const std::string statement =
      value ? fmt::format("G == {}", call) : fmt::format("(G == 0) <-> {}", call);
  const std::string wording =
      value ? fmt::format("G = {}, found by nimcert discover", call)
            : fmt::format("G = 0 exactly where {} holds, found by nimcert discover", call);

  std::string out = input;
  if (!out.empty() && out.back() != '\n') out += '\n';
  out += "\n" + comment(fmt::format(
                    "Found by nimcert discover: {}.  The claim below is checked at every "
                    "position of the table it was fitted on, and the induction proves it for "
                    "every position.",
                    s.found));
  out += fmt::format("def {} = {}\n\n", call, smt::to_string(*s.formula));
  const std::string claim = fmt::format("claim \"{}\" \"{}\": {}\n", s.name, wording, statement);
  if (s.box_game.empty()) {
    out += fmt::format("cube {}\n{}\n", s.side, claim);
  } else {
    out += fmt::format("box \"{}\" \"the table the statement was fitted on\"\n", s.name);
    out += fmt::format("  game {}\n  size {}\n  {}end\n\n", s.box_game, s.side, claim);
  }
  out += fmt::format("induction \"{}\" \"{} at every position, by induction on the rank\"\n",
                     s.name, value ? "G = F" : "the win-loss form:");
  if (s.timeout_ms > 0) out += fmt::format("  timeout {}\n", s.timeout_ms);
  if (!s.widths.empty()) out += fmt::format("  widths {}\n", fmt::join(s.widths, " "));
  out += "end\n";
  return out;
}

}  // namespace nimcert
