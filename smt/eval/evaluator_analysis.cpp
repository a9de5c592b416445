// The evaluator's analyses of a compiled program (see evaluator.hpp): which instructions
// a line of assignments shares (plan_lanes, for run_line and run_row) and interval bounds on every
// value (fits_in, to choose 32-bit lanes).  Kept apart from the instruction loops they serve.
#include <algorithm>

#include "eval/evaluator.hpp"

namespace nimcert::smt {

Program::LanePlan Program::plan_lanes(std::size_t first_varying) const {
  const std::size_t n = code_.size();
  LanePlan plan;
  plan.is_varying.assign(n, false);
  std::vector<bool> read_by_varying(n, false);
  for (std::uint32_t i = 0; i < n; ++i) {
    const Instruction& in = code_[i];
    bool varying = false;
    if (in.op == Op::Var)
      varying = in.a >= first_varying;
    else if (in.op != Op::Const)
      varying = plan.is_varying[in.a] || plan.is_varying[in.b] || plan.is_varying[in.c];
    plan.is_varying[i] = varying;
    (varying ? plan.varying : plan.uniform).push_back(i);
    if (varying && in.op != Op::Var)
      for (std::uint32_t r : {in.a, in.b, in.c}) read_by_varying[r] = true;
  }
  for (std::uint32_t i : plan.uniform)
    if (read_by_varying[i]) plan.broadcast.push_back(i);

  // Rows of the lanes' register file, reused once their value is dead, so that the rows in use
  // stay in the first-level cache.  A value's row is freed after its last reader, never at it:
  // an instruction's result never shares a row with its operands.
  const std::vector<std::uint32_t>& varying = plan.varying;
  std::vector<std::size_t> last_read(n, 0);
  for (std::size_t p = 0; p < varying.size(); ++p) {
    const Instruction& in = code_[varying[p]];
    if (in.op != Op::Var)
      for (std::uint32_t r : {in.a, in.b, in.c}) last_read[r] = p;
  }
  for (std::uint32_t o : outputs_) last_read[o] = varying.size();
  plan.slot.assign(n, 0);
  std::vector<std::uint32_t> free_rows;
  std::vector<std::vector<std::uint32_t>> dies_after(varying.size() + 1);
  auto take_row = [&](std::uint32_t i, std::size_t first_use) {
    if (free_rows.empty()) {
      plan.slot[i] = static_cast<std::uint32_t>(plan.slots++);
    } else {
      plan.slot[i] = free_rows.back();
      free_rows.pop_back();
    }
    dies_after[std::max(first_use, last_read[i])].push_back(plan.slot[i]);
  };
  for (std::uint32_t i : plan.broadcast) take_row(i, 0);
  for (std::size_t p = 0; p < varying.size(); ++p) {
    take_row(varying[p], p);
    for (std::uint32_t row : dies_after[p]) free_rows.push_back(row);
  }
  return plan;
}

bool Program::fits_in(unsigned bits, std::uint64_t input_max) const {
  // Saturating bounds: anything at or above 2^100 stays there.
  const u128 cap = u128{1} << 100;
  auto sat = [&](u128 v) { return v > cap ? cap : v; };
  auto ones = [](u128 v) {  // 2^bitlen(v) - 1: a bound for xor and or
    u128 m = 0;
    while (m < v) m = (m << 1) | 1;
    return m;
  };
  std::vector<u128> bound(code_.size(), 0);
  const u128 limit = bits >= 128 ? ~u128{0} : (u128{1} << bits) - 1;
  for (std::size_t i = 0; i < code_.size(); ++i) {
    const Instruction& in = code_[i];
    const u128 a = bound[in.a], b = bound[in.b], c = bound[in.c];
    u128 v = 1;  // comparisons and connectives
    switch (in.op) {
      case Op::Const:
        v = in.value;
        break;
      case Op::Var:
        v = input_max;
        break;
      case Op::Add:
        v = sat(a + b);
        break;
      case Op::Mul:
        v = a != 0 && b > cap / a ? cap : sat(a * b);
        break;
      case Op::Sub:
      case Op::Div:
      case Op::Mod:
      case Op::Shr:
        v = a;
        break;
      case Op::BitAnd:
        v = std::min(a, b);
        break;
      case Op::BitXor:
      case Op::BitOr:
        v = ones(std::max(a, b));
        break;
      case Op::Shl:
        v = b >= 100 || (a >> (100 - static_cast<unsigned>(b))) != 0
                ? cap
                : a << static_cast<unsigned>(b);
        break;
      case Op::Ite:
        v = std::max(b, c);
        break;
      case Op::TopBit:
      case Op::LowBit:
        v = a;
        break;
      case Op::ZeckShift:  // a * phi, below 2a + 1
        v = a >= cap / 2 ? cap : 2 * a + 1;
        break;
      case Op::OstShift:  // a (1 + sqrt 2) + 1/2, below 3a + 1
      case Op::OstwShift:
        v = a >= cap / 3 ? cap : 3 * a + 1;
        break;
      default:
        break;
    }
    bound[i] = v;
    if (v > limit) return false;
  }
  return true;
}

}  // namespace nimcert::smt
