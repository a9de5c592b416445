// The adder of Ostrowski numeration for sqrt(2) (sys/ostrowski.hpp), the automaton the WS1S
// route will read x + y = z with, as the Fibonacci route reads its own (fibonacci_numeration):
// issue 53, item 4, its first part.  It is not yet a numeration of the proof language.
//
// The automaton is generated, not written by hand.  It reads the digits of x, y and z from the
// top place down.  Its state (a, b) says that the places read so far contribute
// D = a U_j + b U_{j-1} to x + y - z, where j is the last place read.  Reading the digits at
// place j - 1, whose difference is e = x + y - z there, gives D = (2a + b + e) U_{j-1} + a U_{j-2},
// by U_j = 2 U_{j-1} + U_{j-2}: the state (2a + b + e, a).  After place 0, D = a U_0 + b U_{-1}
// with U_{-1} = 0, so a state accepts when a = 0.  A state is dropped only when it can never
// come back to D = 0.  The digits below place j are of the form, so each of x, y and z is below
// U_j there, and x + y - z lies in (-U_j, 2 U_j): a state lives only if a + b r lies in (-2, 1)
// for some r = U_{j-1} / U_j, and r lies in [0, 1/2].  Leading zero letters keep the start
// state (0, 0).  The digits must be of Ostrowski form; the adder does not check that.
//
// The tests hold the automaton against plain addition: every x, y below 3000 and random values
// to 2^100, with z = x + y accepted and z = x + y + d refused for small d != 0.
#pragma once

#include <cstdint>
#include <vector>

namespace nimcert::smt {

struct OstrowskiAdder {
  struct Step {
    unsigned from, x, y, z, to;
  };
  std::vector<Step> steps;      // every step between live states, ordered by (from, x, y, z)
  std::vector<bool> accepting;  // by state; state 0 is the start (0, 0)
  std::size_t states() const { return accepting.size(); }
};

// The adder above, built once (states numbered in the order a breadth-first walk finds them).
const OstrowskiAdder& ostrowski_sqrt2_adder();

// Whether the adder accepts x, y and z given by their digits (lowest place first, padded with
// zeros to one length by the caller or not).
bool ostrowski_sqrt2_adds(const std::vector<unsigned>& x, const std::vector<unsigned>& y,
                          const std::vector<unsigned>& z);

}  // namespace nimcert::smt
