// Misère outcomes on a box (see box_engine.hpp, BoxValues::misere_outcomes).
//
// Under misère play the player who cannot move wins, so a position with no move is an
// N-position, and any other is a P-position exactly when every follower is an N-position.
// Grundy values do not add (a sum's outcome is not its parts'), so only games whose moves
// leave single positions are played, and only games whose moves lower heaps: every follower
// is then in the box and earlier in canonical order, and one pass computes every outcome.
// The values are 0 at a P-position and 1 at an N-position, so that a claim reads "G == 0" as
// in normal play.  The definition, written out with no claim in sight.
#include <fmt/format.h>

#include <stdexcept>

#include "base/memory_budget.hpp"
#include "base/position_count.hpp"
#include "engines/box_engine.hpp"
#include "sys/interrupt.hpp"

namespace nimcert {

BoxValues BoxValues::misere_outcomes(const Game& game, Heap size) {
  if (!game.lowers_heaps() || game.has_sums())
    throw std::invalid_argument(
        game.describe() +
        ": misère outcomes are computed for games whose moves lower heaps and leave single "
        "positions (under misère play a sum's outcome is not its parts')");
  BoxValues out;
  out.extents_.assign(game.heap_count(), size);
  if (out.extents_.empty() || out.extents_.size() > kMaxHeaps)
    throw std::invalid_argument("box: bad number of heaps");
  require_memory(bytes(out.extents_), fmt::format("the misère box [0,{}]^{}", size, game.heap_count()),
                 "choose a smaller box: its 'size'");
  const std::uint64_t count = *box_position_count(out.extents_);
  out.values_.assign(count, 0);
  Position p = Position::zeros(game.heap_count());
  for (std::uint64_t i = 0; i < count; ++i) {
    if (i % 4096 == 0) smt::throw_if_interrupted();
    bool has_move = false, into_p = false;
    game.for_each_follower(p, [&](const Position& q) {
      const std::uint64_t j = out.index(q);
      if (j >= i)
        throw std::logic_error(fmt::format("misere_outcomes: {} has the follower {}, not earlier",
                                           p.to_string(), q.to_string()));
      has_move = true;
      into_p = into_p || out.values_[j] == 0;
    });
    out.values_[i] = !has_move || into_p ? 1 : 0;
    for (std::size_t h = p.size(); h-- > 0;) {
      if (p[h] < size) {
        ++p[h];
        break;
      }
      p[h] = 0;
    }
  }
  return out;
}

}  // namespace nimcert
