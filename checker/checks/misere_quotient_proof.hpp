// The proof of a misère quotient for every sum of an octal game's heaps of at most `last`
// stones, from the game's code and the candidate alone (docs/mathematics.md, section 7).
//
// The candidate comes from the search (engines/misere/quotient_search.hpp) and is not
// trusted: its table must be a commutative monoid with identity 0, every heap with no move
// must map to the identity, and the walk of engines/misere/outcome_closure.hpp over every
// heap's image and options' images (recomputed here from the code) must pass.  Then for
// every sum W of heaps of sizes 0..last, W is a misère P-position exactly when the product
// of its heaps' images lies in P; in particular each single heap's outcome is read off.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engines/misere/quotient_search.hpp"
#include "games/octal_code.hpp"

namespace nimcert {

struct QuotientProof {
  bool holds = false;
  std::uint64_t heaps = 0;               // heaps 0..last proved
  std::uint64_t letters = 0;             // distinct (image, options' images) among them
  std::uint64_t states = 0;              // states of the walk taken
  std::uint64_t elements_reached = 0;    // elements that are the image of some sum
  std::string failure;                   // why it does not hold
  std::vector<std::uint64_t> wrong_sum;  // a sum the candidate gets wrong, when there is one
};

QuotientProof prove_misere_quotient(const OctalCode& code, const MisereQuotient& candidate,
                                    std::uint64_t last);

}  // namespace nimcert
