// The batch evaluator (see evaluator.hpp).
#include "eval/evaluator.hpp"

#include <algorithm>
#include <bit>
#include <stdexcept>
#include <type_traits>

#include "lang/numeration.hpp"
#include "sys/fibonacci.hpp"
#include "sys/ostrowski.hpp"

namespace nimcert::smt {

Program::Program(const std::vector<std::string>& variables, const std::vector<ExprPtr>& outputs)
    : variables_(variables.size()) {
  std::map<std::string, std::uint32_t> vars;
  for (std::size_t i = 0; i < variables.size(); ++i)
    vars[variables[i]] = static_cast<std::uint32_t>(i);
  std::map<std::string, std::uint32_t> seen;  // canonical key of a subterm -> its register
  for (const ExprPtr& e : outputs) outputs_.push_back(compile(e, vars, seen));
  compiled_.clear();  // its keys are addresses of nodes the caller may free
  for (std::uint32_t i = 0; i < code_.size(); ++i) all_.push_back(i);
  line_ = plan_lanes(variables_ == 0 ? 0 : variables_ - 1);
  row_ = plan_lanes(variables_ < 2 ? 0 : variables_ - 2);
}

std::uint32_t Program::compile(const ExprPtr& e, const std::map<std::string, std::uint32_t>& vars,
                               std::map<std::string, std::uint32_t>& seen) {
  // A shared subterm is compiled once: without this, unrolled definitions (a binary search
  // that calls its previous step three times) would be walked as an exponential tree.
  if (auto done = compiled_.find(e.get()); done != compiled_.end()) return done->second;
  const std::uint32_t reg = compile_node(e, vars, seen);
  compiled_[e.get()] = reg;
  return reg;
}

std::uint32_t Program::compile_node(const ExprPtr& e,
                                    const std::map<std::string, std::uint32_t>& vars,
                                    std::map<std::string, std::uint32_t>& seen) {
  Instruction in;
  in.op = e->op;
  std::string key = std::to_string(static_cast<int>(e->op));
  switch (e->op) {
    case Op::Const:
      in.value = e->value;
      key += ":" + std::to_string(e->value);
      break;
    case Op::Var: {
      auto it = vars.find(e->name);
      if (it == vars.end()) throw std::invalid_argument("evaluator: unknown variable " + e->name);
      in.a = it->second;
      key += ":" + e->name;
      break;
    }
    case Op::Call:
      throw std::invalid_argument("evaluator: expand definitions before compiling");
    default: {
      std::uint32_t r[3] = {0, 0, 0};
      for (std::size_t i = 0; i < e->args.size(); ++i) {
        r[i] = compile(e->args[i], vars, seen);
        key += ":" + std::to_string(r[i]);
      }
      in.a = r[0];
      in.b = r[1];
      in.c = r[2];
    }
  }
  if (auto it = seen.find(key); it != seen.end()) return it->second;
  code_.push_back(in);
  const auto reg = static_cast<std::uint32_t>(code_.size() - 1);
  seen[key] = reg;
  return reg;
}

namespace {

template <class T>
constexpr unsigned kBits = sizeof(T) * 8;

// The largest power of two not above v (0 for 0).
template <class T>
inline T top_bit_of(T v) {
  if constexpr (sizeof(T) <= 8) {
    return v == 0 ? 0 : T(T{1} << (63 - __builtin_clzll(static_cast<unsigned long long>(v))));
  } else {
    const auto high = static_cast<std::uint64_t>(v >> 64);
    if (high) return T(top_bit_of(high)) << 64;
    return T(top_bit_of(static_cast<std::uint64_t>(v)));
  }
}

// zeck_shift(v): v's Zeckendorf digits moved up one place; sets `overflow` when the result
// does not fit T.
template <class T>
inline T zeck_shift_of(T v, bool& overflow) {
  const std::vector<u128>& f = fibonacci_places();
  u128 shifted = 0;
  for (unsigned i : zeckendorf_places(v)) {
    if (i + 1 >= f.size() || shifted > ~u128{0} - f[i + 1]) {
      overflow = true;
      return 0;
    }
    shifted += f[i + 1];
  }
  if (shifted > u128{static_cast<T>(~T{0})}) overflow = true;
  return static_cast<T>(shifted);
}

// zeck_even(v): v > 0 and its lowest Zeckendorf digit at an even place.
template <class T>
inline T zeck_even_of(T v) {
  if (v == 0) return 0;
  const std::vector<unsigned> places = zeckendorf_places(v);
  return places.back() % 2 == 0;
}

// ost_shift(v), ostw_shift(v): v's Ostrowski digits moved up one place; sets `overflow` when the
// result does not fit T.
template <class T>
inline T ost_shift_of(OstrowskiSystem s, T v, bool& overflow) {
  u128 shifted = 0;
  if (!ostrowski_shift(s, v, shifted) || shifted > u128{static_cast<T>(~T{0})}) {
    overflow = true;
    return 0;
  }
  return static_cast<T>(shifted);
}

}  // namespace

// k when instruction i is a constant 2^k below 2^bits(T) (a divisor the lanes share: x / 2^k
// and x % 2^k are a shift and a mask, where a division per lane is not vector code); else
// kBits<T>.
template <class T>
unsigned Program::power_of_two_constant(std::uint32_t i) const {
  const Instruction& c = code_[i];
  if (c.op != Op::Const || c.value == 0 || (c.value & (c.value - 1)) != 0 || c.value > T(~T{0}))
    return kBits<T>;
  return static_cast<unsigned>(std::countr_zero(c.value));
}

// The instructions order[0..count), each over `lanes` lanes of the register file regs (row
// slot[i] for instruction i); inputs[v] is variable v's row.  Returns false when a lane overflowed
// T. Each case is a plain loop over the lanes that the compiler vectorises; r never aliases a
// register it reads, since operands are earlier instructions.
template <class T>
[[gnu::always_inline]] inline bool Program::execute(const std::uint32_t* order, std::size_t count,
                                                    const std::uint32_t* slot, std::size_t lanes,
                                                    T* regs, const T* const* inputs) const {
  bool overflow = false;
  for (std::size_t k = 0; k < count; ++k) {
    const std::size_t i = order[k];
    const Instruction& in = code_[i];
    T* __restrict r = regs + std::size_t{slot[i]} * lanes;
    const T* a = regs + std::size_t{slot[in.a]} * lanes;
    const T* b = regs + std::size_t{slot[in.b]} * lanes;
    const T* c = regs + std::size_t{slot[in.c]} * lanes;
    switch (in.op) {
      case Op::Const:
        overflow |= in.value > T(~T{0});  // a constant too wide for T is never truncated
        for (std::size_t j = 0; j < lanes; ++j) r[j] = static_cast<T>(in.value);
        break;
      case Op::Var: {
        const T* from = inputs[in.a];  // read once: r's stores cannot move it
        for (std::size_t j = 0; j < lanes; ++j) r[j] = from[j];
        break;
      }
      case Op::Add: {
        T carry = 0;  // a lane-typed flag, so that the loop vectorises
        for (std::size_t j = 0; j < lanes; ++j) {
          const T v = a[j] + b[j];
          r[j] = v;
          carry |= static_cast<T>(v < a[j]);
        }
        overflow |= carry != 0;
        break;
      }
      case Op::Sub:  // truncated, as Lean's Nat
        for (std::size_t j = 0; j < lanes; ++j) r[j] = a[j] >= b[j] ? a[j] - b[j] : 0;
        break;
      case Op::Mul:
        if constexpr (sizeof(T) <= 4) {
          std::uint64_t high = 0;
          for (std::size_t j = 0; j < lanes; ++j) {
            const std::uint64_t p = std::uint64_t{a[j]} * b[j];
            r[j] = static_cast<T>(p);
            high |= p >> kBits<T>;
          }
          overflow |= high != 0;
        } else {
          for (std::size_t j = 0; j < lanes; ++j)
            overflow |= __builtin_mul_overflow(a[j], b[j], &r[j]);
        }
        break;
      case Op::Div:  // x / 0 = 0, as Lean's Nat
        if (const unsigned k = power_of_two_constant<T>(in.b); k < kBits<T>) {
          for (std::size_t j = 0; j < lanes; ++j) r[j] = a[j] >> k;  // x / 2^k, in vector shifts
          break;
        }
        for (std::size_t j = 0; j < lanes; ++j) r[j] = b[j] == 0 ? 0 : a[j] / b[j];
        break;
      case Op::Mod:  // x % 0 = x, as Lean's Nat
        if (const unsigned k = power_of_two_constant<T>(in.b); k < kBits<T>) {
          const T mask = static_cast<T>((T{1} << k) - 1);
          for (std::size_t j = 0; j < lanes; ++j) r[j] = a[j] & mask;  // x % 2^k
          break;
        }
        for (std::size_t j = 0; j < lanes; ++j) r[j] = b[j] == 0 ? a[j] : a[j] % b[j];
        break;
      case Op::BitXor:
        for (std::size_t j = 0; j < lanes; ++j) r[j] = a[j] ^ b[j];
        break;
      case Op::BitAnd:
        for (std::size_t j = 0; j < lanes; ++j) r[j] = a[j] & b[j];
        break;
      case Op::BitOr:
        for (std::size_t j = 0; j < lanes; ++j) r[j] = a[j] | b[j];
        break;
      case Op::Shl: {
        T lost = 0;
        for (std::size_t j = 0; j < lanes; ++j) {
          const bool wide = b[j] >= kBits<T>;
          const T s = wide ? 0 : b[j];
          const T v = a[j] << s;
          r[j] = wide ? 0 : v;
          lost |= wide ? a[j] : (v >> s) ^ a[j];
        }
        overflow |= lost != 0;
        break;
      }
      case Op::Shr:
        for (std::size_t j = 0; j < lanes; ++j) {
          const bool wide = b[j] >= kBits<T>;
          const T v = a[j] >> (wide ? 0 : b[j]);
          r[j] = wide ? 0 : v;
        }
        break;
      case Op::Eq:
        for (std::size_t j = 0; j < lanes; ++j) r[j] = a[j] == b[j];
        break;
      case Op::Ne:
        for (std::size_t j = 0; j < lanes; ++j) r[j] = a[j] != b[j];
        break;
      case Op::Lt:
        for (std::size_t j = 0; j < lanes; ++j) r[j] = a[j] < b[j];
        break;
      case Op::Le:
        for (std::size_t j = 0; j < lanes; ++j) r[j] = a[j] <= b[j];
        break;
      case Op::Gt:
        for (std::size_t j = 0; j < lanes; ++j) r[j] = a[j] > b[j];
        break;
      case Op::Ge:
        for (std::size_t j = 0; j < lanes; ++j) r[j] = a[j] >= b[j];
        break;
      case Op::Not:
        for (std::size_t j = 0; j < lanes; ++j) r[j] = a[j] == 0;
        break;
      case Op::And:
        for (std::size_t j = 0; j < lanes; ++j) r[j] = (a[j] != 0) & (b[j] != 0);
        break;
      case Op::Or:
        for (std::size_t j = 0; j < lanes; ++j) r[j] = (a[j] != 0) | (b[j] != 0);
        break;
      case Op::Implies:
        for (std::size_t j = 0; j < lanes; ++j) r[j] = (a[j] == 0) | (b[j] != 0);
        break;
      case Op::Iff:
        for (std::size_t j = 0; j < lanes; ++j) r[j] = (a[j] != 0) == (b[j] != 0);
        break;
      case Op::Ite:
        for (std::size_t j = 0; j < lanes; ++j) r[j] = a[j] != 0 ? b[j] : c[j];
        break;
      case Op::TopBit:
        for (std::size_t j = 0; j < lanes; ++j) r[j] = top_bit_of(a[j]);
        break;
      case Op::LowBit:  // a & -a, in T
        for (std::size_t j = 0; j < lanes; ++j) r[j] = a[j] & (~a[j] + 1);
        break;
      case Op::ZeckShift:
        for (std::size_t j = 0; j < lanes; ++j) r[j] = zeck_shift_of(a[j], overflow);
        break;
      case Op::ZeckEven:
        for (std::size_t j = 0; j < lanes; ++j) r[j] = zeck_even_of(a[j]);
        break;
      case Op::OstShift:
      case Op::OstwShift: {
        const OstrowskiSystem s = ostrowski_system(numeration_of_builtin(in.op));
        for (std::size_t j = 0; j < lanes; ++j) r[j] = ost_shift_of(s, a[j], overflow);
        break;
      }
      case Op::OstOdd:  // the lowest digit at an odd place (ost_odd), an even one (ostw_even)
      case Op::OstwEven: {
        const OstrowskiSystem s = ostrowski_system(numeration_of_builtin(in.op));
        for (std::size_t j = 0; j < lanes; ++j)
          r[j] = ostrowski_lowest_place_is(s, a[j], in.op == Op::OstOdd);
        break;
      }
      case Op::Call:
        throw std::logic_error("evaluator: a call survived compilation");
    }
  }
  return !overflow;
}

// The instruction loops, compiled for the baseline x86-64, for x86-64-v3 (AVX2: eight 32-bit or
// four 64-bit lanes per operation) and for x86-64-v4 (AVX-512: sixteen or eight), chosen when
// the program loads.
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#define NIMCERT_LANE_CLONES [[gnu::target_clones("arch=x86-64-v4", "arch=x86-64-v3", "default")]]
#elif defined(__x86_64__) && defined(__clang__)  // the fuzzers' build
#define NIMCERT_LANE_CLONES [[gnu::target_clones("avx2", "default")]]
#else
#define NIMCERT_LANE_CLONES
#endif
NIMCERT_LANE_CLONES bool Program::execute_u32(const std::uint32_t* order, std::size_t count,
                                              const std::uint32_t* slot, std::size_t lanes,
                                              std::uint32_t* regs,
                                              const std::uint32_t* const* inputs) const {
  return execute<std::uint32_t>(order, count, slot, lanes, regs, inputs);
}
NIMCERT_LANE_CLONES bool Program::execute_u64(const std::uint32_t* order, std::size_t count,
                                              const std::uint32_t* slot, std::size_t lanes,
                                              std::uint64_t* regs,
                                              const std::uint64_t* const* inputs) const {
  return execute<std::uint64_t>(order, count, slot, lanes, regs, inputs);
}

template <class T>
bool Program::dispatch(const std::vector<std::uint32_t>& order,
                       const std::vector<std::uint32_t>& slot, std::size_t lanes, T* regs,
                       const T* const* inputs) const {
  if constexpr (std::is_same_v<T, std::uint32_t>)
    return execute_u32(order.data(), order.size(), slot.data(), lanes, regs, inputs);
  else if constexpr (std::is_same_v<T, std::uint64_t>)
    return execute_u64(order.data(), order.size(), slot.data(), lanes, regs, inputs);
  else
    return execute<T>(order.data(), order.size(), slot.data(), lanes, regs, inputs);
}

template <class T>
bool Program::run(std::size_t lanes, const std::vector<const T*>& inputs,
                  std::vector<T*>& out) const {
  thread_local std::vector<T> regs;  // scratch, reused across batches
  if (regs.size() < code_.size() * lanes) regs.resize(code_.size() * lanes);
  const bool fits = dispatch<T>(all_, all_, lanes, regs.data(), inputs.data());
  for (std::size_t k = 0; k < outputs_.size(); ++k) {
    const T* r = regs.data() + std::size_t{outputs_[k]} * lanes;
    std::copy(r, r + lanes, out[k]);
  }
  return fits;
}

template <class T>
bool Program::run_line(std::size_t lanes, const std::vector<T>& fixed, T start, T* out) const {
  if (variables_ == 0 || fixed.size() + 1 != variables_ || outputs_.empty())
    throw std::logic_error("Program::run_line: wrong number of variables");
  thread_local std::vector<T> line;
  if (line.size() < lanes) line.resize(lanes);
  for (std::size_t j = 0; j < lanes; ++j) line[j] = static_cast<T>(start + j);
  if (line[lanes - 1] < start) return false;  // the line itself leaves T
  thread_local std::vector<const T*> inputs;  // reused: a line is a few hundred lanes
  inputs.resize(variables_);
  for (std::size_t v = 0; v + 1 < variables_; ++v) inputs[v] = &fixed[v];
  inputs[variables_ - 1] = line.data();
  return run_plan<T>(line_, lanes, inputs.data(), out);
}

template <class T>
bool Program::run_row(std::size_t lanes, const std::vector<T>& fixed, const T* const* last2,
                      T* out) const {
  if (variables_ < 2 || fixed.size() + 2 != variables_ || outputs_.empty())
    throw std::logic_error("Program::run_row: wrong number of variables");
  thread_local std::vector<const T*> inputs;
  inputs.resize(variables_);
  for (std::size_t v = 0; v + 2 < variables_; ++v) inputs[v] = &fixed[v];
  inputs[variables_ - 2] = last2[0];
  inputs[variables_ - 1] = last2[1];
  return run_plan<T>(row_, lanes, inputs.data(), out);
}

// Output 0 over `lanes` lanes as `plan` splits the instructions: inputs[v] is one value for a
// uniform variable, a row of lanes for a varying one.
template <class T>
bool Program::run_plan(const LanePlan& plan, std::size_t lanes, const T* const* inputs,
                       T* out) const {
  thread_local std::vector<T> regs, scalar;
  if (regs.size() < plan.slots * lanes) regs.resize(plan.slots * lanes);
  if (scalar.size() < code_.size()) scalar.resize(code_.size());
  // Instructions that read no varying variable, once for all the lanes.
  bool fits = dispatch<T>(plan.uniform, all_, 1, scalar.data(), inputs);
  for (std::uint32_t i : plan.broadcast)
    std::fill_n(regs.data() + std::size_t{plan.slot[i]} * lanes, lanes, scalar[i]);
  fits &= dispatch<T>(plan.varying, plan.slot, lanes, regs.data(), inputs);
  const std::uint32_t o = outputs_[0];
  if (plan.is_varying[o])
    std::copy_n(regs.data() + std::size_t{plan.slot[o]} * lanes, lanes, out);
  else
    std::fill_n(out, lanes, scalar[o]);
  return fits;
}

template <class T>
bool Program::run_one(const std::vector<T>& input, std::vector<T>& out) const {
  std::vector<const T*> in;
  for (const T& v : input) in.push_back(&v);
  out.assign(outputs_.size(), 0);
  std::vector<T*> o;
  for (T& v : out) o.push_back(&v);
  return run<T>(1, in, o);
}

template bool Program::run<std::uint64_t>(std::size_t, const std::vector<const std::uint64_t*>&,
                                          std::vector<std::uint64_t*>&) const;
template bool Program::run<u128>(std::size_t, const std::vector<const u128*>&,
                                 std::vector<u128*>&) const;
template bool Program::run_one<std::uint64_t>(const std::vector<std::uint64_t>&,
                                              std::vector<std::uint64_t>&) const;
template bool Program::run_one<u128>(const std::vector<u128>&, std::vector<u128>&) const;
template bool Program::run_line<std::uint32_t>(std::size_t, const std::vector<std::uint32_t>&,
                                               std::uint32_t, std::uint32_t*) const;
template bool Program::run_line<std::uint64_t>(std::size_t, const std::vector<std::uint64_t>&,
                                               std::uint64_t, std::uint64_t*) const;
template bool Program::run_row<std::uint32_t>(std::size_t, const std::vector<std::uint32_t>&,
                                              const std::uint32_t* const*, std::uint32_t*) const;
template bool Program::run_row<std::uint64_t>(std::size_t, const std::vector<std::uint64_t>&,
                                              const std::uint64_t* const*, std::uint64_t*) const;

}  // namespace nimcert::smt
