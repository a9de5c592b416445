// The expression grammar (see expression_parser.hpp).
#include "lang/expression_parser.hpp"

#include <fmt/format.h>

#include "lang/reserved.hpp"
#include "sys/nearest.hpp"

namespace nimcert::smt {

namespace {

// Binary operators by precedence level, loosest first; Not sits between && and comparisons.
struct Level {
  std::vector<std::pair<std::string, Op>> ops;
  enum { Left, Right, None } associativity;
};
const std::vector<Level> kLevels = {
    {{{"<->", Op::Iff}}, Level::None},
    {{{"->", Op::Implies}}, Level::Right},
    {{{"||", Op::Or}}, Level::Left},
    {{{"&&", Op::And}}, Level::Left},
    {{{"==", Op::Eq}, {"!=", Op::Ne}, {"<", Op::Lt}, {"<=", Op::Le}, {">", Op::Gt}, {">=", Op::Ge}},
     Level::None},
    {{{"|", Op::BitOr}}, Level::Left},
    {{{"^", Op::BitXor}}, Level::Left},
    {{{"&", Op::BitAnd}}, Level::Left},
    {{{"<<", Op::Shl}, {">>", Op::Shr}}, Level::Left},
    {{{"+", Op::Add}, {"-", Op::Sub}}, Level::Left},
    {{{"*", Op::Mul}, {"/", Op::Div}, {"%", Op::Mod}}, Level::Left},
};
constexpr std::size_t kNotLevel = 4;  // `!` binds looser than comparisons: !a == b is !(a == b)

const Op* match(const Level& L, const Token& t) {
  if (t.kind != Tok::Punct) return nullptr;
  for (const auto& [text, op] : L.ops)
    if (t.text == text) return &op;
  return nullptr;
}

// The proof language's spelling of a word other languages use for a connective.
const char* connective_for(const std::string& word) {
  if (word == "and") return "&&";
  if (word == "or") return "||";
  if (word == "not") return "!";
  return nullptr;
}

}  // namespace

ExpressionParser::ExpressionParser(const std::string& text, const std::string& path)
    : path_(path), lexer_(text, path_) {
  tokens_ = lexer_.run();
}

ExprPtr ExpressionParser::run_expression(const std::vector<std::string>& variables,
                                         const Definitions& defs) {
  scope_ = std::set<std::string>(variables.begin(), variables.end());
  definitions_ = &defs;
  ExprPtr e = parse_expr();
  if (!at_end()) fail(peek().where, "the end of the expression");
  return e;
}

void ExpressionParser::expect_punct(const char* p) {
  if (!is_punct(p)) fail(peek().where, fmt::format("'{}'", p));
  next();
}

void ExpressionParser::expect_word(const char* w) {
  if (!is_word(w)) fail(peek().where, fmt::format("'{}'", w));
  next();
}

Token ExpressionParser::expect_number(const std::string& what) {
  if (peek().kind != Tok::Number) fail(peek().where, what);
  return next();
}

std::uint64_t ExpressionParser::expect_number_in(const std::string& what, std::uint64_t low,
                                                 std::uint64_t high) {
  const Token t = expect_number(fmt::format("{}, a number from {} to {}", what, low, high));
  if (t.number < low || t.number > high)
    fail(t.where, fmt::format("{} from {} to {}, not {}", what, low, high, t.number));
  return t.number;
}

Token ExpressionParser::expect_string(const std::string& what) {
  if (peek().kind != Tok::String) fail(peek().where, what + " in double quotes");
  return next();
}

Token ExpressionParser::expect_name(const std::string& what) {
  if (peek().kind != Tok::Ident || kKeywords.count(peek().text)) fail(peek().where, what);
  if (is_builtin(peek().text))
    fail(peek().where, fmt::format("{}: '{}' is a built-in function", what, peek().text));
  if (is_smt_reserved(peek().text))
    fail(peek().where, fmt::format("{}: '{}' is an SMT-LIB reserved word or theory symbol, "
                                   "which the exported queries could not declare",
                                   what, peek().text));
  return next();
}

void ExpressionParser::enter(SourceLocation w) {
  if (++nesting_ > kMaxNesting)
    fail(w, fmt::format("at most {} expressions nested inside one another", kMaxNesting));
}

ExprPtr ExpressionParser::located(ExprPtr e, SourceLocation w) const {
  auto copy = std::make_shared<Expr>(*e);
  copy->where = w;
  if (copy->depth > kMaxExpressionDepth)
    fail(w, fmt::format("an expression at most {} operators deep", kMaxExpressionDepth));
  return copy;
}

ExprPtr ExpressionParser::parse_term() {
  enter(peek().where);
  ExprPtr e = parse_level(kNotLevel + 1);
  --nesting_;
  return e;
}

ExprPtr ExpressionParser::parse_expr() {
  enter(peek().where);
  ExprPtr e = parse_level(0);
  --nesting_;
  return e;
}

ExprPtr ExpressionParser::parse_level(std::size_t level) {
  if (level == kLevels.size()) return parse_primary();
  if (level == kNotLevel && is_punct("!")) {
    const SourceLocation w = next().where;
    enter(w);
    ExprPtr operand = parse_level(level);
    --nesting_;
    return located(make_node(Op::Not, {operand}), w);
  }
  ExprPtr left = parse_level(level + 1);
  const Level& L = kLevels[level];
  for (;;) {
    const Op* op = match(L, peek());
    if (!op) {
      if (level == 0 && is_punct("="))
        fail(peek().where, "an operator: '=' is not one (compare with '==')");
      if (level == 0 && peek().kind == Tok::Ident && connective_for(peek().text))
        fail(peek().where, fmt::format("an operator: write '{}' for '{}'",
                                       connective_for(peek().text), peek().text));
      return left;
    }
    const SourceLocation w = next().where;
    if (L.associativity == Level::Right) {
      enter(w);
      ExprPtr right = parse_level(level);
      --nesting_;
      return located(make_node(*op, {left, right}), w);
    }
    ExprPtr right = parse_level(level + 1);
    left = located(make_node(*op, {left, right}), w);
    if (L.associativity == Level::None && match(L, peek()))
      fail(peek().where, fmt::format("parentheses: '{}' does not chain", peek().text));
  }
}

ExprPtr ExpressionParser::parse_primary() {
  const Token& t = peek();
  if (t.kind == Tok::Number) return located(make_const(next().number), t.where);
  if (is_punct("(")) {
    next();
    ExprPtr e = parse_expr();
    expect_punct(")");
    return e;
  }
  if (is_word("true") || is_word("false")) {
    const bool v = next().text == "true";
    return located(make_node(Op::Eq, {make_const(0), make_const(v ? 0 : 1)}), t.where);
  }
  if (is_word("if")) {
    const SourceLocation w = next().where;
    ExprPtr c = parse_expr();
    expect_word("then");
    ExprPtr a = parse_expr();
    expect_word("else");
    ExprPtr b = parse_expr();
    return located(make_node(Op::Ite, {c, a, b}), w);
  }
  if (t.kind == Tok::Ident && connective_for(t.text) && !scope_.count(t.text))
    fail(t.where,
         fmt::format("an expression: write '{}' for '{}'", connective_for(t.text), t.text));
  if (t.kind == Tok::Ident && is_builtin(t.text)) {
    const Token name = next();
    expect_punct("(");
    ExprPtr a = parse_expr();
    expect_punct(")");
    return located(make_node(builtin_op(name.text), {a}), name.where);
  }
  if (t.kind == Tok::Ident && !kKeywords.count(t.text)) {
    const Token name = next();
    if (is_punct("(")) return parse_call(name);
    if (!scope_.count(name.text)) {
      const std::vector<std::string> names(scope_.begin(), scope_.end());
      fail(name.where, fmt::format("a variable in scope, not '{}'{}", name.text,
                                   did_you_mean(name.text, names)));
    }
    return located(make_var(name.text), name.where);
  }
  fail(t.where, "an expression");
}

ExprPtr ExpressionParser::parse_call(const Token& name) {
  auto it = definitions_->find(name.text);
  if (it == definitions_->end()) {
    std::vector<std::string> names;
    for (const auto& [n, d] : *definitions_) names.push_back(n);
    fail(name.where,
         fmt::format("a defined function, not '{}'{}", name.text, did_you_mean(name.text, names)));
  }
  next();  // (
  std::vector<ExprPtr> args;
  while (!is_punct(")")) {
    if (at_end()) fail(peek().where, "')' closing the arguments of " + name.text);
    args.push_back(parse_expr());
    if (!is_punct(")")) expect_punct(",");
  }
  next();
  if (args.size() != it->second.parameters.size())
    fail(name.where, fmt::format("{} argument(s) to {}", it->second.parameters.size(), name.text));
  auto e = std::make_shared<Expr>();
  e->op = Op::Call;
  e->name = name.text;
  e->depth = depth_over(args);
  e->args = std::move(args);
  e->where = name.where;
  if (e->depth > kMaxExpressionDepth)
    fail(name.where, fmt::format("an expression at most {} operators deep", kMaxExpressionDepth));
  return e;
}

}  // namespace nimcert::smt
