// SMT-LIB reserved words and theory symbols (see reserved.hpp).
#include "lang/reserved.hpp"

#include <set>

namespace nimcert::smt {

bool is_smt_reserved(const std::string& name) {
  static const std::set<std::string> kReserved = {
      // SMT-LIB 2.6 reserved words and commands
      "_", "!", "as", "BINARY", "DECIMAL", "exists", "forall", "HEXADECIMAL", "let", "match",
      "NUMERAL", "par", "STRING", "assert", "check-sat", "declare-const", "declare-fun",
      "define-fun", "exit", "get-model", "get-value", "pop", "push", "reset", "set-info",
      "set-logic", "set-option",
      // Core
      "Bool", "true", "false", "not", "and", "or", "xor", "distinct", "ite",
      // FixedSizeBitVectors and the QF_BV logic's extensions
      "BitVec", "concat", "extract", "repeat", "zero_extend", "sign_extend", "rotate_left",
      "rotate_right", "bvnot", "bvand", "bvor", "bvxor", "bvnand", "bvnor", "bvxnor", "bvcomp",
      "bvneg", "bvadd", "bvsub", "bvmul", "bvudiv", "bvurem", "bvsdiv", "bvsrem", "bvsmod", "bvshl",
      "bvlshr", "bvashr", "bvult", "bvule", "bvugt", "bvuge", "bvslt", "bvsle", "bvsgt", "bvsge"};
  return kReserved.count(name) > 0;
}

}  // namespace nimcert::smt
