// Width analysis (see width.hpp).
#include "solve/width.hpp"

#include <algorithm>
#include <bit>
#include <stdexcept>

namespace nimcert::smt {

unsigned bit_width_of(std::uint64_t v) {
  return std::max(1u, static_cast<unsigned>(std::bit_width(v)));
}

namespace {

// The largest value of a subterm of width w: 2^w - 1, or the constant itself.
std::uint64_t max_value(const Expr& e, unsigned w) {
  if (e.op == Op::Const) return e.value;
  if (w >= 32) return UINT64_MAX;
  return (std::uint64_t{1} << w) - 1;
}

}  // namespace

unsigned value_width(const Expr& e, unsigned vw) { return WidthAnalysis(vw)(e); }

unsigned WidthAnalysis::operator()(const Expr& e) {
  if (auto it = memo_.find(&e); it != memo_.end()) return it->second;
  unsigned result = 1;
  if (is_boolean(e.op))
    for (const ExprPtr& a : e.args) (*this)(*a);  // checks the operands
  else
    result = width_of_number(e);
  memo_[&e] = result;
  return result;
}

unsigned WidthAnalysis::width_of_number(const Expr& e) {
  const unsigned vw = variable_width_;
  auto w = [&](std::size_t i) { return (*this)(*e.args[i]); };
  std::uint64_t r = 0;
  switch (e.op) {
    case Op::Const:
      return bit_width_of(e.value);
    case Op::Var:
      return vw;
    case Op::Call:
      throw std::invalid_argument("value_width: expand definitions first");
    case Op::Add:
      r = std::uint64_t{std::max(w(0), w(1))} + 1;
      break;
    case Op::Sub:
      w(1);
      r = w(0);
      break;
    case Op::Mul:
      r = std::uint64_t{w(0)} + w(1);
      break;
    case Op::Div:
      w(1);
      r = w(0);
      break;
    case Op::Mod:  // a % b <= a, and < b when b > 0; a % 0 = a
      r = e.args[1]->op == Op::Const && e.args[1]->value > 0 ? std::min(w(0), w(1)) : (w(1), w(0));
      break;
    case Op::BitXor:
    case Op::BitOr:
      r = std::max(w(0), w(1));
      break;
    case Op::BitAnd:
      r = std::min(w(0), w(1));
      break;
    case Op::Shl:
      // Saturating: a shift amount near 2^64 must not wrap the sum to a small width.
      r = std::min<std::uint64_t>(max_value(*e.args[1], w(1)), kMaxTermWidth) + w(0);
      break;
    case Op::Shr:
      w(1);
      r = w(0);
      break;
    case Op::Ite:
      w(0);
      r = std::max(w(1), w(2));
      break;
    case Op::TopBit:
    case Op::LowBit:
      r = w(0);
      break;
    case Op::ZeckShift:  // a * phi < 2a: one bit more
      r = w(0) + 1;
      break;
    case Op::OstShift:  // a (1 + sqrt 2) + 1/2 < 4a: two bits more
    case Op::OstwShift:
      r = w(0) + 2;
      break;
    default:
      throw std::logic_error("value_width: unexpected operator");
  }
  if (r > kMaxTermWidth)
    throw std::invalid_argument("the term " + to_string(e) + " needs more than " +
                                std::to_string(kMaxTermWidth) +
                                " bits (shift by a constant, or bound the shift amount)");
  return static_cast<unsigned>(r);
}

}  // namespace nimcert::smt
