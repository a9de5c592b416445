// Ostrowski numeration (sys/ostrowski.hpp: for sqrt 2 - 1, places 1, 2, 5, 12, ..., and for
// 1 / (2 + sqrt 2), places 1, 3, 7, 17, ...) in the WS1S translation (see translation.hpp,
// Numeration): the base predicates a statement read in its digits needs, its constants, and the
// adder automaton they are generated from, as the Fibonacci route has its own
// (fibonacci_numeration.hpp).  Issue 53, item 4.
//
// A natural is one set: digit d_j of place j stands at positions 2j (d_j = 1) and 2j + 1
// (d_j = 2), neither for 0.  of(X) holds X to the form (d_0 <= 1 for sqrt 2 - 1, never both
// positions, a 2 only above a 0); less and leq compare at the highest differing position, as
// in binary (the digit 2 sits above the digit 1, and Ostrowski's form orders the naturals
// lexicographically); oshift(X, Y) moves every digit up a place; oodd(A) and oeven(A) say A > 0
// with its lowest digit at an odd or an even place; oplus(X, Y, W) is W = X + Y, generated from
// the adder below.
//
// The adder is generated, not written by hand.  It reads the digits of x, y and z from the
// top place down.  Its state (a, b) says that the places read so far contribute
// D = a U_j + b U_{j-1} to x + y - z, where j is the last place read.  Reading the digits at
// place j - 1, whose difference is e = x + y - z there, gives D = (2a + b + e) U_{j-1} + a U_{j-2},
// by U_j = 2 U_{j-1} + U_{j-2}: the state (2a + b + e, a).  After place 0, D = a U_0 + b U_{-1}
// with U_{-1} = U_1 - 2 (0 for sqrt 2 - 1, 1 for 1 / (2 + sqrt 2)), so a state accepts when
// a + b U_{-1} = 0.  A state is dropped only when it can never come back to D = 0.  The digits
// below place j are of the form, so each of x, y and z is below U_j there, and x + y - z lies in
// (-U_j, 2 U_j): a state lives only if a + b r lies in (-2, 1) for some r = U_{j-1} / U_j, and
// r lies in [0, 1/2] for sqrt 2 - 1 and in [1/3, 1] for 1 / (2 + sqrt 2).  Leading zero letters
// keep the start state (0, 0).  The digits must be of Ostrowski form; the adder does not check
// that (of does).
//
// The tests hold the automaton against plain addition: every x, y below 3000 and random values
// to 2^100, with z = x + y accepted and z = x + y + d refused for small d != 0; and the
// predicates against the exact evaluator through MONA (tests/differential/ws1s_differential.cpp).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "sys/ostrowski.hpp"

namespace nimcert::smt {

struct OstrowskiAdder {
  struct Step {
    unsigned from, x, y, z, to;
  };
  std::vector<Step> steps;      // every step between live states, ordered by (from, x, y, z)
  std::vector<bool> accepting;  // by state; state 0 is the start (0, 0)
  std::size_t states() const { return accepting.size(); }
};

// The adder above, built once per system (states numbered in the order a breadth-first walk
// finds them).
const OstrowskiAdder& ostrowski_adder(OstrowskiSystem s);
inline const OstrowskiAdder& ostrowski_sqrt2_adder() {
  return ostrowski_adder(OstrowskiSystem::Sqrt2);
}

// Whether the adder accepts x, y and z given by their digits (lowest place first, padded with
// zeros to one length by the caller or not).
bool ostrowski_adds(OstrowskiSystem s, const std::vector<unsigned>& x,
                    const std::vector<unsigned>& y, const std::vector<unsigned>& z);
inline bool ostrowski_sqrt2_adds(const std::vector<unsigned>& x, const std::vector<unsigned>& y,
                                 const std::vector<unsigned>& z) {
  return ostrowski_adds(OstrowskiSystem::Sqrt2, x, y, z);
}

// The predicates above, as MONA text, ahead of a statement under this numeration.
std::string ostrowski_prelude(OstrowskiSystem s);

// The positions of v's digits as a MONA set (for sqrt 2 - 1: "{0,4}" for 6 = 5 + 1, "{3}" for
// 4 = 2 * 2; "empty" for 0).
std::string ostrowski_set(OstrowskiSystem s, std::uint64_t v);

}  // namespace nimcert::smt
