// Whether a proved misère quotient candidate is the misère quotient itself (Plambeck and
// Siegel 2008), not only a monoid whose P-portion gives the right outcomes.
//
// Two conditions, both checked here from the table, P and the heap images alone:
//   (a) every element is the image of some sum: the heap images generate the monoid;
//   (b) every two elements x != y are told apart: some z, a product of heap images (the image
//       of some sum, the identity included), puts exactly one of x z, y z in P.
// With the outcome theorem (misere_quotient_proof.hpp), two sums G, H have the same outcome
// beside every sum X exactly when x(G) z and x(H) z agree on P for every z (by (a)), exactly when
// x(G) = x(H) (by (b)).  So the monoid is the quotient of the sums by that equivalence, and its
// order and P-portion are the misère quotient's: for the heaps the proof covered (0..N, or
// every heap under the periodicity theorem).
//
// (b) is Moore's partition refinement with the distinct heap images as letters, written afresh
// (the search's reduction is not reused): round 0 splits by P, round r splits x from y when
// some letter g sends them to classes of round r - 1 that differ.  The fixpoint is the
// coarsest partition closed under the letters inside P's; (b) holds exactly when it is
// discrete.  A pair split at round r has a separating product of r letters, followed back
// round by round; those of quotients of at most kRecordedSeparations elements are recorded
// and each is checked on P directly.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "engines/misere/finite_monoid.hpp"

namespace nimcert {

inline constexpr std::size_t kRecordedSeparations = 16;

struct ReducedQuotient {
  bool holds = false;
  std::uint64_t elements_reached = 0;
  std::uint64_t pairs = 0;   // pairs of distinct elements, each told apart when it holds
  std::uint64_t rounds = 0;  // the longest separating product needs this many heap images
  std::string failure;       // an element no sum reaches, or two no product tells apart
  // For quotients of at most kRecordedSeparations elements: {x, y, z}, z separating x from y.
  std::vector<std::array<MonoidElement, 3>> separations;
};

ReducedQuotient prove_reduced(const FiniteMonoid& monoid, const std::vector<bool>& in_p,
                              std::span<const MonoidElement> heap_images);

}  // namespace nimcert
