// The images of a heap's options in a monoid: the set O(n) = { phi(a) * phi(b) : a + b an
// option of heap n } of an octal game, given the images phi(0..n-1) of the smaller heaps.
//
// The misère quotient search and its proof both need O(n) for every heap up to 10^5, and a
// heap of n has about n options, so the plain set costs n^2 / 2 products in all.  But the
// images of the heaps become periodic, and where both parts of a split lie in a periodic
// stretch the product depends on the residues alone: with phi(a) = phi(a - p) for every a
// in [L + p, n - 1], the splits s = a + b with a, b >= L give exactly the products
// phi(L + r) * phi(L + ((s - 2L - r) mod p)), r = 0..p-1, once [L, s - L] holds p numbers;
// the splits with a part below L are taken one by one.  Nothing is assumed: L is where the
// images seen so far stop repeating, for the period that makes the work least.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <vector>

#include "engines/misere/finite_monoid.hpp"
#include "games/octal_code.hpp"

namespace nimcert {

// The largest period the windows look for; a longer one leaves the splits to one-by-one.
inline constexpr std::uint64_t kMaxImagePeriod = 64;

class HeapOptionImages {
 public:
  explicit HeapOptionImages(const OctalCode& code) : code_(code) {}

  // O(n), sorted, for n = phi.size(): every image phi(0..n-1) must have been `observe`d.
  using Product = std::function<MonoidElement(MonoidElement, MonoidElement)>;
  std::vector<MonoidElement> of_next_heap(const Product& product,
                                          std::span<const MonoidElement> phi) const;
  std::vector<MonoidElement> of_next_heap(const FiniteMonoid& monoid,
                                          std::span<const MonoidElement> phi) const {
    return of_next_heap([&](MonoidElement x, MonoidElement y) { return monoid.product(x, y); },
                        phi);
  }
  // Records phi(n) for n = phi.size() - 1 (the images are observed in order, from 0).
  void observe(std::span<const MonoidElement> phi);
  // Forgets every image (the search renumbered them all).
  void clear() {
    last_break_.clear();
    observed_ = 0;
  }

  // O(n) from every split, one by one (the reference of the tests).
  static std::vector<MonoidElement> plain(const OctalCode& code, const FiniteMonoid& monoid,
                                          std::span<const MonoidElement> phi);

 private:
  const OctalCode code_;
  // By period p (index p - 1): the largest a < n with phi(a) != phi(a - p), or p - 1 when none.
  std::vector<std::uint64_t> last_break_;
  std::uint64_t observed_ = 0;  // how many images, phi(0..observed_ - 1)
};

// A heap as the proof's walk reads it: its image, its options' images (sorted, nonempty), and
// the least heap with these two (the letter's heap in a failure's sum).
struct HeapLetter {
  MonoidElement image = 0;
  std::vector<MonoidElement> options;
  std::uint64_t heap = 0;
};

// Heaps 0..phi.size() - 1 as the walk reads them: one letter per distinct (image, options'
// images), at its least heap, in that order.  A heap with no move is no letter (it is the
// empty game); the first of them whose image is not the identity is named.
struct HeapLetters {
  std::vector<HeapLetter> letters;
  std::optional<std::uint64_t> moveless_off_identity;
};
HeapLetters heap_letters(const OctalCode& code, const HeapOptionImages::Product& product,
                         std::span<const MonoidElement> phi);

}  // namespace nimcert
