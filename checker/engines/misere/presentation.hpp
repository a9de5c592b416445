// A misère quotient as papers print it (Plambeck and Siegel 2008, section 5): generators a,
// b, c, ... and relations such as a^2 = 1 or b^3 = b, the P-portion as a set of words, and each
// heap's image as a word.
//
// The generators are the heap images in the order of the heaps: heap n's image is a new
// generator when the generators before it do not reach it.  Words are ordered by degree and
// then by the exponent of the last generator, of the one before it, and so on (a monomial
// order: it is kept when both words are multiplied by the same word).  Each element's normal
// form is its least word; the relations are "w = normal form of w" for the least words w that
// are not normal forms while every word dividing them by one letter is (the corners of the
// normal forms).  Read left to right they rewrite any word into its normal form, each step
// making it smaller, so the monoid they present is the quotient: the map is onto, and two
// normal forms are never the same element.  Nothing here is trusted: presentation_table
// multiplies normal forms by the relations alone, and the caller compares that table with the
// quotient's.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "engines/misere/finite_monoid.hpp"

namespace nimcert {

struct Presentation {
  using Word = std::vector<unsigned>;  // the exponent of each generator
  struct Generator {
    std::string name;  // "a", "b", ..., "z", then "g27", ...
    std::uint64_t heap = 0;
    MonoidElement element = 0;
  };
  struct Relation {
    Word left, right;  // left is a corner, right its normal form
  };
  std::vector<Generator> generators;
  std::vector<Relation> relations;
  std::vector<MonoidElement> elements;  // the elements in the order of their normal forms
  std::vector<Word> normal_form;         // by element of the monoid; empty when not reached
};

// The presentation of the submonoid the heap images generate (all of a quotient).
Presentation present(const FiniteMonoid& monoid, std::span<const MonoidElement> heap_images);

// "1", "a", "a^2 b", "b^2 c^3".
std::string word_text(const Presentation& p, const Presentation::Word& w);
// "a^2 = 1, b^3 = b, ..." in the order found.
std::vector<std::string> relation_texts(const Presentation& p);

// A word rewritten by the relations alone: by the first relation whose left side divides it,
// until none does.  nullopt when that takes more than `steps` steps (relations that do not
// lower words may cycle).  Whether the result is the right normal form is the caller's to
// compare (presentation_failure).
std::optional<Presentation::Word> rewrite(const Presentation& p, Presentation::Word w,
                                          std::uint64_t steps = 1u << 20);

// Whether the relations present the monoid: for every normal form x and generator g, the
// relations rewrite x g to the normal form of x * g.  Then every word reaches a normal form (by
// induction on its length), the relations hold in the monoid (each is a product computed in
// it), and distinct normal forms are distinct elements: the presented monoid is the one the
// generators generate.  Returns the first product that fails, in words, or empty.
std::string presentation_failure(const FiniteMonoid& monoid, const Presentation& p);

}  // namespace nimcert
