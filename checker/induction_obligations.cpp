// Generating the induction step's obligations (see induction_obligations.hpp).
#include "induction_obligations.hpp"

#include <fmt/format.h>

#include <map>
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

}  // namespace

std::vector<Obligation> induction_obligations(const std::vector<SymbolicMove>& moves,
                                              std::size_t heaps, const ExprPtr& value,
                                              const std::vector<smt::WitnessHint>& hints,
                                              const smt::Definitions& definitions, unsigned w,
                                              const std::optional<smt::CaseSplit>& split) {
  const std::vector<std::string> x = position_variables(heaps);
  std::vector<ExprPtr> here;
  for (const std::string& name : x) here.push_back(var(name));
  const ExprPtr domain = below_power(sum_of(here), w);
  const ExprPtr f_here = value;
  // F at the follower a move leads to, and that follower's heaps, given its parameters.
  auto at_follower = [&](const SymbolicMove& m, const std::map<std::string, ExprPtr>& params) {
    std::map<std::string, ExprPtr> heaps_of_y;
    std::vector<ExprPtr> y;
    for (std::size_t i = 0; i < heaps; ++i) {
      y.push_back(smt::substitute(m.result[i], params));
      heaps_of_y[x[i]] = y.back();
    }
    return std::make_pair(smt::substitute(value, heaps_of_y), y);
  };

  std::vector<Obligation> out;
  for (const SymbolicMove& m : moves) {
    Obligation o;
    o.name = "(7) " + m.name;
    o.variables = x;
    o.variables.insert(o.variables.end(), m.parameters.begin(), m.parameters.end());
    o.move = &m;
    const auto [f_there, y] = at_follower(m, {});
    // Heaps the move leaves alone (y_i is x_i itself) contribute the same to both sides and
    // are cancelled: an exact step over the naturals, and bit-vector solvers find carry
    // chains that differ in one input hard to compare.
    std::vector<ExprPtr> before, after;
    for (std::size_t i = 0; i < heaps; ++i)
      if (!(y[i]->op == Op::Var && y[i]->name == x[i])) {
        before.push_back(here[i]);
        after.push_back(y[i]);
      }
    o.hypotheses = {domain, m.guard};
    o.conclusion = before.empty()
                       ? node(Op::Lt, {smt::make_const(0), smt::make_const(0)})  // no change
                       : node(Op::And, {node(Op::Lt, {rank_of(after), rank_of(before)}),
                                        node(Op::Le, {sum_of(after), sum_of(before)})});
    out.push_back(std::move(o));
  }
  for (const SymbolicMove& m : moves) {
    Obligation o;
    o.name = "(a) " + m.name;
    o.variables = x;
    o.variables.insert(o.variables.end(), m.parameters.begin(), m.parameters.end());
    o.move = &m;
    o.hypotheses = {domain, m.guard};
    o.conclusion = node(Op::Ne, {at_follower(m, {}).first, f_here});
    out.push_back(std::move(o));
  }
  {
    Obligation o;
    o.name = "(b0) F < 2^w";
    o.variables = x;
    o.hypotheses = {domain};
    o.conclusion = below_power(f_here, w);
    out.push_back(std::move(o));
  }
  Obligation b;
  b.variables = x;
  b.variables.push_back("v");
  b.hypotheses = {domain, node(Op::Lt, {var("v"), f_here})};
  auto reaches = [&](const SymbolicMove& m, const std::map<std::string, ExprPtr>& params) {
    return node(Op::And, {smt::substitute(m.guard, params),
                          node(Op::Eq, {at_follower(m, params).first, var("v")})});
  };
  // Each hint's move and expanded parameters, checked once.
  std::vector<std::pair<const SymbolicMove*, std::map<std::string, ExprPtr>>> resolved;
  for (const smt::WitnessHint& h : hints) {
    const SymbolicMove* m = nullptr;
    for (const SymbolicMove& candidate : moves)
      if (candidate.name == h.move) m = &candidate;
    const std::string where = fmt::format("witness hint at line {}", h.where.line);
    if (!m) throw std::invalid_argument(where + ": the game has no move \"" + h.move + "\"");
    std::map<std::string, ExprPtr> params;
    for (const auto& [name, e] : h.parameters) params[name] = smt::expand(e, definitions);
    for (const std::string& p : m->parameters)
      if (!params.count(p))
        throw std::invalid_argument(where + ": move \"" + h.move + "\" needs parameter " + p);
    if (params.size() != m->parameters.size())
      throw std::invalid_argument(where + ": move \"" + h.move + "\" has parameters " +
                                  fmt::format("{}", fmt::join(m->parameters, ", ")));
    resolved.emplace_back(m, std::move(params));
  }
  // The hinted moves reaching v, with the case variable (if any) replaced by `case_value`.
  auto hinted = [&](const ExprPtr& case_value) {
    std::vector<ExprPtr> out;
    for (auto [m, params] : resolved) {
      if (case_value)
        for (auto& [name, e] : params) e = smt::substitute(e, {{split->name, case_value}});
      out.push_back(reaches(*m, params));
    }
    return out;
  };
  if (!hints.empty() && split) {
    const ExprPtr e = smt::expand(split->expr, definitions);
    for (std::uint64_t c = split->low; c <= split->high; ++c) {
      Obligation bc = b;
      bc.name = fmt::format("(b) {} = {}: every v < F is reached by one of {} witness hints",
                            split->name, c, hints.size());
      bc.hypotheses.push_back(node(Op::Eq, {e, smt::make_const(c)}));
      bc.conclusion = disjunction(hinted(smt::make_const(c)));
      out.push_back(std::move(bc));
    }
    b.name = fmt::format("(b cases) {} <= {} <= {} for every v < F", split->low, split->name,
                         split->high);
    b.conclusion = node(Op::And, {node(Op::Le, {smt::make_const(split->low), e}),
                                  node(Op::Le, {e, smt::make_const(split->high)})});
  } else if (!hints.empty()) {
    b.name = fmt::format("(b) every v < F is reached by one of {} witness hints", hints.size());
    b.conclusion = disjunction(hinted(nullptr));
  } else {
    b.name = "(b) every v < F is reached by some move (quantified)";
    std::vector<ExprPtr> reached;
    for (const SymbolicMove& m : moves) {
      if (m.parameters.empty()) {
        reached.push_back(reaches(m, {}));
      } else {
        // Fresh names for the bound parameters, so that different moves do not share them.
        std::map<std::string, ExprPtr> renamed;
        smt::Existential e;
        for (const std::string& p : m.parameters) {
          e.bound.push_back(p + "_" + std::to_string(b.existentials.size()));
          renamed[p] = var(e.bound.back());
        }
        e.body = reaches(m, renamed);
        b.existentials.push_back(std::move(e));
      }
    }
    if (!reached.empty()) b.conclusion = disjunction(reached);
  }
  out.push_back(std::move(b));
  return out;
}

}  // namespace nimcert
