// The WS1S backend: a statement of the proof language as a MONA program, decided for all
// naturals at once.
//
// Weak monadic second-order logic of one successor decides Büchi arithmetic: a natural is the
// finite set of the positions of its one-bits, + is a carry relation, < compares at the highest
// differing bit, bitwise and/or/xor are set operations, a shift by a constant moves positions,
// a product, quotient or remainder by a constant is a chain of shifted sums, and quantifiers
// over naturals are set quantifiers.  Every natural-valued subterm becomes a set variable
// defined by a formula and quantified where it is used; booleans are formulas (and 0 or 1 as
// numbers); a definition of the proof file becomes a MONA predicate with its value as one more
// parameter, so a definition used many times is built once.  A term outside the fragment (a
// shift by a computed amount, a product of two unbounded terms, a division by a term) is
// refused with its location: the statement is then "not in the unbounded fragment", and its
// bounded checks run as before.
//
// This translation shares the AST and nothing else with the SMT one (solve/z3_backend.cpp);
// its counterexamples are re-checked by the exact evaluator (eval/exact_evaluator.hpp).
#pragma once

#include <cstdint>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "lang/ast.hpp"
#include "lang/numeration.hpp"

namespace nimcert::smt {

// A term WS1S cannot express; what() names it, `where` locates it.
class OutsideFragment : public std::runtime_error {
 public:
  OutsideFragment(const std::string& what, SourceLocation where)
      : std::runtime_error(what), where(where) {}
  SourceLocation where;
};

// How a natural is a set of positions (lang/numeration.hpp): its binary digits (the default,
// Büchi arithmetic), its Fibonacci (Zeckendorf) digits, place i for F(i + 2), no two neighbours
// (sys/fibonacci.hpp), or its Ostrowski digits for sqrt 2, place i for U_i = 1, 2, 5, 12, ...,
// each digit 0, 1 or 2 in two positions, 2i (a 1) and 2i + 1 (a 2) (sys/ostrowski.hpp).
// Outside binary, + is the numeration's adder automaton (Walnut's msd_fib adder; the Ostrowski
// adder generated in ws1s/ostrowski_numeration.hpp), run from the top place down; < is the
// comparison at the highest differing position, as in binary; a product, quotient or remainder
// by a constant is a chain of sums; zeck_shift and zeck_even (Fibonacci), ost_shift and ost_odd
// (Ostrowski) move every place up one and read the parity of the lowest place; bitwise
// operations and shifts are outside the fragment there.  Every set that stands for a natural is
// held to the numeration's form, so that it stands for exactly one.
struct MonaQuery {
  std::vector<std::string> variables;  // the free variables, the proof language's names
  std::string text;                    // the MONA program: valid iff the statement holds
  Numeration numeration = Numeration::Binary;  // how a counterexample's sets are read
};

// The largest integer the translation writes into a MONA program (a shift amount, the bound of
// "i < k", the offset of "i + k").  MONA reads its integers as signed 32-bit numbers (2^31 aborts
// it, 2^32 is read as 0), and its automata for "i < k" and "i + k" grow with k: with MONA
// 1.4-18, "i < 4096" takes 9 s and "i + 16" 2 s.  A larger constant is refused as outside the
// fragment at its location, never written (a shift by more would otherwise be misread).
inline constexpr std::uint64_t kMonaLargestInteger = 4096;

// MONA's name for the proof-language variable `name` (its counterexamples print these).
std::string mona_name(const std::string& name);

// "for all naturals `variables`: hypotheses -> conclusion, or one of the existentials (over
// all naturals)".  The expressions keep their definition calls (each becomes a predicate).
// `external` gives boolean predicates as MONA text instead ("pred def_NAME(var2 P_a, ...) =
// ...;", a learned automaton's), called as NAME(...) in the expressions.  Throws
// OutsideFragment.
MonaQuery make_mona_query(const std::vector<std::string>& variables,
                          const std::vector<ExprPtr>& hypotheses, const ExprPtr& conclusion,
                          const std::vector<Existential>& existentials,
                          const Definitions& definitions, const std::string& source,
                          const std::map<std::string, std::string>& external = {},
                          Numeration numeration = Numeration::Binary);

}  // namespace nimcert::smt
