// The check of a misère sequence block (`sequence ... game NAME misere last N`): heap n's
// misère outcome for n = 0..N, from the misère quotient of the game's heaps.
//
// Under misère play a heap's outcome needs the outcomes of sums (a move may split it), so
// the values come from a quotient: searched (engines/misere/quotient_search.hpp), proved for
// every sum of heaps 0..N from the code alone (checks/misere_quotient_proof.hpp), and held
// against the definition on small sums (engines/misere/misere_sums.hpp, which never sees the
// quotient).  g_n is 0 at a P-position and 1 at an N-position, as in misère boxes.  The
// claims are pointwise over n and g and hold for n = 0..N only: no periodicity theorem for
// misère play is applied.
//
// Where the quotient search stops (a limit: the misère quotients of many octal games are
// infinite, Dawson's Kayles' among them as far as anyone knows), the block is still checked:
// heap n's outcome for n = 0..N comes from the definition alone over canonical sums, and the
// certificate says the quotient was not found and why.  When the definition too passes its
// limit, the block alone is unknown, naming both limits; the file's other blocks are checked.
#pragma once

#include "checks/sequence_check.hpp"

namespace nimcert {

// Heaps whose single outcome the definition is asked for, and the stones of the largest sum
// of which every sum is asked for (both capped by `last`).
inline constexpr std::uint64_t kMisereReferenceHeap = 44, kMisereReferenceStones = 30;

SequenceReport check_misere_sequence(const smt::SequenceSpec& spec,
                                     const smt::Definitions& definitions,
                                     const MisereLimits& limits = {});

}  // namespace nimcert
