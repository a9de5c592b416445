// Names the proof language refuses for variables, parameters and definitions: SMT-LIB 2.6's
// reserved words and the symbols of the theories nimcert's queries use (Core, FixedSizeBitVectors).
//
// A variable is declared in the exported benchmark under its own name, so `and`, `ite` or
// `bvadd` would make the file unreadable to cvc5 and a true lemma could only be unknown.
// Refusing them at the parser, with the location, is simpler and safer than quoting.
#pragma once

#include <string>

namespace nimcert::smt {

bool is_smt_reserved(const std::string& name);

}  // namespace nimcert::smt
