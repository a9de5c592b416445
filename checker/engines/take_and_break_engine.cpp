// A declared game's options for the split engine (see take_and_break_engine.hpp).
#include "engines/take_and_break_engine.hpp"

#include <algorithm>
#include <stdexcept>

#include <fmt/format.h>

#include "engines/sum_sequence.hpp"

namespace nimcert {

namespace {

// n's options at heap n from the game, once per n.  The engine's region (whole splits only) is
// never used: a declared range need not hold every split of its rest.  The rest parity and the
// number of ranges are read from the options at a few n: they only steer the choice of the
// sparse classes, never a value.
class DeclaredSplits final : public SplitMoves {
 public:
  // Reads the options at n = 64..127, none past `last` (a game may break the rules there).
  DeclaredSplits(const Game& game, Heap last) : game_(game) {
    std::optional<unsigned> parity;
    bool mixed = false;
    for (Heap n = std::min<Heap>(64, last); n < 128 && n <= last; ++n) {
      game_.one_heap_options(n, options_);
      std::size_t ranges = 0;
      for (const OptionRange& r : options_.ranges) {
        if (r.kind != OptionRange::Kind::Split) continue;
        ++ranges;
        const unsigned p = static_cast<unsigned>(r.removed & 1u);
        mixed |= parity && *parity != p;
        parity = p;
      }
      most_ranges_ = std::max(most_ranges_, ranges);
    }
    if (!mixed) parity_ = parity ? parity : 0;
  }

  void at(std::uint64_t n, const std::uint32_t* g, std::vector<std::uint32_t>& values,
          std::vector<SplitRange>& splits) const override {
    values.clear();
    splits.clear();
    game_.one_heap_options(static_cast<Heap>(n), options_);
    const auto below_n = [&](std::uint64_t part) {
      if (part >= n) throw std::logic_error(game_.describe() + ": a part is not below the heap");
      return g[part];
    };
    std::size_t begin = 0;
    for (const std::size_t end : options_.ends) {
      std::uint32_t v = 0;
      for (std::size_t i = begin; i < end; ++i) v ^= below_n(options_.parts[i]);
      values.push_back(v);
      begin = end;
    }
    for (const OptionRange& r : options_.ranges) {
      if (r.first > r.last) continue;
      if (r.removed > n) throw std::logic_error(game_.describe() + ": a range removes too much");
      const std::uint64_t top = n - r.removed;
      switch (r.kind) {
        case OptionRange::Kind::Split: {
          if (r.last > top) throw std::logic_error(game_.describe() + ": a split is too large");
          std::uint64_t from = r.first, to = r.last;
          // A part of no stones is the other part alone: listed, so that the engine's splits
          // have two nonempty parts.
          if (from == 0) {
            values.push_back(below_n(top));
            from = 1;
          }
          if (to == top && to >= from) {
            values.push_back(below_n(top));
            to = top - 1;
          }
          if (from <= to) {
            below_n(top - from);  // the largest part of the range must be below n
            below_n(to);
            splits.push_back(SplitRange{top, from, to});
          }
          break;
        }
        case OptionRange::Kind::Remove:
          for (std::uint64_t a = r.first; a <= r.last; ++a) values.push_back(below_n(top - a));
          break;
        case OptionRange::Kind::Reduce:
          for (std::uint64_t a = r.first; a <= r.last; ++a) values.push_back(below_n(a));
          break;
      }
    }
  }
  bool whole_splits() const override { return false; }
  std::optional<unsigned> rest_parity() const override { return parity_; }
  std::size_t most_ranges() const override { return most_ranges_; }

 private:
  const Game& game_;
  mutable OneHeapOptions options_;
  std::optional<unsigned> parity_;
  std::size_t most_ranges_ = 0;
};

}  // namespace

OctalValues take_and_break_values(const Game& game, Heap last, OctalEngineRun* run,
                                  const OctalEngineOptions& options) {
  if (game.heap_count() != 1) throw std::invalid_argument(game.describe() + ": not one heap");
  return split_engine_values(DeclaredSplits(game, last), last, run, options);
}

std::vector<Value> one_heap_sum_values(
    const Game& game, Heap last, const std::function<void(std::uint64_t, std::uint64_t)>& progress) {
  const OctalValues g = take_and_break_values(game, last, nullptr, {std::nullopt, progress});
  const std::vector<Value> plain = sum_sequence(game, std::min(last, kSumReferenceLast));
  for (std::size_t n = 0; n < plain.size(); ++n)
    if (plain[n] != g[n])
      throw std::runtime_error(fmt::format(
          "internal error: the one-heap engines disagree on {} at n = {} (split engine {}, sum "
          "engine {})",
          game.describe(), n, g[n], plain[n]));
  return std::vector<Value>(g.begin(), g.end());
}

std::uint64_t one_heap_sum_bytes(Heap last) {
  return split_engine_bytes(last) + (std::uint64_t{last} + 1) * sizeof(Value);
}

}  // namespace nimcert
