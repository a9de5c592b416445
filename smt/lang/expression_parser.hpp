// The expression grammar of the proof language, over a token stream, with the helpers the
// declaration grammar (parser.cpp) builds on.
//
// Precedence, loosest first (docs/proof-language.md): <->, ->, ||, &&, !, comparisons,
// |, ^, &, << >>, + -, * / %.  Unlike C, the bitwise operators bind tighter than the
// comparisons, so `a & b == 0` means `(a & b) == 0`.  Comparisons do not chain and <-> does
// not associate: `a < b < c` and `a <-> b <-> c` are errors, not surprises.
//
// Nesting is bounded (kMaxNesting brackets, conditionals, calls and prefix operators inside
// one another, and kMaxExpressionDepth for the tree, long chains of one operator included), so
// that no input, however built, can exhaust the stack of this parser or of any later walker.
// Common slips get a hint: `=` for `==`, `and`/`or`/`not` for `&&`/`||`/`!`.
//
// Two shorthands are read into what every engine already translates: `E in {c1, ..., ck}` is
// `E == c1 || ... || E == ck`, and the value list `[v0, ..., vk-1][E]` is v_(E mod k), written
// out as a chain of `if`s on E % k.
#pragma once

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "lang/lexer.hpp"
#include "lang/proof_file.hpp"

namespace nimcert::smt {

inline constexpr unsigned kMaxNesting = 256;
// The most constants in a set `{...}` or a value list `[...]`.
inline constexpr std::size_t kMaxListed = 4096;

class ExpressionParser {
 public:
  ExpressionParser(const std::string& text, const std::string& path);

  // One expression over `variables`, and nothing after it.
  ExprPtr run_expression(const std::vector<std::string>& variables, const Definitions& defs);

 protected:
  // --- tokens ---
  const Token& peek() const { return tokens_[pos_]; }
  // The token `ahead` places after the next one (the last, End, when there are fewer).
  const Token& peek(std::size_t ahead) const {
    return tokens_[std::min(pos_ + ahead, tokens_.size() - 1)];
  }
  const Token& next() { return tokens_[pos_ < tokens_.size() - 1 ? pos_++ : pos_]; }
  bool at_end() const { return peek().kind == Tok::End; }
  bool is_word(const char* w) const { return peek().kind == Tok::Ident && peek().text == w; }
  bool is_punct(const char* p) const { return peek().kind == Tok::Punct && peek().text == p; }
  [[noreturn]] void fail(SourceLocation w, const std::string& what) const { lexer_.fail(w, what); }
  void expect_punct(const char* p);
  void expect_word(const char* w);
  Token expect_number(const std::string& what);
  // A number in [low, high], or an error naming the range.
  std::uint64_t expect_number_in(const std::string& what, std::uint64_t low, std::uint64_t high);
  Token expect_string(const std::string& what);
  // A name for a variable, parameter or definition: not a keyword, not an SMT-LIB word.
  Token expect_name(const std::string& what);

  // --- expressions, over scope_ and definitions_ ---
  ExprPtr parse_expr();
  // An expression without comparisons or connectives (the operands of `a <= p < b`).
  ExprPtr parse_term();
  // Constants between `open` and `close`, comma-separated (a set, a value list); `what` names
  // it in errors.
  std::vector<std::uint64_t> parse_constants(const char* open, const char* close,
                                             const std::string& what);

  std::string path_;
  std::set<std::string> scope_;
  const Definitions* definitions_ = nullptr;

 private:
  ExprPtr parse_level(std::size_t level);
  ExprPtr parse_primary();
  ExprPtr parse_call(const Token& name);
  ExprPtr parse_membership(const ExprPtr& element);
  ExprPtr parse_value_list();
  // Enters one level of nesting at w; refuses the level past kMaxNesting.
  void enter(SourceLocation w);
  ExprPtr located(ExprPtr e, SourceLocation w) const;

  Lexer lexer_;
  std::vector<Token> tokens_;
  std::size_t pos_ = 0;
  unsigned nesting_ = 0;
};

}  // namespace nimcert::smt
