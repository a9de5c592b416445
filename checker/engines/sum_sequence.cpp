// The one-heap sum engine (see sum_sequence.hpp).
#include "engines/sum_sequence.hpp"

#include <stdexcept>

#include "sys/interrupt.hpp"

namespace nimcert {

bool plays_one_heap_sums(const Game& game) {
  return game.heap_count() == 1 && game.has_sums() && !game.declares_rank();
}

std::uint64_t sum_sequence_bytes(Heap last) {
  // The values, and the marks: one per value up to twice the largest, below n + 1 each.
  return (std::uint64_t{last} + 1) * (sizeof(Value) + 2 * sizeof(std::uint64_t));
}

std::vector<Value> sum_sequence(const Game& game, Heap last) {
  if (game.heap_count() != 1) throw std::invalid_argument(game.describe() + ": not one heap");
  std::vector<Value> g(std::size_t{last} + 1, 0);
  std::vector<std::uint64_t> seen;  // seen[v] == stamp: some option of n is worth v
  std::uint64_t stamp = 0;
  OneHeapOptions options;
  for (std::uint64_t n = 0; n <= last; ++n) {
    if ((n & 255) == 0) smt::throw_if_interrupted();
    game.one_heap_options(static_cast<Heap>(n), options);
    auto mark = [&](Value v) {
      if (v >= seen.size()) seen.resize(std::size_t{v} * 2 + 2, 0);
      seen[v] = stamp;
    };
    ++stamp;
    std::size_t begin = 0;
    for (std::size_t end : options.ends) {
      Value v = 0;
      for (std::size_t i = begin; i < end; ++i) {
        const Heap part = options.parts[i];
        if (part >= n) throw std::logic_error(game.describe() + ": a part is not below the heap");
        v ^= g[part];
      }
      mark(v);
      begin = end;
    }
    for (const OptionRange& r : options.ranges) {
      // The game checked the range: the parts a and n - removed - a it reads are below n.
      const Value* known = g.data();
      const std::uint64_t top = n - r.removed;
      switch (r.kind) {
        case OptionRange::Kind::Split:
          for (std::uint64_t a = r.first; a <= r.last; ++a) mark(known[a] ^ known[top - a]);
          break;
        case OptionRange::Kind::Remove:
          for (std::uint64_t a = r.first; a <= r.last; ++a) mark(known[top - a]);
          break;
        case OptionRange::Kind::Reduce:
          for (std::uint64_t a = r.first; a <= r.last; ++a) mark(known[a]);
          break;
      }
    }
    Value m = 0;
    while (m < seen.size() && seen[m] == stamp) ++m;
    g[n] = m;
  }
  return g;
}

}  // namespace nimcert
