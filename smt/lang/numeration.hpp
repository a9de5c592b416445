// How the unbounded routes read a natural as digits: the numeration an induction names
// (`numeration fibonacci`, `numeration ostrowski sqrt2`; binary by default).  The MONA
// translation (ws1s/translation.hpp) and nimcert's own automata (automata/statement_compiler.hpp)
// both read it, and the certificate records it, so it lives with the proof language.
//
//   Binary          place i stands for 2^i (Büchi arithmetic: bitwise operations, shifts)
//   Fibonacci       place i stands for F(i + 2) = 1, 2, 3, 5, ...; no two neighbouring places
//                   (Zeckendorf; sys/fibonacci.hpp), read by zeck_shift and zeck_even
//   OstrowskiSqrt2  place i stands for U_i = 1, 2, 5, 12, 29, ..., digits 0..2, d_0 <= 1, a 2
//                   only above a 0 (Ostrowski for sqrt 2 - 1; sys/ostrowski.hpp), read by
//                   ost_shift and ost_odd
//   OstrowskiTwoWythoff  place i stands for U_i = 1, 3, 7, 17, 41, ..., digits 0..2, d_0 <= 2,
//                   a 2 only above a 0 (Ostrowski for 1 / (2 + sqrt 2)), read by ostw_shift and
//                   ostw_even
#pragma once

#include <vector>

#include "lang/ast.hpp"
#include "sys/ostrowski.hpp"

namespace nimcert::smt {

enum class Numeration { Binary, Fibonacci, OstrowskiSqrt2, OstrowskiTwoWythoff };

// Each numeration's spelling in the proof language ("ostrowski 1/(2+sqrt2)") and its built-ins,
// for messages ("ostw_shift and ostw_even"), in the order of the enum.
struct NumerationText {
  const char* name;
  const char* builtins;
};
inline const NumerationText& numeration_text(Numeration n) {
  static constexpr NumerationText kTexts[] = {
      {"binary", "top_bit and low_bit"},
      {"fibonacci", "zeck_shift and zeck_even"},
      {"ostrowski sqrt2", "ost_shift and ost_odd"},
      {"ostrowski 1/(2+sqrt2)", "ostw_shift and ostw_even"}};
  return kTexts[static_cast<int>(n)];
}
inline const char* numeration_name(Numeration n) { return numeration_text(n).name; }
inline const char* builtins_of(Numeration n) { return numeration_text(n).builtins; }

// The Ostrowski system an Ostrowski numeration reads (sys/ostrowski.hpp); the caller asks only
// for OstrowskiSqrt2 and OstrowskiTwoWythoff.
inline OstrowskiSystem ostrowski_system(Numeration n) {
  return n == Numeration::OstrowskiSqrt2 ? OstrowskiSystem::Sqrt2 : OstrowskiSystem::TwoWythoff;
}
inline bool is_ostrowski(Numeration n) {
  return n == Numeration::OstrowskiSqrt2 || n == Numeration::OstrowskiTwoWythoff;
}

// The numeration a built-in reads (zeck_* Fibonacci, ost_* and ostw_* Ostrowski), Binary for
// the others.
inline Numeration numeration_of_builtin(Op op) {
  switch (op) {
    case Op::ZeckShift:
    case Op::ZeckEven:
      return Numeration::Fibonacci;
    case Op::OstShift:
    case Op::OstOdd:
      return Numeration::OstrowskiSqrt2;
    case Op::OstwShift:
    case Op::OstwEven:
      return Numeration::OstrowskiTwoWythoff;
    default:
      return Numeration::Binary;
  }
}

// The numeration a statement on N^k is decided in: the one its induction names when the
// statement (its `parts`: hypotheses, conclusion, existential bodies; definitions followed)
// reads a built-in of a numeration other than binary, and binary otherwise.  Whether a
// statement about naturals holds does not depend on the digits MONA and the automata read them
// in, and binary's automata for + and < are the smallest: the rank obligations (7) of a game in
// an Ostrowski numeration read no digits, and are decided about three times faster in binary.
// A statement reading another numeration's built-ins keeps `named`, and the translation
// refuses it as before.
Numeration numeration_to_decide(Numeration named, const std::vector<ExprPtr>& parts,
                                const Definitions& definitions);

}  // namespace nimcert::smt
