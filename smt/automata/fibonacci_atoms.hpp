// The atoms of Fibonacci (Zeckendorf) numeration, read least significant place first like
// every other atom: place i stands for F(i + 2) = 1, 2, 3, 5, 8, ...
//
//   zeckendorf_form  x has no two neighbouring one-digits    meaning {the last digit}
//   zeck_shift       z = x with every digit moved up a place  meaning {x's digit still owed}
//   zeck_even        x > 0 and x's lowest digit is at an even place
//   fibonacci_sum    z = x + y (values of the digit strings, any 0/1 strings)
//
// The sum is the only atom that is not built forwards.  Read from the top place down its
// states are pairs (U, V) with the invariant
//     sum over the places i >= j read so far of (x_i + y_i - z_i) F(i + 2) = U F(j + 2) + V F(j + 1),
// the next place moving (U, V) to (U + V + e, U) (as F(j + 2) = F(j + 1) + F(j)), and the word
// is accepted at place 0 when U + V = 0.  A pair is dropped when no digits below could bring
// the sum back to 0: those add a value in [-(F(j + 3) - 2), 2 (F(j + 3) - 2)], so with
// r = F(j + 2) / F(j + 1), which lies in [1, 2], U r + V must lie in (-2 (r + 1), r + 1); a pair
// for which both (U - 1) r + (V - 1) >= 0 at r = 1 and r = 2, or both (U + 2) r + (V + 2) <= 0,
// has no such r and is dropped, which leaves finitely many pairs (tests list them).  The
// automaton read from the lowest place is that one reversed and determinized: its states are
// the sets of pairs from which the places still above lead to acceptance, starting from the
// accepting pairs, and a set accepts when it holds (0, 0), the pair before any place is read.
// Walnut's adder (which the MONA translation uses) is not read here.  (The carry automaton read
// from the bottom directly, with states (p, q) such that the places read add up to
// p F(k + 2) + q F(k + 1), is not correct: those pairs are not canonical, and true sums of
// Zeckendorf triples of up to 24 places end in pairs other than (0, 0).)
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "automata/atoms.hpp"
#include "automata/reversal.hpp"

namespace nimcert::automata {

Atom zeckendorf_form();          // role x
Atom zeck_shift();               // roles x, z
Atom zeck_even();                // role x
Atom fibonacci_sum();            // roles x, y, z; meaning: the pairs (U, V) of each state, flat

// The automaton read from the top place down, for tests: its pairs (state i is pairs[i], the
// start (0, 0) first) and next[i * 8 + letter] (letter bit 0 x, 1 y, 2 z), or pairs.size() for
// a dropped pair.
using TopDownSum = TopDownAdder;
TopDownSum top_down_sum();

// Whether a pair may still reach a sum of 0 (the rule above): false only when it cannot.
bool sum_pair_viable(std::int64_t u, std::int64_t v);

// The Zeckendorf digits of v, lowest place first.
std::vector<bool> zeckendorf_digits(std::uint64_t v);

}  // namespace nimcert::automata
