// Whether a claim over n and g depends, once n is large, on n only through a period: then the
// claim read on 0..from + period - 1 (and wherever else) holds for every n.  A misère
// sequence whose outcomes g are known for every n and periodic (checks/misere_periodicity.hpp)
// proves its pointwise claims for every n this way.
//
// The analysis is syntactic and conservative, on the claim with its definitions expanded.  A
// constant is periodic from 0 with period 1; g has its own period; n % c (c a constant, at least
// 1) has period c from 0; a comparison of n with a constant c is constant from c + 1 on; any
// other operation of periodic arguments is periodic from the largest start with the least
// common multiple of their periods, since its value at n is a function of its arguments' values
// at n alone.  Everything else (n in arithmetic, a period past kMaxEventualPeriod) has no
// period, and the claim holds on the computed range only.
#pragma once

#include <cstdint>
#include <optional>

#include "lang/ast.hpp"

namespace nimcert {

struct EventualPeriod {
  std::uint64_t from = 0, period = 1;
};

// The longest period the analysis combines, and the largest constant a comparison with n may
// have: beyond them a claim keeps its computed range.
inline constexpr std::uint64_t kMaxEventualPeriod = 1u << 20;
inline constexpr std::uint64_t kMaxEventualStart = std::uint64_t{1} << 40;

// e's period over n (the variable "n") when g (the variable "g") has `g`; none when the
// analysis finds none.
std::optional<EventualPeriod> eventual_period(const smt::Expr& e, const EventualPeriod& g);

}  // namespace nimcert
