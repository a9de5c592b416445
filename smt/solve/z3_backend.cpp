// The Z3 backend (see z3_backend.hpp).  Bit-vector traps avoided on purpose: every comparison
// and division is unsigned (ult/ule/udiv/urem/lshr), operands are zero-extended to a common
// width before any operation, and each subterm is as wide as width.hpp says it can get.
#include "solve/z3_backend.hpp"

#include <fmt/format.h>
#include <z3++.h>

#include <chrono>
#include <condition_variable>
#include <functional>
#include <map>
#include <mutex>
#include <thread>
#include <unordered_map>

#include "lang/numeration.hpp"
#include "solve/width.hpp"
#include "sys/fibonacci.hpp"
#include "sys/interrupt.hpp"
#include "sys/ostrowski.hpp"

namespace nimcert::smt {

namespace {

class Translator {
 public:
  Translator(z3::context& c, unsigned width) : c_(c), width_(width), widths_(width) {}

  // The value of e as a bit-vector of exactly `w` bits (w >= its own width).  Each shared
  // subterm is translated once per width (unrolled definitions share a lot).
  z3::expr bv(const Expr& e, unsigned w) {
    const auto key = std::make_pair(&e, w);
    if (auto it = bv_memo_.find(key); it != bv_memo_.end()) return it->second;
    z3::expr r = bv_uncached(e, w);
    bv_memo_.emplace(key, r);
    return r;
  }

  z3::expr boolean(const Expr& e) {
    if (auto it = bool_memo_.find(&e); it != bool_memo_.end()) return it->second;
    z3::expr r = boolean_uncached(e);
    bool_memo_.emplace(&e, r);
    return r;
  }

 private:
  z3::expr bv_uncached(const Expr& e, unsigned w) {
    if (yields_boolean(e) && e.op != Op::Ite)
      return z3::ite(boolean(e), c_.bv_val(1, w), c_.bv_val(0, w));
    const unsigned own = widths_(e);
    z3::expr v = natural(e, own);
    return own == w ? v : z3::zext(v, w - own);
  }

  z3::expr boolean_uncached(const Expr& e) {
    auto arg = [&](std::size_t i) -> const Expr& { return *e.args[i]; };
    auto both = [&](auto f) {
      const unsigned w = std::max(widths_(arg(0)), widths_(arg(1)));
      return f(bv(arg(0), w), bv(arg(1), w));
    };
    switch (e.op) {
      case Op::Eq:
        return both([](const z3::expr& a, const z3::expr& b) { return a == b; });
      case Op::Ne:
        return both([](const z3::expr& a, const z3::expr& b) { return a != b; });
      case Op::Lt:
        return both([](const z3::expr& a, const z3::expr& b) { return z3::ult(a, b); });
      case Op::Le:
        return both([](const z3::expr& a, const z3::expr& b) { return z3::ule(a, b); });
      case Op::Gt:
        return both([](const z3::expr& a, const z3::expr& b) { return z3::ugt(a, b); });
      case Op::Ge:
        return both([](const z3::expr& a, const z3::expr& b) { return z3::uge(a, b); });
      case Op::Not:
        return !boolean(arg(0));
      case Op::And:
        return boolean(arg(0)) && boolean(arg(1));
      case Op::Or:
        return boolean(arg(0)) || boolean(arg(1));
      case Op::Implies:
        return z3::implies(boolean(arg(0)), boolean(arg(1)));
      case Op::Iff:
        return boolean(arg(0)) == boolean(arg(1));
      case Op::ZeckEven: {  // the greedy digits, unrolled: the lowest one taken at an even place
        const unsigned m = widths_(arg(0));
        z3::expr rest = bv(arg(0), m);
        z3::expr any = c_.bool_val(false), low_even = c_.bool_val(false);
        const std::vector<u128> f = places_below(fibonacci_places(), m);
        for (std::size_t i = f.size(); i-- > 0;) {
          const z3::expr fi = constant(f[i], m);
          const z3::expr taken = z3::uge(rest, fi);
          rest = z3::ite(taken, rest - fi, rest);
          any = any || taken;
          low_even = z3::ite(taken, c_.bool_val(i % 2 == 0), low_even);
        }
        return any && low_even;
      }
      case Op::OstOdd:
      case Op::OstwEven: {  // the greedy digits, unrolled: the lowest taken at an odd (even) place
        const unsigned m = widths_(arg(0));
        const bool odd = e.op == Op::OstOdd;
        z3::expr rest = bv(arg(0), m);
        z3::expr any = c_.bool_val(false), low_parity = c_.bool_val(false);
        const std::vector<u128> u =
            places_below(ostrowski_places(ostrowski_system(numeration_of_builtin(e.op))), m);
        for (std::size_t i = u.size(); i-- > 0;) {
          const z3::expr ui = constant(u[i], m);
          const z3::expr taken = z3::uge(rest, ui);  // twice at most: U_{i+1} > 2 U_i
          rest = z3::ite(taken, rest - ui, rest);
          const z3::expr again = z3::uge(rest, ui);
          rest = z3::ite(again, rest - ui, rest);
          any = any || taken;
          low_parity = z3::ite(taken, c_.bool_val(i % 2 == (odd ? 1 : 0)), low_parity);
        }
        return any && low_parity;
      }
      case Op::Ite:
        if (yields_boolean(e)) return z3::ite(boolean(arg(0)), boolean(arg(1)), boolean(arg(2)));
        [[fallthrough]];
      default: {
        // A number as a condition: "is not 0".
        const unsigned w = widths_(e);
        return bv(e, w) != c_.bv_val(0, w);
      }
    }
  }

  // The places of a numeration (F(2), F(3), ... of sys/fibonacci.hpp; U_0, U_1, ... of
  // sys/ostrowski.hpp) below 2^m.
  static std::vector<u128> places_below(const std::vector<u128>& places, unsigned m) {
    std::vector<u128> out;
    for (u128 f : places)
      if (m >= 128 || f < (u128{1} << m)) out.push_back(f);
    return out;
  }
  // v as a bit-vector of width w (v below 2^w).
  z3::expr constant(u128 v, unsigned w) { return c_.bv_val(u128_to_string(v).c_str(), w); }

  // e (not a boolean operator) as a bit-vector of its own width `w`.
  z3::expr natural(const Expr& e, unsigned w) {
    auto arg = [&](std::size_t i) -> const Expr& { return *e.args[i]; };
    auto wide = [&](std::size_t i, unsigned at_least) {
      return bv(arg(i), std::max(at_least, widths_(arg(i))));
    };
    switch (e.op) {
      case Op::Const:
        return c_.bv_val(std::to_string(e.value).c_str(), w);
      case Op::Var:
        return c_.bv_const(e.name.c_str(), w);
      case Op::Add:
        return bv(arg(0), w) + bv(arg(1), w);
      case Op::Mul:
        return bv(arg(0), w) * bv(arg(1), w);
      case Op::BitXor:
        return bv(arg(0), w) ^ bv(arg(1), w);
      case Op::BitOr:
        return bv(arg(0), w) | bv(arg(1), w);
      case Op::Sub: {  // truncated: a < b gives 0; the result fits the width of a
        const unsigned m = std::max(widths_(arg(0)), widths_(arg(1)));
        const z3::expr a = bv(arg(0), m), b = bv(arg(1), m);
        return z3::ite(z3::uge(a, b), a - b, c_.bv_val(0, m)).extract(w - 1, 0);
      }
      case Op::Div: {  // a / 0 = 0
        const unsigned m = std::max(widths_(arg(0)), widths_(arg(1)));
        const z3::expr a = bv(arg(0), m), b = bv(arg(1), m);
        return z3::ite(b == c_.bv_val(0, m), c_.bv_val(0, m), z3::udiv(a, b)).extract(w - 1, 0);
      }
      case Op::Mod: {  // a % 0 = a (bvurem agrees); the result is below both a+1 and b
        const unsigned m = std::max(widths_(arg(0)), widths_(arg(1)));
        return z3::urem(bv(arg(0), m), bv(arg(1), m)).extract(w - 1, 0);
      }
      case Op::BitAnd: {
        const unsigned m = std::max(widths_(arg(0)), widths_(arg(1)));
        return (bv(arg(0), m) & bv(arg(1), m)).extract(w - 1, 0);
      }
      case Op::Shl: {
        // The shift amount is at most w - width(a) (width.hpp), so a << b fits w bits; a wider
        // encoding of b is compared, not truncated.
        const unsigned bw = widths_(arg(1));
        const unsigned m = std::max(w, bw);
        const z3::expr shifted = z3::shl(wide(0, m), wide(1, m));
        return shifted.extract(w - 1, 0);
      }
      case Op::Shr: {
        const unsigned m = std::max(widths_(arg(0)), widths_(arg(1)));
        return z3::lshr(bv(arg(0), m), bv(arg(1), m)).extract(w - 1, 0);
      }
      case Op::TopBit: {
        // Every bit below the top one set (a ladder of shifts by constants), then the top
        // one alone: the smear's xor with itself shifted by one.
        const unsigned m = widths_(arg(0));
        z3::expr smear = bv(arg(0), m);
        for (unsigned shift = 1; shift < m; shift *= 2) smear = smear | z3::lshr(smear, shift);
        const z3::expr top = m > 1 ? smear ^ z3::lshr(smear, 1) : smear;
        return m == w ? top : z3::zext(top, w - m);
      }
      case Op::LowBit: {  // a & -a in two's complement of a's width
        const unsigned m = widths_(arg(0));
        const z3::expr a = bv(arg(0), m);
        const z3::expr low = a & (c_.bv_val(0, m) - a);
        return m == w ? low : z3::zext(low, w - m);
      }
      case Op::Ite:
        return z3::ite(boolean(arg(0)), bv(arg(1), w), bv(arg(2), w));
      case Op::ZeckShift: {  // the greedy Zeckendorf digits, unrolled, each moved up a place
        const unsigned m = widths_(arg(0));
        const std::vector<u128> f = places_below(fibonacci_places(), m);
        z3::expr rest = z3::zext(bv(arg(0), m), w - m);
        z3::expr shifted = c_.bv_val(0, w);
        for (std::size_t i = f.size(); i-- > 0;) {
          const z3::expr fi = constant(f[i], w);
          const z3::expr taken = z3::uge(rest, fi);
          rest = z3::ite(taken, rest - fi, rest);
          shifted = z3::ite(taken, shifted + constant(f[i] + (i > 0 ? f[i - 1] : 1), w), shifted);
        }
        return shifted;
      }
      case Op::OstShift:
      case Op::OstwShift: {  // the greedy Ostrowski digits, unrolled, each moved up a place
        const unsigned m = widths_(arg(0));
        const std::vector<u128>& all =
            ostrowski_places(ostrowski_system(numeration_of_builtin(e.op)));
        const std::vector<u128> u = places_below(all, m);
        z3::expr rest = z3::zext(bv(arg(0), m), w - m);
        z3::expr shifted = c_.bv_val(0, w);
        for (std::size_t i = u.size(); i-- > 0;)
          for (int twice = 0; twice < 2; ++twice) {  // a digit is 0, 1 or 2
            const z3::expr ui = constant(u[i], w);
            const z3::expr taken = z3::uge(rest, ui);
            rest = z3::ite(taken, rest - ui, rest);
            shifted = z3::ite(taken, shifted + constant(all.at(i + 1), w), shifted);
          }
        return shifted;
      }
      default:
        throw std::logic_error("z3 backend: unexpected operator " + to_string(e));
    }
  }

  z3::context& c_;
  unsigned width_;
  WidthAnalysis widths_;
  std::map<std::pair<const Expr*, unsigned>, z3::expr> bv_memo_;
  std::unordered_map<const Expr*, z3::expr> bool_memo_;
};

std::string smt2_escape(const std::string& s) {
  std::string out;
  for (char ch : s) out += (ch == '|' || ch == '\\') ? '/' : ch;
  return out;
}

}  // namespace

namespace {

// Runs body, turning a Z3 exception (not a std::exception) into a SolverError at this boundary.
template <class Body>
auto z3_boundary(Body body) {
  try {
    return body();
  } catch (const z3::exception& e) {
    throw SolverError(std::string("Z3 error: ") + e.msg());
  }
}

Query make_query_unguarded(const std::vector<std::string>& variables,
                           const std::vector<ExprPtr>& hypotheses, const ExprPtr& conclusion,
                           unsigned width, const std::string& source,
                           const std::vector<Existential>& existentials) {
  z3::context c;
  Translator t(c, width);
  z3::expr goal = conclusion ? t.boolean(*conclusion) : c.bool_val(false);
  for (const Existential& e : existentials) {
    z3::expr_vector bound(c);
    for (const std::string& b : e.bound) bound.push_back(c.bv_const(b.c_str(), width));
    goal = goal || z3::exists(bound, t.boolean(*e.body));
  }
  z3::expr negation = !goal;
  for (const ExprPtr& h : hypotheses) negation = t.boolean(*h) && negation;
  Query q;
  q.variables = variables;
  q.width = width;
  std::string text;
  text += "(set-info :smt-lib-version 2.6)\n";
  text += existentials.empty() ? "(set-logic QF_BV)\n" : "(set-logic BV)\n";
  text += fmt::format("(set-info :source |{}|)\n", smt2_escape(source));
  text += "(set-info :status unknown)\n";
  for (const std::string& v : variables)
    text += fmt::format("(declare-fun {} () (_ BitVec {}))\n", v, width);
  text += "(assert\n " + negation.to_string() + ")\n";
  text += "(check-sat)\n(exit)\n";
  q.smt2 = std::move(text);
  return q;
}

}  // namespace

Query make_query(const std::vector<std::string>& variables, const std::vector<ExprPtr>& hypotheses,
                 const ExprPtr& conclusion, unsigned width, const std::string& source,
                 const std::vector<Existential>& existentials) {
  return z3_boundary([&] {
    return make_query_unguarded(variables, hypotheses, conclusion, width, source, existentials);
  });
}

std::string with_status(const std::string& smt2, Answer status) {
  const std::string from = "(set-info :status unknown)";
  const std::size_t at = smt2.find(from);
  if (at == std::string::npos) throw std::logic_error("with_status: no :status line");
  std::string out = smt2;
  out.replace(at, from.size(), fmt::format("(set-info :status {})", answer_name(status)));
  return out;
}

std::vector<u128> evaluate_with_z3(const ExprPtr& e, const std::vector<std::string>& variables,
                                   unsigned width,
                                   const std::vector<std::vector<u128>>& assignments) {
  return z3_boundary([&] {
    z3::context c;
    Translator t(c, width);
    const unsigned w = value_width(*e, width);
    const z3::expr term = t.bv(*e, w);
    z3::expr_vector from(c);
    for (const std::string& v : variables) from.push_back(c.bv_const(v.c_str(), width));
    std::vector<u128> out;
    for (const auto& values : assignments) {
      z3::expr_vector to(c);
      for (u128 v : values) to.push_back(c.bv_val(u128_to_string(v).c_str(), width));
      z3::expr value = term;
      value = value.substitute(from, to).simplify();
      u128 n = 0;
      for (char ch : value.get_decimal_string(0)) n = n * 10 + static_cast<unsigned>(ch - '0');
      out.push_back(n);
    }
    return out;
  });
}

namespace {

// Z3's own `timeout` is not always honoured (4.8.12 ran one query of Staircase Nim's rank
// obligation for 20 minutes past a 60 s limit): a watchdog thread interrupts the context a
// second after the limit, and the check then answers unknown, as a time-out does.
class Deadline {
 public:
  Deadline(unsigned timeout_ms, std::function<void()> cancel) {
    if (timeout_ms == 0) return;
    watchdog_ = std::thread([this, timeout_ms, cancel = std::move(cancel)] {
      std::unique_lock<std::mutex> lock(mutex_);
      if (!done_.wait_for(lock, std::chrono::milliseconds(timeout_ms) + std::chrono::seconds(1),
                          [this] { return finished_; }))
        cancel();
    });
  }
  ~Deadline() {
    if (!watchdog_.joinable()) return;
    {
      const std::lock_guard<std::mutex> lock(mutex_);
      finished_ = true;
    }
    done_.notify_one();
    watchdog_.join();
  }
  Deadline(const Deadline&) = delete;
  Deadline& operator=(const Deadline&) = delete;

 private:
  std::mutex mutex_;
  std::condition_variable done_;
  bool finished_ = false;
  std::thread watchdog_;
};

}  // namespace

SolverRun solve_with_z3(const Query& query, unsigned timeout_ms) {
  return z3_boundary([&] {
    const auto start = std::chrono::steady_clock::now();
    z3::context c;
    // The solver for the benchmark's logic, as Z3's command line makes it from (set-logic
    // QF_BV): bit-blasting tactics first.  The API's default solver ignores the logic the text
    // names.  On the 197 quantifier-free queries of 12 committed proofs, one at a time
    // (2026-12-06; Staircase Nim's width-8 rank obligations left out, which end at their time
    // limit): 85.1 s with the logic against 100.3 s without; Moore's (7) reduce x1 and x2 at
    // w = 64 1.5 s against 4.5 s.  A quantified query keeps the default solver.
    const std::string logic = logic_of(query.smt2);
    z3::solver s = logic == "QF_BV" ? z3::solver(c, logic.c_str()) : z3::solver(c);
    z3::params p(c);
    p.set("random_seed", kZ3Seed);
    // No sat.lookahead_simplify: it helped the default solver (the committed proofs' slowest
    // queries 61.9 s -> 49.2 s, 2026-12-06), but under the QF_BV solver it costs.  On the 302
    // queries a cold certify of the 22 committed proofs poses (2026-12-07, one at a time,
    // bench/z3_api_options.cpp, Staircase's width-8 rank obligations at their 300 ms limit):
    // 72.6 s without it against 86.1 s with it; serial-nim's nested-6 (b) 5.1 s against 11.9 s.
    // Z3 would catch SIGINT itself during a check and answer unknown: interrupts are
    // nimcert's to handle (sys/interrupt.hpp), and they stop the run, never a query alone.
    p.set("ctrl_c", false);
    if (timeout_ms) p.set("timeout", timeout_ms);
    s.set(p);
    const z3::expr_vector assertions = c.parse_string(query.smt2.c_str());
    for (unsigned i = 0; i < assertions.size(); ++i) s.add(assertions[i]);
    SolverRun run;
    z3::check_result result;
    {
      const CancelOnInterrupt cancel([&c] { c.interrupt(); });
      const Deadline deadline(timeout_ms, [&c] { c.interrupt(); });
      result = s.check();
    }
    throw_if_interrupted();  // a cancelled search is no answer
    switch (result) {
      case z3::unsat:
        run.answer = Answer::Unsat;
        break;
      case z3::sat: {
        run.answer = Answer::Sat;
        const z3::model m = s.get_model();
        for (const std::string& v : query.variables) {
          const z3::expr value = m.eval(c.bv_const(v.c_str(), query.width), true);
          const std::string digits = value.get_decimal_string(0);
          u128 n = 0;
          for (char ch : digits) {
            const u128 next = n * 10 + static_cast<unsigned>(ch - '0');
            if (next / 10 != n) run.model_fits = false;
            n = next;
          }
          run.model[v] = n;
        }
        break;
      }
      default:
        run.answer = Answer::Unknown;
        run.reason = s.reason_unknown();
    }
    run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return run;
  });
}

std::string z3_version() {
  unsigned major = 0, minor = 0, build = 0, revision = 0;
  Z3_get_version(&major, &minor, &build, &revision);
  return std::to_string(major) + "." + std::to_string(minor) + "." + std::to_string(build);
}

}  // namespace nimcert::smt
