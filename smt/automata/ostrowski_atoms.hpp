// The atoms of Ostrowski numeration (sys/ostrowski.hpp: for sqrt 2 - 1, place j stands for
// U_j = 1, 2, 5, 12, 29, ...; for 1 / (2 + sqrt 2), for 1, 3, 7, 17, 41, ...; U_{j+1} =
// 2 U_j + U_{j-1}), read least significant place first like every other atom: a digit 0, 1 or 2
// is written in two bits of the track, position 2j for a 1 and 2j + 1 for a 2 (the MONA
// translation's encoding, ws1s/ostrowski_numeration.hpp; nothing else is shared with it).
//
//   ostrowski_form  d_0 <= U_1 - 1, never both bits of a place, a 2 only above a 0
//                   meaning {0: place 0 next; 1: the last digit 0; 2: the last digit not 0}
//   ost_shift       z = x with every digit moved up a place   meaning {x's digit still owed}
//   ost_lowest      x > 0 and x's lowest digit is at an odd place (ost_odd) or an even one
//                   (ostw_even)
//                   meaning {0, 1: none yet, the next place even, odd; 2, 3: found at an
//                   even, an odd place}
//   ostrowski_sum   z = x + y (values of digit strings of the form)
//
// Each is built over digits first (a DigitAutomaton: one letter per place, a digit 0..2 per
// role) and then spread over bits: a state of the digit automaton reads the low bits of a place
// into a state that remembers them, which reads the high bits and moves as the digit automaton
// does (a remembered state's meaning is the digit state's, then the low bits); a remembered
// state accepts when a high bit 0 would lead to acceptance, so that the
// padding convention (automata/dfa.hpp) holds whenever it holds for the digits.
//
// The sum is built from the top place down and reversed (automata/reversal.hpp), as the
// Fibonacci one is.  Its top-down states are pairs (U, V) with the invariant
//     sum over the places i >= j read so far of (x_i + y_i - z_i) U_i = U U_j + V U_{j-1},
// the next place moving (U, V) to (2U + V + e, U) with e = x_j + y_j - z_j (as
// U_j = 2 U_{j-1} + U_{j-2}); the word is accepted at place 0 when U + V U_{-1} = 0 (U_{-1} is
// 0 for sqrt 2 - 1 and 1 for 1 / (2 + sqrt 2)).  The places below j, being of the form, add a
// value in (-U_j, 2 U_j), so with r = U_{j-1} / U_j, which lies in [0, 1/2] (in [1/3, 1] for
// 1 / (2 + sqrt 2)), U + V r must lie in (-2, 1) for some r: a pair for which it does nowhere on
// that segment (a line in r) is dropped, which leaves finitely many pairs.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "automata/atoms.hpp"
#include "automata/reversal.hpp"
#include "sys/ostrowski.hpp"

namespace nimcert::automata {

using smt::OstrowskiSystem;

Atom ostrowski_form(OstrowskiSystem s);  // role x
Atom ost_shift();                        // roles x, z (either system)
Atom ost_lowest(bool odd);               // role x (either system)
Atom ostrowski_sum(OstrowskiSystem s);   // roles x, y, z; meaning: the pairs (U, V), flat

// An automaton over digits 0..2, one per role and place: next[s * 3^roles + code] with
// code = sum_j d_j 3^j, states() for the dead state.
struct DigitAutomaton {
  std::size_t roles = 0;
  std::vector<std::size_t> next;
  std::vector<bool> accepting;
  std::vector<std::vector<std::int64_t>> meaning;
  std::size_t states() const { return accepting.size(); }
};
// The automaton over bits that reads each place's digits as two bits per track.
Atom spread_over_bits(const DigitAutomaton& digits);

// The sum's pairs read from the top place down (pairs[0] = (0, 0), the start) and
// next[i * 27 + x + 3y + 9z], pairs.size() for a dropped pair; for tests.
using OstrowskiTopDown = TopDownAdder;
OstrowskiTopDown ostrowski_top_down_sum(OstrowskiSystem s);

// v's digits as the bits a track holds (lowest first, none for 0).
std::vector<bool> ostrowski_bits(OstrowskiSystem s, std::uint64_t v);

}  // namespace nimcert::automata
