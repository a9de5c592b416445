// A proof file: the game, the cube, definitions, cube claims and lemmas, as parsed.
//
// The proof language is documented in docs/proof-language.md.  A lemma states one algebraic
// step of a proof over natural-number variables, with hypotheses; nimcert checks it with Z3
// for all values below 2^w at each listed width and by enumeration over a range.  A claim is a
// statement about the Grundy value G of a position (x1, x2, x3), checked at every position of
// the cube.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "ast.hpp"

namespace nimcert::smt {

struct GameSpec {
  std::string name;
  nlohmann::ordered_json parameters = nlohmann::ordered_json::object();
};

struct ClaimSpec {
  std::string name;
  std::string text;   // the source's wording
  ExprPtr statement;  // over x1..xk and G
};

struct LemmaSpec {
  std::string label;  // e.g. "(17)"
  std::string text;   // the source's wording
  std::vector<std::string> variables;
  std::vector<ExprPtr> hypotheses;
  ExprPtr conclusion;
  std::vector<unsigned> widths;     // Z3: every variable < 2^w
  std::uint64_t low = 0, high = 0;  // enumeration: every variable in [low, high]
  SourceLocation where;
};

struct ProofFile {
  std::string path;
  GameSpec game;
  std::uint32_t cube = 0;  // N of the cube [0,N]^3; 0 when the file names no cube
  Definitions definitions;
  std::vector<ClaimSpec> claims;
  std::vector<LemmaSpec> lemmas;
};

// Bad input: what() is "file:line:col: expected ...".
class ParseError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

ProofFile parse_proof(const std::string& text, const std::string& path);
ProofFile read_proof(const std::string& path);  // throws ParseError or std::runtime_error

// The variables a claim may use for a game with k heaps: x1..xk and G.
std::vector<std::string> claim_variables(std::size_t heaps);

}  // namespace nimcert::smt
