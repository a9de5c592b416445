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

}  // namespace nimcert::smt
