// Ostrowski numeration's atoms (see ostrowski_atoms.hpp).
#include "automata/ostrowski_atoms.hpp"

#include <algorithm>
#include <optional>

#include "automata/reversal.hpp"

namespace nimcert::automata {

namespace {

std::size_t codes_of(std::size_t roles) {
  std::size_t c = 1;
  for (std::size_t j = 0; j < roles; ++j) c *= 3;
  return c;
}

// A one-role digit automaton from its table: next[s][d], every state accepting as given.
DigitAutomaton one_role(const std::vector<std::vector<std::size_t>>& table,
                        const std::vector<bool>& accepting) {
  DigitAutomaton a;
  a.roles = 1;
  a.accepting = accepting;
  for (std::size_t s = 0; s < table.size(); ++s) {
    a.next.insert(a.next.end(), table[s].begin(), table[s].end());
    a.meaning.push_back({static_cast<std::int64_t>(s)});
  }
  return a;
}

// Whether the top-down pair (u, v) may still be cancelled by the places below: u + v r in
// (-2, 1) for some r on the segment [0, 1/2] (sqrt 2 - 1) or [1/3, 1] (1 / (2 + sqrt 2)), the
// line's values at the two ends compared times 6.
bool viable(OstrowskiSystem s, std::int64_t u, std::int64_t v) {
  const bool sqrt2 = s == OstrowskiSystem::Sqrt2;
  const std::int64_t a = 6 * u + v * (sqrt2 ? 0 : 2), b = 6 * u + v * (sqrt2 ? 3 : 6);
  return std::max(a, b) > -12 && std::min(a, b) < 6;
}

}  // namespace

Atom spread_over_bits(const DigitAutomaton& d) {
  const std::size_t n = d.states(), m = d.roles, codes = codes_of(m);
  const Letter bits = Letter{1} << m;
  const std::size_t dead = n + n * bits;
  std::vector<Track> roles;
  for (std::size_t j = 0; j < m; ++j) roles.push_back(static_cast<Track>(j));
  Atom atom{blank(roles, dead + 1), {}};
  auto code_of = [&](Letter low, Letter high) -> std::optional<std::size_t> {
    if (low & high) return std::nullopt;  // a digit 3
    std::size_t code = 0, power = 1;
    for (std::size_t j = 0; j < m; ++j, power *= 3)
      code += (digit(low, j) + 2 * digit(high, j)) * power;
    return code;
  };
  auto to = [&](std::size_t s, Letter low, Letter high) -> std::size_t {
    const auto code = code_of(low, high);
    if (!code) return dead;
    const std::size_t t = d.next[s * codes + *code];
    return t < n ? t : dead;
  };
  atom.meaning.resize(dead + 1);
  for (std::size_t s = 0; s < n; ++s) {
    atom.dfa.accepting[s] = d.accepting[s];
    atom.meaning[s] = d.meaning[s];
    for (Letter low = 0; low < bits; ++low) {
      const std::size_t remembered = n + s * bits + low;
      atom.dfa.next[s * bits + low] = static_cast<State>(remembered);
      const std::size_t padded = to(s, low, 0);
      atom.dfa.accepting[remembered] = padded < n && d.accepting[padded];
      atom.meaning[remembered] = d.meaning[s];
      atom.meaning[remembered].push_back(low);
      for (Letter high = 0; high < bits; ++high)
        atom.dfa.next[remembered * bits + high] = static_cast<State>(to(s, low, high));
    }
  }
  for (Letter l = 0; l < bits; ++l) atom.dfa.next[dead * bits + l] = static_cast<State>(dead);
  atom.meaning[dead] = {};
  return atom;
}

Atom ostrowski_form(OstrowskiSystem s) {
  // 0: place 0 next; 1: the place read last was 0; 2: it was not; 3 dead.  A 2 at place 0 only
  // where U_1 = 3.
  const std::size_t two_at_place_0 = s == OstrowskiSystem::Sqrt2 ? 3 : 2;
  return spread_over_bits(
      one_role({{1, 2, two_at_place_0}, {1, 2, 2}, {1, 2, 3}}, {true, true, true}));
}

Atom ost_shift() {
  // State p: x's digit read last, which z must show at the next place (z's place 0 is 0).
  DigitAutomaton a;
  a.roles = 2;
  a.accepting = {true, false, false};
  for (std::size_t p = 0; p < 3; ++p) {
    a.meaning.push_back({static_cast<std::int64_t>(p)});
    for (std::size_t code = 0; code < 9; ++code) {
      const std::size_t x = code % 3, z = code / 3;
      a.next.push_back(z == p ? x : 3);
    }
  }
  return spread_over_bits(a);
}

Atom ost_lowest(bool odd) {
  // 0, 1: no nonzero digit yet, the next place even or odd; 2: the lowest at an even place;
  // 3: at an odd one.
  return spread_over_bits(
      one_role({{1, 2, 2}, {0, 3, 3}, {2, 2, 2}, {3, 3, 3}}, {false, false, !odd, odd}));
}

OstrowskiTopDown ostrowski_top_down_sum(OstrowskiSystem s) {
  // letter x + 3y + 9z: x and y's digits less z's
  return walk_top_down(
      27, 2,
      [](std::size_t code) {
        return static_cast<std::int64_t>(code % 3) + static_cast<std::int64_t>(code / 3 % 3) -
               static_cast<std::int64_t>(code / 9);
      },
      [s](std::int64_t u, std::int64_t v) { return viable(s, u, v); });
}

Atom ostrowski_sum(OstrowskiSystem s) {
  const OstrowskiTopDown top = ostrowski_top_down_sum(s);
  const std::size_t n = top.pairs.size();
  const std::int64_t below = s == OstrowskiSystem::Sqrt2 ? 0 : 1;  // U_{-1}
  std::vector<std::size_t> ends;  // accepting after place 0: U + V U_{-1} = 0
  for (std::size_t p = 0; p < n; ++p)
    if (top.pairs[p].first + top.pairs[p].second * below == 0) ends.push_back(p);
  const ReversedAutomaton r = reverse_top_down(top.next, n, 27, ends);
  DigitAutomaton d;
  d.roles = 3;
  d.next.assign(r.next.begin(), r.next.end());
  for (const std::vector<std::size_t>& set : r.sets) {
    d.accepting.push_back(std::binary_search(set.begin(), set.end(), std::size_t{0}));
    std::vector<std::int64_t> flat;
    for (std::size_t p : set) {
      flat.push_back(top.pairs[p].first);
      flat.push_back(top.pairs[p].second);
    }
    d.meaning.push_back(std::move(flat));
  }
  return spread_over_bits(d);
}

std::vector<bool> ostrowski_bits(OstrowskiSystem s, std::uint64_t v) {
  // U_0, U_1, ... up to the largest not above v (U_1 = 2 or 3)
  std::vector<std::uint64_t> u{1, s == OstrowskiSystem::Sqrt2 ? 2u : 3u};
  for (;;) {
    const std::uint64_t a = u[u.size() - 2], b = u.back();
    if (b > (~std::uint64_t{0} - a) / 2 || 2 * b + a > v) break;
    u.push_back(2 * b + a);
  }
  std::vector<bool> bits(2 * u.size(), false);
  for (std::size_t j = u.size(); j-- > 0 && v > 0;) {
    const std::uint64_t times = v / u[j];  // 0, 1 or 2 by the greedy choice (at place 0 too)
    v -= times * u[j];
    if (times == 1) bits[2 * j] = true;
    if (times == 2) bits[2 * j + 1] = true;
  }
  while (!bits.empty() && !bits.back()) bits.pop_back();
  return bits;
}

}  // namespace nimcert::automata
