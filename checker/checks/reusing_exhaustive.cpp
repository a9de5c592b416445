// The keys of exhaustive blocks' reports (see reusing_exhaustive.hpp).
#include "checks/reusing_exhaustive.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <stdexcept>

#include "base/sha256.hpp"

namespace nimcert {

namespace {

constexpr const char* kInputsFormat = "nimcert-exhaustive-inputs-1";

// The byte offset of a (line, column) place, both counted from 1 in bytes as the lexer does.
std::size_t offset_of(const std::string& text, smt::SourceLocation where) {
  std::size_t offset = 0;
  for (int line = 1; line < where.line; ++line) {
    const std::size_t newline = text.find('\n', offset);
    if (newline == std::string::npos) throw std::logic_error("reusing_exhaustive: no such line");
    offset = newline + 1;
  }
  offset += static_cast<std::size_t>(where.column - 1);
  if (where.line < 1 || where.column < 1 || offset > text.size())
    throw std::logic_error("reusing_exhaustive: a place outside the file");
  return offset;
}

// Each declaration's text: from its keyword to the next declaration's (the file's end).
std::vector<std::string> declaration_texts(const ProofSource& source) {
  const auto& sites = source.proof.sites;
  std::vector<std::string> texts;
  for (std::size_t i = 0; i < sites.size(); ++i) {
    const std::size_t from = offset_of(source.text, sites[i].where);
    const std::size_t to =
        i + 1 < sites.size() ? offset_of(source.text, sites[i + 1].where) : source.text.size();
    if (to < from) throw std::logic_error("reusing_exhaustive: declarations out of order");
    texts.push_back(source.text.substr(from, to - from));
  }
  return texts;
}

// One part of the inputs, its length first, so that no two different lists of parts read as
// the same text.
void add(std::string& inputs, const std::string& label, const std::string& part) {
  inputs += fmt::format("{} {}\n{}\n", label, part.size(), part);
}

// The context every block shares (each game and def declaration), then the texts of the
// declarations with `keyword`, the `which`-th of them only when `which` is set.
std::string inputs_of(const ProofSource& source, const std::string& kind,
                      const std::vector<std::string>& keywords, std::optional<std::size_t> which,
                      std::size_t expected) {
  const std::vector<std::string> texts = declaration_texts(source);
  std::string inputs = fmt::format("{}\nkind {}\n", kInputsFormat, kind);
  std::size_t seen = 0;
  for (std::size_t i = 0; i < texts.size(); ++i) {
    const std::string& keyword = source.proof.sites[i].keyword;
    if (keyword == "game" || keyword == "def") add(inputs, keyword, texts[i]);
    if (std::find(keywords.begin(), keywords.end(), keyword) == keywords.end()) continue;
    if (keyword == keywords.front()) {
      if (!which || *which == seen) add(inputs, keyword, texts[i]);
      ++seen;
    } else {
      add(inputs, keyword, texts[i]);
    }
  }
  if (seen != expected)
    throw std::logic_error(fmt::format("reusing_exhaustive: {} {} declarations, {} parsed", seen,
                                       keywords.front(), expected));
  return inputs;
}

}  // namespace

std::string cube_inputs(const ProofSource& source, const ProofOptions& options) {
  std::string inputs =
      inputs_of(source, "cube", {"claim", "cube"}, std::nullopt, source.proof.claims.size());
  add(inputs, "cube option", options.cube ? std::to_string(*options.cube) : "");
  return inputs;
}

std::string box_inputs(const ProofSource& source, std::size_t box) {
  return inputs_of(source, "box", {"box"}, box, source.proof.boxes.size());
}

std::string sequence_inputs(const ProofSource& source, std::size_t sequence,
                            const ProofOptions& options) {
  std::string inputs =
      inputs_of(source, "sequence", {"sequence"}, sequence, source.proof.sequences.size());
  add(inputs, "misere limits",
      fmt::format("{} {}", options.misere.quotient_elements, options.misere.definition_sums));
  return inputs;
}

std::string ReusingExhaustive::key_of(const std::string& inputs) const {
  return Sha256::of(
      fmt::format("{}\nbuild {}\ninputs {}\n", kInputsFormat, build_, Sha256::of(inputs)));
}

}  // namespace nimcert
