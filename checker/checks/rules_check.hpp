// The rules of a declared game, checked before anything is computed from them.
//
// A declared game is only a game when every move lowers the rank of (7) (stones plus nonempty
// heaps) and every follower is a position (its subtractions exact, its heaps naturals): then
// G is well defined by induction on the rank, and the engines terminate.  This check
//   - enumerates every move at every position of a small box [0,s]^k with the C++ evaluator,
//     stopping at the first position where a move breaks the rules (a hand-checkable
//     refusal: the move kind and the position);
//   - proves (7) and (n) for every move kind with Z3 and cvc5 at widths 8, 16, 32 and 64
//     (the obligations of the induction step, checks/induction/obligations.hpp), a model
//     re-checked in C++ before it refutes anything;
//   - holds the shape the fast engine recognised (games/move_shapes.hpp) against the
//     declaration's own followers on the same box, so a fast engine plays the declared game.
// A refuted rule refuses the proof file; an unproved one leaves its verdict unknown.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "base/outcome.hpp"
#include "checks/induction/check.hpp"
#include "checks/solve_and_recheck.hpp"
#include "games/declared_game.hpp"

namespace nimcert {

struct RulesReport {
  std::string game;  // its name, or for a preset the built-in game it declares
  nlohmann::ordered_json
      declaration;  // the preset's move kinds in canonical text; null if declared
  // A preset against the built-in game's hand-written engine, on the same box: its followers
  // at every position and its Grundy values.
  bool built_in_agrees = true;
  nlohmann::ordered_json built_in_disagreement;
  std::uint64_t values_compared = 0;
  std::string box;                       // "[0,6]^3"
  std::uint64_t positions = 0;           // of the box, each enumerated
  std::uint64_t followers = 0;           // their followers, each checked
  std::optional<std::string> violation;  // the first rule broken in the box
  std::optional<Position> violation_at;
  std::string violating_move;
  std::string engine;        // which engine the shape selects
  bool shape_agrees = true;  // the recognised shape lists the declaration's followers
  nlohmann::ordered_json shape_disagreement;  // the first position where it does not
  std::size_t heaps = 0;                      // of the game's positions
  std::string rank;                           // the rank (7) proves falling, in words
  std::vector<InductionWidth> widths;         // (7) and (n) per move kind, per width
  unsigned timeout_ms = 0;                    // the declaration's own limit, 0 = the run's
  // (7) and (n) for every position, by MONA: set when the unbounded route ran.  Valid there,
  // with no width refuting, the rules hold whatever a width's solvers answered (a time-out
  // narrows the widths' scope, it does not sink a proof for every position).
  std::optional<UnboundedInduction> unbounded;
  bool solved = false;  // false: no solver ran (certify --only claims, or a preset)
  // A preset's engine is hand-written: the solvers are not asked about its declaration (each
  // induction over the game poses (7) for its own move encoding).
  bool needs_solvers = true;
  double seconds = 0;

  Verdict verdict() const;
};

// The widths the rules are proved at, unless the declaration says others.
inline const std::vector<unsigned> kRuleWidths = {8, 16, 32, 64};

// `solve`: whether to run the solvers (not under --only claims).
RulesReport check_rules(const DeclaredGame& game, const CheckOptions& options, bool solve);

// A built-in game's preset declaration (games/presets.hpp): its rules enumerated on the box,
// and its followers and values there held against the built-in game's own; no solver runs.
RulesReport check_preset(const Game& built_in, const DeclaredGame& preset);

}  // namespace nimcert
