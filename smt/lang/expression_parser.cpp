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
  // `E in {c1, c2, ...}` sits with the comparisons (it is one, to each constant in turn).
  if (level == kNotLevel && is_word("in") && peek(1).kind == Tok::Punct && peek(1).text == "{")
    return parse_membership(left);
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
  if (is_punct("[")) return parse_value_list();
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

// A comma-separated list of constants between `open` and `close` (at least one, at most
// kMaxListed), for a set or a value list; `what` names it in errors.
std::vector<std::uint64_t> ExpressionParser::parse_constants(const char* open, const char* close,
                                                             const std::string& what) {
  expect_punct(open);
  std::vector<std::uint64_t> out;
  while (!is_punct(close)) {
    if (out.size() == kMaxListed)
      fail(peek().where, fmt::format("at most {} values in {}", kMaxListed, what));
    out.push_back(expect_number(fmt::format("a number in {} (constants only)", what)).number);
    if (!is_punct(close)) expect_punct(",");
  }
  if (out.empty()) fail(peek().where, fmt::format("at least one value in {}", what));
  next();
  return out;
}

namespace {

// Lists longer than this are read as balanced trees (depth about log2 k) rather than chains
// (depth k), so that a set or value list of kMaxListed constants stays far below
// kMaxExpressionDepth; shorter ones keep the chain a reader expects.
constexpr std::size_t kLongestChain = 64;

// The disjunction of `parts`, a chain left to right or, when long, balanced.
ExprPtr any_of(const std::vector<ExprPtr>& parts, std::size_t from, std::size_t to) {
  if (to - from == 1) return parts[from];
  if (to - from > kLongestChain) {
    const std::size_t mid = from + (to - from) / 2;
    return make_node(Op::Or, {any_of(parts, from, mid), any_of(parts, mid, to)});
  }
  ExprPtr any = parts[from];
  for (std::size_t i = from + 1; i < to; ++i) any = make_node(Op::Or, {any, parts[i]});
  return any;
}

// v_at for at in [from, to): a chain of `at == i` or, when long, a binary search on `at < mid`.
ExprPtr pick(const std::vector<std::uint64_t>& values, const ExprPtr& at, std::size_t from,
             std::size_t to) {
  if (to - from == 1) return make_const(values[from]);
  if (to - from > kLongestChain) {
    const std::size_t mid = from + (to - from) / 2;
    return make_node(Op::Ite, {make_node(Op::Lt, {at, make_const(mid)}),
                               pick(values, at, from, mid), pick(values, at, mid, to)});
  }
  ExprPtr chain = make_const(values[to - 1]);
  for (std::size_t i = to - 1; i-- > from;)
    chain = make_node(Op::Ite, {make_node(Op::Eq, {at, make_const(i)}), make_const(values[i]),
                                chain});
  return chain;
}

}  // namespace

// `E in {c1, ..., ck}`: read as `E == c1 || ... || E == ck` (balanced past kLongestChain
// constants), so that every engine (the evaluator, Z3, MONA) reads what it already translates,
// and the certificate prints that.
ExprPtr ExpressionParser::parse_membership(const ExprPtr& element) {
  const SourceLocation w = next().where;  // in
  const std::vector<std::uint64_t> set = parse_constants("{", "}", "a set {c1, c2, ...}");
  std::vector<ExprPtr> parts;
  for (std::uint64_t c : set) parts.push_back(make_node(Op::Eq, {element, make_const(c)}));
  return located(any_of(parts, 0, parts.size()), w);
}

// `[v0, v1, ..., vk-1][E]`: the list read cyclically, v_(E mod k), read as the chain
// `if E % k == 0 then v0 else if E % k == 1 then v1 ... else vk-1` (past kLongestChain values, a
// binary search on E % k < mid): a period's table written as a list, in what every engine
// already translates.
ExprPtr ExpressionParser::parse_value_list() {
  const SourceLocation w = peek().where;
  const std::vector<std::uint64_t> values =
      parse_constants("[", "]", "a value list [v0, v1, ...]");
  if (!is_punct("["))
    fail(peek().where, "'[' and the index after a value list: [v0, v1, ...][E], v_(E mod k)");
  next();
  const ExprPtr index = parse_expr();
  expect_punct("]");
  const ExprPtr k = make_const(values.size());
  const ExprPtr at = values.size() == 1 ? make_const(0) : make_node(Op::Mod, {index, k});
  return located(pick(values, at, 0, values.size()), w);
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
