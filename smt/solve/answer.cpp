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

std::string logic_of(const std::string& smt2) {
  static const std::string command = "(set-logic ";
  const std::size_t at = smt2.find(command);
  if (at == std::string::npos) return "";
  const std::size_t from = at + command.size();
  return smt2.substr(from, smt2.find(')', from) - from);
}

}  // namespace nimcert::smt
