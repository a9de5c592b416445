// The dense box engine (see box_engine.hpp).
#include "engines/box_engine.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>

#include "base/memory_budget.hpp"
#include "base/mex.hpp"
#include "base/position_count.hpp"
#include "engines/reference_engine.hpp"
#include "engines/sum_sequence.hpp"
#include "engines/take_and_break_engine.hpp"
#include "sys/interrupt.hpp"

namespace nimcert {

namespace {

// Followers are listed for at most this many positions of a row at once, and fewer when they
// are many: the list of a part of a row is kept under kFollowerBufferBytes (the part halves
// when one overflows it), so a one-heap box, whose whole box is one row, is not held as
// follower lists (184 bytes a position, measured, when it was).
constexpr Heap kRowPart = 1024;
constexpr std::uint64_t kFollowerBufferBytes = std::uint64_t{64} << 20;

std::uint64_t follower_bytes(const std::vector<std::vector<Position>>& row, Heap n) {
  std::uint64_t b = 0;
  for (Heap z = 0; z < n; ++z) b += row[z].capacity() * sizeof(Position) + sizeof(row[z]);
  return b;
}

}  // namespace

std::uint64_t BoxValues::bytes(const std::vector<Heap>& extents) {
  const std::optional<std::uint64_t> count = box_position_count(extents);
  if (!count || *count > (UINT64_MAX - kFollowerBufferBytes) / sizeof(Value)) return UINT64_MAX;
  return *count * sizeof(Value) + kFollowerBufferBytes;
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
  if (!game.lowers_heaps() && !game.declares_rank() && !game.has_sums())
    throw std::invalid_argument(game.describe() +
                                ": its moves can raise a heap, so a box does not hold the "
                                "followers of its positions (the cube engine handles merges)");
  std::string shape;
  for (Heap e : extents_) shape += fmt::format("{}[0,{}]", shape.empty() ? "" : "x", e);
  require_memory(bytes(extents_), "the box " + shape,  // 2^64 or more positions: refused
                 "choose a smaller box: its 'size'");
  const std::uint64_t count = *box_position_count(extents_);
  // One heap whose moves leave sums of smaller heaps: the one-heap sum engine, in one pass.
  if (plays_one_heap_sums(game)) {
    require_memory(one_heap_sum_bytes(extents_[0]), "the one-heap values of the heaps " + shape,
                   "choose a smaller box: the largest heap sets how far the values run");
    values_ = one_heap_sum_values(game, extents_[0]);
    return;
  }
  // A declared rank ends every play, and a sum's parts each lower the rank: the memoised
  // definition, whose mex takes a sum's value as the xor of its parts'.
  if (!game.lowers_heaps()) {
    ReferenceEngine engine(game, kMaxReachable);
    values_.reserve(count);
    for (std::uint64_t i = 0; i < count; ++i) values_.push_back(engine.grundy(position(i)));
    reachable_ = engine.positions_evaluated();
    return;
  }
  values_.resize(count);
  // Row by row (the last heap counting up), the game listing the followers of a part of a row
  // at once.
  std::vector<std::uint64_t> seen;  // seen[v] == stamp: some follower has value v
  std::uint64_t stamp = 0;
  std::vector<std::vector<Position>> row;
  const std::uint64_t row_length = std::uint64_t{extents_[k - 1]} + 1;
  Heap part = kRowPart;
  Position p = Position::zeros(k);
  for (std::uint64_t first = 0; first < count; first += row_length) {
    for (std::uint64_t z0 = 0; z0 < row_length;) {
      smt::throw_if_interrupted();
      const Heap n = static_cast<Heap>(std::min<std::uint64_t>(part, row_length - z0));
      p[k - 1] = static_cast<Heap>(z0);
      game.followers_of_row(p, n, row);
      for (Heap z = 0; z < n; ++z) {
        const std::uint64_t i = first + z0 + z;
        // The mex by marks: a value above the follower count cannot be the mex, so marks for
        // 0..count suffice, each stamped with this position so that none is ever cleared.
        const std::size_t f = row[z].size();
        if (seen.size() < f + 1) seen.resize(f + 1, 0);
        ++stamp;
        for (const Position& y : row[z]) {
          for (std::size_t h = 0; h < k; ++h)
            if (y[h] > extents_[h])
              throw std::logic_error(game.describe() + ": a follower leaves the box");
          const std::uint64_t j = index(y);
          if (j >= i) throw std::logic_error(game.describe() + ": a follower is not earlier");
          if (values_[j] <= f) seen[values_[j]] = stamp;
        }
        Value m = 0;
        while (seen[m] == stamp) ++m;
        values_[i] = m;
      }
      z0 += n;
      // Keep the follower lists of a part under the buffer's bytes.
      const std::uint64_t used = follower_bytes(row, n);
      if (used > kFollowerBufferBytes) {
        part = std::max<Heap>(1, part / 2);
        row.clear();
        row.shrink_to_fit();
      } else if (used < kFollowerBufferBytes / 4 && part < kRowPart) {
        part *= 2;
      }
    }
    p[k - 1] = 0;
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

BoxValues BoxValues::sum_of_copies(const Game& one_heap, std::size_t k, Heap size) {
  if (one_heap.heap_count() != 1 || k < 2 || k > kMaxHeaps)
    throw std::invalid_argument("box: a sum of 2 to 8 copies of a one-heap game");
  BoxValues out;
  out.extents_.assign(k, size);
  require_memory(bytes(out.extents_),
                 fmt::format("the sum box [0,{}]^{} ({} copies of {})", size, k, k,
                             one_heap.describe()),
                 "choose a smaller box: its 'size'");
  const std::vector<Value> g = BoxValues(one_heap, size).values();
  const std::uint64_t count = *box_position_count(out.extents_);
  out.values_.resize(count);
  // Canonical order, the last heap fastest: each value is the row's xor of the other heaps
  // with g of the last.
  const std::uint64_t row = std::uint64_t{size} + 1;
  for (std::uint64_t first = 0; first < count; first += row) {
    if ((first & 0xfffff) < row) smt::throw_if_interrupted();
    Value rest = 0;
    std::uint64_t index = first / row;
    for (std::size_t h = 0; h + 1 < k; ++h, index /= row) rest ^= g[index % row];
    for (std::uint64_t z = 0; z < row; ++z) out.values_[first + z] = rest ^ g[z];
  }
  return out;
}

BoxValues BoxValues::of_values(std::size_t k, Heap size,
                               const std::function<Value(const Position&)>& value) {
  if (k < 1 || k > kMaxHeaps) throw std::invalid_argument("box: 1 to 8 heaps");
  BoxValues out;
  out.extents_.assign(k, size);
  require_memory(bytes(out.extents_), fmt::format("the box [0,{}]^{}", size, k),
                 "choose a smaller box: its 'size'");
  const std::uint64_t count = *box_position_count(out.extents_);
  out.values_.resize(count);
  for (std::uint64_t i = 0; i < count; ++i) {
    if ((i & 0xfff) == 0) smt::throw_if_interrupted();
    out.values_[i] = value(out.position(i));
  }
  return out;
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
