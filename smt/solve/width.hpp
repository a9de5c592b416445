// Width analysis: how many bits each subterm needs when every variable is below 2^w.
//
// The Z3 translation gives every subterm a bit-vector of exactly this width, so that no
// intermediate result can wrap around: a sum gets one bit more than its wider operand, a
// product the sum of the widths, a left shift the width of its operand plus the largest
// possible shift.  Comparisons and connectives are booleans (width 1 as numbers).
#pragma once

#include <cstdint>
#include <unordered_map>

#include "lang/ast.hpp"

namespace nimcert::smt {

inline constexpr unsigned kMaxTermWidth = 1u << 16;

// Bits needed by the value of an expanded expression; throws std::invalid_argument naming the
// subterm when a width would exceed kMaxTermWidth (a shift by a variable amount, usually).
unsigned value_width(const Expr& e, unsigned variable_width);

// The same, remembering every subterm's width: for translating a whole expression, where
// shared subterms must not be analysed again and again.
class WidthAnalysis {
 public:
  explicit WidthAnalysis(unsigned variable_width) : variable_width_(variable_width) {}
  unsigned operator()(const Expr& e);

 private:
  unsigned width_of_number(const Expr& e);
  unsigned variable_width_;
  std::unordered_map<const Expr*, unsigned> memo_;
};

// Bits needed to write v (at least 1).
unsigned bit_width_of(std::uint64_t v);

}  // namespace nimcert::smt
