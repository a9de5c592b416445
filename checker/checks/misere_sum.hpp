// The misère outcome of a sum of heaps of a one-heap game (`nimcert grundy --misere H1 ... Hk`).
//
// Misère outcomes do not add, so a sum's outcome is read off the game's misère quotient where
// nimcert finds one for heaps 0..max(H) (octal games: searched, then proved for every sum of
// such heaps from the code alone, checks/misere_quotient_proof.hpp), and otherwise computed by
// the definition over canonical sums (engines/misere/misere_sums.hpp: heaps with no move
// dropped, the rest sorted).  A subtraction or declared one-heap game always takes the
// definition.  The answer says which way it came, so that a person can judge its scope.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "checks/sequence_check.hpp"
#include "games/game.hpp"
#include "games/octal_code.hpp"

namespace nimcert {

struct MisereSumOutcome {
  bool p = false;
  std::string how;  // "read off the misère quotient of heaps 0..8 (40 elements, ...)", ...
};

// The largest heap a sum may hold: the quotient search and the definition both walk every
// heap up to it.
inline constexpr std::uint64_t kMisereSumMaxHeap = 1'000'000;

// Throws std::invalid_argument for a heap beyond kMisereSumMaxHeap, and ResourceError when
// neither the quotient nor the definition reaches the sum within `limits`.
MisereSumOutcome misere_sum_outcome(const OctalCode& code, std::span<const std::uint64_t> heaps,
                                    const MisereLimits& limits = {});
// A one-heap game (heap_count() == 1) by the definition over its options.
MisereSumOutcome misere_sum_outcome(const Game& game, std::span<const std::uint64_t> heaps,
                                    const MisereLimits& limits = {});

// Every single heap's misère outcome, n = 0..last (`table --misere`, `ppos --misere`): p[n]
// is true at a P-position.  The same two ways and limits as a sum's.
struct MisereHeapOutcomes {
  std::vector<bool> p;
  std::string how;
};
MisereHeapOutcomes misere_heap_outcomes(const OctalCode& code, std::uint64_t last,
                                        const MisereLimits& limits = {});
MisereHeapOutcomes misere_heap_outcomes(const Game& game, std::uint64_t last,
                                        const MisereLimits& limits = {});

}  // namespace nimcert
