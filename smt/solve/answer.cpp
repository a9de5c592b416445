// The names of solver answers (see answer.hpp).
#include "solve/answer.hpp"

namespace nimcert::smt {

const char* answer_name(Answer a) {
  switch (a) {
    case Answer::Unsat:
      return "unsat";
    case Answer::Sat:
      return "sat";
    default:
      return "unknown";
  }
}

std::string joined_note(const std::string& note, const std::string& cvc5_note) {
  if (note.empty() || cvc5_note.empty()) return note + cvc5_note;
  return note + "; " + cvc5_note;
}

}  // namespace nimcert::smt
