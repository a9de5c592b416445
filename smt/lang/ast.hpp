// The abstract syntax of the proof language: expressions over natural numbers.
//
// Every value is a natural number; a comparison or logical connective yields a boolean, and a
// boolean used as a number counts as 0 or 1 (so edge counts can be written as sums of
// comparisons), while a number used as a condition means "is not 0".  Definitions are kept as
// calls in the AST so that the certificate prints statements as the author wrote them;
// expand() inlines them before any backend sees the expression.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace nimcert::smt {

enum class Op {
  Const,
  Var,
  Call,  // leaves and definition calls
  Add,
  Sub,
  Mul,
  Div,
  Mod,  // arithmetic; Sub is truncated (a < b gives 0)
  BitXor,
  BitAnd,
  BitOr,
  Shl,
  Shr,  // bitwise
  Eq,
  Ne,
  Lt,
  Le,
  Gt,
  Ge,  // comparisons
  Not,
  And,
  Or,
  Implies,
  Iff,     // logic
  Ite,     // if c then a else b
  TopBit,  // top_bit(a): the largest power of two not above a (0 for 0)
  LowBit,  // low_bit(a): the lowest one-bit of a, 2^v2(a) (0 for 0)
  // Fibonacci numeration (sys/fibonacci.hpp): zeck_shift(a) has a's Zeckendorf digits moved up
  // one place (about a * phi); zeck_even(a) says a > 0 and a's lowest digit is at an even
  // place (a boolean).  MONA decides them under `numeration fibonacci`.
  ZeckShift,
  ZeckEven,
  // Ostrowski numeration for sqrt 2 (sys/ostrowski.hpp): ost_shift(a) has a's digits moved up
  // one place (about a (1 + sqrt 2)); ost_odd(a) says a > 0 and a's lowest nonzero digit is at
  // an odd place (a boolean).  MONA decides them under `numeration ostrowski sqrt2`.
  OstShift,
  OstOdd,
  // Ostrowski numeration for 1 / (2 + sqrt 2) (places 1, 3, 7, 17, ...): ostw_shift(a) has a's
  // digits moved up one place; ostw_even(a) says a > 0 and a's lowest nonzero digit is at an
  // even place.  MONA decides them under `numeration ostrowski 1/(2+sqrt2)`.
  OstwShift,
  OstwEven,
};

// The built-in functions: the bits that WS1S expresses natively and that definitions can only
// reach by ladders right below 2^64 (docs/proof-language.md).  Their names cannot be defined.
bool is_builtin(const std::string& name);
Op builtin_op(const std::string& name);
const char* builtin_name(Op op);

struct SourceLocation {
  int line = 0, column = 0;
};

struct Expr;
using ExprPtr = std::shared_ptr<const Expr>;

struct Expr {
  Op op;
  std::uint64_t value = 0;  // Const
  std::string name;         // Var, Call
  std::vector<ExprPtr> args;
  SourceLocation where;
  unsigned depth = 1;  // of the tree below, this node included
};

// How deep an expression may nest, after definitions are expanded.  Every walker of the AST
// (printing, expansion, the evaluator's compiler, the Z3 translation) recurses along it, so
// a bound keeps every one of them far from the end of the stack; the parser's own bound on
// nested brackets is lower (lang/expression_parser.hpp).
inline constexpr unsigned kMaxExpressionDepth = 4096;

// 1 + the deepest argument: the depth of a node with these arguments.
unsigned depth_over(const std::vector<ExprPtr>& args);

// "exists bound: body", a disjunct of a conclusion that needs a witness the proof does not
// name (the symbolic induction step without hints).  The SMT translation bounds it below 2^w;
// the WS1S one quantifies over all naturals.
struct Existential {
  std::vector<std::string> bound;
  ExprPtr body;
};

ExprPtr make_const(std::uint64_t v);
ExprPtr make_var(std::string name);
ExprPtr make_node(Op op, std::vector<ExprPtr> args);
// A call of the definition (or, for MONA, the external predicate) `name`.
ExprPtr make_call(std::string name, std::vector<ExprPtr> args);

// True for the operators whose result is a boolean.
bool is_boolean(Op op);
// Whether an expression yields a boolean (an Ite yields one when both branches do).
bool yields_boolean(const Expr& e);

// The operator's spelling in the proof language.
const char* spelling(Op op);

// Fully parenthesised canonical text: what was really checked.
std::string to_string(const Expr& e);

struct Definition {
  std::string name;
  std::vector<std::string> parameters;
  ExprPtr body;
  SourceLocation where;
};

using Definitions = std::map<std::string, Definition>;

// The expression with every call replaced by the definition's body (parameters substituted).
// Shared subterms stay shared.  Throws std::invalid_argument for an unknown definition or a
// wrong number of arguments (the parser already rejects both; this is a second guard), and
// for a result nested deeper than kMaxExpressionDepth (naming the call's line and column).
ExprPtr expand(const ExprPtr& e, const Definitions& definitions);

// Whether the variable `name` occurs in e.
bool mentions(const Expr& e, const std::string& name);

// e with each variable named in `bindings` replaced by its expression; shared subterms stay
// shared (F at a follower Y is F with x_i replaced by Y's heaps).
ExprPtr substitute(const ExprPtr& e, const std::map<std::string, ExprPtr>& bindings);

}  // namespace nimcert::smt
