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

#include "lang/ast.hpp"

namespace nimcert::smt {

enum class Numeration { Binary, Fibonacci, OstrowskiSqrt2, OstrowskiTwoWythoff };

// "binary", "fibonacci", "ostrowski sqrt2", "ostrowski 1/(2+sqrt2)": the proof language's
// spelling.
inline const char* numeration_name(Numeration n) {
  switch (n) {
    case Numeration::Fibonacci:
      return "fibonacci";
    case Numeration::OstrowskiSqrt2:
      return "ostrowski sqrt2";
    case Numeration::OstrowskiTwoWythoff:
      return "ostrowski 1/(2+sqrt2)";
    case Numeration::Binary:
      break;
  }
  return "binary";
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

// The built-ins of a numeration, for messages ("zeck_shift and zeck_even").
inline const char* builtins_of(Numeration n) {
  switch (n) {
    case Numeration::Fibonacci:
      return "zeck_shift and zeck_even";
    case Numeration::OstrowskiSqrt2:
      return "ost_shift and ost_odd";
    case Numeration::OstrowskiTwoWythoff:
      return "ostw_shift and ostw_even";
    case Numeration::Binary:
      break;
  }
  return "top_bit and low_bit";
}

}  // namespace nimcert::smt
