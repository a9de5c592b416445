// Solving and confirming the induction step's obligations (see induction_check.hpp).
#include "induction_check.hpp"

#include <fmt/format.h>

#include <chrono>
#include <limits>

#include "evaluator.hpp"
#include "induction_obligations.hpp"
#include "reference_engine.hpp"
#include "two_solvers.hpp"

namespace nimcert {

namespace {

using smt::u128;
using Json = nlohmann::ordered_json;

// Positions small enough to list every follower, and to compute G by the reference engine.
constexpr u128 kMaxEnumeratedStones = 1u << 16;
constexpr u128 kMaxReferenceStones = 64;

Json number_json(u128 v) {
  if (v <= std::numeric_limits<std::uint64_t>::max()) return static_cast<std::uint64_t>(v);
  return smt::u128_to_string(v);
}

Json heaps_json(const std::vector<u128>& heaps) {
  Json a = Json::array();
  for (u128 h : heaps) a.push_back(number_json(h));
  return a;
}

// The claimed value F at a position, by the C++ evaluator.
std::optional<u128> value_at(const smt::Program& f, const std::vector<u128>& heaps) {
  std::vector<u128> out;
  if (!f.run_one<u128>(heaps, out)) return std::nullopt;
  return out[0];
}

// Confirms a model in C++: returns the counterexample, or explains in `note` why not.
std::optional<Json> confirm(const Obligation& o, const std::map<std::string, u128>& model,
                            const smt::Program& f, const Game& game, std::size_t heaps,
                            std::string& note) {
  std::vector<u128> input, position;
  for (const std::string& v : o.variables) input.push_back(model.at(v));
  position.assign(input.begin(), input.begin() + static_cast<long>(heaps));
  if (o.existentials.empty()) {
    // The model must violate the obligation in the C++ evaluator.
    std::vector<smt::ExprPtr> parts = o.hypotheses;
    smt::ExprPtr premise = parts[0];
    for (std::size_t i = 1; i < parts.size(); ++i)
      premise = smt::make_node(smt::Op::And, {premise, parts[i]});
    const smt::Program check(o.variables,
                             {smt::make_node(smt::Op::Implies, {premise, o.conclusion})});
    std::vector<u128> holds;
    if (!check.run_one<u128>(input, holds)) {
      note = "the model is too large for the C++ evaluator to re-check";
      return std::nullopt;
    }
    if (holds[0] != 0) {
      note = "the solver's model does not violate the obligation in the C++ evaluator";
      return std::nullopt;
    }
  }
  Json cx;
  cx["position"] = heaps_json(position);
  Json parameters = Json::object();
  for (std::size_t i = heaps; i < o.variables.size(); ++i)
    parameters[o.variables[i]] = number_json(input[i]);
  cx["parameters"] = parameters;
  const auto f_here = value_at(f, position);
  cx["F"] = f_here ? number_json(*f_here) : Json();
  u128 stones = 0;
  for (u128 h : position) stones += h;
  if (stones > kMaxEnumeratedStones) {
    if (!o.existentials.empty()) {
      note = "the position is too large to list its followers, so the model is not confirmed";
      return std::nullopt;
    }
    cx["confirmed_by"] = "the C++ evaluator (the position is too large to list its followers)";
    return cx;
  }
  // The followers by the game's own enumeration, with F at each.
  Position p = Position::zeros(heaps);
  for (std::size_t i = 0; i < heaps; ++i) p[i] = static_cast<Heap>(position[i]);
  Json followers = Json::array();
  const std::optional<u128> target =
      o.move ? f_here : std::optional<u128>(model.count("v") ? model.at("v") : 0);
  bool reached = false;
  game.for_each_follower(p, [&](const Position& y) {
    std::vector<u128> heaps_of_y(y.begin(), y.end());
    const auto f_there = value_at(f, heaps_of_y);
    if (f_there && target && *f_there == *target) {
      reached = true;
      followers.push_back({{"position", heaps_json(heaps_of_y)}, {"F", number_json(*f_there)}});
    }
  });
  if (stones <= kMaxReferenceStones) {
    ReferenceEngine reference(game);
    cx["grundy"] = reference.grundy(p);
  }
  if (o.name.rfind("(a)", 0) == 0) {
    cx["followers_with_F_equal"] = followers;
    if (!reached) {
      note =
          "the follower enumeration finds no follower with the same F: the move encoding "
          "disagrees with the game";
      return std::nullopt;
    }
    cx["confirmed_by"] = "the C++ evaluator and the game's follower enumeration";
  } else if (o.name.rfind("(b)", 0) == 0) {
    cx["followers_reaching_v"] = followers;
    if (!o.existentials.empty() && reached) {
      note = "a follower reaches v, so the solver's model is spurious";
      return std::nullopt;
    }
    cx["confirmed_by"] =
        reached ? "the C++ evaluator: no witness hint reaches v, although a follower does (the "
                  "hints are incomplete)"
                : "the game's follower enumeration: no follower reaches v, so F is not the mex";
  } else {
    cx["confirmed_by"] = "the C++ evaluator";
  }
  return cx;
}

}  // namespace

smt::Query obligation_query(const smt::InductionSpec& spec, const Obligation& o, unsigned w) {
  return smt::make_query(o.variables, o.hypotheses, o.conclusion, w,
                         fmt::format("nimcert induction {} {} at width {}", spec.claim, o.name, w),
                         o.existentials);
}

std::vector<std::pair<std::string, smt::Query>> induction_queries(
    const smt::InductionSpec& spec, const smt::Definitions& definitions, const Game& game,
    unsigned w) {
  const std::vector<SymbolicMove> moves = game.symbolic_moves();
  std::vector<std::pair<std::string, smt::Query>> out;
  for (const Obligation& o :
       induction_obligations(moves, game.heap_count(), smt::expand(spec.value, definitions),
                             spec.hints, definitions, w, spec.split))
    out.emplace_back(o.name, obligation_query(spec, o, w));
  return out;
}

InductionOutcome check_induction(const smt::InductionSpec& spec,
                                 const smt::Definitions& definitions, const Game& game,
                                 const smt::LemmaOptions& options) {
  InductionOutcome out;
  out.claim = spec.claim;
  out.text = spec.text;
  out.value = smt::to_string(*spec.value);
  out.hinted = !spec.hints.empty();
  out.timeout_ms = spec.timeout_ms;
  const std::vector<SymbolicMove> moves = game.symbolic_moves();
  if (moves.empty())
    throw std::invalid_argument(game.describe() + " has no symbolic move encoding");
  for (const SymbolicMove& m : moves) out.moves.push_back(m.name);
  for (const smt::WitnessHint& h : spec.hints) {
    std::string s = h.move;
    for (const auto& [name, e] : h.parameters) s += " " + name + " = " + smt::to_string(*e);
    out.hints.push_back(s);
  }
  if (spec.split)
    out.case_split =
        fmt::format("{} = {} in {}..{}", spec.split->name, smt::to_string(*spec.split->expr),
                    spec.split->low, spec.split->high);
  const std::size_t heaps = game.heap_count();
  const smt::ExprPtr value = smt::expand(spec.value, definitions);
  const smt::Program f(position_variables(heaps), {value});

  bool all_hold = true, some_fails = false;
  for (unsigned w : spec.widths) {
    InductionWidth width;
    width.width = w;
    bool unsat = true;
    const std::vector<Obligation> obligations =
        induction_obligations(moves, heaps, value, spec.hints, definitions, w, spec.split);
    for (const Obligation& o : obligations) {
      ObligationOutcome r;
      r.name = o.name;
      const smt::Query q = obligation_query(spec, o, w);
      const smt::TwoSolverRun both = smt::solve_with_both(
          q, spec.timeout_ms > 0 ? spec.timeout_ms : options.timeout_ms, options.cvc5_binary);
      const smt::SolverRun& run = both.z3;
      r.z3 = run.answer;
      r.note = both.disagreement.empty() ? run.reason : both.disagreement;
      r.seconds = run.seconds;
      r.cvc5 = both.cvc5;
      if (run.answer == smt::Answer::Sat) {
        if (!run.model_fits)
          r.note = "the model is too large for the C++ side to confirm";
        else
          r.counterexample = confirm(o, run.model, f, game, heaps, r.note);
      }
      unsat = unsat && both.both_unsat();
      some_fails = some_fails || r.counterexample.has_value();
      r.smt2 = smt::with_status(q.smt2, run.answer);
      width.obligations.push_back(std::move(r));
    }
    bool width_fails = false;
    for (const auto& r : width.obligations) width_fails = width_fails || r.counterexample;
    width.verdict = unsat         ? smt::Verdict::Holds
                    : width_fails ? smt::Verdict::Fails
                                  : smt::Verdict::Unknown;
    all_hold = all_hold && unsat;
    out.widths.push_back(std::move(width));
  }
  out.verdict = all_hold     ? smt::Verdict::Holds
                : some_fails ? smt::Verdict::Fails
                             : smt::Verdict::Unknown;
  return out;
}

}  // namespace nimcert
