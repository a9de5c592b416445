// Checking a declared game's rules (see rules_check.hpp).
#include "checks/rules_check.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "base/work_meter.hpp"
#include "checks/induction/confirm.hpp"
#include "checks/induction/move_check.hpp"
#include "checks/induction/obligations.hpp"
#include "engines/grundy_of.hpp"
#include "engines/reference_engine.hpp"
#include "games/move_shapes.hpp"
#include "solve/z3_backend.hpp"
#include "sys/activity.hpp"

namespace nimcert {

namespace {

// The next position of [0,side]^k in canonical order (the last heap fastest); false after the
// last one.
bool advance(Position& p, Heap side) {
  for (std::size_t i = p.size(); i-- > 0;) {
    if (p[i] < side) {
      ++p[i];
      return true;
    }
    p[i] = 0;
  }
  return false;
}

std::vector<Position> sorted_unique(std::vector<Position> v) {
  std::sort(v.begin(), v.end());
  v.erase(std::unique(v.begin(), v.end()), v.end());
  return v;
}

nlohmann::ordered_json positions_json(const std::vector<Position>& v) {
  nlohmann::ordered_json j = nlohmann::ordered_json::array();
  for (const Position& p : v) j.push_back(p.to_string());
  return j;
}

// Whether two follower lists of p are the same set; else the disagreement, each side named.
std::optional<nlohmann::ordered_json> differ(const Position& p, std::vector<Position> a,
                                             const char* a_name, std::vector<Position> b,
                                             const char* b_name) {
  a = sorted_unique(std::move(a));
  b = sorted_unique(std::move(b));
  if (a == b) return std::nullopt;
  return nlohmann::ordered_json{
      {"position", p.to_string()}, {a_name, positions_json(a)}, {b_name, positions_json(b)}};
}

// Every move at every position of the box, and the shape's followers beside the declaration's.
void enumerate_box(const DeclaredGame& game, RulesReport& r) {
  const std::size_t k = game.heap_count();
  const Heap side = move_check_side(k);
  r.box = fmt::format("[0,{}]^{}", side, k);
  const WorkLimit limit(kRulesCheckChoices);
  const std::optional<MoveShape> shape = game.move_shape();
  Position p = Position::zeros(k);
  do {
    ++r.positions;
    std::vector<Position> declared;
    try {
      game.for_each_move(p, [&](std::size_t, const Position& q) { declared.push_back(q); });
    } catch (const RuleViolation& v) {
      r.violation = v.what();
      r.violation_at = v.position;
      r.violating_move = v.move;
      return;
    }
    r.followers += declared.size();
    for (const Position& q : declared)
      for (std::size_t i = 0; game.lowers_heaps() && i < k; ++i)
        if (q[i] > p[i]) {  // the dense box engine would read outside the box
          r.shape_agrees = false;
          r.shape_disagreement = {{"position", p.to_string()}, {"raises_heap", q.to_string()}};
          return;
        }
    if (shape && r.shape_agrees)
      if (auto d =
              differ(p, std::move(declared), "declared", followers_of_shape(*shape, p), "shape")) {
        r.shape_agrees = false;
        r.shape_disagreement = std::move(*d);
      }
  } while (advance(p, side));
}

std::string engine_of(const DeclaredGame& game) {
  if (const auto shape = game.move_shape()) {
    if (shape->merges.empty()) return "every reduction (nim's shape): the cube engine's rows";
    return fmt::format("every reduction and {} merges of threshold {}: the cube engine",
                       shape->merges.size(), shape->threshold);
  }
  if (game.lowers_heaps()) return "no move raises a heap: the dense box engine";
  return "generic: the reference engine";
}

ObligationOutcome solve(const Obligation& o, unsigned w, const Solvers& solvers,
                        unsigned timeout_ms, const std::string& game) {
  ObligationOutcome r;
  r.name = o.name;
  smt::set_activity(fmt::format("rules of {} w{}: {}", game, w, o.name));
  const std::optional<smt::Program> statement = obligation_statement(o);
  const smt::Query q =
      smt::make_query(o.variables, o.hypotheses, o.conclusion, w,
                      fmt::format("nimcert rules of {} {} at width {}", game, o.name, w));
  const SolvedQuery solved =
      solve_and_recheck(q, statement ? &*statement : nullptr, solvers, timeout_ms);
  r.z3 = solved.z3;
  r.cvc5 = solved.cvc5;
  r.note = solved.note;
  r.seconds = solved.seconds;
  r.smt2 = solved.smt2;
  if (solved.model && solved.rechecked) {
    nlohmann::ordered_json cx;
    for (const auto& [name, value] : *solved.model)
      cx[name] = fmt::format("{}", static_cast<std::uint64_t>(value));
    r.counterexample = cx;
    r.refutes = true;  // re-checked in C++: the move breaks the rule there
  }
  return r;
}

}  // namespace

Verdict RulesReport::verdict() const {
  if (violation || !shape_agrees || !built_in_agrees || positions == 0) return Verdict::Fails;
  if (!solved && needs_solvers) return Verdict::Unknown;
  Verdict v = Verdict::Holds;
  for (const InductionWidth& w : widths) v = conjunction(v, w.verdict);
  return v;
}

RulesReport check_rules(const DeclaredGame& game, const CheckOptions& options, bool solve_them) {
  RulesReport r;
  r.game = game.name();
  r.engine = engine_of(game);
  smt::set_activity("rules of " + game.name() + ": the box");
  enumerate_box(game, r);
  if (r.violation || !r.shape_agrees || !solve_them) return r;
  r.solved = true;
  const std::vector<SymbolicMove> moves = game.symbolic_moves();
  const InductionStep step{moves, {}, game.heap_count(), smt::make_const(0),
                           false, {}, std::nullopt};
  const BothSolvers real(options.cvc5_binary);
  const Solvers& solvers = solvers_of(options, real);
  for (unsigned w : kRuleWidths) {
    InductionWidth width;
    width.width = w;
    bool unsat = true, refuted = false;
    auto run = [&](const Obligation& o) {
      ObligationOutcome out = solve(o, w, solvers, options.timeout_ms, game.name());
      unsat = unsat && out.z3 == smt::Answer::Unsat && out.cvc5.answer == smt::Answer::Unsat;
      refuted = refuted || out.refutes;
      width.obligations.push_back(std::move(out));
    };
    for (const SymbolicMove& m : moves) {
      // (n) first; (7) may then assume it (at the same width, under the same guard), which
      // spares the solvers the borrows of subtractions that cannot happen.
      Obligation rank = rank_obligation(step, m, w);
      if (const auto exact = exact_follower(step, m, w)) {
        run(*exact);
        rank.hypotheses.push_back(exact->conclusion);
      }
      run(rank);
    }
    width.verdict = refuted ? Verdict::Fails : unsat ? Verdict::Holds : Verdict::Unknown;
    r.widths.push_back(std::move(width));
  }
  return r;
}

RulesReport check_preset(const Game& built_in, const DeclaredGame& preset) {
  RulesReport r = check_rules(preset, {}, false);
  r.needs_solvers = false;
  r.game = built_in.describe();
  r.declaration = preset.parameters().at("moves");
  if (r.violation) return r;
  const std::size_t k = built_in.heap_count();
  const Heap side = move_check_side(k);
  const GrundyBox values = grundy_box(built_in, std::vector<Heap>(k, side));
  ReferenceEngine reference(preset);
  Position p = Position::zeros(k);
  std::vector<Position> mine, theirs;
  do {
    mine.clear();
    theirs.clear();
    preset.for_each_follower(p, [&](const Position& q) { mine.push_back(q); });
    built_in.for_each_follower(p, [&](const Position& q) { theirs.push_back(q); });
    if (auto d = differ(p, mine, "declared", theirs, "built_in")) {
      r.built_in_agrees = false;
      r.built_in_disagreement = std::move(*d);
      return r;
    }
    const Value g = reference.grundy(p);
    ++r.values_compared;
    if (g != values.at(p)) {
      r.built_in_agrees = false;
      r.built_in_disagreement = {
          {"position", p.to_string()}, {"declared_grundy", g}, {"built_in_grundy", values.at(p)}};
      return r;
    }
  } while (advance(p, side));
  return r;
}

}  // namespace nimcert
