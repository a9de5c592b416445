// The operations that build a statement's automaton from its atoms' automata: the boolean
// connectives (a product of two automata, then canonical), complement, the existential
// quantifier (projection, the subset construction, and the padding fix below), and renaming
// tracks (an automaton built once for a definition, used at each call with its arguments).
//
// Projecting a track away must keep the padding convention: "exists T: phi(X, T)" may need a
// T with more digits than X has, that is, zero letters on X's tracks after X's last digit.  A
// macro-state therefore accepts when some macro-state on its path of zero letters contains an
// accepting state (MONA's right quotient by 0*; De Wulf, Doyen, Henzinger and Raskin's
// antichains have the same step).  The result is again padding-invariant, because the padding
// convention of the projected automaton puts an accepting state into the zero successor of any
// macro-state holding one.
#pragma once

#include <map>
#include <vector>

#include "automata/dfa.hpp"

namespace nimcert::automata {

enum class Connective { And, Or, Implies, Iff };

// The product of a and b over the union of their tracks, accepting by `c`, canonical.
Dfa combine(const Dfa& a, const Dfa& b, Connective c);

// a with its accepting states exchanged (a is complete).
Dfa complement(const Dfa& a);

// "exists the tracks `bound`: a", over a's other tracks, canonical.  A bound track a does not
// read is ignored.
Dfa exists(const Dfa& a, const std::vector<Track>& bound);

// a with each track t read as `to[t]` (tracks not in `to` keep their number).  Two tracks sent
// to one read the same digits (the diagonal).  Canonical.
Dfa rename(const Dfa& a, const std::map<Track, Track>& to);

// Whether every state reachable from the start accepts.
bool universal(const Dfa& a);

}  // namespace nimcert::automata
