// Recognising move shapes in declared move kinds (see move_shapes.hpp).
#include "games/move_shapes.hpp"

#include <algorithm>

namespace nimcert {

namespace {

using smt::Expr;
using smt::Op;

std::string heap_name(std::size_t i) { return "x" + std::to_string(i + 1); }

bool is_var(const Expr& e, const std::string& name) { return e.op == Op::Var && e.name == name; }

// The heap index e names, when e is a heap variable x1..xk.
std::optional<std::size_t> heap_of(const Expr& e, std::size_t heaps) {
  if (e.op != Op::Var) return std::nullopt;
  for (std::size_t i = 0; i < heaps; ++i)
    if (e.name == heap_name(i)) return i;
  return std::nullopt;
}

// `xa >= m` as (a, m), m a constant.
std::optional<std::pair<std::size_t, std::uint64_t>> at_least(const Expr& e, std::size_t heaps) {
  if (e.op != Op::Ge || e.args[1]->op != Op::Const) return std::nullopt;
  const auto a = heap_of(*e.args[0], heaps);
  if (!a) return std::nullopt;
  return std::make_pair(*a, e.args[1]->value);
}

// Heaps other than those in `changed` are kept.
bool keeps_others(const smt::MoveKind& m, std::size_t heaps, std::vector<std::size_t> changed) {
  for (std::size_t i = 0; i < heaps; ++i)
    if (std::find(changed.begin(), changed.end(), i) == changed.end() &&
        !is_var(*m.result[i], heap_name(i)))
      return false;
  return true;
}

}  // namespace

std::optional<std::size_t> free_reduction(const smt::MoveKind& m, std::size_t heaps) {
  if (m.parameters.size() != 1 || m.when) return std::nullopt;
  const smt::MoveParameter& t = m.parameters[0];
  if (t.low->op != Op::Const || t.low->value != 0 || t.high_inclusive) return std::nullopt;
  const auto i = heap_of(*t.high, heaps);
  if (!i || !is_var(*m.result[*i], t.name) || !keeps_others(m, heaps, {*i})) return std::nullopt;
  return i;
}

namespace {

// c when e is `x1 - c - a` (c a constant below 2^32) or `x1 - a` (c = 0).
std::optional<Heap> less_parameter(const Expr& e, const std::string& a) {
  if (e.op != Op::Sub || !is_var(*e.args[1], a)) return std::nullopt;
  const Expr& from = *e.args[0];
  if (is_var(from, heap_name(0))) return Heap{0};
  if (from.op == Op::Sub && is_var(*from.args[0], heap_name(0)) && from.args[1]->op == Op::Const &&
      from.args[1]->value <= 0xffffffffu)
    return static_cast<Heap>(from.args[1]->value);
  return std::nullopt;
}

}  // namespace

std::optional<RangeShape> range_shape(const smt::MoveKind& m, std::size_t heaps) {
  if (heaps != 1 || m.parameters.size() != 1) return std::nullopt;
  const std::string& a = m.parameters[0].name;
  if (m.when && smt::mentions(*m.when, a)) return std::nullopt;
  using Kind = OptionRange::Kind;
  if (m.parts == 2 && is_var(*m.result[0], a))
    if (const auto c = less_parameter(*m.result[1], a)) return RangeShape{Kind::Split, *c};
  if (m.parts == 1 && is_var(*m.result[0], a)) return RangeShape{Kind::Reduce, 0};
  if (m.parts == 1)
    if (const auto c = less_parameter(*m.result[0], a)) return RangeShape{Kind::Remove, *c};
  return std::nullopt;
}

std::optional<std::pair<Merge, Heap>> merge_of(const smt::MoveKind& m, std::size_t heaps) {
  if (!m.parameters.empty() || !m.when || m.when->op != Op::And) return std::nullopt;
  const auto first = at_least(*m.when->args[0], heaps);
  const auto second = at_least(*m.when->args[1], heaps);
  if (!first || !second || first->first == second->first || first->second != second->second ||
      first->second < 1 || first->second > 0xffffffffu)
    return std::nullopt;
  const std::size_t a = std::min(first->first, second->first);
  const std::size_t b = std::max(first->first, second->first);
  for (std::size_t to : {a, b}) {
    const std::size_t other = to == a ? b : a;
    const Expr& sum = *m.result[to];
    const Expr& zero = *m.result[other];
    if (sum.op != Op::Add || zero.op != Op::Const || zero.value != 0) continue;
    const auto l = heap_of(*sum.args[0], heaps), r = heap_of(*sum.args[1], heaps);
    if (!l || !r || std::min(*l, *r) != a || std::max(*l, *r) != b) continue;
    if (!keeps_others(m, heaps, {a, b})) return std::nullopt;
    return std::make_pair(Merge{a, b, to}, static_cast<Heap>(first->second));
  }
  return std::nullopt;
}

std::optional<MoveShape> recognise_shape(const std::vector<smt::MoveKind>& moves,
                                         std::size_t heaps) {
  std::vector<bool> reduced(heaps, false);
  MoveShape shape;
  std::optional<Heap> threshold;
  for (const smt::MoveKind& m : moves) {
    if (m.parts != 1) return std::nullopt;  // a sum follower: no fast engine's shape
    if (const auto i = free_reduction(m, heaps)) {
      reduced[*i] = true;
    } else if (const auto merge = merge_of(m, heaps)) {
      if (threshold && *threshold != merge->second) return std::nullopt;
      threshold = merge->second;
      shape.merges.push_back(merge->first);
    } else {
      return std::nullopt;
    }
  }
  if (std::find(reduced.begin(), reduced.end(), false) != reduced.end()) return std::nullopt;
  shape.threshold = threshold.value_or(0);
  return shape;
}

bool symmetric_in_last_two(const MoveShape& shape, std::size_t heaps) {
  if (heaps < 2) return false;
  const std::size_t y = heaps - 2, z = heaps - 1;
  auto swapped = [&](std::size_t i) { return i == y ? z : i == z ? y : i; };
  auto key = [](const Merge& m) { return std::make_tuple(m.a, m.b, m.to); };
  std::vector<std::tuple<std::size_t, std::size_t, std::size_t>> before, after;
  for (const Merge& m : shape.merges) {
    before.push_back(key(m));
    const std::size_t a = swapped(m.a), b = swapped(m.b);
    after.push_back(key(Merge{std::min(a, b), std::max(a, b), swapped(m.to)}));
  }
  std::sort(before.begin(), before.end());
  std::sort(after.begin(), after.end());
  before.erase(std::unique(before.begin(), before.end()), before.end());
  after.erase(std::unique(after.begin(), after.end()), after.end());
  return before == after;
}

namespace {

// Whether y <= x follows from y's form alone: x, 0, a parameter bounded above by x, or such a
// term minus anything.
bool at_most(const Expr& y, const std::string& x, const smt::MoveKind& m) {
  if (is_var(y, x) || (y.op == Op::Const && y.value == 0)) return true;
  if (y.op == Op::Sub) return at_most(*y.args[0], x, m);
  for (const smt::MoveParameter& p : m.parameters)
    if (is_var(y, p.name) && is_var(*p.high, x)) return true;
  return false;
}

}  // namespace

bool lowers_every_heap(const std::vector<smt::MoveKind>& moves, std::size_t heaps) {
  for (const smt::MoveKind& m : moves) {
    if (m.parts != 1) return false;  // a sum: the dense box engine plays single positions
    for (std::size_t i = 0; i < heaps; ++i)
      if (!at_most(*m.result[i], heap_name(i), m)) return false;
  }
  return true;
}

std::vector<Position> followers_of_shape(const MoveShape& shape, const Position& p) {
  std::vector<Position> out;
  for (std::size_t i = 0; i < p.size(); ++i)
    for (Heap t = 0; t < p[i]; ++t) {
      Position q = p;
      q[i] = t;
      out.push_back(q);
    }
  for (const Merge& m : shape.merges) {
    if (p[m.a] < shape.threshold || p[m.b] < shape.threshold) continue;
    Position q = p;
    q[m.to] = p[m.a] + p[m.b];
    q[m.to == m.a ? m.b : m.a] = 0;
    out.push_back(q);
  }
  return out;
}

}  // namespace nimcert
