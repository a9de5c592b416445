// The atoms of nimcert's own decision procedure: every relation the statement compiler
// (automata/statement_compiler.hpp) builds a statement from is one of the automata below or a
// product of them.  Each is built here from its definition, never read from MONA, and each
// state carries a `meaning`, the quantity of a local invariant that tests/automata_test.cpp
// checks on every state and letter, so that the atom is correct by induction on the digits
// read:
//
//   linear_equation  sum_j c_j x_j = K        carry v: sum_j c_j X_j + 2^k v = K after k
//                                               digits (X_j the digits read, as a number);
//                                               v - sum_j c_j d_j odd: dead; accepts at v = 0
//   comparison       x ? y  (lexicographic)    sign(X - Y) of the digits read: the highest
//                                               differing digit decides, in binary and in
//                                               Zeckendorf form alike
//   bitwise          z = x op y                 one live state: every digit z_i = x_i op y_i
//   constant         x = c                      i digits of c matched (digits of c given)
//   top_bit, low_bit z = top_bit(x), low_bit(x) where the one-bit of z stands
//
// Fibonacci numeration's atoms are in automata/fibonacci_atoms.hpp.  Every builder returns the
// automaton over tracks 0..m-1 (the roles, in the order of the parameters) with its meanings;
// `place` puts it on a statement's tracks.
#pragma once

#include <cstdint>
#include <vector>

#include "automata/dfa.hpp"

namespace nimcert::automata {

// An atom before it is placed: the automaton over tracks 0..m-1 and each state's meaning (the
// numbers its invariant speaks about; empty for the dead state).
struct Atom {
  Dfa dfa;
  std::vector<std::vector<std::int64_t>> meaning;
};

// The atom read on `tracks` (role j on tracks[j]; a track named twice reads the same digits),
// canonical.
Dfa place(const Atom& atom, const std::vector<Track>& tracks);

// sum_j coefficients[j] * x_j = constant.  Throws TooLarge for a coefficient above 2^16 or
// carries that would pass 2^18 (the sum of |c_j| and |K|).
Atom linear_equation(const std::vector<std::int64_t>& coefficients, std::int64_t constant);

enum class Relation { Lt, Le, Gt, Ge, Eq, Ne };
// x ? y on two tracks (x role 0, y role 1): meaning {-1, 0, 1} for X < Y, X = Y, X > Y.
Atom comparison(Relation r);

enum class Bitwise { Xor, And, Or };
// z = x op y (roles x, y, z).
Atom bitwise(Bitwise op);

// x = the number whose digits (lowest first) are `digits`; meaning {i}, i digits matched.
Atom constant_digits(const std::vector<bool>& digits);
// The binary digits of v, lowest first (none for 0).
std::vector<bool> binary_digits(std::uint64_t v);

// z = top_bit(x), z = low_bit(x) (roles x, z).
Atom top_bit();
Atom low_bit();

}  // namespace nimcert::automata
