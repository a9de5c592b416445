// The mex recursion decided for every n (see arithmetic_periodicity.hpp).
#include "checks/arithmetic_periodicity.hpp"

#include <fmt/format.h>

#include <functional>

#include "lang/ast.hpp"

namespace nimcert {

// A named namespace, and names of its own: the unity build joins this file with others.
namespace mex_terms {

using smt::ExprPtr;
using smt::Op;

ExprPtr num(std::uint64_t v) { return smt::make_const(v); }
ExprPtr var(const char* name) { return smt::make_var(name); }
ExprPtr term(Op op, std::vector<ExprPtr> args) { return smt::make_node(op, std::move(args)); }
ExprPtr F(ExprPtr at) { return smt::make_call("ap", {std::move(at)}); }
ExprPtr minus(ExprPtr a, std::uint64_t k) { return k == 0 ? a : term(Op::Sub, {a, num(k)}); }

// if x == 0 then values[0] else if x == 1 then values[1] ... else values.back()
ExprPtr table(const ExprPtr& x, const std::vector<std::uint32_t>& values) {
  ExprPtr e = num(values.back());
  for (std::size_t i = values.size() - 1; i-- > 0;)
    e = term(Op::Ite, {term(Op::Eq, {x, num(i)}), num(values[i]), e});
  return e;
}

smt::Definition definition(std::string name, ExprPtr body) {
  return smt::Definition{name, {"x"}, std::move(body), {}};
}

ExprPtr all_hold(std::vector<ExprPtr> parts) {
  ExprPtr e = parts.front();
  for (std::size_t i = 1; i < parts.size(); ++i) e = term(Op::And, {e, parts[i]});
  return e;
}

// The value of the follower that removes k and leaves the parts (each an expression).
ExprPtr value_of(const std::vector<ExprPtr>& parts) {
  if (parts.empty()) return num(0);
  ExprPtr e = F(parts.front());
  for (std::size_t i = 1; i < parts.size(); ++i) e = term(Op::BitXor, {e, F(parts[i])});
  return e;
}

}  // namespace mex_terms

using namespace mex_terms;

smt::Definitions mex_recursion_formula(const OctalValues& g, std::uint64_t preperiod,
                                       std::uint64_t period, std::uint64_t saltus) {
  smt::Definitions d;
  const ExprPtr x = var("x");
  const std::vector<std::uint32_t> low(g.begin() + preperiod, g.begin() + preperiod + period);
  // n >= n0: s * ((n - n0) / p) + g(n0 + (n - n0) mod p), without the parts that are constant.
  const ExprPtr shifted = minus(x, preperiod);
  ExprPtr periodic =
      period == 1 ? num(low[0]) : smt::make_call("ap_low", {term(Op::Mod, {shifted, num(period)})});
  if (period > 1) d["ap_low"] = definition("ap_low", table(x, low));
  if (saltus != 0) {
    const ExprPtr quotient = period == 1 ? shifted : term(Op::Div, {shifted, num(period)});
    periodic = term(Op::Add, {term(Op::Mul, {num(saltus), quotient}), periodic});
  }
  ExprPtr body = periodic;
  if (preperiod > 0) {
    d["ap_pre"] = definition(
        "ap_pre", table(x, std::vector<std::uint32_t>(g.begin(), g.begin() + preperiod)));
    body =
        term(Op::Ite, {term(Op::Lt, {x, num(preperiod)}), smt::make_call("ap_pre", {x}), periodic});
  }
  d["ap"] = definition("ap", body);
  return d;
}

MexRecursionProof prove_by_mex_recursion(const OctalCode& code, const OctalValues& g,
                                         std::uint64_t preperiod, std::uint64_t period,
                                         std::uint64_t saltus, const UnboundedOptions& options) {
  MexRecursionProof proof;
  const smt::Definitions d = mex_recursion_formula(g, preperiod, period, saltus);
  proof.formula = smt::to_string(*d.at("ap").body);
  for (const char* helper : {"ap_low", "ap_pre"})
    if (d.count(helper))
      proof.formula += fmt::format("; {}(x) = {}", helper, smt::to_string(*d.at(helper).body));
  const ExprPtr n = var("n"), a = var("a"), b = var("b"), v = var("v");
  const ExprPtr one = num(1);
  // Poses one statement; false once one is not proved (the later ones are not posed).
  auto pose = [&](std::string name, std::vector<std::string> variables,
                  std::vector<ExprPtr> hypotheses, ExprPtr conclusion,
                  std::vector<smt::Existential> existentials) {
    ExprPtr statement;  // for re-checking a counterexample; quantified ones are not re-checked
    if (existentials.empty())
      statement = smt::expand(term(Op::Implies, {all_hold(hypotheses), conclusion}), d);
    MexObligation o{
        name, decide_for_all_naturals(variables, hypotheses, conclusion, existentials, d, statement,
                                      fmt::format("nimcert {} {}", code.text(), name), options)};
    const bool proved = o.outcome.verdict() == Verdict::Holds;
    proof.obligations.push_back(std::move(o));
    if (!proved && proof.why_not.empty()) proof.why_not = name;
    return proved;
  };
  // (a) per move kind.
  for (std::uint64_t k = 1; k <= code.largest_removal(); ++k) {
    const unsigned digit = code.digit(k);
    const ExprPtr rest = minus(n, k);
    if ((digit & 1) && !pose(fmt::format("(a) remove {}, leave nothing", k), {"n"},
                             {term(Op::Eq, {n, num(k)})}, term(Op::Ne, {F(n), num(0)}), {}))
      return proof;
    if ((digit & 2) &&
        !pose(fmt::format("(a) remove {}, leave one heap", k), {"n"},
              {term(Op::Ge, {n, num(k + 1)})}, term(Op::Ne, {value_of({rest}), F(n)}), {}))
      return proof;
    if ((digit & 4) &&
        !pose(fmt::format("(a) remove {}, leave two heaps", k), {"n", "a"},
              {term(Op::Ge, {a, one}), term(Op::Le, {term(Op::Add, {a, num(k + 1)}), n})},
              term(Op::Ne, {value_of({a, term(Op::Sub, {rest, a})}), F(n)}), {}))
      return proof;
    if ((digit & 8) &&
        !pose(fmt::format("(a) remove {}, leave three heaps", k), {"n", "a", "b"},
              {term(Op::Ge, {a, one}), term(Op::Ge, {b, one}),
               term(Op::Le, {term(Op::Add, {term(Op::Add, {a, b}), num(k + 1)}), n})},
              term(Op::Ne, {value_of({a, b, term(Op::Sub, {term(Op::Sub, {rest, a}), b})}), F(n)}),
              {}))
      return proof;
  }
  // (b): every v < F(n) is a follower's value; first on a part of the followers.
  std::vector<ExprPtr> reached;
  std::vector<smt::Existential> part, every;
  for (std::uint64_t k = 1; k <= code.largest_removal(); ++k) {
    const unsigned digit = code.digit(k);
    const ExprPtr rest = minus(n, k);
    if (digit & 1)
      reached.push_back(term(Op::And, {term(Op::Eq, {n, num(k)}), term(Op::Eq, {v, num(0)})}));
    if (digit & 2)
      reached.push_back(
          term(Op::And, {term(Op::Ge, {n, num(k + 1)}), term(Op::Eq, {value_of({rest}), v})}));
    if (digit & 4) {
      smt::Existential two{
          {"a"},
          all_hold({term(Op::Ge, {a, one}), term(Op::Le, {term(Op::Add, {a, num(k + 1)}), n}),
                    term(Op::Eq, {value_of({a, term(Op::Sub, {rest, a})}), v})})};
      part.push_back(two);
      every.push_back(two);
    }
    if (digit & 8) {
      // a + b + b: the two b's cancel, worth F(a).
      part.push_back(
          {{"a", "b"},
           all_hold({term(Op::Ge, {a, one}), term(Op::Ge, {b, one}),
                     term(Op::Eq,
                          {term(Op::Add, {term(Op::Add, {a, term(Op::Add, {b, b})}), num(k)}), n}),
                     term(Op::Eq, {F(a), v})})});
      every.push_back(
          {{"a", "b"},
           all_hold({term(Op::Ge, {a, one}), term(Op::Ge, {b, one}),
                     term(Op::Le, {term(Op::Add, {term(Op::Add, {a, b}), num(k + 1)}), n}),
                     term(Op::Eq,
                          {value_of({a, b, term(Op::Sub, {term(Op::Sub, {rest, a}), b})}), v})})});
    }
  }
  // The followers of one heap or none, a disjunction (false when the code has none).
  ExprPtr one_heap = reached.empty() ? term(Op::Eq, {num(0), num(1)}) : reached.front();
  for (std::size_t i = 1; i < reached.size(); ++i) one_heap = term(Op::Or, {one_heap, reached[i]});
  const std::vector<ExprPtr> below = {term(Op::Lt, {v, F(n)})};
  const bool three = code.leaves_three_heaps();
  if (pose(three ? "(b) every v < F(n) is reached, by one heap, two heaps or a + b + b"
                 : "(b) every v < F(n) is reached by some follower",
           {"n", "v"}, below, one_heap, part)) {
    proof.proved = true;
    return proof;
  }
  if (!three) return proof;
  proof.why_not.clear();
  proof.proved =
      pose("(b) every v < F(n) is reached by some follower", {"n", "v"}, below, one_heap, every);
  return proof;
}

}  // namespace nimcert
