// The proof language's lexer (see lexer.hpp).
#include "lang/lexer.hpp"

#include <fmt/format.h>

#include <cctype>
#include <string_view>

#include "lang/proof_file.hpp"

namespace nimcert::smt {

const std::set<std::string> kKeywords = {
    "game",      "cube", "def",      "claim", "lemma", "vars",  "assume",  "prove",     "widths",
    "enumerate", "end",  "if",       "then",  "else",  "true",  "false",   "induction", "witness",
    "box",       "size", "sequence", "rule",  "last",  "check", "timeout", "case"};

std::vector<Token> Lexer::run() {
  std::vector<Token> out;
  for (;;) {
    skip_space();
    Token t;
    t.where = {line_, column_};
    if (pos_ >= text_.size()) {
      t.kind = Tok::End;
      out.push_back(t);
      return out;
    }
    const char c = text_[pos_];
    if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') {
      t.kind = Tok::Ident;
      while (pos_ < text_.size() &&
             (std::isalnum(static_cast<unsigned char>(text_[pos_])) || text_[pos_] == '_'))
        t.text += advance();
    } else if (std::isdigit(static_cast<unsigned char>(c))) {
      t.kind = Tok::Number;
      while (pos_ < text_.size() && std::isdigit(static_cast<unsigned char>(text_[pos_]))) {
        const unsigned d = advance() - '0';
        if (t.number > (UINT64_MAX - d) / 10) fail(t.where, "a number below 2^64");
        t.number = t.number * 10 + d;
        t.text += static_cast<char>('0' + d);
      }
    } else if (c == '"') {
      t.kind = Tok::String;
      advance();
      while (pos_ < text_.size() && text_[pos_] != '"' && text_[pos_] != '\n') t.text += advance();
      if (pos_ >= text_.size() || text_[pos_] != '"')
        fail(t.where, "a closing \" on the same line");
      advance();
    } else {
      t.kind = Tok::Punct;
      static const char* const kPuncts[] = {"<->", "<<", ">>", "==", "!=", "<=", ">=", "&&", "||",
                                            "->",  "..", "(",  ")",  ",",  "=",  ":",  "+",  "-",
                                            "*",   "/",  "%",  "^",  "&",  "|",  "<",  ">",  "!",
                                            "{",   "}",  "[",  "]"};
      const std::string_view rest = std::string_view(text_).substr(pos_);
      for (const char* p : kPuncts) {
        const std::string_view punct(p);
        if (rest.substr(0, punct.size()) == punct) {
          t.text = punct;
          for (std::size_t i = 0; i < punct.size(); ++i) advance();
          break;
        }
      }
      if (t.text.empty()) fail(t.where, what_instead(c, out));
    }
    out.push_back(t);
  }
}

// What the language offers where a newcomer wrote a character it has no use for.
std::string Lexer::what_instead(char c, const std::vector<Token>& before) const {
  const bool after_number = !before.empty() && before.back().kind == Tok::Number;
  if (c == '.' && after_number)
    return "a token, not '.': numbers are naturals, and an octal code is a quoted string "
           "(game NAME octal \"0.137\")";
  if (c == ';') return "a token, not ';': statements end with their line or with 'end'";
  return fmt::format("a token, not '{}'", c);
}

void Lexer::fail(SourceLocation w, const std::string& what) const {
  throw ParseError(fmt::format("{}:{}:{}: expected {}", path_, w.line, w.column, what));
}

char Lexer::advance() {
  const char c = text_[pos_++];
  if (c == '\n') {
    ++line_;
    column_ = 1;
  } else {
    ++column_;
  }
  return c;
}
void Lexer::skip_space() {
  while (pos_ < text_.size()) {
    if (text_[pos_] == '#') {
      while (pos_ < text_.size() && text_[pos_] != '\n') advance();
    } else if (std::isspace(static_cast<unsigned char>(text_[pos_]))) {
      advance();
    } else {
      break;
    }
  }
}

}  // namespace nimcert::smt
