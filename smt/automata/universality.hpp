// The independent check of one statement for every natural: the product of the premise's and
// the goal's automata (automata/statement_compiler.hpp) explored from the start, and its
// evidence.
//
// The evidence is the set of reachable pairs of states.  It holds the start, it is closed
// under every letter (each successor of a pair in it is in it), the padding convention holds
// at each pair (a zero letter keeps whether the pair accepts), and at every pair the statement
// is true at acceptance: the premise's state accepting implies the goal's.  Then every tuple of
// naturals, a word that ends in some pair of the set, satisfies the statement.  The evidence
// file records the two automata and the pairs, so that `verify --independent` checks those four
// properties on the file (check_evidence) after compiling the statement again and finding the
// same two automata.  A pair where the statement is false gives the shortest word that reaches
// it: a counterexample, whose values the caller re-checks before it is believed.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "automata/statement_compiler.hpp"

namespace nimcert::automata {

// The checker's name and version, recorded with every result.
inline constexpr const char* kCheckerName = "nimcert-automata 1";

struct Exploration {
  bool holds = false;      // every reachable pair satisfies the statement
  std::uint64_t pairs = 0;  // reachable pairs (the evidence's states)
  std::uint64_t premise_states = 0, goal_states = 0;
  std::string evidence;  // the evidence file's text (when it holds)
  // When it does not: the shortest counterexample, each free variable's value in decimal.
  std::map<std::string, std::string> counterexample;
};

Exploration explore(const CompiledStatement& compiled, const std::vector<std::string>& variables,
                    Digits digits);

// The evidence file checked against the statement compiled again: "" when it is evidence that
// the statement holds (the same automata, the four properties above, `pairs` pairs), else what
// is wrong with it.
std::string check_evidence(const std::string& evidence, const CompiledStatement& compiled,
                           const std::vector<std::string>& variables, Digits digits,
                           std::uint64_t& pairs);

// The decimal value of the digits (lowest first) in binary, Zeckendorf or Ostrowski numeration
// (for Ostrowski, a track's two positions per place: see automata/ostrowski_atoms.hpp).
std::string decimal_of(const std::vector<bool>& digits, Digits numeration);

}  // namespace nimcert::automata
