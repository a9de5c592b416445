// Deterministic automata over naturals written least significant digit first: the objects of
// nimcert's own decision procedure for the unbounded fragment, which checks again, without
// MONA, every statement MONA proved for every natural (issue 49).
//
// A Dfa reads tuples of naturals, one per track.  Letter i of a word holds digit i of every
// track (bit j of the letter is the digit of tracks[j]), the lowest digit first; a tuple is
// every word of its digits followed by any number of zero letters, so an automaton is only
// meaningful when acceptance survives padding: accepting(s) == accepting(step(s, 0)) for every
// state s (the padding convention; `padding_holds` checks it, and every operation here keeps
// it).  Digits are binary or Zeckendorf (Fibonacci) digits, as the atoms that built the
// automaton read them: the Dfa itself only sees bits.
//
// Every automaton is complete (a dead state where needed) and starts in state 0.  `canonical`
// minimizes and numbers the states breadth first from the start, letters in increasing order,
// so two automata for the same relation over the same tracks are equal as data, and a digest of
// `text()` names the relation.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace nimcert::automata {

using Track = std::uint32_t;  // a variable of the statement (free, bound or intermediate)
using State = std::uint32_t;
using Letter = std::uint32_t;

// The most tracks one automaton reads (2^16 letters), and the most transitions it may hold.
inline constexpr std::size_t kMaxTracks = 16;
inline constexpr std::uint64_t kMaxTransitions = std::uint64_t{1} << 26;
// The most states a subset construction may hold in all its macro-states together (each 4
// bytes, twice): about 1 GiB.
inline constexpr std::uint64_t kMaxMacroStates = std::uint64_t{1} << 27;

// Work that would pass the limits above: the statement is then "not checked (size)".
struct TooLarge : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct Dfa {
  std::vector<Track> tracks;  // sorted, distinct
  std::vector<State> next;    // next[s * letters() + letter]
  std::vector<std::uint8_t> accepting;

  std::size_t states() const { return accepting.size(); }
  Letter letters() const { return Letter{1} << tracks.size(); }
  State step(State s, Letter l) const { return next[std::size_t{s} * letters() + l]; }

  // The canonical text: tracks, states, the accepting ones, then each state's successors.
  std::string text() const;
};

// Digit j of a letter: the digit that track j (in a Dfa's sorted order) reads.
inline unsigned digit(Letter l, std::size_t j) { return (l >> j) & 1; }

// An automaton with `states` states over `tracks` (sorted), every transition to state 0 and
// none accepting: the builders fill it in.  Throws TooLarge past the limits.
Dfa blank(std::vector<Track> tracks, std::size_t states);

// The one-state automaton over no tracks that accepts everything (true) or nothing (false).
Dfa constant(bool value);

// Minimized (Moore's partition refinement) and numbered breadth first from state 0.
Dfa canonical(const Dfa& a);

// accepting(s) == accepting(step(s, 0)) for every state.
bool padding_holds(const Dfa& a);

// The index of `t` in a.tracks; throws std::logic_error when a does not read it.
std::size_t position_of(const Dfa& a, Track t);

// The state after reading `digits` (digits[j][i]: digit i of tracks[j], missing digits 0).
State run(const Dfa& a, const std::vector<std::vector<bool>>& digits);

}  // namespace nimcert::automata
