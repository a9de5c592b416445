// An LRAT checker: a second, simpler program over what the DRAT checker wrote.
//
// LRAT (Cruz-Filipe, Heule, Hunt, Kaufmann and Schneider-Kamp, "Efficient Certified RAT
// Verification", CADE 2017) names, for every lemma, the clauses that make it follow: line
// "id l1 ... 0 h1 ... 0" adds clause `id` when, with every li false, the hint clauses h1, ...
// taken in order are each unit (their one literal left is then set) until one is false
// everywhere.  A negative hint -d starts the RAT case on the lemma's first literal p: every
// clause d holding -p that the negation of the lemma does not already satisfy must be named,
// each followed by the hints that refute the lemma joined with d without -p.  Lines
// "id d c1 c2 ... 0" delete.  No search, no watches: each hint is one pass over one clause.
// The proof holds when it adds the empty clause.  Ids must increase and never reuse one.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "sat/cnf.hpp"

namespace nimcert::smt {

struct LratCheck {
  bool verified = false;
  std::string reason;  // why not, with the line, when not verified
  std::uint64_t lemmas = 0;
};

// Throws std::invalid_argument on malformed LRAT text.
LratCheck check_lrat(const Cnf& cnf, std::string_view lrat);

}  // namespace nimcert::smt
