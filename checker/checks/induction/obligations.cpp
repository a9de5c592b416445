// Generating the induction step's obligations (see obligations.hpp), one function per
// obligation of the argument.
#include "checks/induction/obligations.hpp"

#include <fmt/format.h>

#include <functional>

#include <algorithm>
#include <stdexcept>

namespace nimcert {

namespace {

using smt::ExprPtr;
using smt::Op;

ExprPtr var(const std::string& name) { return smt::make_var(name); }
ExprPtr node(Op op, std::vector<ExprPtr> args) { return smt::make_node(op, std::move(args)); }

ExprPtr sum_of(const std::vector<ExprPtr>& heaps) {
  ExprPtr s = heaps[0];
  for (std::size_t i = 1; i < heaps.size(); ++i) s = node(Op::Add, {s, heaps[i]});
  return s;
}

// (7): stones plus nonempty heaps (of the heaps given).
ExprPtr rank_of(const std::vector<ExprPtr>& heaps) {
  ExprPtr r = sum_of(heaps);
  for (const ExprPtr& h : heaps) r = node(Op::Add, {r, node(Op::Gt, {h, smt::make_const(0)})});
  return r;
}

// e < 2^w, written so that it holds for any w: (e >> w) == 0.
ExprPtr below_power(const ExprPtr& e, unsigned w) {
  return node(Op::Eq, {node(Op::Shr, {e, smt::make_const(w)}), smt::make_const(0)});
}

ExprPtr disjunction(const std::vector<ExprPtr>& parts) {
  ExprPtr c = parts[0];
  for (std::size_t i = 1; i < parts.size(); ++i) c = node(Op::Or, {c, parts[i]});
  return c;
}

std::vector<std::string> heap_names(const InductionStep& step) {
  return position_variables(step.heaps);
}

std::vector<ExprPtr> heap_vars(const InductionStep& step) {
  std::vector<ExprPtr> x;
  for (const std::string& name : heap_names(step)) x.push_back(var(name));
  return x;
}

// D_w: x1 + ... + xk < 2^w; none for w = 0 (all of N^k).
std::vector<ExprPtr> domain(const InductionStep& step, unsigned w) {
  if (w == 0) return {};
  return {below_power(sum_of(heap_vars(step)), w)};
}

// The follower a move leads to, given its parameters: its heaps (of every part of a sum, in
// turn), and F there (for a sum, the xor of F at its parts: the Sprague-Grundy theorem).
struct Follower {
  std::vector<ExprPtr> heaps;
  ExprPtr value;
};
Follower follower(const InductionStep& step, const SymbolicMove& m,
                  const std::map<std::string, ExprPtr>& params) {
  const std::vector<std::string> x = heap_names(step);
  Follower y;
  for (std::size_t part = 0; part < m.parts; ++part) {
    std::map<std::string, ExprPtr> heaps_of_part;
    for (std::size_t i = 0; i < step.heaps; ++i) {
      y.heaps.push_back(
          cancel_double_difference(smt::substitute(m.result[part * step.heaps + i], params)));
      heaps_of_part[x[i]] = y.heaps.back();
    }
    const ExprPtr value = smt::substitute(step.value, heaps_of_part);
    y.value = y.value ? node(Op::BitXor, {y.value, value}) : value;
  }
  return y;
}

// "the move is legal with these parameters and reaches v" (in the win-loss form: "reaches P").
ExprPtr reaches(const InductionStep& step, const SymbolicMove& m,
                const std::map<std::string, ExprPtr>& params) {
  const ExprPtr there = follower(step, m, params).value;
  return node(Op::And, {smt::substitute(m.guard, params),
                        step.win_loss ? there : node(Op::Eq, {there, var("v")})});
}

// The obligation over X and the move's parameters, under D_w and the move's guard.
Obligation about_move(const InductionStep& step, const SymbolicMove& m, unsigned w) {
  Obligation o;
  o.variables = heap_names(step);
  o.variables.insert(o.variables.end(), m.parameters.begin(), m.parameters.end());
  o.move = &m;
  o.hypotheses = domain(step, w);
  o.hypotheses.push_back(m.guard);
  return o;
}

// The obligation over X and a target value v < F(X), under D_w; in the win-loss form, over X
// outside P.
Obligation about_smaller_values(const InductionStep& step, unsigned w) {
  Obligation o;
  o.kind = Obligation::Kind::Completeness;
  o.variables = heap_names(step);
  o.hypotheses = domain(step, w);
  if (step.win_loss) {
    o.hypotheses.push_back(node(Op::Not, {step.value}));
    return o;
  }
  o.variables.push_back("v");
  o.hypotheses.push_back(node(Op::Lt, {var("v"), step.value}));
  return o;
}

// What (b) says is reached: "every v < F" or "P from every position outside P".
std::string target(const InductionStep& step) {
  return step.win_loss ? "from every X outside P, P" : "every v < F";
}

// The hinted moves reaching v, with the case variable (if any) replaced by `case_value`.
std::vector<ExprPtr> hinted(const InductionStep& step, const ExprPtr& case_value) {
  std::vector<ExprPtr> out;
  for (auto [m, params] : step.hints) {
    if (case_value)
      for (auto& [name, e] : params) e = smt::substitute(e, {{step.split->name, case_value}});
    out.push_back(reaches(step, *m, params));
  }
  return out;
}

}  // namespace

smt::ExprPtr cancel_double_difference(const smt::ExprPtr& e) {
  if (e->op != Op::Sub) return e;
  const ExprPtr& x = e->args[0];
  const ExprPtr& k = e->args[1];
  if (x->op != Op::Var || k->op != Op::Sub) return e;
  const ExprPtr& x_again = k->args[0];
  const ExprPtr& m = k->args[1];
  if (x_again->op != Op::Var || x_again->name != x->name) return e;
  return node(Op::Ite, {node(Op::Le, {m, x}), m, x});
}

InductionStep resolve_step(const std::vector<SymbolicMove>& moves,
                           std::vector<SymbolicCondition> conditions, std::size_t heaps,
                           const smt::InductionSpec& spec, const smt::Definitions& definitions,
                           const std::string& file, bool expand) {
  auto expanded = [&](const ExprPtr& e) { return expand ? smt::expand(e, definitions) : e; };
  InductionStep step{moves,         std::move(conditions), heaps, expanded(spec.value),
                     spec.win_loss, spec.misere,           {},    spec.split};
  if (step.split) step.split->expr = expanded(spec.split->expr);
  if (step.win_loss)
    for (const SymbolicMove& m : moves)
      if (m.parts > 1)
        throw std::invalid_argument(fmt::format(
            "{}:{}:{}: induction \"{}\": move \"{}\" leaves a sum of positions, whose G is the "
            "xor of its parts' and not a matter of each part being a P-position; the win-loss "
            "form does not take it (state the claim as G == F)",
            file, spec.where.line, spec.where.column, spec.claim, m.name));
  std::vector<std::string> names;
  for (const SymbolicMove& m : moves) names.push_back(m.name);
  for (const smt::WitnessHint& h : spec.hints) {
    const SymbolicMove* m = nullptr;
    for (const SymbolicMove& candidate : moves)
      if (candidate.name == h.move) m = &candidate;
    const std::string where =
        fmt::format("{}:{}:{}: witness hint", file, h.where.line, h.where.column);
    if (!m)
      throw std::invalid_argument(fmt::format("{}: the game has no move \"{}\" (its moves: {})",
                                              where, h.move, fmt::join(names, ", ")));
    std::map<std::string, ExprPtr> params;
    for (const auto& [name, e] : h.parameters) params[name] = expanded(e);
    for (const std::string& p : m->parameters)
      if (!params.count(p))
        throw std::invalid_argument(where + ": move \"" + h.move + "\" needs parameter " + p);
    if (params.size() != m->parameters.size())
      throw std::invalid_argument(where + ": move \"" + h.move + "\" has parameters " +
                                  fmt::format("{}", fmt::join(m->parameters, ", ")));
    step.hints.emplace_back(m, std::move(params));
  }
  return step;
}

Obligation rule_condition(const InductionStep& step, const SymbolicCondition& c, unsigned w) {
  Obligation o;
  o.kind = Obligation::Kind::RuleCondition;
  o.name = "(r) " + c.name;
  o.variables = heap_names(step);
  o.hypotheses = domain(step, w);
  o.conclusion = c.holds;
  return o;
}

Obligation rank_obligation(const InductionStep& step, const SymbolicMove& m, unsigned w) {
  Obligation o = about_move(step, m, w);
  o.kind = Obligation::Kind::Rank;
  o.name = "(7) " + m.name;
  const std::vector<ExprPtr> here = heap_vars(step);
  const Follower y = follower(step, m, {});
  // Under the game's declared rank, or for a sum: every part Y has rank(Y) < rank(X) and no
  // more stones than X (so D_w keeps it).
  if (m.parts > 1 || m.rank) {
    const std::vector<std::string> x = heap_names(step);
    ExprPtr all;
    for (std::size_t part = 0; part < m.parts; ++part) {
      const std::vector<ExprPtr> there(y.heaps.begin() + part * step.heaps,
                                       y.heaps.begin() + (part + 1) * step.heaps);
      ExprPtr below;
      if (m.rank) {
        std::map<std::string, ExprPtr> at_part;
        for (std::size_t i = 0; i < step.heaps; ++i) at_part[x[i]] = there[i];
        below = node(Op::Lt, {smt::substitute(m.rank, at_part), m.rank});
      } else {
        below = node(Op::Lt, {rank_of(there), rank_of(here)});
      }
      const ExprPtr each = node(Op::And, {below, node(Op::Le, {sum_of(there), sum_of(here)})});
      all = all ? node(Op::And, {all, each}) : each;
    }
    o.conclusion = all;
    return o;
  }
  // Heaps the move leaves alone (y_i is x_i itself) contribute the same to both sides and
  // are cancelled: an exact step over the naturals, and bit-vector solvers find carry
  // chains that differ in one input hard to compare.
  std::vector<ExprPtr> before, after;
  for (std::size_t i = 0; i < step.heaps; ++i)
    if (!(y.heaps[i]->op == Op::Var && y.heaps[i]->name == here[i]->name)) {
      before.push_back(here[i]);
      after.push_back(y.heaps[i]);
    }
  o.conclusion = before.empty()
                     ? node(Op::Lt, {smt::make_const(0), smt::make_const(0)})  // no change
                     : node(Op::And, {node(Op::Lt, {rank_of(after), rank_of(before)}),
                                      node(Op::Le, {sum_of(after), sum_of(before)})});
  return o;
}

std::optional<Obligation> exact_follower(const InductionStep& step, const SymbolicMove& m,
                                         unsigned w) {
  std::vector<ExprPtr> exact;
  std::vector<const smt::Expr*> todo;
  for (const ExprPtr& h : m.result) todo.push_back(h.get());
  while (!todo.empty()) {
    const smt::Expr* e = todo.back();
    todo.pop_back();
    if (e->op == Op::Sub) exact.push_back(node(Op::Ge, {e->args[0], e->args[1]}));
    for (const ExprPtr& a : e->args) todo.push_back(a.get());
  }
  if (exact.empty()) return std::nullopt;
  Obligation o = about_move(step, m, w);
  o.kind = Obligation::Kind::ExactFollower;
  o.name = "(n) " + m.name;
  ExprPtr all = exact[0];
  for (std::size_t i = 1; i < exact.size(); ++i) all = node(Op::And, {all, exact[i]});
  o.conclusion = all;
  return o;
}

Obligation no_equal_follower(const InductionStep& step, const SymbolicMove& m, unsigned w) {
  Obligation o = about_move(step, m, w);
  o.kind = Obligation::Kind::NoEqualFollower;
  o.name = "(a) " + m.name;
  const ExprPtr there = follower(step, m, {}).value;
  if (step.win_loss) {  // from P, never into P
    o.hypotheses.push_back(step.value);
    o.conclusion = node(Op::Not, {there});
    return o;
  }
  o.conclusion = node(Op::Ne, {there, step.value});
  return o;
}

std::vector<Obligation> parameter_widths(const InductionStep& step, const SymbolicMove& m,
                                         unsigned w) {
  if (m.ranges.size() != m.parameters.size())
    throw std::logic_error("move \"" + m.name + "\": one range per parameter");
  const std::vector<std::string> x = heap_names(step);
  auto heap = [&](const smt::Expr& e) {
    return e.op == Op::Var && std::find(x.begin(), x.end(), e.name) != x.end();
  };
  // Below 2^w on D_w with nothing to prove: a heap, a heap less something, a small constant.
  auto plain = [&](const smt::Expr& e) {
    if (heap(e)) return true;
    if (e.op == Op::Sub && heap(*e.args[0])) return true;
    return e.op == Op::Const && (w >= 64 || e.value >> w == 0);
  };
  std::vector<Obligation> out;
  for (std::size_t j = 0; j < m.parameters.size(); ++j) {
    if (plain(*m.ranges[j].largest)) continue;
    Obligation o;
    o.kind = Obligation::Kind::ParameterWidth;
    o.name = fmt::format("(p) {}: {} < 2^w", m.name, m.parameters[j]);
    o.variables = x;
    o.hypotheses = domain(step, w);
    // The parameters before it range over their choices, each already below 2^w by its own (p).
    for (std::size_t i = 0; i < j; ++i) {
      o.variables.push_back(m.parameters[i]);
      const ExprPtr c = var(m.parameters[i]);
      o.hypotheses.push_back(node(Op::Le, {m.ranges[i].low, c}));
      o.hypotheses.push_back(node(Op::Le, {c, m.ranges[i].largest}));
    }
    o.conclusion = below_power(m.ranges[j].largest, w);
    out.push_back(std::move(o));
  }
  return out;
}

Obligation value_bound(const InductionStep& step, unsigned w) {
  Obligation o;
  o.kind = Obligation::Kind::ValueBound;
  o.name = "(b0) F < 2^w";
  o.variables = heap_names(step);
  o.hypotheses = domain(step, w);
  o.conclusion = below_power(step.value, w);
  return o;
}

Obligation completeness_hinted(const InductionStep& step, unsigned w) {
  Obligation o = about_smaller_values(step, w);
  o.name =
      fmt::format("(b) {} is reached by one of {} witness hints", target(step), step.hints.size());
  o.conclusion = disjunction(hinted(step, nullptr));
  return o;
}

Obligation completeness_case(const InductionStep& step, std::uint64_t c, unsigned w) {
  Obligation o = about_smaller_values(step, w);
  o.name = fmt::format("(b) {} = {}: every v < F is reached by one of {} witness hints",
                       step.split->name, c, step.hints.size());
  o.hypotheses.push_back(node(Op::Eq, {step.split->expr, smt::make_const(c)}));
  o.conclusion = disjunction(hinted(step, smt::make_const(c)));
  return o;
}

Obligation case_cover(const InductionStep& step, unsigned w) {
  Obligation o = about_smaller_values(step, w);
  o.kind = Obligation::Kind::CaseCover;
  const smt::CaseSplit& s = *step.split;
  o.name = fmt::format("(b cases) {} <= {} <= {} for every v < F", s.low, s.name, s.high);
  o.conclusion = node(Op::And, {node(Op::Le, {smt::make_const(s.low), s.expr}),
                                node(Op::Le, {s.expr, smt::make_const(s.high)})});
  return o;
}

namespace {

// o's conclusion: "some move kind, for some choice of its parameters, is legal and `body`"
// (body(m, parameters): reaches v, reaches P, or only legal); the moves without parameters a
// disjunction, the others existentials over fresh names (so that different moves, and the
// free parameters of o itself, are never shared).
void some_move(const InductionStep& step, Obligation& o,
               const std::function<ExprPtr(const SymbolicMove&,
                                           const std::map<std::string, ExprPtr>&)>& body) {
  std::vector<ExprPtr> reached;
  for (const SymbolicMove& m : step.moves) {
    if (m.parameters.empty()) {
      reached.push_back(body(m, {}));
    } else {
      std::map<std::string, ExprPtr> renamed;
      smt::Existential e;
      for (const std::string& p : m.parameters) {
        e.bound.push_back(p + "_" + std::to_string(o.existentials.size()));
        renamed[p] = var(e.bound.back());
      }
      e.body = body(m, renamed);
      o.existentials.push_back(std::move(e));
    }
  }
  if (!reached.empty()) o.conclusion = disjunction(reached);
}

}  // namespace

Obligation completeness_quantified(const InductionStep& step, unsigned w) {
  Obligation o = about_smaller_values(step, w);
  o.name = fmt::format("(b) {} is reached by some move (quantified)", target(step));
  some_move(step, o, [&](const SymbolicMove& m, const std::map<std::string, ExprPtr>& params) {
    return reaches(step, m, params);
  });
  return o;
}

Obligation misere_terminal(const InductionStep& step, unsigned w) {
  Obligation o;
  o.kind = Obligation::Kind::Terminal;
  o.misere = true;
  o.name = "(m) no position without a move is in P (misère: there the player to move wins)";
  o.variables = heap_names(step);
  o.hypotheses = domain(step, w);
  o.hypotheses.push_back(step.value);
  some_move(step, o, [](const SymbolicMove& m, const std::map<std::string, ExprPtr>& params) {
    return smt::substitute(m.guard, params);
  });
  return o;
}

Obligation misere_completeness(const InductionStep& step, const SymbolicMove& legal,
                               unsigned w) {
  Obligation o = about_move(step, legal, w);  // over X and `legal`'s parameters, where legal
  o.kind = Obligation::Kind::Completeness;
  o.misere = true;
  o.move = nullptr;  // what it reaches is P, not F(X): confirmed as (b) is
  o.hypotheses.push_back(node(Op::Not, {step.value}));
  if (step.hints.empty()) {
    o.name = fmt::format("(b) from every X outside P where \"{}\" is legal, P is reached by "
                         "some move (quantified, misère)",
                         legal.name);
    some_move(step, o, [&](const SymbolicMove& m, const std::map<std::string, ExprPtr>& params) {
      return reaches(step, m, params);
    });
  } else {
    o.name = fmt::format("(b) from every X outside P where \"{}\" is legal, P is reached by "
                         "one of {} witness hints (misère)",
                         legal.name, step.hints.size());
    o.conclusion = disjunction(hinted(step, nullptr));
  }
  return o;
}

std::vector<Obligation> rules_obligations(const InductionStep& step, unsigned w) {
  std::vector<Obligation> out;
  for (const SymbolicMove& m : step.moves) {
    Obligation rank = rank_obligation(step, m, w);
    if (auto exact = exact_follower(step, m, w)) {
      rank.hypotheses.push_back(exact->conclusion);
      out.push_back(std::move(*exact));
    }
    out.push_back(std::move(rank));
  }
  return out;
}

std::vector<Obligation> unbounded_obligations(const InductionStep& step) {
  std::vector<Obligation> out;
  for (const SymbolicCondition& c : step.conditions) out.push_back(rule_condition(step, c, 0));
  // The rules on N^k, as the rules check proves them: (n), then (7) under it.
  for (Obligation& o : rules_obligations(step, 0)) out.push_back(std::move(o));
  for (const SymbolicMove& m : step.moves) out.push_back(no_equal_follower(step, m, 0));
  if (step.misere) {
    out.push_back(misere_terminal(step, 0));
    for (const SymbolicMove& m : step.moves) out.push_back(misere_completeness(step, m, 0));
    return out;
  }
  out.push_back(completeness_quantified(step, 0));
  return out;
}

std::vector<Obligation> induction_obligations(const InductionStep& step, unsigned w) {
  std::vector<Obligation> out;
  for (const SymbolicCondition& c : step.conditions) out.push_back(rule_condition(step, c, w));
  for (const SymbolicMove& m : step.moves)
    for (Obligation& o : parameter_widths(step, m, w)) out.push_back(std::move(o));
  for (const SymbolicMove& m : step.moves) out.push_back(rank_obligation(step, m, w));
  for (const SymbolicMove& m : step.moves) out.push_back(no_equal_follower(step, m, w));
  if (!step.win_loss) out.push_back(value_bound(step, w));  // P is a condition, not a value
  if (step.misere) {
    out.push_back(misere_terminal(step, w));
    for (const SymbolicMove& m : step.moves) out.push_back(misere_completeness(step, m, w));
    return out;
  }
  if (step.hints.empty()) {
    out.push_back(completeness_quantified(step, w));
  } else if (step.split) {
    // Counted from low, so that a range ending at 2^64 - 1 cannot wrap around.
    for (std::uint64_t i = 0; i <= step.split->high - step.split->low; ++i)
      out.push_back(completeness_case(step, step.split->low + i, w));
    out.push_back(case_cover(step, w));
  } else {
    out.push_back(completeness_hinted(step, w));
  }
  return out;
}

smt::Numeration numeration_to_decide(const Obligation& o, smt::Numeration named,
                                     const smt::Definitions& definitions) {
  std::vector<smt::ExprPtr> parts = o.hypotheses;
  parts.push_back(o.conclusion);
  for (const smt::Existential& e : o.existentials) parts.push_back(e.body);
  return smt::numeration_to_decide(named, parts, definitions);
}

}  // namespace nimcert
