// Choosing the engine for one position (see grundy_of.hpp).
#include "engines/grundy_of.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <stdexcept>

#include "base/memory_budget.hpp"
#include "base/position_count.hpp"
#include "engines/box_engine.hpp"
#include "engines/cube_engine.hpp"
#include "engines/reference_engine.hpp"
#include "engines/sum_sequence.hpp"
#include "engines/take_and_break_engine.hpp"
#include "engines/window_mex.hpp"
#include "sys/interrupt.hpp"

namespace nimcert {

namespace {

constexpr std::uint64_t kMaxReferenceStones = 4096;
// The reference engine's memo entry (a hash node of a position and its value) and the box's
// value, as an upper estimate; the memo holds about the box's positions (a game that raises a
// heap reaches some outside it, of no more stones).
constexpr std::uint64_t kReferenceBytesPerPosition = 128;

}  // namespace

std::vector<Value> window_sequence(const Game& game, Heap last) {
  require_memory((std::uint64_t{last} + 1) * 16,
                 fmt::format("the sequence of {} to n = {}", game.describe(), last),
                 "choose a smaller last n");
  std::vector<Value> g(std::uint64_t{last} + 1);
  WindowMex window(g.size());
  std::uint64_t low = 0, high = 0;  // the window holds g[low .. high)
  for (std::uint64_t n = 0; n <= last; ++n) {
    if ((n & 65535) == 0) smt::throw_if_interrupted();
    const auto w = game.follower_window(static_cast<Heap>(n));
    if (!w) throw std::invalid_argument(game.describe() + ": its followers are not windows");
    const std::uint64_t want_low = w->empty ? n : w->low, want_high = w->empty ? n : w->high + 1;
    while (high < want_high) window.add(g[high++]);
    while (high > want_high) window.remove(g[--high]);
    while (low < want_low) window.remove(g[low++]);
    while (low > want_low) window.add(g[--low]);
    g[n] = window.mex();
  }
  return g;
}

GrundyBox grundy_box(const Game& game, std::vector<Heap> extents,
                     const std::function<void(std::uint64_t, std::uint64_t)>& progress) {
  if (extents.size() != game.heap_count())
    throw std::invalid_argument(fmt::format("{} takes {} heaps, got {}", game.describe(),
                                            game.heap_count(), extents.size()));
  GrundyBox out{extents, {}};
  if (game.heap_count() == 1 && game.follower_window(0)) {
    out.values = window_sequence(game, extents[0]);
    return out;
  }
  if (plays_one_heap_sums(game)) {
    require_memory(one_heap_sum_bytes(extents[0]),
                   fmt::format("the one-heap values of {} to n = {}", game.describe(), extents[0]),
                   "choose a smaller box: the largest heap sets how far the values run");
    out.values = one_heap_sum_values(game, extents[0], progress);
    return out;
  }
  if (game.lowers_heaps()) {
    require_memory(BoxValues::bytes(extents), fmt::format("the box of {}", game.describe()),
                   "choose a smaller box");
    out.values = BoxValues(game, extents).values();
    return out;
  }
  if (game.heap_count() == 3 && game.move_shape()) {
    const Heap n = *std::max_element(extents.begin(), extents.end());
    if (n > 4096)
      throw std::invalid_argument(
          fmt::format("{}: the cube engine computes positions with heaps up to 4096, not {}",
                      game.describe(), n));
    require_memory(CubeEngine::sweep_bytes(n), fmt::format("the cube [0,{}]^3", n),
                   "choose a smaller cube");
    const CubeEngine engine(game, n);
    const ValueTable t = engine.dense(Box{{extents[0], extents[1], extents[2]}});
    out.values.reserve(t.box().count());
    for (Heap x = 0; x <= extents[0]; ++x)
      for (Heap y = 0; y <= extents[1]; ++y)
        for (Heap z = 0; z <= extents[2]; ++z) out.values.push_back(t.at(x, y, z));
    return out;
  }
  std::uint64_t stones = 0;
  for (Heap h : extents) stones += h;
  if (stones > kMaxReferenceStones)
    throw std::invalid_argument(fmt::format(
        "{}: no fast engine handles this game, and the reference engine computes positions of "
        "at most {} stones, not {}",
        game.describe(), kMaxReferenceStones, stones));
  // The memo of the recursion holds every position of the box at most.
  const std::optional<std::uint64_t> count = box_position_count(extents);
  require_memory(count && *count <= UINT64_MAX / kReferenceBytesPerPosition
                     ? *count * kReferenceBytesPerPosition
                     : UINT64_MAX,
                 fmt::format("the {} positions of {} in the box of extents ({})",
                             count ? std::to_string(*count) : "2^64 or more", game.describe(),
                             fmt::join(extents, ", ")),
                 "choose a smaller box");
  ReferenceEngine engine(game);
  out.values.reserve(*count);
  for (std::uint64_t i = 0; i < *count; ++i) out.values.push_back(engine.grundy(out.position(i)));
  return out;
}

Position GrundyBox::position(std::uint64_t index) const {
  Position p = Position::zeros(extents.size());
  for (std::size_t h = extents.size(); h-- > 0;) {
    const std::uint64_t side = std::uint64_t{extents[h]} + 1;
    p[h] = static_cast<Heap>(index % side);
    index /= side;
  }
  return p;
}

Value GrundyBox::at(const Position& p) const {
  std::uint64_t index = 0;
  for (std::size_t h = 0; h < extents.size(); ++h) {
    if (p[h] > extents[h]) throw std::out_of_range("GrundyBox::at: " + p.to_string());
    index = index * (std::uint64_t{extents[h]} + 1) + p[h];
  }
  return values[index];
}

Value grundy_of(const Game& game, const Position& p) {
  if (p.size() != game.heap_count())
    throw std::invalid_argument(
        fmt::format("{} takes {} heaps, got {}", game.describe(), game.heap_count(), p.size()));
  return grundy_box(game, std::vector<Heap>(p.begin(), p.end())).values.back();
}

}  // namespace nimcert
