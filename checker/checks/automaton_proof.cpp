// The automaton route's obligations, decided by MONA and confirmed by the game (see
// automaton_proof.hpp).
#include "checks/automaton_proof.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <functional>

#include "engines/grundy_of.hpp"
#include "eval/exact_evaluator.hpp"
#include "games/symbolic_move.hpp"
#include "sys/interrupt.hpp"
#include "ws1s/translation.hpp"

namespace nimcert {

namespace {

using smt::ExprPtr;
using smt::Op;
using Assignment = std::map<std::string, std::string>;

const char* kAutomaton = "learned";  // the predicate's name in every program

ExprPtr both(const ExprPtr& a, const ExprPtr& b) { return smt::make_node(Op::And, {a, b}); }
ExprPtr either(const ExprPtr& a, const ExprPtr& b) { return smt::make_node(Op::Or, {a, b}); }
ExprPtr all_of(const std::vector<ExprPtr>& terms) {
  ExprPtr out = smt::make_const(1);
  for (const ExprPtr& t : terms) out = out->op == Op::Const ? t : both(out, t);
  return out;
}

std::vector<ExprPtr> vars(const std::vector<std::string>& names) {
  std::vector<ExprPtr> out;
  for (const std::string& n : names) out.push_back(smt::make_var(n));
  return out;
}

// The move is legal at X with its parameters: each within its range, and its guard.
ExprPtr legal(const SymbolicMove& m) {
  std::vector<ExprPtr> terms;
  for (std::size_t i = 0; i < m.parameters.size(); ++i) {
    const ExprPtr p = smt::make_var(m.parameters[i]);
    if (m.ranges[i].low) terms.push_back(smt::make_node(Op::Le, {m.ranges[i].low, p}));
    terms.push_back(smt::make_node(Op::Le, {p, m.ranges[i].largest}));
  }
  if (m.guard) terms.push_back(m.guard);
  return all_of(terms);
}

// Stones plus nonempty heaps, or the move's declared rank, at the heaps `at`.
ExprPtr rank_at(const SymbolicMove& m, const std::vector<ExprPtr>& at) {
  std::map<std::string, ExprPtr> bindings;
  for (std::size_t i = 0; i < at.size(); ++i) bindings[fmt::format("x{}", i + 1)] = at[i];
  if (m.rank) return smt::substitute(m.rank, bindings);
  ExprPtr sum = smt::make_const(0);
  for (const ExprPtr& h : at)
    sum = smt::make_node(
        Op::Add,
        {sum, smt::make_node(Op::Add, {h, smt::make_node(Op::Gt, {h, smt::make_const(0)})})});
  return sum;
}

void subtractions(const ExprPtr& e, std::vector<ExprPtr>& out) {
  if (e->op == Op::Sub) out.push_back(smt::make_node(Op::Le, {e->args[1], e->args[0]}));
  for (const ExprPtr& a : e->args) subtractions(a, out);
}

std::optional<std::vector<std::uint64_t>> naturals(const Assignment& a,
                                                   const std::vector<std::string>& names) {
  std::vector<std::uint64_t> out;
  for (const std::string& n : names) {
    auto it = a.find(n);
    const std::string text = it == a.end() ? "0" : it->second;  // MONA omits empty sets
    if (text.size() > 9) return std::nullopt;                   // past what the game can play
    out.push_back(std::stoull(text));
  }
  return out;
}

class Obligations {
 public:
  Obligations(const Automaton& a, FitTarget target, const Game& game,
              const smt::Definitions& definitions, const UnboundedOptions& options)
      : automaton_(a),
        value_(target == FitTarget::Value),
        game_(game),
        definitions_(definitions),
        options_(options),
        heaps_(position_variables(game.heap_count())),
        moves_(game.symbolic_moves()) {
    if (game.has_sums())
      throw std::invalid_argument(
          "the automaton route plays games whose moves leave single positions, not sums");
    for (const SymbolicMove& m : moves_)
      for (const std::string& p : m.parameters)
        if (p == "v" || p == "u" || p == "w")
          throw std::invalid_argument(fmt::format(
              "move {}: a parameter named {} (the automaton route's value variables)", m.name, p));
    std::vector<std::string> params = heaps_;
    if (value_) params.push_back("v");
    external_[kAutomaton] = mona_predicate(a, std::string("def_") + kAutomaton, params);
    learned_ = learned_dfa(a);
  }

  AutomatonProof run(const std::optional<ExprPtr>& equals) {
    AutomatonProof proof;
    proof.move_check = check_move_encoding(game_, moves_, move_check_side(game_.heap_count()));
    const ExprPtr none = smt::make_const(0);
    for (const SymbolicMove& m : moves_) {  // (7) and (n)
      std::vector<std::string> v = heaps_;
      v.insert(v.end(), m.parameters.begin(), m.parameters.end());
      const ExprPtr lowers =
          smt::make_node(Op::Lt, {rank_at(m, m.result), rank_at(m, vars(heaps_))});
      add(proof, "(7) " + m.name, v, {legal(m)}, lowers, {}, exact(v, {legal(m)}, lowers));
      std::vector<ExprPtr> subs;
      for (const ExprPtr& y : m.result) subtractions(y, subs);
      if (!subs.empty())
        add(proof, "(n) " + m.name, v, {legal(m)}, all_of(subs), {},
            exact(v, {legal(m)}, all_of(subs)));
    }
    if (value_)
      value_obligations(proof, equals);
    else
      win_loss_obligations(proof);
    proof.verdict = proof.move_check.agrees ? Verdict::Holds : Verdict::Unknown;
    for (const AutomatonObligation& o : proof.obligations) {
      if (o.counterexample)
        proof.verdict = Verdict::Fails;
      else if (o.answer != smt::MonaRun::Answer::Valid && proof.verdict == Verdict::Holds)
        proof.verdict = Verdict::Unknown;
    }
    return proof;
  }

 private:
  using Confirm = std::function<std::optional<std::string>(const Assignment&)>;

  ExprPtr g(std::vector<ExprPtr> heaps, const ExprPtr& value = nullptr) const {
    if (value) heaps.push_back(value);
    return smt::make_call(kAutomaton, std::move(heaps));
  }
  bool accepts(const std::vector<std::uint64_t>& x, std::optional<std::uint64_t> v = {}) const {
    std::vector<std::uint64_t> tuple = x;
    if (v) tuple.push_back(*v);
    return automaton_.accepts(tuple);
  }
  std::vector<std::vector<std::uint64_t>> followers(const std::vector<std::uint64_t>& x) const {
    Position p = Position::zeros(x.size());
    for (std::size_t i = 0; i < x.size(); ++i) p[i] = static_cast<Heap>(x[i]);
    std::vector<std::vector<std::uint64_t>> out;
    game_.for_each_follower(p, [&](const Position& y) { out.emplace_back(y.begin(), y.end()); });
    return out;
  }
  std::string position(const std::vector<std::uint64_t>& x) const {
    return fmt::format("({})", fmt::join(x, ", "));
  }
  // G(x) by the game's exact engine, for the report; empty when it is too large to compute.
  std::string grundy(const std::vector<std::uint64_t>& x) const {
    try {
      Position p = Position::zeros(x.size());
      for (std::size_t i = 0; i < x.size(); ++i) p[i] = static_cast<Heap>(x[i]);
      return fmt::format("; the game's G{} = {}", position(x), grundy_of(game_, p));
    } catch (const std::exception&) {
      return "";
    }
  }

  // A statement with no automaton in it: the exact evaluator re-checks MONA's counterexample.
  Confirm exact(const std::vector<std::string>& names, const std::vector<ExprPtr>& hypotheses,
                const ExprPtr& conclusion) const {
    const ExprPtr statement =
        smt::expand(smt::make_node(Op::Implies, {all_of(hypotheses), conclusion}), definitions_);
    return [=](const Assignment& a) -> std::optional<std::string> {
      Assignment full;
      for (const std::string& n : names) full[n] = a.contains(n) ? a.at(n) : "0";
      const auto value = smt::evaluate_exactly(statement, full);
      if (!value || *value != "0") return std::nullopt;
      std::string s;
      for (const auto& [k, v] : full) s += fmt::format("{}{} = {}", s.empty() ? "" : ", ", k, v);
      return "the exact evaluator confirms it at " + s;
    };
  }

  void value_obligations(AutomatonProof& proof, const std::optional<ExprPtr>& equals) {
    const std::vector<ExprPtr> x = vars(heaps_);
    const ExprPtr v = smt::make_var("v"), u = smt::make_var("u"), w = smt::make_var("w");
    std::vector<std::string> xv = heaps_;
    xv.push_back("v");
    add(proof, "function: a value at every position", heaps_, {}, smt::make_const(0),
        {{{"v"}, g(x, v)}}, [&](const Assignment& a) -> std::optional<std::string> {
          const auto p = naturals(a, heaps_);
          if (!p) return std::nullopt;
          const std::string gx = grundy(*p);
          if (gx.empty()) return std::nullopt;
          return fmt::format("the automaton gives {} no value{}", position(*p), gx);
        });
    std::vector<std::string> xvw = xv;
    xvw.push_back("w");
    add(proof, "function: one value at every position", xvw, {g(x, v), g(x, w)},
        smt::make_node(Op::Eq, {v, w}), {}, [&](const Assignment& a) -> std::optional<std::string> {
          const auto p = naturals(a, xvw);
          if (!p) return std::nullopt;
          const std::vector<std::uint64_t> h(p->begin(), p->begin() + heaps_.size());
          const std::uint64_t pv = (*p)[heaps_.size()], pw = (*p)[heaps_.size() + 1];
          if (pv == pw || !accepts(h, pv) || !accepts(h, pw)) return std::nullopt;
          return fmt::format("the automaton gives {} the values {} and {}{}", position(h), pv, pw,
                             grundy(h));
        });
    for (const SymbolicMove& m : moves_) {  // (a)
      std::vector<std::string> names = xv;
      names.insert(names.end(), m.parameters.begin(), m.parameters.end());
      add(proof, "(a) " + m.name, names, {g(x, v), legal(m)},
          smt::make_node(Op::Not, {g(m.result, v)}), {},
          [&](const Assignment& a) -> std::optional<std::string> {
            const auto p = naturals(a, xv);
            if (!p) return std::nullopt;
            const std::vector<std::uint64_t> h(p->begin(), p->end() - 1);
            const std::uint64_t pv = p->back();
            if (!accepts(h, pv)) return std::nullopt;
            for (const auto& y : followers(h))
              if (accepts(y, pv))
                return fmt::format("the automaton gives {} and its follower {} the same value {}{}",
                                   position(h), position(y), pv, grundy(h));
            return std::nullopt;
          });
    }
    std::vector<std::string> xvu = xv;
    xvu.push_back("u");
    ExprPtr direct = smt::make_const(0);
    std::vector<smt::Existential> moves;
    for (const SymbolicMove& m : moves_) {
      const ExprPtr reach = both(legal(m), g(m.result, u));
      if (m.parameters.empty())
        direct = direct->op == Op::Const ? reach : either(direct, reach);
      else
        moves.push_back({m.parameters, reach});
    }
    add(proof, "(b) every smaller value is reached", xvu, {g(x, v), smt::make_node(Op::Lt, {u, v})},
        direct, moves, [&](const Assignment& a) -> std::optional<std::string> {
          const auto p = naturals(a, xvu);
          if (!p) return std::nullopt;
          const std::vector<std::uint64_t> h(p->begin(), p->end() - 2);
          const std::uint64_t pv = (*p)[heaps_.size()], pu = p->back();
          if (pu >= pv || !accepts(h, pv)) return std::nullopt;
          for (const auto& y : followers(h))
            if (accepts(y, pu)) return std::nullopt;
          return fmt::format("the automaton gives {} the value {} and no follower the value {}{}",
                             position(h), pv, pu, grundy(h));
        });
    if (equals) {
      const ExprPtr same = smt::make_node(Op::Iff, {g(x, v), smt::make_node(Op::Eq, {v, *equals})});
      add(proof, kEqualsObligation, xv, {}, same, {},
          [&](const Assignment& a) -> std::optional<std::string> {
            const auto p = naturals(a, xv);
            if (!p) return std::nullopt;
            const std::vector<std::uint64_t> h(p->begin(), p->end() - 1);
            Assignment at;
            for (std::size_t i = 0; i < heaps_.size(); ++i) at[heaps_[i]] = std::to_string(h[i]);
            const auto f = smt::evaluate_exactly(smt::expand(*equals, definitions_), at);
            if (!f || accepts(h, p->back()) == (*f == std::to_string(p->back())))
              return std::nullopt;
            return fmt::format("at {} the automaton and the formula ({}) differ on v = {}",
                               position(h), *f, p->back());
          });
    }
  }

  void win_loss_obligations(AutomatonProof& proof) {
    const std::vector<ExprPtr> x = vars(heaps_);
    for (const SymbolicMove& m : moves_) {  // (a)
      std::vector<std::string> names = heaps_;
      names.insert(names.end(), m.parameters.begin(), m.parameters.end());
      add(proof, "(a) " + m.name + ": no move from P into P", names, {g(x), legal(m)},
          smt::make_node(Op::Not, {g(m.result)}), {},
          [&](const Assignment& a) -> std::optional<std::string> {
            const auto h = naturals(a, heaps_);
            if (!h || !accepts(*h)) return std::nullopt;
            for (const auto& y : followers(*h))
              if (accepts(y))
                return fmt::format("the automaton puts {} and its follower {} in P{}", position(*h),
                                   position(y), grundy(*h));
            return std::nullopt;
          });
    }
    ExprPtr direct = smt::make_const(0);
    std::vector<smt::Existential> moves;
    for (const SymbolicMove& m : moves_) {
      const ExprPtr into = both(legal(m), g(m.result));
      if (m.parameters.empty())
        direct = direct->op == Op::Const ? into : either(direct, into);
      else
        moves.push_back({m.parameters, into});
    }
    add(proof, "(b) from outside P some move leads into P", heaps_,
        {smt::make_node(Op::Not, {g(x)})}, direct, moves,
        [&](const Assignment& a) -> std::optional<std::string> {
          const auto h = naturals(a, heaps_);
          if (!h || accepts(*h)) return std::nullopt;
          for (const auto& y : followers(*h))
            if (accepts(y)) return std::nullopt;
          return fmt::format("the automaton puts {} outside P and none of its followers in P{}",
                             position(*h), grundy(*h));
        });
  }

  void add(AutomatonProof& proof, const std::string& name, const std::vector<std::string>& names,
           const std::vector<ExprPtr>& hypotheses, const ExprPtr& conclusion,
           const std::vector<smt::Existential>& existentials, const Confirm& confirm) {
    smt::throw_if_interrupted();
    // One confirmed counterexample refutes the automaton: the rest would only cost MONA's time
    // (on a wrong automaton its automata can grow past any limit).
    for (const AutomatonObligation& done : proof.obligations)
      if (done.counterexample) return;
    AutomatonObligation o;
    o.name = name;
    const smt::MonaQuery query =
        smt::make_mona_query(names, hypotheses, conclusion, existentials, definitions_,
                             "automaton route: " + name, external_);
    o.mona = query.text;
    const smt::MonaRun run =
        run_mona_reusing(options_.reusing, query, options_.timeout_ms, options_.memory_bytes,
                         options_.mona_binary);
    o.answer = run.answer;
    o.states = run.states;
    o.bdd_nodes = run.bdd_nodes;
    o.seconds = run.seconds;
    o.note = run.note;
    if (run.answer == smt::MonaRun::Answer::Counterexample) {
      o.counterexample = confirm(run.counterexample);
      if (!o.counterexample) {
        o.answer = smt::MonaRun::Answer::Unknown;
        o.note = "MONA's counterexample was not confirmed by the game";
      }
    }
    if (options_.independent) {
      o.independent = check_independently(names, hypotheses, conclusion, existentials,
                                          definitions_, smt::Numeration::Binary,
                                          {{kAutomaton, learned_}});
      const bool valid = o.answer == smt::MonaRun::Answer::Valid;
      if ((valid && o.independent->counterexample) ||
          (o.counterexample && o.independent->checked())) {
        o.answer = smt::MonaRun::Answer::Unknown;
        o.counterexample.reset();
        o.note = fmt::format("the routes disagree: MONA {}, nimcert's automata {}",
                             valid ? "says valid" : "gives a confirmed counterexample",
                             o.independent->status);
      }
    }
    proof.obligations.push_back(std::move(o));
  }

  const Automaton& automaton_;
  bool value_;
  const Game& game_;
  const smt::Definitions& definitions_;
  const UnboundedOptions& options_;
  std::vector<std::string> heaps_;
  std::vector<SymbolicMove> moves_;
  std::map<std::string, std::string> external_;
  automata::Dfa learned_;  // the automaton as nimcert's own automata read it
};

}  // namespace

AutomatonProof prove_automaton(const Automaton& automaton, FitTarget target, const Game& game,
                               const smt::Definitions& definitions,
                               const std::optional<smt::ExprPtr>& equals,
                               const UnboundedOptions& options) {
  return Obligations(automaton, target, game, definitions, options).run(equals);
}

}  // namespace nimcert
