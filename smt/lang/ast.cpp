// Building, printing and expanding proof-language expressions (see ast.hpp).
#include "lang/ast.hpp"

#include <algorithm>
#include <stdexcept>
#include <unordered_map>

namespace nimcert::smt {

ExprPtr make_const(std::uint64_t v) {
  auto e = std::make_shared<Expr>();
  e->op = Op::Const;
  e->value = v;
  return e;
}

ExprPtr make_var(std::string name) {
  auto e = std::make_shared<Expr>();
  e->op = Op::Var;
  e->name = std::move(name);
  return e;
}

unsigned depth_over(const std::vector<ExprPtr>& args) {
  unsigned d = 0;
  for (const ExprPtr& a : args) d = std::max(d, a->depth);
  return d + 1;
}

ExprPtr make_node(Op op, std::vector<ExprPtr> args) {
  auto e = std::make_shared<Expr>();
  e->op = op;
  e->depth = depth_over(args);
  e->args = std::move(args);
  return e;
}

ExprPtr make_call(std::string name, std::vector<ExprPtr> args) {
  auto e = std::make_shared<Expr>();
  e->op = Op::Call;
  e->name = std::move(name);
  e->depth = depth_over(args);
  e->args = std::move(args);
  return e;
}

bool is_boolean(Op op) {
  switch (op) {
    case Op::ZeckEven:
    case Op::OstOdd:
    case Op::OstwEven:
    case Op::Eq:
    case Op::Ne:
    case Op::Lt:
    case Op::Le:
    case Op::Gt:
    case Op::Ge:
    case Op::Not:
    case Op::And:
    case Op::Or:
    case Op::Implies:
    case Op::Iff:
      return true;
    default:
      return false;
  }
}

bool yields_boolean(const Expr& e) {
  if (e.op == Op::Ite) return yields_boolean(*e.args[1]) && yields_boolean(*e.args[2]);
  return is_boolean(e.op);
}

const char* spelling(Op op) {
  switch (op) {
    case Op::Add:
      return "+";
    case Op::Sub:
      return "-";
    case Op::Mul:
      return "*";
    case Op::Div:
      return "/";
    case Op::Mod:
      return "%";
    case Op::BitXor:
      return "^";
    case Op::BitAnd:
      return "&";
    case Op::BitOr:
      return "|";
    case Op::Shl:
      return "<<";
    case Op::Shr:
      return ">>";
    case Op::Eq:
      return "==";
    case Op::Ne:
      return "!=";
    case Op::Lt:
      return "<";
    case Op::Le:
      return "<=";
    case Op::Gt:
      return ">";
    case Op::Ge:
      return ">=";
    case Op::Not:
      return "!";
    case Op::And:
      return "&&";
    case Op::Or:
      return "||";
    case Op::Implies:
      return "->";
    case Op::Iff:
      return "<->";
    default:
      return "?";
  }
}

bool is_builtin(const std::string& name) {
  return name == "top_bit" || name == "low_bit" || name == "zeck_shift" || name == "zeck_even" ||
         name == "ost_shift" || name == "ost_odd" || name == "ostw_shift" || name == "ostw_even";
}

Op builtin_op(const std::string& name) {
  if (name == "top_bit") return Op::TopBit;
  if (name == "low_bit") return Op::LowBit;
  if (name == "zeck_shift") return Op::ZeckShift;
  if (name == "zeck_even") return Op::ZeckEven;
  if (name == "ost_shift") return Op::OstShift;
  if (name == "ost_odd") return Op::OstOdd;
  if (name == "ostw_shift") return Op::OstwShift;
  if (name == "ostw_even") return Op::OstwEven;
  throw std::invalid_argument("no built-in " + name);
}

const char* builtin_name(Op op) {
  switch (op) {
    case Op::TopBit:
      return "top_bit";
    case Op::LowBit:
      return "low_bit";
    case Op::ZeckShift:
      return "zeck_shift";
    case Op::ZeckEven:
      return "zeck_even";
    case Op::OstShift:
      return "ost_shift";
    case Op::OstOdd:
      return "ost_odd";
    case Op::OstwShift:
      return "ostw_shift";
    case Op::OstwEven:
      return "ostw_even";
    default:
      throw std::logic_error("builtin_name: not a built-in");
  }
}

std::string to_string(const Expr& e) {
  switch (e.op) {
    case Op::Const:
      return std::to_string(e.value);
    case Op::Var:
      return e.name;
    case Op::Call: {
      std::string s = e.name + "(";
      for (std::size_t i = 0; i < e.args.size(); ++i) s += (i ? ", " : "") + to_string(*e.args[i]);
      return s + ")";
    }
    case Op::Not:
      return "(!" + to_string(*e.args[0]) + ")";
    case Op::Ite:
      return "(if " + to_string(*e.args[0]) + " then " + to_string(*e.args[1]) + " else " +
             to_string(*e.args[2]) + ")";
    case Op::TopBit:
    case Op::LowBit:
    case Op::ZeckShift:
    case Op::ZeckEven:
    case Op::OstShift:
    case Op::OstOdd:
    case Op::OstwShift:
    case Op::OstwEven:
      return std::string(builtin_name(e.op)) + "(" + to_string(*e.args[0]) + ")";
    default:
      return "(" + to_string(*e.args[0]) + " " + spelling(e.op) + " " + to_string(*e.args[1]) + ")";
  }
}

namespace {

class Expander {
 public:
  explicit Expander(const Definitions& d) : definitions_(d) {}

  ExprPtr run(const ExprPtr& e, const std::map<std::string, ExprPtr>& bindings) {
    if (e->op == Op::Const) return e;
    if (e->op == Op::Var) {
      auto it = bindings.find(e->name);
      return it == bindings.end() ? e : it->second;
    }
    std::vector<ExprPtr> args;
    for (const ExprPtr& a : e->args) args.push_back(run(a, bindings));
    if (e->op != Op::Call) {
      auto n = std::make_shared<Expr>(*e);
      n->depth = depth_over(args);
      n->args = std::move(args);
      if (n->depth > kMaxExpressionDepth)
        throw std::invalid_argument(
            "line " + std::to_string(e->where.line) + ":" + std::to_string(e->where.column) +
            ": the expression nests deeper than " + std::to_string(kMaxExpressionDepth) +
            " once its definitions are expanded");
      return n;
    }
    auto it = definitions_.find(e->name);
    if (it == definitions_.end()) throw std::invalid_argument("unknown definition " + e->name);
    const Definition& d = it->second;
    if (d.parameters.size() != args.size())
      throw std::invalid_argument("wrong number of arguments to " + e->name);
    // Memoise calls on identical argument objects, so that repeated calls share one subterm.
    std::string key = e->name;
    for (const ExprPtr& a : args)
      key += ":" + std::to_string(reinterpret_cast<std::uintptr_t>(a.get()));
    if (auto m = memo_.find(key); m != memo_.end()) return m->second.result;
    std::map<std::string, ExprPtr> inner;
    for (std::size_t i = 0; i < args.size(); ++i) inner[d.parameters[i]] = args[i];
    ExprPtr result = run(d.body, inner);
    memo_[key] = {args, result};
    return result;
  }

 private:
  struct Memo {
    std::vector<ExprPtr> keep_alive;  // so that the addresses in the key stay unique
    ExprPtr result;
  };
  const Definitions& definitions_;
  std::unordered_map<std::string, Memo> memo_;
};

}  // namespace

ExprPtr expand(const ExprPtr& e, const Definitions& definitions) {
  Expander x(definitions);
  return x.run(e, {});
}

namespace {

ExprPtr substitute_shared(const ExprPtr& e, const std::map<std::string, ExprPtr>& bindings,
                          std::unordered_map<const Expr*, ExprPtr>& done) {
  if (e->op == Op::Var) {
    auto it = bindings.find(e->name);
    return it == bindings.end() ? e : it->second;
  }
  if (e->args.empty()) return e;
  if (auto it = done.find(e.get()); it != done.end()) return it->second;
  auto n = std::make_shared<Expr>(*e);
  for (ExprPtr& a : n->args) a = substitute_shared(a, bindings, done);
  n->depth = depth_over(n->args);
  if (n->depth > kMaxExpressionDepth)
    throw std::invalid_argument("an expression nests deeper than " +
                                std::to_string(kMaxExpressionDepth) + " after substitution");
  done[e.get()] = n;
  return n;
}

}  // namespace

bool mentions(const Expr& e, const std::string& name) {
  if (e.op == Op::Var) return e.name == name;
  for (const ExprPtr& a : e.args)
    if (mentions(*a, name)) return true;
  return false;
}

ExprPtr substitute(const ExprPtr& e, const std::map<std::string, ExprPtr>& bindings) {
  std::unordered_map<const Expr*, ExprPtr> done;
  return substitute_shared(e, bindings, done);
}

}  // namespace nimcert::smt
