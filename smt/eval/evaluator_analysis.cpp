// The evaluator's analyses of a compiled program (see evaluator.hpp): which instructions
// a line of assignments shares (plan_lines, for run_line) and interval bounds on every value
// (fits_in, to choose 32-bit lanes).  Kept apart from the instruction loops they serve.
#include <algorithm>

#include "eval/evaluator.hpp"

namespace nimcert::smt {

void Program::plan_lines() {
  const std::size_t n = code_.size();
  is_varying_.assign(n, false);
  std::vector<bool> read_by_varying(n, false);
  for (std::uint32_t i = 0; i < n; ++i) {
    all_.push_back(i);
    const Instruction& in = code_[i];
    bool varying = false;
    if (in.op == Op::Var)
      varying = in.a + 1 == variables_;
    else if (in.op != Op::Const)
      varying = is_varying_[in.a] || is_varying_[in.b] || is_varying_[in.c];
    is_varying_[i] = varying;
    (varying ? varying_ : uniform_).push_back(i);
    if (varying && in.op != Op::Var)
      for (std::uint32_t r : {in.a, in.b, in.c}) read_by_varying[r] = true;
  }
  for (std::uint32_t i : uniform_)
    if (read_by_varying[i]) broadcast_.push_back(i);

  // Rows of a line's register file, reused once their value is dead, so that the rows in use
  // stay in the first-level cache.  A value's row is freed after its last reader, never at it:
  // an instruction's result never shares a row with its operands.
  std::vector<std::size_t> last_read(n, 0);
  for (std::size_t p = 0; p < varying_.size(); ++p) {
    const Instruction& in = code_[varying_[p]];
    if (in.op != Op::Var)
      for (std::uint32_t r : {in.a, in.b, in.c}) last_read[r] = p;
  }
  for (std::uint32_t o : outputs_) last_read[o] = varying_.size();
  line_slot_.assign(n, 0);
  std::vector<std::uint32_t> free_rows;
  std::vector<std::vector<std::uint32_t>> dies_after(varying_.size() + 1);
  auto take_row = [&](std::uint32_t i, std::size_t first_use) {
    if (free_rows.empty()) {
      line_slot_[i] = static_cast<std::uint32_t>(line_slots_++);
    } else {
      line_slot_[i] = free_rows.back();
      free_rows.pop_back();
    }
    dies_after[std::max(first_use, last_read[i])].push_back(line_slot_[i]);
  };
  for (std::uint32_t i : broadcast_) take_row(i, 0);
  for (std::size_t p = 0; p < varying_.size(); ++p) {
    take_row(varying_[p], p);
    for (std::uint32_t row : dies_after[p]) free_rows.push_back(row);
  }
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
