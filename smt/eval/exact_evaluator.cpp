// The arbitrary-precision evaluator (see exact_evaluator.hpp).
#include "eval/exact_evaluator.hpp"

#include <gmpxx.h>

#include <stdexcept>
#include <unordered_map>
#include <vector>

#include "lang/numeration.hpp"

namespace nimcert::smt {

namespace {

struct TooLarge {};

class Exact {
 public:
  explicit Exact(const std::map<std::string, std::string>& values) {
    for (const auto& [name, decimal] : values) values_[name] = mpz_class(decimal, 10);
  }

  mpz_class value(const Expr& e) {
    if (auto it = memo_.find(&e); it != memo_.end()) return it->second;
    mpz_class v = compute(e);
    if (mpz_sizeinbase(v.get_mpz_t(), 2) > kMaxExactBits) throw TooLarge{};
    memo_.emplace(&e, v);
    return v;
  }

 private:
  static mpz_class truth(bool b) { return b ? 1 : 0; }

  mpz_class compute(const Expr& e) {
    auto arg = [&](std::size_t i) { return value(*e.args[i]); };
    switch (e.op) {
      case Op::Const:
        return mpz_class(std::to_string(e.value), 10);
      case Op::Var: {
        auto it = values_.find(e.name);
        if (it == values_.end()) throw std::invalid_argument("exact evaluator: unbound " + e.name);
        return it->second;
      }
      case Op::Call:
        throw std::invalid_argument("exact evaluator: expand definitions first");
      case Op::Add:
        return arg(0) + arg(1);
      case Op::Sub: {
        const mpz_class a = arg(0), b = arg(1);
        return a >= b ? mpz_class(a - b) : mpz_class(0);
      }
      case Op::Mul: {
        const mpz_class a = arg(0), b = arg(1);
        if (mpz_sizeinbase(a.get_mpz_t(), 2) + mpz_sizeinbase(b.get_mpz_t(), 2) > kMaxExactBits)
          throw TooLarge{};
        return a * b;
      }
      case Op::Div: {
        const mpz_class a = arg(0), b = arg(1);
        return b == 0 ? mpz_class(0) : mpz_class(a / b);
      }
      case Op::Mod: {
        const mpz_class a = arg(0), b = arg(1);
        return b == 0 ? a : mpz_class(a % b);
      }
      case Op::BitXor:
        return arg(0) ^ arg(1);
      case Op::BitAnd:
        return arg(0) & arg(1);
      case Op::BitOr:
        return arg(0) | arg(1);
      case Op::Shl: {
        const mpz_class a = arg(0), b = arg(1);
        if (a == 0) return 0;
        if (b > kMaxExactBits) throw TooLarge{};
        return a << b.get_ui();
      }
      case Op::Shr: {
        const mpz_class a = arg(0), b = arg(1);
        if (b >= mpz_class(static_cast<unsigned long>(mpz_sizeinbase(a.get_mpz_t(), 2)))) return 0;
        return a >> b.get_ui();
      }
      case Op::Eq:
        return truth(arg(0) == arg(1));
      case Op::Ne:
        return truth(arg(0) != arg(1));
      case Op::Lt:
        return truth(arg(0) < arg(1));
      case Op::Le:
        return truth(arg(0) <= arg(1));
      case Op::Gt:
        return truth(arg(0) > arg(1));
      case Op::Ge:
        return truth(arg(0) >= arg(1));
      case Op::Not:
        return truth(arg(0) == 0);
      case Op::And:
        return truth(arg(0) != 0 && arg(1) != 0);
      case Op::Or:
        return truth(arg(0) != 0 || arg(1) != 0);
      case Op::Implies:
        return truth(arg(0) == 0 || arg(1) != 0);
      case Op::Iff:
        return truth((arg(0) != 0) == (arg(1) != 0));
      case Op::Ite:
        return arg(0) != 0 ? arg(1) : arg(2);
      case Op::TopBit: {
        const mpz_class a = arg(0);
        if (a == 0) return 0;
        return mpz_class(1) << (mpz_sizeinbase(a.get_mpz_t(), 2) - 1);
      }
      case Op::LowBit: {
        const mpz_class a = arg(0);
        if (a == 0) return 0;
        return mpz_class(1) << mpz_scan1(a.get_mpz_t(), 0);
      }
      case Op::ZeckShift:
      case Op::ZeckEven: {
        // The Zeckendorf digits by the greedy algorithm over F(2), F(3), ... up to a.
        mpz_class a = arg(0);
        std::vector<mpz_class> f = {1, 2};
        while (f.back() <= a) f.push_back(f.back() + f[f.size() - 2]);
        mpz_class shifted = 0;
        long low = -1;
        for (std::size_t i = f.size(); i-- > 0 && a > 0;)
          if (f[i] <= a) {
            a -= f[i];
            shifted += i + 1 < f.size() ? f[i + 1] : mpz_class(f[i] + f[i - 1]);
            low = static_cast<long>(i);
          }
        if (e.op == Op::ZeckShift) return shifted;
        return truth(low >= 0 && low % 2 == 0);
      }
      case Op::OstShift:
      case Op::OstOdd:
      case Op::OstwShift:
      case Op::OstwEven: {
        // The Ostrowski digits by the greedy algorithm over U_0, U_1, ... = 1, 2, 5, 12, ...
        // (ost_*) or 1, 3, 7, 17, ... (ostw_*) (U_{i+1} = 2 U_i + U_{i-1}), each place taken as
        // often as it fits.
        mpz_class a = arg(0);
        std::vector<mpz_class> u = {
            1, ostrowski_first_quotient(ostrowski_system(numeration_of_builtin(e.op)))};
        while (u.back() <= a) u.push_back(2 * u.back() + u[u.size() - 2]);
        u.push_back(2 * u.back() + u[u.size() - 2]);  // the place above the top one
        mpz_class shifted = 0;
        long low = -1;
        for (std::size_t i = u.size() - 1; i-- > 0 && a > 0;)
          while (u[i] <= a) {
            a -= u[i];
            shifted += u[i + 1];
            low = static_cast<long>(i);
          }
        if (e.op == Op::OstShift || e.op == Op::OstwShift) return shifted;
        return truth(low >= 0 && low % 2 == (e.op == Op::OstOdd ? 1 : 0));
      }
    }
    throw std::logic_error("exact evaluator: unknown operator");
  }

  std::unordered_map<std::string, mpz_class> values_;
  std::unordered_map<const Expr*, mpz_class> memo_;
};

}  // namespace

std::optional<std::string> evaluate_exactly(const ExprPtr& e,
                                            const std::map<std::string, std::string>& values) {
  try {
    Exact exact(values);
    return exact.value(*e).get_str(10);
  } catch (const TooLarge&) {
    return std::nullopt;
  }
}

}  // namespace nimcert::smt
