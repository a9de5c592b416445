// A statement of the proof language as automata of nimcert's own: the second decision
// procedure for the unbounded fragment, sharing the AST and nothing else with the MONA
// translation (ws1s/translation.hpp) it checks again.
//
// Every natural-valued term becomes a track whose digits are existentially quantified under
// the relation "the track is the term's value" (built from automata/atoms.hpp and the
// operations of automata/operations.hpp), every comparison an atom, every connective a product
// and every quantifier a projection; a definition is compiled once, over tracks of its own, and
// renamed onto each call's arguments.  The statement
//     for all free variables: hypotheses -> (conclusion, or one of the existentials)
// comes out as two automata over the free variables' tracks, the premise (the hypotheses, and
// under Fibonacci numeration every free variable in Zeckendorf form) and the goal;
// automata/universality.hpp explores their product.  A term this procedure does not translate
// (the same terms MONA's translation refuses: a shift by a computed amount, a product of two
// unbounded terms, a bitwise operation in Fibonacci numeration) is refused with its location.
#pragma once

#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "automata/dfa.hpp"
#include "lang/ast.hpp"
#include "lang/numeration.hpp"

namespace nimcert::automata {

// How a track's bits are read: the proof language's numerations (lang/numeration.hpp), binary
// digits, Zeckendorf digits, or Ostrowski digits two bits a place (automata/ostrowski_atoms.hpp).
using Digits = smt::Numeration;

// A term the compiler does not translate; `where` locates it.
struct OutsideReach : std::runtime_error {
  OutsideReach(const std::string& what, smt::SourceLocation where)
      : std::runtime_error(what), where(where) {}
  smt::SourceLocation where;
};

struct Statement {
  std::vector<std::string> variables;         // free, universally quantified, in this order
  std::vector<smt::ExprPtr> hypotheses;       // definition calls kept
  smt::ExprPtr conclusion;                    // null when the existentials are the goal
  std::vector<smt::Existential> existentials;  // further disjuncts of the goal
  const smt::Definitions* definitions = nullptr;
  Digits digits = Digits::Binary;
  // Boolean predicates given as automata instead of definitions (a learned automaton of
  // `discover`): a call NAME(a1..am) reads its arguments on the automaton's tracks 0..m-1.
  std::map<std::string, Dfa> external;
};

struct CompiledStatement {
  std::vector<Track> free;  // the track of each free variable: 0, 1, ...
  Dfa premise, goal;        // over free tracks
};

// Throws OutsideReach, TooLarge, smt::Interrupted.
CompiledStatement compile_statement(const Statement& s);

}  // namespace nimcert::automata
