// Misère outcomes of sums of an octal game's heaps (or any one-heap game's) by the definition
// alone: a sum with no move is an N-position (the player who cannot move wins), and any other
// is a P-position exactly when every option is an N-position.  The reference the misère quotient is held
// against: it never sees a quotient, and it is exponential, so it reaches small sums only
// (every single heap to about 40 stones for Kayles, every sum to about 20).
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include "games/octal_code.hpp"

namespace nimcert {

class MisereSums {
 public:
  // Every option of one heap, each as the heaps it leaves (none, one, or several for a split).
  using HeapOptions = std::function<void(
      std::uint64_t heap, const std::function<void(std::span<const std::uint64_t>)>& visit)>;

  // Throws std::runtime_error from is_p when more than max_positions sums would be stored.
  // The walk keeps its own stack, so a line of play of any length fits (subtraction {1} on a
  // heap of 10^6 is 10^6 moves deep).
  explicit MisereSums(const OctalCode& code, std::uint64_t max_positions = 1u << 22)
      : MisereSums(
            [code](std::uint64_t heap,
                   const std::function<void(std::span<const std::uint64_t>)>& visit) {
              code.for_each_option(heap, visit);
            },
            max_positions) {}
  // Any one-heap game whose moves end (a subtraction game, a declared game), by its options.
  explicit MisereSums(HeapOptions options, std::uint64_t max_positions = 1u << 22)
      : options_(std::move(options)), max_positions_(max_positions) {}

  // Whether the sum of these heaps is a misère P-position.
  bool is_p(std::vector<std::uint64_t> heaps);
  // How many sums are stored (heaps with a move, sorted).
  std::uint64_t positions() const { return memo_.size(); }

 private:
  // One heap's options, each as the heaps it leaves, canonical (heaps with no move dropped,
  // sorted), in the order the game lists them: option k is parts[begin[k]..begin[k + 1]).
  struct HeapMoves {
    std::vector<std::uint64_t> parts;
    std::vector<std::size_t> begin{0};
    std::size_t count() const { return begin.size() - 1; }
  };
  // A sum's heaps as a key: a hash of its sizes (the memo is only looked up, never walked).
  struct SumHash {
    std::size_t operator()(const std::vector<std::uint64_t>& sum) const;
  };

  bool has_move(std::uint64_t heap);
  const HeapMoves& moves_of(std::uint64_t heap);
  std::vector<std::uint64_t> canonical(std::vector<std::uint64_t> heaps);

  const HeapOptions options_;
  const std::uint64_t max_positions_;
  std::unordered_map<std::vector<std::uint64_t>, bool, SumHash> memo_;
  std::unordered_map<std::uint64_t, bool> has_move_;    // by heap, as found
  std::unordered_map<std::uint64_t, HeapMoves> moves_;  // by heap, as found
};

// Every sum of heaps of 1..largest stones with at most `stones` stones in all, the empty sum
// first, each once with its heaps ascending: the small sums the definition is asked about.
void for_each_small_sum(std::uint64_t stones, std::uint64_t largest,
                        const std::function<void(const std::vector<std::uint64_t>&)>& visit);

// A sum as it is written in messages: "3 + 8 + 8", or "the empty sum".
std::string sum_text(const std::vector<std::uint64_t>& heaps);

}  // namespace nimcert
