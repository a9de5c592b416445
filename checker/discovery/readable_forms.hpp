// Readable forms of a Grundy function on k heaps, for reading a learned automaton back as a
// formula a paper can print (issue 40, item 4): the nim-sum x1 ^ ... ^ xk, and the sum of
// counters modulo m, (x1 % m) ^ ... ^ (xk % m) for m = 2..16 (the subtraction games
// S = {1, ..., m - 1} and the like).  A form is a guess until it is proved: discover tries the
// forms that fit the whole table, in this order, and asks MONA that the proved automaton equals
// the form at every position (checks/automaton_proof.hpp, the `--equals` obligation); only a
// proved form is written.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "discovery/formula_search.hpp"
#include "lang/ast.hpp"

namespace nimcert {

struct ReadableForm {
  std::string text;     // "(x1 % 3) ^ (x2 % 3)"
  smt::ExprPtr expr;    // the same, over the variables x1..xk
  std::uint64_t modulus = 0;  // 0: the nim-sum itself
  std::uint64_t value(const std::vector<std::uint64_t>& heaps) const;
};

// The forms, simplest first.
std::vector<ReadableForm> readable_forms(std::size_t heaps);

// Whether the form gives the table's value at every position of the table.
bool fits_table(const ReadableForm& form, const FittingTable& table);

}  // namespace nimcert
