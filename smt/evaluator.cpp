// The batch evaluator (see evaluator.hpp).
#include "evaluator.hpp"

#include <stdexcept>

namespace nimcert::smt {

std::string u128_to_string(u128 v) {
  std::string s;
  do {
    s += static_cast<char>('0' + static_cast<int>(v % 10));
    v /= 10;
  } while (v);
  return {s.rbegin(), s.rend()};
}

Program::Program(const std::vector<std::string>& variables, const std::vector<ExprPtr>& outputs)
    : variables_(variables.size()) {
  std::map<std::string, std::uint32_t> vars;
  for (std::size_t i = 0; i < variables.size(); ++i)
    vars[variables[i]] = static_cast<std::uint32_t>(i);
  std::map<std::string, std::uint32_t> seen;  // canonical key of a subterm -> its register
  for (const ExprPtr& e : outputs) outputs_.push_back(compile(e, vars, seen));
  compiled_.clear();  // its keys are addresses of nodes the caller may free
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

}  // namespace

template <class T>
bool Program::run(std::size_t lanes, const std::vector<const T*>& inputs,
                  std::vector<T*>& out) const {
  thread_local std::vector<T> regs;  // scratch, reused across batches
  if (regs.size() < code_.size() * lanes) regs.resize(code_.size() * lanes);
  bool overflow = false;
  for (std::size_t i = 0; i < code_.size(); ++i) {
    const Instruction& in = code_[i];
    T* r = regs.data() + i * lanes;
    const T* a = regs.data() + std::size_t{in.a} * lanes;
    const T* b = regs.data() + std::size_t{in.b} * lanes;
    const T* c = regs.data() + std::size_t{in.c} * lanes;
    switch (in.op) {
      case Op::Const:
        for (std::size_t j = 0; j < lanes; ++j) r[j] = in.value;
        break;
      case Op::Var:
        for (std::size_t j = 0; j < lanes; ++j) r[j] = inputs[in.a][j];
        break;
      case Op::Add:
        for (std::size_t j = 0; j < lanes; ++j) {
          r[j] = a[j] + b[j];
          overflow |= r[j] < a[j];
        }
        break;
      case Op::Sub:  // truncated, as Lean's Nat
        for (std::size_t j = 0; j < lanes; ++j) r[j] = a[j] >= b[j] ? a[j] - b[j] : 0;
        break;
      case Op::Mul:
        for (std::size_t j = 0; j < lanes; ++j)
          overflow |= __builtin_mul_overflow(a[j], b[j], &r[j]);
        break;
      case Op::Div:  // x / 0 = 0, as Lean's Nat
        for (std::size_t j = 0; j < lanes; ++j) r[j] = b[j] == 0 ? 0 : a[j] / b[j];
        break;
      case Op::Mod:  // x % 0 = x, as Lean's Nat
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
      case Op::Shl:
        for (std::size_t j = 0; j < lanes; ++j) {
          if (b[j] >= kBits<T>) {
            r[j] = 0;
            overflow |= a[j] != 0;
          } else {
            const unsigned s = static_cast<unsigned>(b[j]);
            r[j] = a[j] << s;
            overflow |= (r[j] >> s) != a[j];
          }
        }
        break;
      case Op::Shr:
        for (std::size_t j = 0; j < lanes; ++j)
          r[j] = b[j] >= kBits<T> ? 0 : a[j] >> static_cast<unsigned>(b[j]);
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
      case Op::Call:
        throw std::logic_error("evaluator: a call survived compilation");
    }
  }
  for (std::size_t k = 0; k < outputs_.size(); ++k) {
    const T* r = regs.data() + std::size_t{outputs_[k]} * lanes;
    std::copy(r, r + lanes, out[k]);
  }
  return !overflow;
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

}  // namespace nimcert::smt
