// The eventual period of a claim over n and g (see eventual_period.hpp).
#include "checks/eventual_period.hpp"

#include <algorithm>
#include <numeric>

namespace nimcert {

namespace {

bool is_n(const smt::Expr& e) { return e.op == smt::Op::Var && e.name == "n"; }

bool is_comparison(smt::Op op) {
  return op == smt::Op::Eq || op == smt::Op::Ne || op == smt::Op::Lt || op == smt::Op::Le ||
         op == smt::Op::Gt || op == smt::Op::Ge;
}

}  // namespace

std::optional<EventualPeriod> eventual_period(const smt::Expr& e, const EventualPeriod& g) {
  switch (e.op) {
    case smt::Op::Const:
      return EventualPeriod{};
    case smt::Op::Var:
      if (e.name == "g") return g;
      return std::nullopt;  // n itself grows without a period
    case smt::Op::Call:
      return std::nullopt;  // expanded away; a second guard
    default:
      break;
  }
  if (e.op == smt::Op::Mod && e.args.size() == 2 && is_n(*e.args[0]) &&
      e.args[1]->op == smt::Op::Const && e.args[1]->value >= 1 &&
      e.args[1]->value <= kMaxEventualPeriod)
    return EventualPeriod{0, e.args[1]->value};
  if (is_comparison(e.op) && e.args.size() == 2) {
    for (int side = 0; side < 2; ++side)
      if (is_n(*e.args[side]) && e.args[1 - side]->op == smt::Op::Const &&
          e.args[1 - side]->value < kMaxEventualStart)
        return EventualPeriod{e.args[1 - side]->value + 1, 1};
  }
  EventualPeriod out;
  for (const smt::ExprPtr& a : e.args) {
    const std::optional<EventualPeriod> part = eventual_period(*a, g);
    if (!part) return std::nullopt;
    out.from = std::max(out.from, part->from);
    out.period = std::lcm(out.period, part->period);
    if (out.period > kMaxEventualPeriod || out.from > kMaxEventualStart) return std::nullopt;
  }
  return out;
}

}  // namespace nimcert
