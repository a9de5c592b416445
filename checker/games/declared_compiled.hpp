// A declared move kind compiled for the C++ evaluator: internal to the two enumeration routes
// of DeclaredGame (declared_game.cpp, one follower at a time; declared_batches.cpp, in bulk),
// which share these programs and nothing else.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "eval/evaluator.hpp"
#include "games/choice_range.hpp"
#include "games/declared_game.hpp"

namespace nimcert {

// One move kind, compiled: each parameter's bounds over x1..xk and the parameters before it;
// then legality, the follower's heaps and the exactness of its subtractions over all of them.
struct DeclaredGame::Compiled {
  std::vector<smt::Program> bounds;  // per parameter: (low, high)
  // When no bound reads another parameter (flat): every bound in one program over x1..xk,
  // (low1, high1, low2, ...), so that the choices of a row of positions are one batch.
  std::unique_ptr<smt::Program> all_bounds;
  std::unique_ptr<smt::Program> follower;
  std::size_t exact = 0;  // outputs after the heaps: subtractions that must not truncate
  std::vector<std::string> subtraction_text;
};

// The messages of the two routes' refusals: a parameter with more than kMaxChoices choices at a
// position, and a WorkLimit reached (base/work_meter.hpp).
std::string too_many_choices(const std::string& parameter, const ChoiceRange& r);
std::string beyond_work_limit();

}  // namespace nimcert
