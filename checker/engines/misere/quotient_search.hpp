// The search for the misère quotient of an octal game's heaps 0..last, heap by heap, in the
// manner of Siegel's MisereSolver (Plambeck and Siegel 2008, section 6), written afresh.
//
// A single heap's misère outcome needs the outcomes of sums (a move may split a heap), and
// those are read off the quotient: a finite commutative monoid Q, its P-portion and an image
// of every heap.  The search adds heap n to a quotient that is right for every sum of heaps
// below n: first as an element already there (a conservative extension: the proof of
// outcome_closure.hpp, extended by the new heap, must pass), and when no element will do, by
// a presentation change: heap n becomes a new cyclic generator beside the old quotient, the
// P-portion of the product is marked by the outcomes of the least sums of each element,
// and the product is reduced; if the proof then finds a sum it gets wrong, the heaps of that
// sum are freed into cyclic generators of their own (recalibration), fewest first, until
// that sum is right, and the proof is tried again.  Nothing here is trusted: the quotient is
// only a candidate, and the sequence check proves it again from the game alone
// (checks/misere_sequence.hpp).  Deterministic: the same game and last give the same result.
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "engines/misere/finite_monoid.hpp"
#include "games/octal_code.hpp"

namespace nimcert {

struct MisereQuotient {
  FiniteMonoid monoid;
  std::vector<bool> in_p{false};       // by element
  std::vector<MonoidElement> phi;      // the image of heap n, n = 0..last
  std::vector<std::uint64_t> changes;  // heaps where the presentation changed
  std::uint64_t recalibrations = 0;    // heaps freed by sums the candidate got wrong
  std::uint64_t work = 0;              // the proof walks' steps (a budget of 2^30)

  // The image of a sum of heaps (each at most last), and whether the quotient says it is a
  // misère P-position.
  MonoidElement image(std::span<const std::uint64_t> heaps) const {
    MonoidElement x = 0;
    for (std::uint64_t h : heaps) x = monoid.product(x, phi[h]);
    return x;
  }
  bool says_p(std::span<const std::uint64_t> heaps) const { return in_p[image(heaps)]; }
};

struct QuotientSearchOptions {
  // The most elements a trial product may reach before it is reduced; beyond it the search
  // stops with std::runtime_error naming it.
  std::uint64_t max_trial_elements = 1u << 16;
  // The most elements a reduced candidate may have (its table is this squared).
  std::uint64_t max_quotient_elements = 4096;
  // Called before each heap is added, with that heap and the elements of the quotient of the
  // heaps before it (a live line throttles it; the result never depends on it).
  std::function<void(std::uint64_t heap, std::uint64_t elements)> progress;
};

// Why the search stopped, and the heap it was adding (the quotient of heaps 0..heap - 1 was
// found).
struct QuotientSearchStopped : std::runtime_error {
  QuotientSearchStopped(const std::string& why, std::uint64_t at_heap)
      : std::runtime_error(why), heap(at_heap) {}
  std::uint64_t heap = 0;
};

// Throws QuotientSearchStopped when the search cannot find a quotient (a trial or a quotient
// beyond its limit, a proof walk beyond OutcomeClosure's, no recalibration that mends a wrong
// sum: the misère quotients of many octal games are infinite), naming the heap it reached,
// and smt::Interrupted on an interrupt.
MisereQuotient search_misere_quotient(const OctalCode& code, std::uint64_t last,
                                      const QuotientSearchOptions& options = {});

}  // namespace nimcert
