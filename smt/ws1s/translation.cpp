// The WS1S translation (see translation.hpp).
//
// Three recursive functions do all the work: formula(e) for a boolean e, defines(e, T) for
// "the set T is the value of the number e", and with_value(e, body) which hands body the name
// of e's value, quantifying a fresh set for it unless e is a variable.  Predicates (the
// arithmetic helpers, one per definition, one per constant multiplier) are emitted on first
// use, in dependency order, ahead of the statement.
#include "ws1s/translation.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <functional>
#include <limits>
#include <map>
#include <set>

#include "sys/balanced_fold.hpp"
#include "ws1s/fibonacci_numeration.hpp"
#include "ws1s/ostrowski_numeration.hpp"

namespace nimcert::smt {

namespace {

// Base predicates over naturals as sets of bit positions (least significant first).
const char* kPrelude = R"(# plus(X, Y, Z): Z = X + Y, with the carry set C
pred plus(var2 X, var2 Y, var2 Z) = ex2 C: 0 notin C &
  all1 i: ((i in Z) <=> ((i in X) <=> ((i in Y) <=> (i in C)))) &
          ((i+1 in C) <=> (((i in X) & (i in Y)) | ((i in X) & (i in C)) | ((i in Y) & (i in C))));
# less(X, Y): X < Y, decided at the highest position where they differ
pred less(var2 X, var2 Y) = ex1 i: i in Y & i notin X & (all1 j: j > i => ((j in X) <=> (j in Y)));
pred leq(var2 X, var2 Y) = less(X, Y) | X = Y;
)";

constexpr std::uint64_t kUnbounded = std::numeric_limits<std::uint64_t>::max();

std::string positions_of(std::uint64_t v) {
  if (v == 0) return "empty";
  std::vector<std::string> bits;
  for (unsigned i = 0; i < 64; ++i)
    if ((v >> i) & 1) bits.push_back(std::to_string(i));
  return fmt::format("{{{}}}", fmt::join(bits, ","));
}

bool power_of_two(std::uint64_t v) { return v != 0 && (v & (v - 1)) == 0; }

unsigned log2_of(std::uint64_t v) {
  unsigned k = 0;
  while ((v >> k) != 1) ++k;
  return k;
}

std::uint64_t saturating_add(std::uint64_t a, std::uint64_t b) {
  return a > kUnbounded - b ? kUnbounded : a + b;
}

std::uint64_t saturating_mul(std::uint64_t a, std::uint64_t b) {
  return a != 0 && b > kUnbounded / a ? kUnbounded : a * b;
}

class Translator {
 public:
  Translator(const Definitions& definitions, const std::map<std::string, std::string>& external,
             Numeration numeration)
      : definitions_(definitions), external_(external), numeration_(numeration) {}

  // The statement over the free variables, every predicate it needs before it.
  std::string program(const std::vector<std::string>& variables,
                      const std::vector<ExprPtr>& hypotheses, const ExprPtr& conclusion,
                      const std::vector<Existential>& existentials, const std::string& source) {
    for (const std::string& v : variables) scope_[v] = mona_name(v);
    // Hypotheses "v <= c" bound v inside the conclusion, where they hold: a product with a
    // bounded factor is then a finite case split (e_i e_j of seed 000's (13)-(16)).
    for (const ExprPtr& h : hypotheses) collect_bounds(*h);
    std::vector<std::string> premises;
    if (positional())  // every free variable a natural in the numeration's form
      for (const std::string& v : variables)
        premises.push_back(fmt::format("{}({})", form(), mona_name(v)));
    for (const ExprPtr& h : hypotheses) {
      const auto saved = bounds_;
      bounds_.clear();  // a hypothesis may not lean on another one's bound
      premises.push_back(formula(*h));
      bounds_ = saved;
    }
    std::vector<std::string> goals;
    if (conclusion) goals.push_back(formula(*conclusion));
    for (const Existential& e : existentials) goals.push_back(existential(e));
    // One goal of them must hold: joined by "|" as a balanced tree (sys/balanced_fold.hpp says
    // why).
    const std::string goal =
        goals.empty() ? "false"
                      : balanced_fold(goals, [](const std::string& a, const std::string& b) {
                          return fmt::format("({}\n  | {})", a, b);
                        });
    std::vector<std::string> names;
    for (const std::string& v : variables) names.push_back(mona_name(v));
    std::string comment = source;  // one comment line, whatever the labels hold
    std::replace(comment.begin(), comment.end(), '\n', ' ');
    std::string text = "ws1s;\n# " + comment + "\n" + prelude() + predicates_;
    if (!names.empty()) text += fmt::format("var2 {};\n", fmt::join(names, ", "));  // none: closed
    text += premises.empty() ? fmt::format("{};\n", goal)
                             : fmt::format("({})\n=> ({});\n", fmt::join(premises, "\n & "), goal);
    return text;
  }

 private:
  [[noreturn]] static void outside(const Expr& e, const std::string& why) {
    throw OutsideFragment(fmt::format("{} is not in the unbounded fragment: {}", to_string(e), why),
                          e.where);
  }

  std::string fresh() { return fmt::format("T{}", next_++); }

  // --- the numeration (translation.hpp) ---
  bool fibonacci() const { return numeration_ == Numeration::Fibonacci; }
  bool ostrowski() const { return is_ostrowski(numeration_); }
  OstrowskiSystem system() const { return ostrowski_system(numeration_); }  // ostrowski() only
  bool positional() const { return numeration_ != Numeration::Binary; }  // a sum, not bits
  std::string prelude() const {
    return fibonacci() ? fibonacci_prelude() : ostrowski() ? ostrowski_prelude(system()) : kPrelude;
  }
  const char* form() const { return fibonacci() ? "zf" : "of"; }  // positional only
  const char* plus() const { return fibonacci() ? "fplus" : ostrowski() ? "oplus" : "plus"; }
  std::string constant_set(std::uint64_t v) const {
    return fibonacci()   ? zeckendorf_set(v)
           : ostrowski() ? ostrowski_set(system(), v)
                         : positions_of(v);
  }

  // An operator that reads binary digits, in a statement under another numeration, or a
  // numeration's built-in under another one: outside the fragment.
  [[noreturn]] void wrong_numeration(const Expr& e) const {
    if (const Numeration home = numeration_of_builtin(e.op); home != Numeration::Binary)
      outside(e, fmt::format("{} reads the digits of another numeration: an induction with "
                             "'numeration {}' translates it",
                             builtin_name(e.op), numeration_name(home)));
    outside(e, fmt::format("under the numeration {} only +, -, comparisons, constants, if, "
                           "products and quotients by a constant and {} are translated",
                           numeration_name(numeration_), builtins_of(numeration_)));
  }

  // --- booleans ---
  std::string formula(const Expr& e) {
    auto arg = [&](std::size_t i) -> const Expr& { return *e.args[i]; };
    auto compare = [&](const char* pattern) {
      return with_values(arg(0), arg(1), [&](const std::string& a, const std::string& b) {
        return fmt::format(fmt::runtime(pattern), a, b);
      });
    };
    // (a >> k) == 0 says every one-bit of a is below k: no shifted copy (whose automaton
    // would need 2^k states) is built.
    if (!positional() && (e.op == Op::Eq || e.op == Op::Ne) && below_power_test(e)) {
      const Expr& shift = arg(0).op == Op::Shr ? arg(0) : arg(1);
      const std::string k = integer(shift, shift.args[1]->value);
      const std::string test = with_value(*shift.args[0], [&](const std::string& a) {
        return fmt::format("(all1 i: i in {} => i < {})", a, k);
      });
      return e.op == Op::Eq ? test : "~" + test;
    }
    switch (e.op) {
      case Op::Eq:
        return compare("{} = {}");
      case Op::Ne:
        return compare("{} ~= {}");
      case Op::Lt:
        return compare("less({}, {})");
      case Op::Le:
        return compare("leq({}, {})");
      case Op::Gt:
        return compare("less({1}, {0})");
      case Op::Ge:
        return compare("leq({1}, {0})");
      case Op::Not:
        return "~(" + formula(arg(0)) + ")";
      case Op::And:
        return "(" + formula(arg(0)) + " & " + formula(arg(1)) + ")";
      case Op::Or:
        return "(" + formula(arg(0)) + " | " + formula(arg(1)) + ")";
      case Op::Implies:
        return "(" + formula(arg(0)) + " => " + formula(arg(1)) + ")";
      case Op::Iff:
        return "(" + formula(arg(0)) + " <=> " + formula(arg(1)) + ")";
      case Op::Ite:
        if (yields_boolean(e)) {
          const std::string c = formula(arg(0));
          return fmt::format("(({} & {}) | (~({}) & {}))", c, formula(arg(1)), c, formula(arg(2)));
        }
        break;
      case Op::Call:
        if (boolean_definition(e.name))
          return with_values(e.args, [&](const std::vector<std::string>& args) {
            return fmt::format("{}({})", predicate(e.name), fmt::join(args, ", "));
          });
        break;
      case Op::ZeckEven:
        if (numeration_of_builtin(e.op) != numeration_) wrong_numeration(e);
        return with_value(arg(0), [](const std::string& a) { return "zeven(" + a + ")"; });
      case Op::OstOdd:
      case Op::OstwEven:
        if (numeration_of_builtin(e.op) != numeration_) wrong_numeration(e);
        return with_value(arg(0), [&](const std::string& a) {
          return fmt::format("{}({})", e.op == Op::OstOdd ? "oodd" : "oeven", a);
        });
      default:
        break;
    }
    // A number as a condition: "is not 0".
    return with_value(e, [](const std::string& t) { return t + " ~= empty"; });
  }

  // e is "(a >> k) == 0" or "0 == (a >> k)" (or !=) with a constant k.
  static bool below_power_test(const Expr& e) {
    auto zero = [](const Expr& x) { return x.op == Op::Const && x.value == 0; };
    auto shift = [](const Expr& x) { return x.op == Op::Shr && x.args[1]->op == Op::Const; };
    return (shift(*e.args[0]) && zero(*e.args[1])) || (zero(*e.args[0]) && shift(*e.args[1]));
  }

  std::string existential(const Existential& x) {
    const auto saved = scope_;
    std::vector<std::string> names;
    for (const std::string& b : x.bound) {
      names.push_back("B" + std::to_string(next_++));
      scope_[b] = names.back();
    }
    const std::string body = formula(*x.body);
    scope_ = saved;
    if (positional()) {
      std::vector<std::string> forms;
      for (const std::string& n : names) forms.push_back(fmt::format("{}({}) & ", form(), n));
      return fmt::format("(ex2 {}: {}{})", fmt::join(names, ", "), fmt::join(forms, ""), body);
    }
    return fmt::format("(ex2 {}: {})", fmt::join(names, ", "), body);
  }

  // --- numbers ---
  // "t is the value of e".
  std::string defines(const Expr& e, const std::string& t) {
    auto arg = [&](std::size_t i) -> const Expr& { return *e.args[i]; };
    auto pair = [&](auto f) {
      return with_values(arg(0), arg(1),
                         [&](const std::string& a, const std::string& b) { return f(a, b); });
    };
    if (yields_boolean(e) && e.op != Op::Ite) return number_of(formula(e), t);
    // Outside binary: constants are the numeration's sets, + is its adder, and only +, -, if,
    // calls, products and quotients by a constant (sums) and the numeration's shift are numbers
    // (ws1s/fibonacci_numeration.hpp, ws1s/ostrowski_numeration.hpp).
    const char* plus = this->plus();
    if (positional() && e.op != Op::Const && e.op != Op::Var && e.op != Op::Call &&
        e.op != Op::Add && e.op != Op::Sub && e.op != Op::Ite && e.op != Op::Mul &&
        e.op != Op::Div && e.op != Op::Mod && e.op != Op::ZeckShift && e.op != Op::OstShift &&
        e.op != Op::OstwShift)
      wrong_numeration(e);
    switch (e.op) {
      case Op::Const:
        return fmt::format("{} = {}", t, constant_set(e.value));
      case Op::Var:
        return fmt::format("{} = {}", t, variable(e));
      case Op::Call:
        if (boolean_definition(e.name)) return number_of(formula(e), t);
        return with_values(e.args, [&](const std::vector<std::string>& args) {
          std::vector<std::string> all = args;
          all.push_back(t);
          return fmt::format("{}({})", predicate(e.name), fmt::join(all, ", "));
        });
      case Op::Add:
        return pair([&](auto a, auto b) { return fmt::format("{}({}, {}, {})", plus, a, b, t); });
      case Op::Sub:  // truncated: a - b = 0 when a < b
        return pair([&](auto a, auto b) {
          return fmt::format(
              "((leq({1}, {0}) & {3}({2}, {1}, {0})) | (less({0}, {1}) & {2} = empty))", a, b, t,
              plus);
        });
      case Op::BitXor:
        return pair([&](auto a, auto b) {
          return fmt::format("{} = ({} \\ {}) union ({} \\ {})", t, a, b, b, a);
        });
      case Op::BitAnd:
        return pair([&](auto a, auto b) { return fmt::format("{} = {} inter {}", t, a, b); });
      case Op::BitOr:
        return pair([&](auto a, auto b) { return fmt::format("{} = {} union {}", t, a, b); });
      case Op::Shl:
      case Op::Shr: {
        if (arg(1).op != Op::Const) outside(e, "a shift by a computed amount");
        const std::string k = integer(e, arg(1).value);
        return with_value(arg(0), [&](const std::string& a) {
          if (e.op == Op::Shr) return shifted_right(a, k, t);
          return shifted_left(a, k, t);
        });
      }
      case Op::Mul:
        return product(e, t);
      case Op::Div:
      case Op::Mod:
        return quotient(e, t);
      case Op::Ite: {
        const std::string c = formula(arg(0));
        return fmt::format("(({} & {}) | (~({}) & {}))", c, defines(arg(1), t), c,
                           defines(arg(2), t));
      }
      case Op::TopBit:
        return with_value(arg(0), [&](const std::string& a) {
          return fmt::format("(all1 i: (i in {0}) <=> (i in {1} & (all1 j: j > i => j notin {1})))",
                             t, a);
        });
      case Op::LowBit:
        return with_value(arg(0), [&](const std::string& a) {
          return fmt::format("(all1 i: (i in {0}) <=> (i in {1} & (all1 j: j < i => j notin {1})))",
                             t, a);
        });
      case Op::ZeckShift:  // every place moved up one (place 0 then empty)
        if (numeration_of_builtin(e.op) != numeration_) wrong_numeration(e);
        return with_value(arg(0), [&](const std::string& a) {
          return fmt::format("((all1 i: (i in {0}) <=> (i + 1 in {1})) & 0 notin {1})", a, t);
        });
      case Op::OstShift:  // every digit moved up one place (two positions)
      case Op::OstwShift:
        if (numeration_of_builtin(e.op) != numeration_) wrong_numeration(e);
        return with_value(arg(0), [&](const std::string& a) {
          return fmt::format("oshift({}, {})", a, t);
        });
      default:
        break;
    }
    throw std::logic_error("ws1s: unexpected operator in " + to_string(e));
  }

  static std::string number_of(const std::string& phi, const std::string& t) {
    return fmt::format("(({} & {} = {{0}}) | (~({}) & {} = empty))", phi, t, phi, t);
  }

  // MONA's text of the integer k, which e writes: refused above kMonaLargestInteger, so that
  // no integer MONA would misread or could not decide in time reaches the program.
  static std::string integer(const Expr& e, std::uint64_t k) {
    if (k > kMonaLargestInteger)
      outside(e,
              fmt::format("the constant {} is above {}, the largest integer written for MONA "
                          "(which reads 32-bit integers and builds automata that grow with them)",
                          k, kMonaLargestInteger));
    return std::to_string(k);
  }

  // t = a << k and t = a >> k, k from integer().
  static std::string shifted_left(const std::string& a, const std::string& k,
                                  const std::string& t) {
    if (k == "0") return fmt::format("{} = {}", t, a);
    return fmt::format(
        "((all1 i: (i in {0}) <=> (i + {2} in {1})) & (all1 i: i < {2} => i notin {1}))", a, t, k);
  }
  static std::string shifted_right(const std::string& a, const std::string& k,
                                   const std::string& t) {
    return fmt::format("(all1 i: (i in {}) <=> (i + {} in {}))", t, k, a);
  }

  // "pred NAME(var2 A, var2 T) = ex2 SETS: PARTS;", the predicate of a product by a constant
  // (no quantifier when SETS is empty).
  void emit_product_predicate(const std::string& name, const std::vector<std::string>& sets,
                              const std::vector<std::string>& parts) {
    const std::string quantified =
        sets.empty() ? "" : fmt::format("ex2 {}:\n  ", fmt::join(sets, ", "));
    predicates_ += fmt::format("pred {}(var2 A, var2 T) = {}{};\n", name, quantified,
                               fmt::join(parts, " &\n  "));
  }

  // t = c * a, for a constant c, by the predicate times_c (a sum of shifted copies; outside
  // binary, a chain of sums).
  std::string times(const Expr& e, std::uint64_t c, const std::string& a, const std::string& t) {
    if (c == 0) return fmt::format("{} = empty", t);
    if (positional()) return repeated_sum(e, c, a, t);
    if (power_of_two(c)) return shifted_left(a, integer(e, log2_of(c)), t);
    const std::string name = fmt::format("times_{}", c);
    if (!emitted_.count(name)) {
      emitted_.insert(name);
      std::vector<unsigned> bits;
      for (unsigned i = 0; i < 64; ++i)
        if ((c >> i) & 1) bits.push_back(i);
      // S_j = A << bits[j]; U_1 = S_0 + S_1, U_j = U_{j-1} + S_j, the last U is T.
      std::vector<std::string> sets, parts;
      for (std::size_t j = 0; j < bits.size(); ++j) {
        sets.push_back(fmt::format("S{}", j));
        parts.push_back(shifted_left("A", integer(e, bits[j]), sets.back()));
      }
      std::string sum = sets[0];
      for (std::size_t j = 1; j < bits.size(); ++j) {
        const std::string next = j + 1 == bits.size() ? "T" : fmt::format("U{}", j);
        if (next != "T") sets.push_back(next);
        parts.push_back(fmt::format("plus({}, {}, {})", sum, fmt::format("S{}", j), next));
        sum = next;
      }
      emit_product_predicate(name, sets, parts);
    }
    return fmt::format("{}({}, {})", name, a, t);
  }

  // t = c * a outside binary: the predicate PLUS_times_c doubles and adds along c's binary
  // digits from the top (2a = a + a), every partial sum in the numeration's form.
  std::string repeated_sum(const Expr& e, std::uint64_t c, const std::string& a,
                           const std::string& t) {
    if (c == 1) return fmt::format("{} = {}", t, a);
    integer(e, c);  // a chain as long as c's binary digits, for c up to kMonaLargestInteger
    const std::string name = fmt::format("{}_times_{}", plus(), c);
    if (!emitted_.count(name)) {
      emitted_.insert(name);
      unsigned top = 63;
      while (((c >> top) & 1) == 0) --top;
      std::vector<std::string> sets, parts;
      std::string sum = "A";
      for (unsigned k = top; k-- > 0;) {
        const bool last_double = k == 0 && ((c >> k) & 1) == 0;
        const std::string twice = last_double ? "T" : fmt::format("D{}", k);
        parts.push_back(fmt::format("{}({}, {}, {})", plus(), sum, sum, twice));
        sum = twice;
        if ((c >> k) & 1) {
          const std::string more = k == 0 ? "T" : fmt::format("E{}", k);
          parts.push_back(fmt::format("{}({}, A, {})", plus(), sum, more));
          if (more != "T") sets.push_back(more);
          sum = more;
        }
        if (twice != "T") sets.push_back(twice);
      }
      std::vector<std::string> forms;
      for (const std::string& x : sets) forms.push_back(fmt::format("{}({})", form(), x));
      parts.insert(parts.begin(), forms.begin(), forms.end());
      emit_product_predicate(name, sets, parts);
    }
    return fmt::format("{}({}, {})", name, a, t);
  }

  std::string product(const Expr& e, const std::string& t) {
    const Expr& a = *e.args[0];
    const Expr& b = *e.args[1];
    if (a.op == Op::Const && (b.op != Op::Const || a.value <= b.value))  // the smaller multiplies
      return with_value(b, [&](const std::string& x) { return times(e, a.value, x, t); });
    if (b.op == Op::Const)
      return with_value(a, [&](const std::string& x) { return times(e, b.value, x, t); });
    // A factor bounded by a small m: the product is a case split over its m + 1 values.
    const std::uint64_t ma = maximum(a), mb = maximum(b);
    const bool b_small = mb <= 16, a_small = ma <= 16;
    if (!a_small && !b_small) outside(e, "a product of two terms that are not constants");
    const Expr& small = b_small && (!a_small || mb <= ma) ? b : a;
    const Expr& other = &small == &b ? a : b;
    const std::uint64_t m = std::min(ma, mb);
    return with_values(small, other, [&](const std::string& s, const std::string& x) {
      std::vector<std::string> cases;
      for (std::uint64_t k = 0; k <= m; ++k)
        cases.push_back(fmt::format("({} = {} & {})", s, constant_set(k), times(e, k, x, t)));
      return "(" + fmt::format("{}", fmt::join(cases, " | ")) + ")";
    });
  }

  std::string quotient(const Expr& e, const std::string& t) {
    const Expr& divisor = *e.args[1];
    if (divisor.op != Op::Const) outside(e, "a division by a term that is not a constant");
    const std::uint64_t c = divisor.value;
    const bool div = e.op == Op::Div;
    return with_value(*e.args[0], [&](const std::string& a) {
      if (c == 0) return div ? fmt::format("{} = empty", t) : fmt::format("{} = {}", t, a);
      if (power_of_two(c) && !positional()) {
        const std::string k = integer(e, log2_of(c));
        if (div) return shifted_right(a, k, t);
        return fmt::format("(all1 i: (i in {}) <=> (i in {} & i < {}))", t, a, k);
      }
      // a = c q + r with r < c: t is q for a division, r for a remainder.
      const std::string q = div ? t : fresh(), r = div ? fresh() : t, m = fresh();
      std::string body = fmt::format("{} & {}({}, {}, {}) & less({}, {})", times(e, c, q, m),
                                     plus(), m, r, a, r, constant_set(c));
      if (positional())  // the quantified values in the numeration's form
        body = fmt::format("{0}({1}) & {0}({2}) & {0}({3}) & {4}", form(), q, r, m, body);
      return div ? fmt::format("(ex2 {}, {}: {})", r, m, body)
                 : fmt::format("(ex2 {}, {}: {})", q, m, body);
    });
  }

  // --- naming values ---
  std::string variable(const Expr& e) {
    auto it = scope_.find(e.name);
    if (it == scope_.end()) throw std::logic_error("ws1s: unbound variable " + e.name);
    return it->second;
  }

  std::string with_value(const Expr& e,
                         const std::function<std::string(const std::string&)>& body) {
    if (e.op == Op::Var) return body(variable(e));
    const std::string t = fresh();
    if (positional())  // a value in the numeration's form, so that it is one natural
      return fmt::format("(ex2 {}: {}({}) & {} & {})", t, form(), t, defines(e, t), body(t));
    return fmt::format("(ex2 {}: {} & {})", t, defines(e, t), body(t));
  }

  std::string with_values(
      const Expr& a, const Expr& b,
      const std::function<std::string(const std::string&, const std::string&)>& body) {
    return with_value(a, [&](const std::string& x) {
      return with_value(b, [&](const std::string& y) { return body(x, y); });
    });
  }

  std::string with_values(const std::vector<ExprPtr>& args,
                          const std::function<std::string(const std::vector<std::string>&)>& body,
                          std::vector<std::string> names = {}) {
    if (names.size() == args.size()) return body(names);
    return with_value(*args[names.size()], [&](const std::string& x) {
      std::vector<std::string> more = names;
      more.push_back(x);
      return with_values(args, body, more);
    });
  }

  // --- definitions as predicates ---
  const Definition& definition(const std::string& name) {
    auto it = definitions_.find(name);
    if (it == definitions_.end()) throw std::invalid_argument("ws1s: unknown definition " + name);
    return it->second;
  }

  bool boolean_definition(const std::string& name) {
    if (external_.contains(name)) return true;
    return yields_boolean(*definition(name).body);
  }

  // The predicate of a definition, emitted on first use: its parameters, and for a number its
  // value as the last parameter R.
  std::string predicate(const std::string& name) {
    const std::string pred = "def_" + name;
    if (emitted_.count(pred)) return pred;
    if (auto it = external_.find(name); it != external_.end()) {
      emitted_.insert(pred);
      predicates_ += it->second;
      return pred;
    }
    const Definition& d = definition(name);
    const auto saved_scope = scope_;
    const auto saved_bounds = bounds_;
    scope_.clear();
    bounds_.clear();
    std::vector<std::string> params;
    for (const std::string& p : d.parameters) {
      params.push_back("var2 P_" + p);
      scope_[p] = "P_" + p;
    }
    const bool boolean = yields_boolean(*d.body);
    if (!boolean) params.push_back("var2 R");
    const std::string body = boolean ? formula(*d.body) : defines(*d.body, "R");
    scope_ = saved_scope;
    bounds_ = saved_bounds;
    emitted_.insert(pred);
    predicates_ += fmt::format("pred {}({}) =\n  {};\n", pred, fmt::join(params, ", "), body);
    return pred;
  }

  // --- bounds, for products with a small factor ---
  void collect_bounds(const Expr& h) {
    if (h.op == Op::And) {
      collect_bounds(*h.args[0]);
      collect_bounds(*h.args[1]);
      return;
    }
    const bool le = h.op == Op::Le || h.op == Op::Lt, ge = h.op == Op::Ge || h.op == Op::Gt;
    if (!le && !ge) return;
    const Expr& var = le ? *h.args[0] : *h.args[1];
    const Expr& bound = le ? *h.args[1] : *h.args[0];
    if (var.op != Op::Var || bound.op != Op::Const) return;
    const bool strict = h.op == Op::Lt || h.op == Op::Gt;
    if (strict && bound.value == 0) return;
    const std::uint64_t m = strict ? bound.value - 1 : bound.value;
    auto it = hypothesis_bounds_.find(var.name);
    if (it == hypothesis_bounds_.end() || m < it->second) hypothesis_bounds_[var.name] = m;
    bounds_[var.name] = hypothesis_bounds_[var.name];
  }

  // An upper bound on e's value (kUnbounded when none is known).
  std::uint64_t maximum(const Expr& e) {
    if (is_boolean(e.op)) return 1;
    auto m = [&](std::size_t i) { return maximum(*e.args[i]); };
    switch (e.op) {
      case Op::Const:
        return e.value;
      case Op::Var: {
        auto it = bounds_.find(e.name);
        return it == bounds_.end() ? kUnbounded : it->second;
      }
      case Op::Add:
        return saturating_add(m(0), m(1));
      case Op::Mul:
        return saturating_mul(m(0), m(1));
      case Op::Sub:
      case Op::Div:
      case Op::Shr:
      case Op::TopBit:
      case Op::LowBit:
        return m(0);
      case Op::Mod:
        return e.args[1]->op == Op::Const && e.args[1]->value > 0 ? e.args[1]->value - 1 : m(0);
      case Op::BitAnd:
        return std::min(m(0), m(1));
      case Op::Ite:
        return std::max(m(1), m(2));
      case Op::Call: {
        if (external_.contains(e.name)) return 1;  // a predicate given as MONA text
        // The body with its parameters bounded by the arguments.
        const Definition& d = definition(e.name);
        const auto saved = bounds_;
        std::map<std::string, std::uint64_t> inner;
        for (std::size_t i = 0; i < d.parameters.size(); ++i) inner[d.parameters[i]] = m(i);
        bounds_ = inner;
        const std::uint64_t result = maximum(*d.body);
        bounds_ = saved;
        return result;
      }
      default:
        return kUnbounded;
    }
  }

  const Definitions& definitions_;
  const std::map<std::string, std::string>& external_;
  const Numeration numeration_;
  std::map<std::string, std::string> scope_;     // proof-language name -> MONA set
  std::map<std::string, std::uint64_t> bounds_;  // in force while translating
  std::map<std::string, std::uint64_t> hypothesis_bounds_;
  std::set<std::string> emitted_;
  std::string predicates_;
  unsigned next_ = 0;
};

}  // namespace

std::string mona_name(const std::string& name) { return "V_" + name; }

MonaQuery make_mona_query(const std::vector<std::string>& variables,
                          const std::vector<ExprPtr>& hypotheses, const ExprPtr& conclusion,
                          const std::vector<Existential>& existentials,
                          const Definitions& definitions, const std::string& source,
                          const std::map<std::string, std::string>& external,
                          Numeration numeration) {
  Translator t(definitions, external, numeration);
  MonaQuery q;
  q.variables = variables;
  q.numeration = numeration;
  q.text = t.program(variables, hypotheses, conclusion, existentials, source);
  return q;
}

}  // namespace nimcert::smt
