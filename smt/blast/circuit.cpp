// The gates' clauses (see circuit.hpp).
#include "blast/circuit.hpp"

#include <algorithm>
#include <stdexcept>
#include <utility>

namespace nimcert::smt {

Circuit::Circuit() {
  cnf_.variables = 1;
  cnf_.clauses.push_back({1});  // variable 1 is true
}

Lit Circuit::fresh() {
  if (cnf_.variables >= kMaxVariables) throw std::length_error("the CNF needs too many variables");
  return ++cnf_.variables;
}

Lit Circuit::and2(Lit a, Lit b) {
  if (a == falsity() || b == falsity() || a == -b) return falsity();
  if (a == truth()) return b;
  if (b == truth() || a == b) return a;
  if (a > b) std::swap(a, b);
  const auto key = std::make_tuple('&', a, b, Lit{0});
  if (const auto it = gates_.find(key); it != gates_.end()) return it->second;
  const Lit x = fresh();
  clause({-x, a});
  clause({-x, b});
  clause({x, -a, -b});
  gates_.emplace(key, x);
  return x;
}

Lit Circuit::xor2(Lit a, Lit b) {
  if (a == falsity()) return b;
  if (b == falsity()) return a;
  if (a == truth()) return -b;
  if (b == truth()) return -a;
  if (a == b) return falsity();
  if (a == -b) return truth();
  // xor(-a, b) = -xor(a, b): the gate is kept on positive inputs.
  bool flip = false;
  if (a < 0) a = -a, flip = !flip;
  if (b < 0) b = -b, flip = !flip;
  if (a > b) std::swap(a, b);
  const auto key = std::make_tuple('^', a, b, Lit{0});
  Lit x;
  if (const auto it = gates_.find(key); it != gates_.end()) {
    x = it->second;
  } else {
    x = fresh();
    clause({-x, a, b});
    clause({-x, -a, -b});
    clause({x, -a, b});
    clause({x, a, -b});
    gates_.emplace(key, x);
  }
  return flip ? -x : x;
}

Lit Circuit::ite(Lit c, Lit t, Lit e) {
  if (c == truth() || t == e) return t;
  if (c == falsity()) return e;
  if (c < 0) c = -c, std::swap(t, e);
  if (t == truth() || t == c) return or2(c, e);
  if (t == falsity() || t == -c) return and2(-c, e);
  if (e == falsity() || e == c) return and2(c, t);
  if (e == truth() || e == -c) return or2(-c, t);
  const auto key = std::make_tuple('?', c, t, e);
  if (const auto it = gates_.find(key); it != gates_.end()) return it->second;
  const Lit x = fresh();
  clause({-c, -t, x});
  clause({-c, t, -x});
  clause({c, -e, x});
  clause({c, e, -x});
  gates_.emplace(key, x);
  return x;
}

Lit Circuit::and_all(const std::vector<Lit>& lits) {
  Lit out = truth();
  for (const Lit l : lits) out = and2(out, l);
  return out;
}

Lit Circuit::or_all(const std::vector<Lit>& lits) {
  Lit out = falsity();
  for (const Lit l : lits) out = or2(out, l);
  return out;
}

Bits Circuit::add(const Bits& a, const Bits& b, Lit carry_in, Lit* carry_out) {
  Bits sum(a.size());
  Lit carry = carry_in;
  for (std::size_t i = 0; i < a.size(); ++i) {
    const Lit half = xor2(a[i], b[i]);
    sum[i] = xor2(half, carry);
    carry = or2(and2(a[i], b[i]), and2(carry, half));
  }
  if (carry_out) *carry_out = carry;
  return sum;
}

Bits Circuit::ite(Lit c, const Bits& t, const Bits& e) {
  Bits out(t.size());
  for (std::size_t i = 0; i < t.size(); ++i) out[i] = ite(c, t[i], e[i]);
  return out;
}

Lit Circuit::equal(const Bits& a, const Bits& b) {
  std::vector<Lit> same;
  for (std::size_t i = 0; i < a.size(); ++i) same.push_back(-xor2(a[i], b[i]));
  return and_all(same);
}

Lit Circuit::less(const Bits& a, const Bits& b) {
  // From the lowest bit up: a < b on bits 0..i when b_i > a_i, or they are equal and a < b
  // below.
  Lit lt = falsity();
  for (std::size_t i = 0; i < a.size(); ++i) lt = ite(xor2(a[i], b[i]), b[i], lt);
  return lt;
}

}  // namespace nimcert::smt
