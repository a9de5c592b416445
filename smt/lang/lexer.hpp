// The proof language's lexer: identifiers, numbers below 2^64, strings on one line,
// punctuation, with the line and column of every token for located errors.
//
// Kept apart from the grammar (parser.cpp) so that each stays readable; the keyword list is
// here because both the lexer's callers and the error messages need it.
#pragma once

#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "lang/ast.hpp"

namespace nimcert::smt {

enum class Tok { Ident, Number, String, Punct, End };

struct Token {
  Tok kind;
  std::string text;
  std::uint64_t number = 0;
  SourceLocation where;
};

// The words of the language; none can name a variable or a definition.
extern const std::set<std::string> kKeywords;

class Lexer {
 public:
  Lexer(const std::string& text, const std::string& path) : text_(text), path_(path) {}

  // Every token of the text, ending with one Tok::End; throws ParseError.
  std::vector<Token> run();

  // Throws ParseError "path:line:col: expected what".
  [[noreturn]] void fail(SourceLocation w, const std::string& what) const;
  // The message for a character no token starts with, naming what to write instead.
  std::string what_instead(char c, const std::vector<Token>& before) const;

 private:
  char advance();
  void skip_space();

  const std::string& text_;
  const std::string& path_;
  std::size_t pos_ = 0;
  int line_ = 1, column_ = 1;
};

}  // namespace nimcert::smt
