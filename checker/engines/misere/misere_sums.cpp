// Misère outcomes of small sums by the definition (see misere_sums.hpp).
#include "engines/misere/misere_sums.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <optional>
#include <stdexcept>

#include "sys/interrupt.hpp"

namespace nimcert {

bool MisereSums::has_move(std::uint64_t heap) {
  if (auto at = has_move_.find(heap); at != has_move_.end()) return at->second;
  bool any = false;
  options_(heap, [&](std::span<const std::uint64_t>) { any = true; });
  has_move_.emplace(heap, any);
  return any;
}

std::size_t MisereSums::SumHash::operator()(const std::vector<std::uint64_t>& sum) const {
  std::uint64_t h = 0x9e3779b97f4a7c15u ^ sum.size();
  for (std::uint64_t heap : sum) {  // a multiply-xorshift mix per heap
    h = (h ^ heap) * 0xbf58476d1ce4e5b9u;
    h ^= h >> 31;
  }
  return static_cast<std::size_t>(h);
}

std::vector<std::uint64_t> MisereSums::canonical(std::vector<std::uint64_t> heaps) {
  // A heap with no move adds no option: the sum is the same game without it.
  std::erase_if(heaps, [&](std::uint64_t h) { return !has_move(h); });
  std::sort(heaps.begin(), heaps.end());
  return heaps;
}

const MisereSums::HeapMoves& MisereSums::moves_of(std::uint64_t heap) {
  if (auto at = moves_.find(heap); at != moves_.end()) return at->second;
  HeapMoves moves;
  options_(heap, [&](std::span<const std::uint64_t> parts) {
    const std::vector<std::uint64_t> left = canonical({parts.begin(), parts.end()});
    moves.parts.insert(moves.parts.end(), left.begin(), left.end());
    moves.begin.push_back(moves.parts.size());
  });
  return moves_.emplace(heap, std::move(moves)).first->second;
}

bool MisereSums::is_p(std::vector<std::uint64_t> heaps) {
  // Depth first with a stack of our own: a frame is a sum whose options are being tried, heap
  // by heap (each distinct heap once) and in the order the game lists them, until one is a
  // P-position (then the sum is N) or none is left (then it is P).  An option is made only
  // when it is tried: the rest of the sum (the heap moved on taken out) merged with the heaps
  // the move leaves, both sorted.  The empty sum has no move: the player to move has won, an
  // N-position.
  struct Frame {
    explicit Frame(std::vector<std::uint64_t> s) : sum(std::move(s)) {}
    std::vector<std::uint64_t> sum;
    std::size_t heap = 0;              // the next heap of `sum` whose options are tried
    const HeapMoves* moves = nullptr;  // those of the heap before it
    std::vector<std::uint64_t> rest;   // `sum` without that heap
    std::size_t next = 0;              // its next option
    bool to_p = false;                 // some option is a P-position
  };
  const auto known = [&](const std::vector<std::uint64_t>& sum) -> std::optional<bool> {
    if (sum.empty()) return false;
    if (auto at = memo_.find(sum); at != memo_.end()) return at->second;
    return std::nullopt;
  };
  heaps = canonical(std::move(heaps));
  if (const auto p = known(heaps)) return *p;
  std::vector<Frame> stack;
  stack.emplace_back(std::move(heaps));
  for (;;) {
    Frame& top = stack.back();
    const bool tried_heap = top.moves == nullptr || top.next == top.moves->count();
    if (!top.to_p && tried_heap && top.heap < top.sum.size()) {
      const std::uint64_t h = top.sum[top.heap];
      top.moves = &moves_of(h);
      top.next = 0;
      top.rest = top.sum;
      top.rest.erase(top.rest.begin() + static_cast<std::ptrdiff_t>(top.heap));
      // The next distinct heap (equal heaps have the same moves).
      while (top.heap < top.sum.size() && top.sum[top.heap] == h) ++top.heap;
      continue;
    }
    if (top.to_p || tried_heap) {
      if (memo_.size() >= max_positions_)
        throw std::runtime_error(
            fmt::format("misère sums: more than {} sums to store", max_positions_));
      if (memo_.size() % 4096 == 0) smt::throw_if_interrupted();
      const bool p = !top.to_p;
      memo_.emplace(std::move(top.sum), p);
      stack.pop_back();
      if (stack.empty()) return p;
      stack.back().to_p = stack.back().to_p || p;
      continue;
    }
    const HeapMoves& moves = *top.moves;
    const std::size_t k = top.next++;
    std::vector<std::uint64_t> option(top.rest.size() + moves.begin[k + 1] - moves.begin[k]);
    std::merge(top.rest.begin(), top.rest.end(),
               moves.parts.begin() + static_cast<std::ptrdiff_t>(moves.begin[k]),
               moves.parts.begin() + static_cast<std::ptrdiff_t>(moves.begin[k + 1]),
               option.begin());
    if (const auto p = known(option)) {
      top.to_p = top.to_p || *p;
      continue;
    }
    if (stack.size() % 4096 == 0) smt::throw_if_interrupted();
    stack.emplace_back(std::move(option));  // `top` is not used past this
  }
}

void for_each_small_sum(std::uint64_t stones, std::uint64_t largest,
                        const std::function<void(const std::vector<std::uint64_t>&)>& visit) {
  std::vector<std::uint64_t> sum;
  const std::function<void(std::uint64_t, std::uint64_t)> walk = [&](std::uint64_t least,
                                                                     std::uint64_t left) {
    visit(sum);
    for (std::uint64_t h = least; h <= left && h <= largest; ++h) {
      sum.push_back(h);
      walk(h, left - h);
      sum.pop_back();
    }
  };
  walk(1, stones);
}

std::string sum_text(const std::vector<std::uint64_t>& heaps) {
  return heaps.empty() ? "the empty sum" : fmt::format("{}", fmt::join(heaps, " + "));
}

}  // namespace nimcert
