// Clauses in conjunctive normal form, as DIMACS writes them: a literal is a nonzero integer,
// variable v true as v and false as -v.  The bit-blaster (smt/blast) builds them, CaDiCaL reads
// them as text, and the DRAT and LRAT checkers (drat_checker.hpp, lrat_checker.hpp) read them
// back; so the text is part of the evidence and its reading is strict: a header
// "p cnf V C", exactly C clauses, every literal in [-V, V] and not 0, each clause ended by 0.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace nimcert::smt {

using Lit = std::int32_t;
using Clause = std::vector<Lit>;

// Variables are at most this many (a literal and its negation fit an int32 with room to spare).
inline constexpr std::int32_t kMaxVariables = (std::int32_t{1} << 30) - 1;

struct Cnf {
  std::int32_t variables = 0;
  std::vector<Clause> clauses;
};

// The DIMACS text: the header, then one clause a line.
std::string dimacs_text(const Cnf& cnf);

// Reads DIMACS text (comment lines "c ..." allowed before the header); throws
// std::invalid_argument with the line number on anything else.
Cnf parse_dimacs(std::string_view text);

// The literals of a proof line or a clause line: integers up to the terminating 0, each in
// [-variables, variables] (variables may grow: DRAT lemmas may name new variables up to
// kMaxVariables).  Throws std::invalid_argument naming `where` on a malformed number.
std::vector<std::int64_t> read_integers(std::string_view line, const char* where,
                                        std::size_t line_number);

}  // namespace nimcert::smt
