// A declared game: compiling its move kinds and enumerating their followers (see
// declared_game.hpp).
#include "games/declared_game.hpp"

#include <fmt/format.h>

#include "base/work_meter.hpp"
#include "games/choice_range.hpp"
#include "games/declared_compiled.hpp"
#include "games/move_shapes.hpp"
#include "games/symbolic_move.hpp"

namespace nimcert {

namespace {

using smt::ExprPtr;
using smt::Op;

// Every truncated subtraction a - b in e, as the condition a >= b under which it is exact.
void exact_subtractions(const ExprPtr& e, std::vector<ExprPtr>& out) {
  if (e->op == Op::Sub) out.push_back(smt::make_node(Op::Ge, {e->args[0], e->args[1]}));
  for (const ExprPtr& a : e->args) exact_subtractions(a, out);
}

smt::MoveKind expanded(const smt::MoveKind& m, const smt::Definitions& d) {
  smt::MoveKind x = m;
  for (smt::MoveParameter& p : x.parameters) {
    p.low = smt::expand(p.low, d);
    p.high = smt::expand(p.high, d);
  }
  if (x.when) x.when = smt::expand(x.when, d);
  for (ExprPtr& e : x.result) e = smt::expand(e, d);
  return x;
}

// The move broken at p with the parameters chosen so far (inputs after p's heaps).
RuleViolation broken(const smt::MoveKind& m, const Position& p,
                     const std::vector<std::uint64_t>& inputs, const std::string& what) {
  std::vector<std::string> chosen;
  for (std::size_t j = p.size(); j < inputs.size(); ++j)
    chosen.push_back(fmt::format("{} = {}", m.parameters[j - p.size()].name, inputs[j]));
  return RuleViolation(
      m.name, p,
      fmt::format("move \"{}\" at {}{}: {}", m.name, p.to_string(),
                  chosen.empty() ? "" : fmt::format(" with {}", fmt::join(chosen, ", ")), what));
}

}  // namespace

std::string too_many_choices(const std::string& parameter, const ChoiceRange& r) {
  return fmt::format("{} has {} choices ({}..{}), more than {} (bound it by the position)",
                     parameter, r.span() == UINT64_MAX ? "2^64" : std::to_string(r.span() + 1),
                     r.first, r.last, kMaxChoices);
}

std::string beyond_work_limit() {
  return fmt::format(
      "the rules check's limit of {} parameter choices on its box is reached (bound the "
      "parameters by the position)",
      kRulesCheckChoices);
}

std::uint64_t default_rank(const Position& p) {
  std::uint64_t r = 0;
  for (Heap h : p) r += std::uint64_t{h} + (h > 0);
  return r;
}

DeclaredGame::DeclaredGame(std::shared_ptr<const smt::GameDeclaration> declaration,
                           const smt::Definitions& definitions)
    : declaration_(std::move(declaration)) {
  const std::size_t k = declaration_->heaps;
  for (const smt::MoveKind& m : declaration_->moves) {
    expanded_.push_back(expanded(m, definitions));
    const smt::MoveKind& x = expanded_.back();
    auto c = std::make_unique<Compiled>();
    std::vector<std::string> variables = position_variables(k);
    std::vector<ExprPtr> every_bound;
    bool flat = true;
    for (const smt::MoveParameter& p : x.parameters) {
      c->bounds.emplace_back(variables, std::vector<ExprPtr>{p.low, p.high});
      for (std::size_t j = k; j < variables.size(); ++j)
        flat =
            flat && !smt::mentions(*p.low, variables[j]) && !smt::mentions(*p.high, variables[j]);
      every_bound.push_back(p.low);
      every_bound.push_back(p.high);
      variables.push_back(p.name);
    }
    if (flat && !every_bound.empty())
      c->all_bounds = std::make_unique<smt::Program>(position_variables(k), every_bound);
    std::vector<ExprPtr> outputs{x.when ? x.when : smt::make_const(1)};
    outputs.insert(outputs.end(), x.result.begin(), x.result.end());
    has_sums_ = has_sums_ || x.parts > 1;
    std::vector<ExprPtr> exact;
    for (const ExprPtr& e : x.result) exact_subtractions(e, exact);
    c->exact = exact.size();
    for (const ExprPtr& e : exact) c->subtraction_text.push_back(smt::to_string(*e));
    outputs.insert(outputs.end(), exact.begin(), exact.end());
    c->follower = std::make_unique<smt::Program>(variables, outputs);
    compiled_.push_back(std::move(c));
  }
  for (const smt::MoveKind& m : expanded_) {
    ranged_.emplace_back();
    if (const auto shape = range_shape(m, k)) {
      ranged_.back().emplace();
      ranged_.back()->kind = shape->kind;
      ranged_.back()->removed = shape->removed;
      if (m.when)
        ranged_.back()->when =
            std::make_unique<smt::Program>(position_variables(k), std::vector<ExprPtr>{m.when});
    }
  }
  if (declaration_->rank) {
    rank_ = smt::expand(declaration_->rank, definitions);
    rank_program_ =
        std::make_shared<smt::Program>(position_variables(k), std::vector<ExprPtr>{rank_});
  }
  shape_ = recognise_shape(expanded_, k);
  symmetric_ = shape_ && symmetric_in_last_two(*shape_, k);
  lowers_heaps_ = lowers_every_heap(expanded_, k);
}

DeclaredGame::~DeclaredGame() = default;

nlohmann::ordered_json DeclaredGame::parameters() const {
  nlohmann::ordered_json moves = nlohmann::ordered_json::array();
  for (const smt::MoveKind& m : declaration_->moves)
    moves.push_back({{"name", m.name}, {"rule", smt::to_string(m)}});
  nlohmann::ordered_json p = {{"heaps", declaration_->heaps}};
  if (declaration_->rank) p["rank"] = smt::to_string(*declaration_->rank);
  p["moves"] = moves;
  return p;
}

std::string DeclaredGame::describe() const {
  return fmt::format("{} (declared: {} heaps, {} move kinds)", declaration_->name,
                     declaration_->heaps, declaration_->moves.size());
}

std::vector<SymbolicMove> DeclaredGame::symbolic_moves() const {
  std::vector<SymbolicMove> out;
  for (const smt::MoveKind& m : expanded_) {
    SymbolicMove s;
    s.name = m.name;
    ExprPtr guard;
    auto conjoin = [&](ExprPtr c) { guard = guard ? smt::make_node(Op::And, {guard, c}) : c; };
    for (const smt::MoveParameter& p : m.parameters) {
      s.parameters.push_back(p.name);
      s.ranges.push_back({p.low, p.high_inclusive
                                     ? p.high
                                     : smt::make_node(Op::Sub, {p.high, smt::make_const(1)})});
      const ExprPtr v = smt::make_var(p.name);
      if (!(p.low->op == Op::Const && p.low->value == 0))
        conjoin(smt::make_node(Op::Le, {p.low, v}));
      conjoin(smt::make_node(p.high_inclusive ? Op::Le : Op::Lt, {v, p.high}));
    }
    if (m.when) conjoin(m.when);
    s.guard = guard ? guard : smt::make_node(Op::Eq, {smt::make_const(0), smt::make_const(0)});
    s.result = m.result;
    s.parts = m.parts;
    s.rank = rank_;
    out.push_back(std::move(s));
  }
  return out;
}

void DeclaredGame::for_each_follower(const Position& p, const FollowerSink& sink) const {
  refuse_sums("this route");
  for_each_move(p, [&](std::size_t, std::span<const Position> q) { sink(q[0]); });
}

void DeclaredGame::for_each_option(const Position& p, const OptionSink& sink) const {
  for_each_move(p, [&](std::size_t, std::span<const Position> parts) { sink(parts); });
}

void DeclaredGame::one_heap_options(Heap n, OneHeapOptions& out) const {
  if (declaration_->heaps != 1) throw std::logic_error(name() + ": not a one-heap game");
  out.clear();
  const Position p{n};
  const std::vector<std::uint64_t> x{n};
  std::vector<std::uint64_t> value;
  for (std::size_t kind = 0; kind < compiled_.size(); ++kind) {
    const smt::MoveKind& m = expanded_[kind];
    // In the plain route's order: the bounds, then the condition; anything that route would
    // refuse (an overflow, too many choices, a part not below n) is left to it.
    if (const auto& ranged = ranged_[kind];
        ranged && !rank_program_ && compiled_[kind]->bounds[0].run_one(x, value)) {
      const ChoiceRange r = choice_range(value[0], value[1], m.parameters[0].high_inclusive);
      if (r.empty) continue;
      const bool decided = !ranged->when || ranged->when->run_one(x, value);
      if (decided && ranged->when && value[0] == 0) continue;  // not legal at n
      // The rules for every a of the range at once: a below n (a reduction or a split's first
      // part), n - removed - a exact and below n (a removal or a split's second part).
      const std::uint64_t removed = ranged->removed;
      const bool a_part = ranged->kind != OptionRange::Kind::Remove;
      const bool rest_part = ranged->kind != OptionRange::Kind::Reduce;
      if (decided && r.span() < kMaxChoices && (!a_part || r.last < n) &&
          (!rest_part || (r.last + removed <= n && removed + r.first >= 1))) {
        out.ranges.push_back({ranged->kind, r.first, r.last, ranged->removed});
        continue;
      }
    }
    std::vector<std::uint64_t> inputs{n};  // the plain enumeration lists the kind, or refuses it
    enumerate(kind, p, 0, inputs, [&](std::size_t, std::span<const Position> parts) {
      for (const Position& q : parts) out.parts.push_back(q[0]);
      out.ends.push_back(out.parts.size());
    });
  }
}

void DeclaredGame::refuse_sums(const std::string& route) const {
  if (has_sums_)
    throw std::invalid_argument(fmt::format(
        "{}: a move leaves a sum of positions, which {} does not play (the reference engine "
        "and the box engine through it do)",
        describe(), route));
}

void DeclaredGame::for_each_move(const Position& p, const MoveSink& sink) const {
  if (p.size() != declaration_->heaps)
    throw std::logic_error(
        fmt::format("{}: a position has exactly {} heaps", name(), declaration_->heaps));
  std::vector<std::uint64_t> inputs(p.begin(), p.end());
  for (std::size_t kind = 0; kind < compiled_.size(); ++kind) {
    inputs.resize(p.size());
    enumerate(kind, p, 0, inputs, sink);
  }
}

void DeclaredGame::enumerate(std::size_t kind, const Position& p, std::size_t parameter,
                             std::vector<std::uint64_t>& inputs, const MoveSink& sink) const {
  const Compiled& c = *compiled_[kind];
  const smt::MoveKind& m = expanded_[kind];
  auto violation = [&](const std::string& what) { return broken(m, p, inputs, what); };
  std::vector<std::uint64_t> out;
  if (parameter < c.bounds.size()) {
    if (!c.bounds[parameter].run_one(inputs, out))
      throw violation("a bound of " + m.parameters[parameter].name + " overflows 64 bits");
    const ChoiceRange r = choice_range(out[0], out[1], m.parameters[parameter].high_inclusive);
    if (r.empty) return;
    if (r.span() >= kMaxChoices) throw violation(too_many_choices(m.parameters[parameter].name, r));
    for (std::uint64_t v = r.first;; ++v) {
      if (!count_work()) throw violation(beyond_work_limit());
      inputs.push_back(v);
      enumerate(kind, p, parameter + 1, inputs, sink);
      inputs.pop_back();
      if (v == r.last) break;
    }
    return;
  }
  if (!c.follower->run_one(inputs, out)) throw violation("a follower's value overflows 64 bits");
  std::vector<const std::uint64_t*> in_columns, out_columns;
  for (const std::uint64_t& v : inputs) in_columns.push_back(&v);
  for (const std::uint64_t& v : out) out_columns.push_back(&v);
  std::vector<Position> parts;
  if (!checked_follower(kind, in_columns.data(), out_columns.data(), 0, parts)) return;
  sink(kind, parts);
}

bool DeclaredGame::checked_follower(std::size_t kind, const std::uint64_t* const* in,
                                    const std::uint64_t* const* out, std::size_t j,
                                    std::vector<Position>& parts) const {
  if (out[0][j] == 0) return false;  // not legal here
  const Compiled& c = *compiled_[kind];
  const smt::MoveKind& m = expanded_[kind];
  const std::size_t k = declaration_->heaps;
  // The position and the choices of lane j, for a message (only when a rule is broken).
  auto violation = [&](const std::string& what) {
    Position p = Position::zeros(k);
    std::vector<std::uint64_t> inputs;
    for (std::size_t i = 0; i < k + m.parameters.size(); ++i) inputs.push_back(in[i][j]);
    for (std::size_t i = 0; i < k; ++i) p[i] = static_cast<Heap>(inputs[i]);
    return broken(m, p, inputs, what);
  };
  const std::size_t heaps_out = m.parts * k;
  for (std::size_t e = 0; e < c.exact; ++e)
    if (out[1 + heaps_out + e][j] == 0)
      throw violation(
          fmt::format("the follower leaves the naturals ({} is false; nimcert's "
                      "subtraction stops at 0, the rules' must not)",
                      c.subtraction_text[e]));
  // The rank of (7), here and at each part of the follower: every part must be below.
  std::vector<std::uint64_t> here(k);
  for (std::size_t i = 0; i < k; ++i) here[i] = in[i][j];
  auto rank_at = [&](const std::vector<std::uint64_t>& heaps, const char* where) {
    if (!rank_program_) {
      std::uint64_t r = 0;
      for (std::uint64_t h : heaps) r += h + (h > 0);
      return r;
    }
    std::vector<std::uint64_t> value;
    if (!rank_program_->run_one(heaps, value))
      throw violation(fmt::format("the rank overflows 64 bits{}", where));
    return value[0];
  };
  const std::uint64_t before = rank_at(here, "");
  parts.resize(m.parts);
  for (std::size_t part = 0; part < m.parts; ++part) {
    Position& q = parts[part];
    q = Position::zeros(k);
    std::vector<std::uint64_t> there(k);
    for (std::size_t i = 0; i < k; ++i) {
      const std::uint64_t h = out[1 + part * k + i][j];
      if (h > 0xffffffffu)
        throw violation(fmt::format("heap {} of the follower{} is {}, beyond a heap's 2^32 - 1",
                                    i + 1, m.parts > 1 ? fmt::format("'s part {}", part + 1) : "",
                                    h));
      q[i] = static_cast<Heap>(h);
      there[i] = h;
    }
    const std::uint64_t after = rank_at(there, " at the follower");
    if (after >= before) {
      const std::string what = m.parts > 1
                                   ? fmt::format("the part {} of the follower", q.to_string())
                                   : fmt::format("the follower {}", q.to_string());
      throw violation(
          rank_program_
              ? fmt::format("{} does not lower the declared rank {} ({} -> {})", what,
                            smt::to_string(*declaration_->rank), before, after)
              : fmt::format("{} does not lower the rank (stones plus nonempty heaps: {} -> {})",
                            what, before, after));
    }
  }
  return true;
}

}  // namespace nimcert
