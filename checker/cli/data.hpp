// table and ppos: a game's Grundy values as data people use (grids, CSV/TSV, OEIS b-files,
// P-position lists, heat-map pictures), and how a claim differs from them on a slice.
#pragma once

#include <fmt/format.h>

#include <map>
#include <memory>
#include <optional>
#include <string>

#include "checks/position_claim.hpp"
#include "eval/evaluator.hpp"
#include "games/game.hpp"
#include "games/octal_code.hpp"

namespace nimcert {

// An octal game a data command plays (its values by the sparse-space engine): it has no Game,
// since its followers are sums of heaps.
struct OctalGame {
  std::string name;
  OctalCode code;
  std::string describe() const { return fmt::format("{} (octal {})", name, code.text()); }
};

struct TableRequest {
  std::unique_ptr<Game> game;  // from --game, or the proof file's; null for an octal game
  std::optional<OctalGame> octal;
  Heap size = 10;                            // rows and columns 0..size-1 of a slice
  std::optional<Heap> last;                  // one-heap games: n = 0..last (default size - 1)
  std::size_t rows_heap = 0, cols_heap = 1;  // 0-based: the heaps along rows and columns
  std::map<std::size_t, Heap> fixed;         // the other heaps' values (default 0)
  std::string format = "text";               // text, csv, tsv, bfile (one-heap games)
  std::string png;                           // draw the slice here, when set
  std::optional<PositionClaim> claim;        // --proof FILE --diff CLAIM, on the claim's game
  std::string diff;                          // the claim's name, for the output
  bool misere = false;  // one-heap games: each heap's misère outcome, lines "n P" or "n N"
};
int run_table(const TableRequest& request);

struct PposRequest {
  std::unique_ptr<Game> game;  // null for an octal game
  std::optional<OctalGame> octal;
  Heap size = 10;  // the box [0,size-1]^k
  bool tsv = false;
  // --where: only the P-positions where this expression of x1..xk is nonzero.
  std::shared_ptr<const smt::Program> where;
  bool misere = false;  // the P-positions of misère play (the player who cannot move wins)
};
int run_ppos(const PposRequest& request);

// "x3=4" -> (2, 4): a heap fixed by --fix; throws std::invalid_argument when malformed.
std::pair<std::size_t, Heap> parse_fixed_heap(const std::string& text);

}  // namespace nimcert
