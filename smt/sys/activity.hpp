// What the run is doing right now, as one short phrase for the terminal's progress line
// ("lemma (13) w64: cvc5", "cube [0,1024]^3: slice 300/1025"), with the time it has taken.
//
// The checks set it as they go; the command line's ticker reads it (only on a terminal) and
// nothing else does: it never affects a result.
#pragma once

#include <string>

namespace nimcert::smt {

// A new step: its phrase, and the clock starts.
void set_activity(const std::string& what);
// A detail of the current step ("z3 and cvc5", then "cvc5"); the step's clock runs on.
void set_activity_detail(const std::string& detail);
// "what: detail (12 s)", or "" when no step was set.
std::string current_activity();
void clear_activity();

}  // namespace nimcert::smt
