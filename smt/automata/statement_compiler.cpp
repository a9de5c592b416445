// The statement compiler (see statement_compiler.hpp).
//
// formula(e) gives the automaton of a boolean e over the tracks of its free variables;
// relation(e, t) the automaton of "t is the value of e"; with_value(e, body) hands body a
// track holding e's value (a fresh one, quantified away after, unless e is a variable).
#include "automata/statement_compiler.hpp"

#include <fmt/format.h>

#include <functional>
#include <limits>
#include <optional>

#include "automata/atoms.hpp"
#include "automata/fibonacci_atoms.hpp"
#include "automata/ostrowski_atoms.hpp"
#include "automata/operations.hpp"
#include "sys/balanced_fold.hpp"

namespace nimcert::automata {

namespace {

using smt::Expr;
using smt::Op;

constexpr std::uint64_t kUnbounded = std::numeric_limits<std::uint64_t>::max();
// A product of two terms is split into cases over the smaller factor when it is at most this.
constexpr std::uint64_t kLargestCaseSplit = 16;

std::uint64_t saturating_add(std::uint64_t a, std::uint64_t b) {
  return a > kUnbounded - b ? kUnbounded : a + b;
}
std::uint64_t saturating_mul(std::uint64_t a, std::uint64_t b) {
  return a != 0 && b > kUnbounded / a ? kUnbounded : a * b;
}

// The atoms, each built once.
const Atom& sum_atom() {
  static const Atom a = linear_equation({1, 1, -1}, 0);  // x + y - z = 0
  return a;
}
const Atom& fibonacci_sum_atom() {
  static const Atom a = fibonacci_sum();
  return a;
}
const Atom& ostrowski_sum_atom(OstrowskiSystem s) {
  static const Atom sqrt2 = ostrowski_sum(OstrowskiSystem::Sqrt2),
                    two_wythoff = ostrowski_sum(OstrowskiSystem::TwoWythoff);
  return s == OstrowskiSystem::Sqrt2 ? sqrt2 : two_wythoff;
}
const Atom& ostrowski_form_atom(OstrowskiSystem s) {
  static const Atom sqrt2 = ostrowski_form(OstrowskiSystem::Sqrt2),
                    two_wythoff = ostrowski_form(OstrowskiSystem::TwoWythoff);
  return s == OstrowskiSystem::Sqrt2 ? sqrt2 : two_wythoff;
}

const Atom& comparison_atom(Relation r) {
  static const Atom atoms[] = {comparison(Relation::Lt), comparison(Relation::Le),
                               comparison(Relation::Gt), comparison(Relation::Ge),
                               comparison(Relation::Eq), comparison(Relation::Ne)};
  return atoms[static_cast<int>(r)];
}

class Compiler {
 public:
  explicit Compiler(const Statement& s) : s_(s) {
    for (const std::string& v : s.variables) scope_[v] = next_++;
  }

  CompiledStatement run() {
    CompiledStatement out;
    for (Track t = 0; t < s_.variables.size(); ++t) out.free.push_back(t);
    out.premise = constant(true);
    for (const smt::ExprPtr& h : s_.hypotheses) {
      bounds_.clear();  // a hypothesis may not lean on another one's bound
      out.premise = combine(out.premise, formula(*h), Connective::And);
    }
    if (positional())
      for (Track t : out.free) out.premise = combine(out.premise, in_form(t), Connective::And);
    for (const smt::ExprPtr& h : s_.hypotheses) collect_bounds(*h);
    bounds_ = hypothesis_bounds_;
    std::vector<Dfa> goals;
    if (s_.conclusion) goals.push_back(formula(*s_.conclusion));
    for (const smt::Existential& x : s_.existentials) goals.push_back(existential(x));
    // A balanced tree of unions, as MONA's program writes it (sys/balanced_fold.hpp).
    out.goal =
        goals.empty() ? constant(false) : smt::balanced_fold(goals, [](const Dfa& a, const Dfa& b) {
          return combine(a, b, Connective::Or);
        });
    return out;
  }

 private:
  bool fibonacci() const { return s_.digits == Digits::Fibonacci; }
  bool ostrowski() const { return smt::is_ostrowski(s_.digits); }
  OstrowskiSystem system() const { return smt::ostrowski_system(s_.digits); }  // ostrowski() only
  bool positional() const { return s_.digits != Digits::Binary; }  // sums, not bits
  Track fresh() { return next_++; }

  [[noreturn]] static void outside(const Expr& e, const std::string& why) {
    throw OutsideReach(
        fmt::format("{} is outside the automata's reach: {}", smt::to_string(e), why), e.where);
  }

  // --- atoms on tracks ---
  Dfa constant_on(Track t, std::uint64_t v) const {
    return place(constant_digits(fibonacci()    ? zeckendorf_digits(v)
                                 : ostrowski() ? ostrowski_bits(system(), v)
                                               : binary_digits(v)),
                 {t});
  }
  static Dfa compare(Relation r, Track x, Track y) { return place(comparison_atom(r), {x, y}); }
  Dfa sum(Track x, Track y, Track z) const {  // z = x + y
    return place(fibonacci()   ? fibonacci_sum_atom()
                 : ostrowski() ? ostrowski_sum_atom(system())
                               : sum_atom(),
                 {x, y, z});
  }
  // The track holds a natural in the numeration's form (positional numerations only).
  Dfa in_form(Track t) const {
    static const Atom zeckendorf = zeckendorf_form();
    return place(fibonacci() ? zeckendorf : ostrowski_form_atom(system()), {t});
  }
  // x = c * q + r with r < c (c >= 1): quotient and remainder by a constant.
  Dfa division(Track x, std::uint64_t c, Track q, Track r) {
    if (c > (std::uint64_t{1} << 16))
      throw TooLarge(fmt::format("a division by {} (at most 2^16)", c));
    const Track bound = fresh();
    const Dfa below = exists(combine(constant_on(bound, c), compare(Relation::Lt, r, bound),
                                     Connective::And),
                             {bound});
    if (positional()) {  // x = m + r with m = c q, every value in the numeration's form
      const Track m = fresh();
      Dfa parts = combine(multiple(c, q, m), sum(m, r, x), Connective::And);
      for (Track t : {q, r, m}) parts = combine(parts, in_form(t), Connective::And);
      return combine(exists(parts, {m}), below, Connective::And);
    }
    const Dfa equation = place(
        linear_equation({1, -static_cast<std::int64_t>(c), -1}, 0), {x, q, r});
    return combine(equation, below, Connective::And);
  }
  // t = c * x.
  Dfa multiple(std::uint64_t c, Track x, Track t) {
    if (c == 0) return constant_on(t, 0);
    if (c > (std::uint64_t{1} << 16))
      throw TooLarge(fmt::format("a product by {} (at most 2^16)", c));
    if (positional()) return repeated_sum(c, x, t);
    return place(linear_equation({1, -static_cast<std::int64_t>(c)}, 0), {t, x});
  }
  // t = c * x outside binary: doubled and added along c's binary digits from the top
  // (2a = a + a), every partial sum a track in the numeration's form, projected away.
  Dfa repeated_sum(std::uint64_t c, Track x, Track t) {
    if (c == 1) return compare(Relation::Eq, x, t);
    unsigned top = 63;
    while (((c >> top) & 1) == 0) --top;
    Dfa chain = constant(true);
    std::vector<Track> partial;
    Track sum_so_far = x;
    for (unsigned k = top; k-- > 0;) {
      const bool last = k == 0;
      const Track twice = last && ((c >> k) & 1) == 0 ? t : fresh();
      chain = combine(chain, sum(sum_so_far, sum_so_far, twice), Connective::And);
      if (twice != t) partial.push_back(twice);
      sum_so_far = twice;
      if ((c >> k) & 1) {
        const Track more = last ? t : fresh();
        chain = combine(chain, sum(sum_so_far, x, more), Connective::And);
        if (more != t) partial.push_back(more);
        sum_so_far = more;
      }
    }
    for (Track p : partial) chain = combine(chain, in_form(p), Connective::And);
    return exists(chain, partial);
  }

  // --- naming values ---
  Dfa with_value(const Expr& e, const std::function<Dfa(Track)>& body) {
    if (e.op == Op::Var) return body(variable(e));
    const Track u = fresh();
    Dfa r = relation(e, u);
    if (positional()) r = combine(r, in_form(u), Connective::And);
    return exists(combine(r, body(u), Connective::And), {u});
  }
  Dfa with_values(const Expr& a, const Expr& b, const std::function<Dfa(Track, Track)>& body) {
    return with_value(a, [&](Track x) { return with_value(b, [&](Track y) { return body(x, y); }); });
  }
  Dfa with_values(const std::vector<smt::ExprPtr>& args,
                  const std::function<Dfa(const std::vector<Track>&)>& body,
                  std::vector<Track> tracks = {}) {
    if (tracks.size() == args.size()) return body(tracks);
    return with_value(*args[tracks.size()], [&](Track x) {
      std::vector<Track> more = tracks;
      more.push_back(x);
      return with_values(args, body, more);
    });
  }
  Track variable(const Expr& e) const {
    auto it = scope_.find(e.name);
    if (it == scope_.end()) throw std::logic_error("automata: unbound variable " + e.name);
    return it->second;
  }

  // --- booleans ---
  // (a >> k) == 0 says a < 2^k: compared with the constant, no shifted copy built (whose
  // automaton would need 2^k states).
  static const Expr* below_power(const Expr& e) {
    if (e.op != Op::Eq && e.op != Op::Ne) return nullptr;
    auto zero = [](const Expr& x) { return x.op == Op::Const && x.value == 0; };
    auto shift = [](const Expr& x) { return x.op == Op::Shr && x.args[1]->op == Op::Const; };
    if (shift(*e.args[0]) && zero(*e.args[1])) return e.args[0].get();
    if (zero(*e.args[0]) && shift(*e.args[1])) return e.args[1].get();
    return nullptr;
  }

  Dfa below_power_of_two(const Expr& shift) {
    const std::uint64_t k = shift.args[1]->value;
    if (k > 4096) throw TooLarge(fmt::format("a comparison with 2^{} (at most 2^4096)", k));
    std::vector<bool> power(k + 1, false);
    power[k] = true;
    return with_value(*shift.args[0], [&](Track x) {
      const Track c = fresh();
      return exists(combine(place(constant_digits(power), {c}), compare(Relation::Lt, x, c),
                            Connective::And),
                    {c});
    });
  }

  Dfa formula(const Expr& e) {
    auto arg = [&](std::size_t i) -> const Expr& { return *e.args[i]; };
    if (!positional())
      if (const Expr* shift = below_power(e)) {
        const Dfa below = below_power_of_two(*shift);
        return e.op == Op::Eq ? below : complement(below);
      }
    auto relation_of = [&](Relation r) {
      return with_values(arg(0), arg(1), [&](Track x, Track y) { return compare(r, x, y); });
    };
    switch (e.op) {
      case Op::Eq:
        return relation_of(Relation::Eq);
      case Op::Ne:
        return relation_of(Relation::Ne);
      case Op::Lt:
        return relation_of(Relation::Lt);
      case Op::Le:
        return relation_of(Relation::Le);
      case Op::Gt:
        return relation_of(Relation::Gt);
      case Op::Ge:
        return relation_of(Relation::Ge);
      case Op::Not:
        return complement(formula(arg(0)));
      case Op::And:
        return combine(formula(arg(0)), formula(arg(1)), Connective::And);
      case Op::Or:
        return combine(formula(arg(0)), formula(arg(1)), Connective::Or);
      case Op::Implies:
        return combine(formula(arg(0)), formula(arg(1)), Connective::Implies);
      case Op::Iff:
        return combine(formula(arg(0)), formula(arg(1)), Connective::Iff);
      case Op::Ite:
        if (smt::yields_boolean(e)) {
          const Dfa c = formula(arg(0));
          return combine(combine(c, formula(arg(1)), Connective::And),
                         combine(complement(c), formula(arg(2)), Connective::And), Connective::Or);
        }
        break;
      case Op::Call:
        if (const auto it = s_.external.find(e.name); it != s_.external.end())
          return with_values(e.args, [&](const std::vector<Track>& t) {
            return place(Atom{it->second, {}}, t);
          });
        if (boolean_definition(e.name)) return call(e, std::nullopt);
        break;
      case Op::ZeckEven: {
        if (!fibonacci()) wrong_digits(e);
        static const Atom even = zeck_even();
        return with_value(arg(0), [&](Track x) { return place(even, {x}); });
      }
      case Op::OstOdd:
      case Op::OstwEven: {
        if (smt::numeration_of_builtin(e.op) != s_.digits) wrong_digits(e);
        static const Atom odd = ost_lowest(true), even = ost_lowest(false);
        return with_value(arg(0),
                          [&](Track x) { return place(e.op == Op::OstOdd ? odd : even, {x}); });
      }
      default:
        break;
    }
    // A number as a condition: "is not 0".
    return with_value(e, [&](Track t) { return complement(constant_on(t, 0)); });
  }

  Dfa existential(const smt::Existential& x) {
    const auto saved = scope_;
    std::vector<Track> bound;
    for (const std::string& b : x.bound) {
      bound.push_back(fresh());
      scope_[b] = bound.back();
    }
    Dfa body = formula(*x.body);
    if (positional())
      for (Track t : bound) body = combine(body, in_form(t), Connective::And);
    scope_ = saved;
    return exists(body, bound);
  }

  [[noreturn]] void wrong_digits(const Expr& e) const {
    if (smt::numeration_of_builtin(e.op) != Digits::Binary)
      outside(e, fmt::format("{} reads the digits of another numeration",
                             smt::builtin_name(e.op)));
    outside(e, "under this numeration only +, -, comparisons, constants, if, products and "
               "quotients by a constant and its own built-ins are translated");
  }

  // --- numbers: t = e ---
  Dfa relation(const Expr& e, Track t) {
    auto arg = [&](std::size_t i) -> const Expr& { return *e.args[i]; };
    if ((smt::yields_boolean(e) && e.op != Op::Ite) || boolean_call(e)) {
      const Dfa phi = formula(e);
      return combine(combine(phi, constant_on(t, 1), Connective::And),
                     combine(complement(phi), constant_on(t, 0), Connective::And),
                     Connective::Or);
    }
    if (positional() && e.op != Op::Const && e.op != Op::Var && e.op != Op::Call &&
        e.op != Op::Add && e.op != Op::Sub && e.op != Op::Ite && e.op != Op::Mul &&
        e.op != Op::Div && e.op != Op::Mod && e.op != Op::ZeckShift && e.op != Op::OstShift &&
        e.op != Op::OstwShift)
      wrong_digits(e);
    switch (e.op) {
      case Op::Const:
        return constant_on(t, e.value);
      case Op::Var:
        return compare(Relation::Eq, variable(e), t);
      case Op::Call:
        return call(e, t);
      case Op::Add:
        return with_values(arg(0), arg(1), [&](Track x, Track y) { return sum(x, y, t); });
      case Op::Sub:  // truncated: x - y = 0 when x < y
        return with_values(arg(0), arg(1), [&](Track x, Track y) {
          return combine(combine(compare(Relation::Le, y, x), sum(t, y, x), Connective::And),
                         combine(compare(Relation::Lt, x, y), constant_on(t, 0), Connective::And),
                         Connective::Or);
        });
      case Op::BitXor:
      case Op::BitAnd:
      case Op::BitOr: {
        const Bitwise op = e.op == Op::BitXor   ? Bitwise::Xor
                           : e.op == Op::BitAnd ? Bitwise::And
                                                : Bitwise::Or;
        const Atom atom = bitwise(op);
        return with_values(arg(0), arg(1),
                           [&](Track x, Track y) { return place(atom, {x, y, t}); });
      }
      case Op::Shl:
      case Op::Shr: {
        if (arg(1).op != Op::Const) outside(e, "a shift by a computed amount");
        const std::uint64_t k = arg(1).value;
        if (k > 16) throw TooLarge(fmt::format("a shift by {} (at most 16)", k));
        const std::uint64_t c = std::uint64_t{1} << k;
        return with_value(arg(0), [&](Track x) {
          if (e.op == Op::Shl) return multiple(c, x, t);
          const Track r = fresh();
          return exists(division(x, c, t, r), {r});
        });
      }
      case Op::Mul:
        return product(e, t);
      case Op::Div:
      case Op::Mod: {
        if (arg(1).op != Op::Const) outside(e, "a division by a term that is not a constant");
        const std::uint64_t c = arg(1).value;
        const bool div = e.op == Op::Div;
        if (c == 0) return div ? constant_on(t, 0) : relation(arg(0), t);
        return with_value(arg(0), [&](Track x) {
          const Track other = fresh();
          return exists(div ? division(x, c, t, other) : division(x, c, other, t), {other});
        });
      }
      case Op::Ite: {
        const Dfa c = formula(arg(0));
        return combine(combine(c, relation(arg(1), t), Connective::And),
                       combine(complement(c), relation(arg(2), t), Connective::And),
                       Connective::Or);
      }
      case Op::TopBit:
      case Op::LowBit: {
        const Atom atom = e.op == Op::TopBit ? top_bit() : low_bit();
        return with_value(arg(0), [&](Track x) { return place(atom, {x, t}); });
      }
      case Op::ZeckShift: {
        if (!fibonacci()) wrong_digits(e);
        static const Atom shift = zeck_shift();
        return with_value(arg(0), [&](Track x) { return place(shift, {x, t}); });
      }
      case Op::OstShift:
      case Op::OstwShift: {
        if (smt::numeration_of_builtin(e.op) != s_.digits) wrong_digits(e);
        static const Atom shift = ost_shift();
        return with_value(arg(0), [&](Track x) { return place(shift, {x, t}); });
      }
      default:
        break;
    }
    outside(e, "no automaton for this operator");
  }

  Dfa product(const Expr& e, Track t) {
    const Expr& a = *e.args[0];
    const Expr& b = *e.args[1];
    if (a.op == Op::Const && (b.op != Op::Const || a.value <= b.value))  // the smaller multiplies
      return with_value(b, [&](Track x) { return multiple(a.value, x, t); });
    if (b.op == Op::Const) return with_value(a, [&](Track x) { return multiple(b.value, x, t); });
    // A factor bounded by a small m (by the hypotheses): the product is a case split.
    const std::uint64_t ma = maximum(a), mb = maximum(b);
    if (ma > kLargestCaseSplit && mb > kLargestCaseSplit)
      outside(e, "a product of two terms that are not constants");
    const bool b_small = mb <= ma;
    const Expr& small = b_small ? b : a;
    const Expr& other = b_small ? a : b;
    const std::uint64_t m = std::min(ma, mb);
    return with_values(small, other, [&](Track s, Track x) {
      Dfa cases = constant(false);
      for (std::uint64_t k = 0; k <= m; ++k)
        cases = combine(cases, combine(constant_on(s, k), multiple(k, x, t), Connective::And),
                        Connective::Or);
      return cases;
    });
  }

  // --- definitions ---
  struct CompiledDefinition {
    std::vector<Track> parameters;
    Track result = 0;  // numbers only
    Dfa dfa;
  };

  const smt::Definition& definition(const std::string& name) const {
    if (!s_.definitions) throw std::logic_error("automata: no definitions for " + name);
    auto it = s_.definitions->find(name);
    if (it == s_.definitions->end()) throw std::logic_error("automata: unknown definition " + name);
    return it->second;
  }
  bool boolean_definition(const std::string& name) const {
    return smt::yields_boolean(*definition(name).body);
  }
  // A call of a boolean predicate (a definition or an external automaton).
  bool boolean_call(const Expr& e) const {
    return e.op == Op::Call && (s_.external.contains(e.name) || boolean_definition(e.name));
  }

  const CompiledDefinition& compiled(const std::string& name) {
    if (auto it = compiled_.find(name); it != compiled_.end()) return it->second;
    const smt::Definition& d = definition(name);
    const auto saved_scope = scope_;
    const auto saved_bounds = bounds_;
    scope_.clear();
    bounds_.clear();
    CompiledDefinition c;
    for (const std::string& p : d.parameters) {
      c.parameters.push_back(fresh());
      scope_[p] = c.parameters.back();
    }
    if (smt::yields_boolean(*d.body)) {
      c.dfa = formula(*d.body);
    } else {
      c.result = fresh();
      c.dfa = relation(*d.body, c.result);
    }
    scope_ = saved_scope;
    bounds_ = saved_bounds;
    return compiled_.emplace(name, std::move(c)).first->second;
  }

  // The call e: a boolean definition's automaton over the arguments, or "t = e".
  Dfa call(const Expr& e, std::optional<Track> t) {
    const CompiledDefinition& d = compiled(e.name);
    return with_values(e.args, [&](const std::vector<Track>& args) {
      std::map<Track, Track> to;
      for (std::size_t i = 0; i < args.size(); ++i) to[d.parameters[i]] = args[i];
      if (t) to[d.result] = *t;
      return rename(d.dfa, to);
    });
  }

  // --- bounds, for products ---
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
  }

  std::uint64_t maximum(const Expr& e) {
    if (smt::is_boolean(e.op)) return 1;
    auto m = [&](std::size_t i) { return maximum(*e.args[i]); };
    switch (e.op) {
      case Op::Const:
        return e.value;
      case Op::Var: {
        // A bound variable of an existential shadows a hypothesis' bound on its name.
        if (auto s = scope_.find(e.name); s != scope_.end() && s->second >= s_.variables.size())
          return kUnbounded;
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
        if (s_.external.contains(e.name)) return 1;
        const smt::Definition& d = definition(e.name);
        std::map<std::string, std::uint64_t> inner;
        for (std::size_t i = 0; i < d.parameters.size(); ++i) inner[d.parameters[i]] = m(i);
        const auto saved_bounds = bounds_;
        const auto saved_scope = scope_;
        bounds_ = inner;
        scope_.clear();
        const std::uint64_t result = maximum(*d.body);
        bounds_ = saved_bounds;
        scope_ = saved_scope;
        return result;
      }
      default:
        return kUnbounded;
    }
  }

  const Statement& s_;
  std::map<std::string, Track> scope_;
  std::map<std::string, std::uint64_t> bounds_, hypothesis_bounds_;
  std::map<std::string, CompiledDefinition> compiled_;
  Track next_ = 0;
};

}  // namespace

CompiledStatement compile_statement(const Statement& s) { return Compiler(s).run(); }

}  // namespace nimcert::automata
