// The proof that a candidate misère quotient is right for every sum of heaps: a finite walk
// over what a sum looks like to the quotient.
//
// A candidate is a finite commutative monoid Q, a P-portion P ⊆ Q and an image phi(h) in Q of
// each heap h.  A sum W of heaps maps to x(W), the product of its heaps' images, and to T(W),
// the set of x(W') over its options W' (a move in one heap h of W replaces h by an option
// of h, so T(W) is the union over the heaps h of W of x(W - h) * O(h), O(h) the images of
// h's options).  Adding a heap h to W gives x' = x * phi(h) and T' = T * phi(h) ∪ x * O(h):
// the pair (x, T) is a state of a finite automaton read heap by heap.  The candidate says
// "W is a P-position exactly when x(W) is in P"; by induction on W that holds for every sum
// when
//   (P) for every x reached and every heap h: x * phi(h) in P implies x * O(h) misses P
//       (a sum whose image is in P has no option whose image is in P), and the identity,
//       the image of the sums with no move, is not in P (misère: no move wins);
//   (N) for every state (x, T) reached with T nonempty and x outside P: T meets P (a sum
//       whose image is outside P has an option whose image is in P).
// (N) is monotone in T: if T0 ⊆ T then (x, T0) read on gives states whose sets are inside
// the sets of (x, T) read on alike, so a state whose set contains the set of a state already
// taken (same x, nonempty) need not be taken, and a state taken earlier whose set contains a
// new state's need not be read on further.  Heaps with no move (image the identity, no
// option) change no state and are not read.  States are read on fewest stones first, so
// that a failure's sum is among the smallest (the search frees its heaps; a person checks it
// by hand).  docs/mathematics.md, section 7, has the proof.
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <queue>
#include <string>
#include <vector>

#include "engines/misere/finite_monoid.hpp"
#include "engines/misere/heap_options.hpp"

namespace nimcert {

// A sum on which the candidate is wrong: its heaps (ascending), and which condition fails.
struct QuotientFailure {
  std::vector<std::uint64_t> heaps;
  bool image_in_p = false;  // the candidate said P (it has an option into P), or N (it has none)
  std::string why;
};

class OutcomeClosure {
 public:
  // Throws std::invalid_argument when in_p does not have one entry per element; `add` throws
  // std::length_error when the walk would take more than max_states states.
  OutcomeClosure(const FiniteMonoid& monoid, std::vector<bool> in_p,
                 std::uint64_t max_states = kMaxClosureStates);
  static constexpr std::uint64_t kMaxClosureStates = 1u << 17;

  // Reads a new letter, takes every state it makes reachable, and checks (P) and (N) on
  // every state taken: the first failure, or nothing.  Once a failure is returned the
  // closure is spent (its states are not all taken).
  std::optional<QuotientFailure> add(const HeapLetter& letter);

  // Whether (P) holds for a letter not yet read, at every element reached so far: a cheap
  // test before a copy of the walk is extended by it.
  bool p_holds(const HeapLetter& letter) const;

  std::uint64_t states() const { return x_.size(); }
  // Letters read and sets compared so far: the walk's work, for a caller's budget.
  std::uint64_t work() const { return work_; }
  std::uint64_t letters() const { return letters_.size(); }
  std::uint64_t elements_reached() const {
    return static_cast<std::uint64_t>(std::count(reached_.begin(), reached_.end(), true));
  }

 private:
  std::optional<QuotientFailure> take_all();
  std::optional<QuotientFailure> check_p(std::uint32_t state, std::size_t letter) const;
  // (P) at x for a letter: an option's image that x times it puts in P while x times the
  // letter's image is in P, or nothing.
  std::optional<MonoidElement> option_into_p(MonoidElement x, const HeapLetter& letter) const;
  std::vector<std::uint64_t> sum_of(std::uint32_t state) const;
  bool dominated(MonoidElement x, const std::vector<std::uint64_t>& set) const;

  FiniteMonoid monoid_;
  std::vector<bool> in_p_;
  std::uint64_t max_states_;
  std::size_t words_;  // 64-bit words of a set of elements
  std::vector<HeapLetter> letters_;
  // The states: element, set (words_ words each), how it was reached, and how many letters
  // it has been read on.
  std::vector<MonoidElement> x_;
  std::vector<bool> reached_;  // by element: the image of some state's sum
  std::vector<std::uint64_t> sets_;
  std::vector<std::uint32_t> parent_, via_, read_;
  std::vector<std::vector<std::uint32_t>> taken_by_element_;  // nonempty sets, an antichain
  std::vector<bool> superseded_;  // by state: another with its element and a subset of its set
  // States with letters to read, fewest stones first (so that a failure's sum is small).
  std::vector<std::uint64_t> stones_;  // by state: the stones of the sum that reached it
  std::priority_queue<std::pair<std::uint64_t, std::uint32_t>,
                      std::vector<std::pair<std::uint64_t, std::uint32_t>>, std::greater<>>
      pending_;
  mutable std::uint64_t work_ = 0;
};

}  // namespace nimcert
