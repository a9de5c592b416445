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
#include "engines/sum_sequence.hpp"
#include "games/move_shapes.hpp"
#include "solve/z3_backend.hpp"
#include "sys/activity.hpp"
#include "sys/natural.hpp"

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

// The options the one-heap sum engine plays at heap n (its ranges spelled out) against the
// declaration's own, as sets of part lists (a sum's parts sorted); the difference, if any.
std::optional<nlohmann::ordered_json> ranges_differ(const DeclaredGame& game, Heap n,
                                                    std::vector<std::vector<Heap>> declared) {
  OneHeapOptions o;
  game.one_heap_options(n, o);
  std::vector<std::vector<Heap>> engine;
  std::size_t begin = 0;
  for (std::size_t end : o.ends) {
    engine.emplace_back(o.parts.begin() + begin, o.parts.begin() + end);
    begin = end;
  }
  for (const OptionRange& range : o.ranges)
    for (std::uint64_t a = range.first; a <= range.last; ++a) {
      const auto rest = static_cast<Heap>(n - range.removed - a);
      switch (range.kind) {
        case OptionRange::Kind::Split:
          engine.push_back({static_cast<Heap>(a), rest});
          break;
        case OptionRange::Kind::Remove:
          engine.push_back({rest});
          break;
        case OptionRange::Kind::Reduce:
          engine.push_back({static_cast<Heap>(a)});
          break;
      }
    }
  auto canonical = [](std::vector<std::vector<Heap>> v) {
    for (auto& parts : v) std::sort(parts.begin(), parts.end());
    std::sort(v.begin(), v.end());
    v.erase(std::unique(v.begin(), v.end()), v.end());
    return v;
  };
  engine = canonical(std::move(engine));
  declared = canonical(std::move(declared));
  if (engine == declared) return std::nullopt;
  return nlohmann::ordered_json{{"position", Position{n}.to_string()},
                                {"declared", declared},
                                {"one_heap_sum_engine", engine}};
}

// Every move at every position of the box, and the shape's followers beside the declaration's
// (or, for one heap with sums, the one-heap sum engine's options).
void enumerate_box(const DeclaredGame& game, RulesReport& r) {
  const std::size_t k = game.heap_count();
  const Heap side = move_check_side(k);
  r.box = fmt::format("[0,{}]^{}", side, k);
  const WorkLimit limit(kRulesCheckChoices);
  const std::optional<MoveShape> shape = game.move_shape();
  const bool sum_engine = plays_one_heap_sums(game);
  Position p = Position::zeros(k);
  do {
    ++r.positions;
    std::vector<Position> declared;
    std::vector<std::vector<Heap>> options;  // one heap with sums: each option's parts
    try {
      // A sum's parts (each checked to lower the rank) count as one follower; the shapes'
      // comparison below never sees them (a game with sums has no fast shape).
      game.for_each_move(p, [&](std::size_t, std::span<const Position> parts) {
        declared.push_back(parts[0]);
        if (sum_engine) {
          options.emplace_back();
          for (const Position& q : parts) options.back().push_back(q[0]);
        }
      });
      if (sum_engine && r.shape_agrees)
        if (auto d = ranges_differ(game, p[0], std::move(options))) {
          r.shape_agrees = false;
          r.shape_disagreement = std::move(*d);
        }
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
  if (plays_one_heap_sums(game))
    return "a move leaves a sum of heaps: the split engine, held against the one-heap sum "
           "engine on a prefix (removals, reductions and splits as ranges of a parameter), a "
           "sum worth the xor of its parts' values";
  if (game.has_sums())
    return "a move leaves a sum of positions: the reference engine, a sum worth the xor of its "
           "parts' values";
  return "generic: the reference engine";
}

PendingQuery pending(const Obligation& o, unsigned w, const std::string& game) {
  return {smt::make_query(o.variables, o.hypotheses, o.conclusion, w,
                          fmt::format("nimcert rules of {} {} at width {}", game, o.name, w)),
          obligation_statement(o), fmt::format("rules of {} w{}: {}", game, w, o.name)};
}

ObligationOutcome outcome_of(const Obligation& o, const SolvedQuery& solved) {
  ObligationOutcome r = ObligationOutcome::answered(o.name, solved);
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
  if (!needs_solvers) return Verdict::Holds;  // a preset: its engine is the built-in one
  Verdict v = widths.empty() ? Verdict::Unknown : Verdict::Holds;  // nothing proved never holds
  bool refuted = false;
  for (const InductionWidth& w : widths) {
    v = conjunction(v, w.verdict);
    refuted = refuted || w.verdict == Verdict::Fails;
  }
  if (unbounded && unbounded->in_fragment) {
    if (unbounded->verdict == Verdict::Fails) return Verdict::Fails;
    if (unbounded->verdict == Verdict::Holds && !refuted) return Verdict::Holds;
    v = conjunction(v, unbounded->verdict);
  }
  return v;
}

RulesReport check_rules(const DeclaredGame& game, const CheckOptions& options, bool solve_them) {
  RulesReport r;
  r.game = game.name();
  r.engine = engine_of(game);
  r.heaps = game.heap_count();
  r.rank = game.declaration().rank ? "declared: " + smt::to_string(*game.declaration().rank)
                                   : "x1 + ... + xk + #{i : xi > 0} (stones plus nonempty heaps)";
  smt::set_activity("rules of " + game.name() + ": the box");
  enumerate_box(game, r);
  if (r.violation || !r.shape_agrees || !solve_them) return r;
  r.solved = true;
  const std::vector<SymbolicMove> moves = game.symbolic_moves();
  const InductionStep step{moves, {}, game.heap_count(), smt::make_const(0),
                           false, false, {}, std::nullopt};
  const BothSolvers real(options.cvc5_binary);
  const Solvers& solvers = solvers_of(options, real);
  const smt::GameDeclaration& declaration = game.declaration();
  const std::vector<unsigned>& asked =
      declaration.rule_widths.empty() ? kRuleWidths : declaration.rule_widths;
  if (options.unbounded) {
    smt::set_activity(fmt::format("rules of {}: mona", game.name()));
    // The moves are expanded (no definition calls left).  MONA's counterexample to (7) or (n)
    // has been re-checked by the exact evaluator against the obligation itself: the move
    // breaks the rules there, as a re-checked model of a width does.
    r.unbounded = decide_on_every_position(
        rules_obligations(step, 0), smt::Definitions{}, "nimcert rules of " + game.name(), options,
        [](const Obligation&, const std::map<std::string, smt::u128>& model, std::string&) {
          Confirmed c;
          for (const auto& [name, value] : model)
            c.counterexample[name] = smt::u128_to_string(value);
          c.refutes_claim = true;
          return std::optional<Confirmed>(std::move(c));
        });
  }
  // MONA first: rules it proves on N^k are settled, and the widths are a second opinion tried
  // under a short limit (bounded_limit); the declaration's own `rules ... timeout` wins.
  const bool proved_unbounded = r.unbounded && r.unbounded->in_fragment &&
                                r.unbounded->verdict == Verdict::Holds;
  const unsigned limit = bounded_limit(declaration.rule_timeout_ms, options, proved_unbounded);
  r.timeout_ms = limit != options.timeout_ms ? limit : declaration.rule_timeout_ms;
  // Every obligation of the widest width, solved side by side; unless they prove it, every
  // other width's too (widest_first.hpp); then read in order.
  std::vector<std::vector<Obligation>> obligations;
  std::vector<WidthQueries> queries;
  for (unsigned w : asked) {
    obligations.push_back(rules_obligations(step, w));
    queries.push_back({w, {}});
    for (const Obligation& o : obligations.back())
      queries.back().queries.push_back(pending(o, w, game.name()));
  }
  const std::vector<SolvedWidth> solved =
      solve_widest_first(queries, solvers, limit, options.threads, true);
  for (std::size_t i = 0; i < obligations.size(); ++i)
    r.widths.push_back(
        read_width(solved[i], obligations[i], true,
                   [](const Obligation& o, const SolvedQuery& q) { return outcome_of(o, q); }));
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
