// The dense box engine (see box_engine.hpp).
#include "engines/box_engine.hpp"

#include <fmt/format.h>

#include <stdexcept>

#include "base/memory_budget.hpp"
#include "base/mex.hpp"
#include "sys/interrupt.hpp"

namespace nimcert {

std::uint64_t BoxValues::bytes(const std::vector<Heap>& extents) {
  long double n = 1;
  for (Heap e : extents) n *= (static_cast<long double>(e) + 1);
  return static_cast<std::uint64_t>(std::min<long double>(n * sizeof(Value), 1e19L));
}

std::uint64_t BoxValues::bytes(std::size_t heaps, Heap size) {
  return bytes(std::vector<Heap>(heaps, size));
}

BoxValues::BoxValues(const Game& game, Heap size)
    : BoxValues(game, std::vector<Heap>(game.heap_count(), size)) {}

BoxValues::BoxValues(const Game& game, std::vector<Heap> extents) : extents_(std::move(extents)) {
  const std::size_t k = extents_.size();
  if (k == 0 || k > kMaxHeaps || k != game.heap_count())
    throw std::invalid_argument("box: bad number of heaps");
  if (!game.lowers_heaps())
    throw std::invalid_argument(game.describe() +
                                ": its moves can raise a heap, so a box does not hold the "
                                "followers of its positions (the cube engine handles merges)");
  std::string shape;
  for (Heap e : extents_) shape += fmt::format("{}[0,{}]", shape.empty() ? "" : "x", e);
  require_memory(bytes(extents_), "the box " + shape);
  std::uint64_t count = 1;
  for (Heap e : extents_) count *= std::uint64_t{e} + 1;
  values_.resize(count);
  std::vector<Value> seen;
  Position p = Position::zeros(k);
  for (std::uint64_t i = 0; i < count; ++i) {
    if ((i & 4095) == 0) smt::throw_if_interrupted();
    seen.clear();
    game.for_each_follower(p, [&](const Position& y) {
      for (std::size_t h = 0; h < k; ++h)
        if (y[h] > extents_[h])
          throw std::logic_error(game.describe() + ": a follower leaves the box");
      const std::uint64_t j = index(y);
      if (j >= i) throw std::logic_error(game.describe() + ": a follower is not earlier");
      seen.push_back(values_[j]);
    });
    values_[i] = mex(seen);
    // Next position in canonical order.
    for (std::size_t h = k; h-- > 0;) {
      if (p[h] < extents_[h]) {
        ++p[h];
        break;
      }
      p[h] = 0;
    }
  }
}

std::uint64_t BoxValues::index(const Position& p) const {
  std::uint64_t i = 0;
  for (std::size_t h = 0; h < extents_.size(); ++h) i = i * (std::uint64_t{extents_[h]} + 1) + p[h];
  return i;
}

Position BoxValues::position(std::uint64_t index) const {
  Position p = Position::zeros(extents_.size());
  for (std::size_t h = extents_.size(); h-- > 0;) {
    p[h] = static_cast<Heap>(index % (std::uint64_t{extents_[h]} + 1));
    index /= std::uint64_t{extents_[h]} + 1;
  }
  return p;
}

}  // namespace nimcert
