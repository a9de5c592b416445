// An adder read from the top place down, turned into an automaton read from the lowest place
// up, as every atom is read (automata/dfa.hpp).  The sums of Fibonacci and Ostrowski numeration
// (automata/fibonacci_atoms.hpp, automata/ostrowski_atoms.hpp) are only finite read from the
// top: their states there are the pairs (U, V) of a remainder still to be cancelled by the
// places below.  Read from the lowest place, a state is the set of top-down states from which
// the places read so far lead to acceptance; the start is the set of states that accept at
// place 0, a letter takes a set to the predecessors of its members by that letter, and a set
// accepts when it holds the top-down start (the state before any place is read), so that the
// two automata accept the same words, each read in its own direction.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <utility>
#include <vector>

#include "automata/dfa.hpp"

namespace nimcert::automata {

// An adder read from the top place down: state i is the pair pairs[i] (the start (0, 0) first),
// next[i * letters + letter] its successor, pairs.size() for a dropped pair.
struct TopDownAdder {
  std::vector<std::pair<std::int64_t, std::int64_t>> pairs;
  std::vector<std::size_t> next;
};

// The pairs reachable from (0, 0) when a letter whose x and y digits exceed its z digit by
// `excess(letter)` takes (U, V) to (multiplier U + V + excess, U): the recurrence of the
// places (1 for Fibonacci's, 2 for Ostrowski's [0; a_1, 2, 2, ...]).  A pair `viable` refuses
// (it can no longer reach a sum of 0) is dropped.  Pairs are numbered in the order found.
TopDownAdder walk_top_down(std::size_t letters, std::int64_t multiplier,
                           const std::function<std::int64_t(std::size_t)>& excess,
                           const std::function<bool(std::int64_t, std::int64_t)>& viable);

struct ReversedAutomaton {
  std::vector<std::vector<std::size_t>> sets;  // state i's top-down states, sorted; start first
  std::vector<State> next;                     // next[i * letters + letter]
};

// The top-down automaton has `states` states, state 0 its start, next[s * letters + letter]
// (`states` for a dropped state); `ends` are the states that accept after place 0.
ReversedAutomaton reverse_top_down(const std::vector<std::size_t>& next, std::size_t states,
                                   std::size_t letters, const std::vector<std::size_t>& ends);

}  // namespace nimcert::automata
