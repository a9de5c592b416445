// Misère outcomes of sums of an octal game's heaps by the definition alone: a sum with no
// move is an N-position (the player who cannot move wins), and any other is a P-position
// exactly when every option is an N-position.  The reference the misère quotient is held
// against: it never sees a quotient, and it is exponential, so it reaches small sums only
// (every single heap to about 40 stones for Kayles, every sum to about 20).
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "games/octal_code.hpp"

namespace nimcert {

class MisereSums {
 public:
  // Throws std::runtime_error from is_p when more than max_positions sums would be stored.
  explicit MisereSums(const OctalCode& code, std::uint64_t max_positions = 1u << 22)
      : code_(code), max_positions_(max_positions) {}

  // Whether the sum of these heaps is a misère P-position.
  bool is_p(std::vector<std::uint64_t> heaps);
  // How many sums are stored (heaps with a move, sorted).
  std::uint64_t positions() const { return memo_.size(); }

 private:
  bool has_move(std::uint64_t heap) const;
  bool solve(const std::vector<std::uint64_t>& sum);

  const OctalCode code_;
  const std::uint64_t max_positions_;
  std::map<std::vector<std::uint64_t>, bool> memo_;
};

// Every sum of heaps of 1..largest stones with at most `stones` stones in all, the empty sum
// first, each once with its heaps ascending: the small sums the definition is asked about.
void for_each_small_sum(std::uint64_t stones, std::uint64_t largest,
                        const std::function<void(const std::vector<std::uint64_t>&)>& visit);

// A sum as it is written in messages: "3 + 8 + 8", or "the empty sum".
std::string sum_text(const std::vector<std::uint64_t>& heaps);

}  // namespace nimcert
