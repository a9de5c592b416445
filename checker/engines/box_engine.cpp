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
  // Row by row (the last heap counting up), the game listing a row's followers at once.
  std::vector<std::uint64_t> seen;  // seen[v] == stamp: some follower has value v
  std::uint64_t stamp = 0;
  std::vector<std::vector<Position>> row;
  const Heap row_length = extents_[k - 1] + 1;
  Position p = Position::zeros(k);
  for (std::uint64_t first = 0; first < count; first += row_length) {
    smt::throw_if_interrupted();
    game.followers_of_row(p, row_length, row);
    for (Heap z = 0; z < row_length; ++z) {
      const std::uint64_t i = first + z;
      // The mex by marks: a value above the follower count cannot be the mex, so marks for
      // 0..count suffice, each stamped with this position so that none is ever cleared.
      const std::size_t n = row[z].size();
      if (seen.size() < n + 1) seen.resize(n + 1, 0);
      ++stamp;
      for (const Position& y : row[z]) {
        for (std::size_t h = 0; h < k; ++h)
          if (y[h] > extents_[h])
            throw std::logic_error(game.describe() + ": a follower leaves the box");
        const std::uint64_t j = index(y);
        if (j >= i) throw std::logic_error(game.describe() + ": a follower is not earlier");
        if (values_[j] <= n) seen[values_[j]] = stamp;
      }
      Value m = 0;
      while (seen[m] == stamp) ++m;
      values_[i] = m;
    }
    // The next row in canonical order.
    for (std::size_t h = k - 1; h-- > 0;) {
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
