// A proof file's claim evaluated at single positions against their true values: what
// `table --diff` marks.  The exhaustive checks evaluate claims a row or a batch at a time
// (claims/, box_check.cpp); this is the same statement, one position at a time, for a slice
// a person looks at.
#pragma once

#include <optional>
#include <string>

#include "base/position.hpp"
#include "lang/proof_file.hpp"
#include "eval/evaluator.hpp"

namespace nimcert {

class PositionClaim {
 public:
  // The claim named `name` among the file's top-level claims or its boxes' claims; throws
  // std::invalid_argument (listing the names there are) when there is none.  `heaps` is set
  // to the number of heaps of its game, `game` to that game.
  PositionClaim(const smt::ProofFile& proof, const std::string& name);

  const smt::GameSpec& game() const { return game_; }
  std::size_t heaps() const { return heaps_; }
  // Whether the claim holds at p when G(p) = g; throws std::runtime_error on 64-bit overflow.
  bool holds(const Position& p, Value g) const;
  // The claimed value at p, for a claim "G == F".
  std::optional<std::uint64_t> claimed(const Position& p) const;

 private:
  smt::GameSpec game_;
  std::size_t heaps_ = 0;
  std::optional<smt::Program> statement_, formula_;
};

}  // namespace nimcert
