// The proof file `nimcert discover` writes around a found statement: the input file's text (its
// games and definitions, byte for byte), then the statement as a definition, the box or cube it
// was fitted on with the claim, and an induction step that proves the claim for every position.
//
// The file is the only output that counts: discover certifies it like any other proof file
// before writing it, so nothing the search believed is taken on trust.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "discovery/formula_search.hpp"
#include "lang/ast.hpp"

namespace nimcert {

struct DiscoveredStatement {
  std::string name;       // of the definition, the block and the claim
  std::size_t heaps = 0;  // k: the formula is over x1..xk
  FitTarget target = FitTarget::Value;
  smt::ExprPtr formula;
  // Where the claim is checked: a box [0,side]^k of the game `box_game` ("nim(heaps = 3)", a
  // declared game's name), or, when box_game is empty, the cube [0,side]^3 of the file's game.
  std::string box_game;
  std::uint32_t side = 0;
  std::string found;  // one line on how the statement was found, for the comment above it
  std::vector<unsigned> widths;  // of the induction's bounded route; none: MONA's alone
  unsigned timeout_ms = 0;       // per query and solver there; 0: the run's
};

// The input's text with the statement's blocks after it.
std::string discovered_proof_text(const std::string& input, const DiscoveredStatement& s);

// `base`, or base_2, base_3, ...: the first name no definition of the file takes.
std::string fresh_definition_name(const smt::Definitions& definitions, const std::string& base);

}  // namespace nimcert
