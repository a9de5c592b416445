// "Did you mean": the candidate nearest to a misspelt word, for error messages.
//
// Both the proof language (keywords, definitions, moves) and the game registry (games and
// their parameters) suggest the nearest known name when a name is unknown; the distance is
// Levenshtein's, and a candidate further than a third of the word's length is no suggestion.
#pragma once

#include <string>
#include <vector>

namespace nimcert::smt {

// The nearest candidate to `word`, or "" when none is near enough.
std::string nearest(const std::string& word, const std::vector<std::string>& candidates);

// " (did you mean 'x'?)" for the nearest candidate, or "".
std::string did_you_mean(const std::string& word, const std::vector<std::string>& candidates);

}  // namespace nimcert::smt
