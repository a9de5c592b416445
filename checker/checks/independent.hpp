// The second route for every natural: each statement MONA decides is decided again by
// nimcert's own automata (smt/automata), which share the AST and nothing else with MONA's
// translation, and the evidence of that decision is kept (issue 49).
//
// "checked" means the product of the premise's and the goal's automata was explored and the
// statement is true at every reachable pair: the evidence (the two automata and the pairs, a
// file beside the certificate, its SHA-256 in the certificate) can be checked again by
// `verify --independent` with no solver present.  "counterexample" means a reachable pair is
// false: the shortest word reaching it, as naturals, which the caller re-checks.  A statement
// the automata do not reach, or too large for their limits, is "not checked (outside)" or
// "not checked (size)": it decides nothing, for or against.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "automata/dfa.hpp"
#include "discovery/automaton.hpp"
#include "lang/ast.hpp"
#include "ws1s/translation.hpp"

namespace nimcert {

struct IndependentCheck {
  static constexpr const char* kChecked = "checked";
  static constexpr const char* kCounterexample = "counterexample";
  static constexpr const char* kOutside = "not checked (outside)";
  static constexpr const char* kSize = "not checked (size)";

  std::string status;
  std::string note;  // why not checked
  std::uint64_t states = 0;  // reachable pairs: the evidence's states
  std::uint64_t premise_states = 0, goal_states = 0;
  std::string sha256;    // of the evidence text
  std::string evidence;  // the text, written beside the certificate (never in it)
  std::optional<std::map<std::string, std::string>> counterexample;  // decimal
  double seconds = 0;

  bool checked() const { return status == kChecked; }
};

// The statement "for all `variables`: hypotheses -> (conclusion, or an existential)" decided by
// the automata.  `external` gives boolean predicates as automata (a learned automaton).
IndependentCheck check_independently(const std::vector<std::string>& variables,
                                     const std::vector<smt::ExprPtr>& hypotheses,
                                     const smt::ExprPtr& conclusion,
                                     const std::vector<smt::Existential>& existentials,
                                     const smt::Definitions& definitions,
                                     smt::Numeration numeration,
                                     const std::map<std::string, automata::Dfa>& external = {});

// `verify --independent`: the recorded evidence checked again against the statement compiled
// anew.  Empty when it holds with `states` pairs and the recorded SHA-256, else what is wrong.
std::string recheck_independent(const std::vector<std::string>& variables,
                                const std::vector<smt::ExprPtr>& hypotheses,
                                const smt::ExprPtr& conclusion,
                                const std::vector<smt::Existential>& existentials,
                                const smt::Definitions& definitions, smt::Numeration numeration,
                                const std::string& evidence, const std::string& sha256,
                                std::uint64_t states,
                                const std::map<std::string, automata::Dfa>& external = {});

// A learned automaton (discovery/automaton.hpp) as the automata's Dfa over tracks 0..k-1, its
// acceptance made padding-invariant the way its MONA predicate reads it: a word is accepted when
// the run continued with zero letters reaches an accepting state.
automata::Dfa learned_dfa(const Automaton& a);

}  // namespace nimcert
