// The mex recursion decided for every n (see arithmetic_periodicity.hpp).
#include "checks/arithmetic_periodicity.hpp"

#include <fmt/format.h>

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

// The value of a follower: F of its one part, or the xor of F over its parts.
ExprPtr value_of(const std::vector<ExprPtr>& parts) {
  ExprPtr e = F(parts.front());
  for (std::size_t i = 1; i < parts.size(); ++i) e = term(Op::BitXor, {e, F(parts[i])});
  return e;
}

// One kind of follower of a heap n, a digit's bit: remove k, leave `heaps` heaps.  (a) and (b)
// both read the code's moves from this one list.
struct FollowerKind {
  std::string name;                // "remove 2, leave three heaps"
  std::uint64_t k = 0;             // stones removed
  std::vector<std::string> bound;  // the parts' parameters: none, a, or a and b
  std::vector<ExprPtr> legal;      // the move is legal at n with these parameters
  std::vector<ExprPtr> parts;      // the heaps it leaves: none to three

  std::size_t heaps() const { return parts.size(); }
  // F of the follower: 0 when it leaves nothing.
  ExprPtr value() const { return parts.empty() ? num(0) : value_of(parts); }
};

std::vector<FollowerKind> follower_kinds(const OctalCode& code) {
  const ExprPtr n = var("n"), a = var("a"), b = var("b"), one = num(1);
  std::vector<FollowerKind> kinds;
  for (std::uint64_t k = 0; k <= code.largest_removal(); ++k) {
    const unsigned digit = code.digit(k);
    const ExprPtr rest = minus(n, k);
    if (digit & 1)
      kinds.push_back(
          {fmt::format("remove {}, leave nothing", k), k, {}, {term(Op::Eq, {n, num(k)})}, {}});
    if (digit & 2)
      kinds.push_back({fmt::format("remove {}, leave one heap", k),
                       k,
                       {},
                       {term(Op::Ge, {n, num(k + 1)})},
                       {rest}});
    if (digit & 4) {
      std::vector<ExprPtr> legal = {term(Op::Ge, {a, one}),
                                    term(Op::Le, {term(Op::Add, {a, num(k + 1)}), n})};
      const OctalCode::Parts parts = code.parts(k);
      const ExprPtr twice = term(Op::Add, {a, a});
      if (parts == OctalCode::Parts::Unequal) legal.push_back(term(Op::Ne, {twice, rest}));
      if (parts == OctalCode::Parts::Equal) legal.push_back(term(Op::Eq, {twice, rest}));
      kinds.push_back({fmt::format("remove {}, leave two {}heaps", k,
                                   parts == OctalCode::Parts::Unequal ? "unequal "
                                   : parts == OctalCode::Parts::Equal ? "equal "
                                                                      : ""),
                       k,
                       {"a"},
                       legal,
                       {a, term(Op::Sub, {rest, a})}});
    }
    if (digit & 8)
      kinds.push_back({fmt::format("remove {}, leave three heaps", k),
                       k,
                       {"a", "b"},
                       {term(Op::Ge, {a, one}), term(Op::Ge, {b, one}),
                        term(Op::Le, {term(Op::Add, {term(Op::Add, {a, b}), num(k + 1)}), n})},
                       {a, b, term(Op::Sub, {term(Op::Sub, {rest, a}), b})}});
  }
  return kinds;
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

MexStatements mex_recursion_statements(const OctalCode& code, const OctalValues& g,
                                       std::uint64_t preperiod, std::uint64_t period,
                                       std::uint64_t saltus) {
  MexStatements out;
  out.definitions = mex_recursion_formula(g, preperiod, period, saltus);
  const ExprPtr n = var("n"), a = var("a"), b = var("b"), v = var("v");
  const ExprPtr one = num(1);
  const std::vector<FollowerKind> kinds = follower_kinds(code);
  // (a) per move kind: F(follower) != F(n).  Three heaps are posed as F(a) ^ F(b) != F(c) ^
  // F(n), the same statement (xor by F(c) is one-to-one), two values on each side: MONA then
  // projects the xor of two values, not of three (0.3F's three-heap (a): 14.2 s -> 0.4 s).
  for (const FollowerKind& kind : kinds) {
    std::vector<std::string> variables = {"n"};
    variables.insert(variables.end(), kind.bound.begin(), kind.bound.end());
    const ExprPtr differs =
        kind.heaps() == 3
            ? term(Op::Ne, {value_of({kind.parts[0], kind.parts[1]}), value_of({kind.parts[2], n})})
            : term(Op::Ne, {kind.value(), F(n)});
    out.a.push_back({"(a) " + kind.name, variables, kind.legal, differs, {}});
  }
  // (b): every v < F(n) is a follower's value; first on a part of the followers.
  std::vector<ExprPtr> reached;
  std::vector<smt::Existential> part, every;
  for (const FollowerKind& kind : kinds) {
    std::vector<ExprPtr> reaches = kind.legal;
    reaches.push_back(term(Op::Eq, {kind.value(), v}));
    if (kind.bound.empty()) {
      reached.push_back(all_hold(reaches));
      continue;
    }
    every.push_back({kind.bound, all_hold(reaches)});
    if (kind.heaps() == 2) part.push_back(every.back());
    if (kind.heaps() == 3)  // a + b + b: the two b's cancel, worth F(a)
      part.push_back(
          {kind.bound,
           all_hold(
               {term(Op::Ge, {a, one}), term(Op::Ge, {b, one}),
                term(Op::Eq,
                     {term(Op::Add, {term(Op::Add, {a, term(Op::Add, {b, b})}), num(kind.k)}), n}),
                term(Op::Eq, {F(a), v})})});
  }
  // The followers of one heap or none, a disjunction (false when the code has none).
  ExprPtr one_heap = reached.empty() ? term(Op::Eq, {num(0), num(1)}) : reached.front();
  for (std::size_t i = 1; i < reached.size(); ++i) one_heap = term(Op::Or, {one_heap, reached[i]});
  const std::vector<ExprPtr> below = {term(Op::Lt, {v, F(n)})};
  const bool three = code.leaves_three_heaps();
  out.b_part = {three ? "(b) every v < F(n) is reached, by one heap, two heaps or a + b + b"
                      : "(b) every v < F(n) is reached by some follower",
                {"n", "v"},
                below,
                one_heap,
                part};
  if (three)
    out.b_every = {
        "(b) every v < F(n) is reached by some follower", {"n", "v"}, below, one_heap, every};
  return out;
}

MexRecursionProof prove_by_mex_recursion(const OctalCode& code, const OctalValues& g,
                                         std::uint64_t preperiod, std::uint64_t period,
                                         std::uint64_t saltus, const UnboundedOptions& options) {
  MexRecursionProof proof;
  const MexStatements statements = mex_recursion_statements(code, g, preperiod, period, saltus);
  const smt::Definitions& d = statements.definitions;
  proof.formula = smt::to_string(*d.at("ap").body);
  for (const char* helper : {"ap_low", "ap_pre"})
    if (d.count(helper))
      proof.formula += fmt::format("; {}(x) = {}", helper, smt::to_string(*d.at(helper).body));
  // Poses one statement; false once one is not proved (the later ones are not posed).
  auto pose = [&](const MexStatement& s) {
    ExprPtr statement;  // for re-checking a counterexample; quantified ones are not re-checked
    if (s.existentials.empty())
      statement = smt::expand(term(Op::Implies, {all_hold(s.hypotheses), s.conclusion}), d);
    MexObligation o{s.name,
                    decide_for_all_naturals(
                        s.variables, s.hypotheses, s.conclusion, s.existentials, d, statement,
                        fmt::format("nimcert {} {}", code.text(), s.name), options)};
    const bool proved = o.outcome.verdict() == Verdict::Holds;
    proof.obligations.push_back(std::move(o));
    if (!proved && proof.why_not.empty()) proof.why_not = s.name;
    return proved;
  };
  for (const MexStatement& s : statements.a)
    if (!pose(s)) return proof;
  if (pose(statements.b_part)) {
    proof.proved = true;
    return proof;
  }
  if (!statements.b_every) return proof;
  proof.why_not.clear();
  proof.proved = pose(*statements.b_every);
  return proof;
}

}  // namespace nimcert
