// The dense box engine (see box_engine.hpp).
#include "engines/box_engine.hpp"

#include <fmt/format.h>

#include <stdexcept>

#include "base/memory_budget.hpp"
#include "base/mex.hpp"

namespace nimcert {

std::uint64_t BoxValues::bytes(std::size_t heaps, Heap size) {
  long double n = 1;
  for (std::size_t i = 0; i < heaps; ++i) n *= (static_cast<long double>(size) + 1);
  return static_cast<std::uint64_t>(std::min<long double>(n * sizeof(Value), 1e19L));
}

BoxValues::BoxValues(const Game& game, Heap size) : size_(size), heaps_(game.heap_count()) {
  if (heaps_ == 0 || heaps_ > kMaxHeaps) throw std::invalid_argument("box: bad number of heaps");
  require_memory(bytes(heaps_, size), fmt::format("the box [0,{}]^{}", size, heaps_));
  std::uint64_t count = 1;
  for (std::size_t i = 0; i < heaps_; ++i) count *= std::uint64_t{size} + 1;
  values_.resize(count);
  std::vector<Value> seen;
  Position p = Position::zeros(heaps_);
  for (std::uint64_t i = 0; i < count; ++i) {
    seen.clear();
    game.for_each_follower(p, [&](const Position& y) {
      for (std::size_t h = 0; h < heaps_; ++h)
        if (y[h] > size_) throw std::logic_error(game.describe() + ": a follower leaves the box");
      const std::uint64_t j = index(y);
      if (j >= i) throw std::logic_error(game.describe() + ": a follower is not earlier");
      seen.push_back(values_[j]);
    });
    values_[i] = mex(seen);
    // Next position in canonical order.
    for (std::size_t h = heaps_; h-- > 0;) {
      if (p[h] < size_) {
        ++p[h];
        break;
      }
      p[h] = 0;
    }
  }
}

std::uint64_t BoxValues::index(const Position& p) const {
  std::uint64_t i = 0;
  for (std::size_t h = 0; h < heaps_; ++h) i = i * (std::uint64_t{size_} + 1) + p[h];
  return i;
}

Position BoxValues::position(std::uint64_t index) const {
  Position p = Position::zeros(heaps_);
  for (std::size_t h = heaps_; h-- > 0;) {
    p[h] = static_cast<Heap>(index % (std::uint64_t{size_} + 1));
    index /= std::uint64_t{size_} + 1;
  }
  return p;
}

}  // namespace nimcert
