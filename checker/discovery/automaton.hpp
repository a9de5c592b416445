// A game's Grundy function (or its P-positions) as a finite automaton learned from its table,
// for the second route of `nimcert discover`: no formula from anyone.
//
// A position and its value are read as one word: letter i holds bit i of every heap and of the
// value (least significant first, the order of WS1S, where a natural is the finite set of its
// one-bits), track t of a letter being bit t.  The automaton accepts the words of the tuples
// (x1, ..., xk, G(x)); for the P-positions, of the tuples (x1, ..., xk) with G(x) = 0.  A word
// is accepted when the run, continued past the last one-bit with zero letters, is in an
// accepting state at some length at least the word's: the semantics of the MONA predicate
// (docs/discover.md), which the C++ run below reproduces.
//
// Learning is Myhill-Nerode on the table: the state of a prefix (the low n bits of every track)
// is its residual, the function that maps the high bits c of the heaps to the high bits of
// G(low + 2^n c) when the low bits of G match the prefix's value track, and to "dead" when
// they do not.  States are found breadth first from the empty prefix; a prefix whose residual
// agrees with an existing state's on every c the table holds goes to that state, and any other
// is a new state while its residual still spans enough of the table to be told apart.  The
// automaton is therefore minimal for the table, and a guess: MONA proves or refutes it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "discovery/formula_search.hpp"

namespace nimcert {

struct Automaton {
  std::size_t tracks = 0;  // k + 1 for a value (the last track is v), k for P-positions
  std::size_t initial = 0;
  std::vector<bool> accepting;
  // next[q][letter], letter < 2^tracks.
  std::vector<std::vector<std::uint32_t>> next;

  std::size_t states() const { return next.size(); }
  // Whether the tuple (one natural per track) is accepted.
  bool accepts(const std::vector<std::uint64_t>& tuple) const;
  // The canonical text the certificate records and its SHA-256 digests: tracks, initial,
  // accepting states, then each state's row of successors.
  std::string text() const;
};

struct LearningLimits {
  std::size_t max_states = 64;
  // A new state needs a residual spanning at least 2^min_span values of each heap.
  unsigned min_span = 2;
};

struct LearningResult {
  std::optional<Automaton> automaton;
  unsigned bits = 0;           // m: the table holds every heap below 2^m
  std::string stopped;         // why no automaton, when there is none
  std::uint64_t compared = 0;  // residual comparisons made
};

// Learns from the table [0,B]^k (B >= 3): its positions must be the whole box.
LearningResult learn_automaton(const FittingTable& table, FitTarget target,
                               const LearningLimits& limits);

// The automaton as a MONA predicate `name(var2 P_x1, ..., var2 P_xk[, var2 P_v])` (the names of
// ws1s/translation.hpp's definition predicates), states encoded in binary in set variables.
std::string mona_predicate(const Automaton& a, const std::string& name,
                           const std::vector<std::string>& parameters);

}  // namespace nimcert
