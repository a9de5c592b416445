// Ostrowski numeration's predicates and adder (see ostrowski_numeration.hpp).
#include "ws1s/ostrowski_numeration.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <deque>
#include <map>
#include <stdexcept>
#include <utility>

#include "sys/ostrowski.hpp"

namespace nimcert::smt {

namespace {

// Whether x + y - z = a U_j + b U_{j-1} + (the places below j) can still be 0: a + b r in (-2, 1)
// for some r in [0, 1/2] (sqrt 2 - 1: the ends of that range of a + b r are a and a + b / 2),
// or in [1/3, 1] (1 / (2 + sqrt 2): a + b / 3 and a + b), compared times 2 or 3.
bool can_return(OstrowskiSystem s, long a, long b) {
  if (s == OstrowskiSystem::Sqrt2) {
    const long lo2 = std::min(2 * a, 2 * a + b), hi2 = std::max(2 * a, 2 * a + b);  // doubled
    return hi2 > -4 && lo2 < 2;
  }
  const long lo3 = std::min(3 * a + b, 3 * a + 3 * b), hi3 = std::max(3 * a + b, 3 * a + 3 * b);
  return hi3 > -6 && lo3 < 3;
}

OstrowskiAdder build_adder(OstrowskiSystem s) {
  const long below = static_cast<long>(ostrowski_first_quotient(s)) - 2;  // U_{-1}
  constexpr std::size_t kMostStates = 4096;  // far above what the walk finds; a guard only
  OstrowskiAdder adder;
  std::map<std::pair<long, long>, unsigned> number;
  std::deque<std::pair<long, long>> queue;
  auto state_of = [&](std::pair<long, long> p) {
    const auto [it, fresh] = number.emplace(p, static_cast<unsigned>(number.size()));
    if (fresh) {
      if (number.size() > kMostStates)
        throw std::logic_error("the Ostrowski adder's walk does not close");
      queue.push_back(p);
      adder.accepting.push_back(p.first + p.second * below == 0);
    }
    return it->second;
  };
  state_of({0, 0});
  while (!queue.empty()) {
    const auto [a, b] = queue.front();
    queue.pop_front();
    const unsigned from = number.at({a, b});
    for (unsigned x = 0; x <= 2; ++x)
      for (unsigned y = 0; y <= 2; ++y)
        for (unsigned z = 0; z <= 2; ++z) {
          const long e = static_cast<long>(x) + static_cast<long>(y) - static_cast<long>(z);
          const std::pair<long, long> next{2 * a + b + e, a};
          if (!can_return(s, next.first, next.second)) continue;
          adder.steps.push_back({from, x, y, z, state_of(next)});
        }
  }
  return adder;
}

// The base predicates but the adder (see ostrowski_numeration.hpp).
// (The form's place-0 bound, d_0 <= 1 for sqrt 2 - 1, is added by ostrowski_prelude.)
const char* kOstrowskiPrelude = R"(# ev(p): p is an even position, the place p / 2's first
pred ev(var1 p) = ex2 E: 0 in E & p in E & (all1 j: j < p => ((j in E) <=> (j+1 notin E)));
# of(X): X holds Ostrowski digits (place j: position 2j for a 1, 2j + 1 for a 2): never both
# positions of a place, a 2 only above a 0 (and d_0 within its bound)
pred of(var2 X) = PLACE0(all1 i: ev(i) => ~(i in X & i+1 in X)) &
  (all1 i: (ev(i) & i+3 in X) => (i notin X & i+1 notin X));
# less(X, Y): X < Y, decided at the highest position where they differ (as in binary)
pred less(var2 X, var2 Y) = ex1 i: i in Y & i notin X & (all1 j: j > i => ((j in X) <=> (j in Y)));
pred leq(var2 X, var2 Y) = less(X, Y) | X = Y;
# oshift(X, Y): Y is X with every digit moved up one place
pred oshift(var2 X, var2 Y) = 0 notin Y & 1 notin Y & (all1 i: (i in X) <=> (i+2 in Y));
# oodd(A): A > 0 and its lowest digit is at an odd place (positions 4k + 2, 4k + 3; E marks them)
pred oodd(var2 A) = ex1 m: m in A & (all1 j: j < m => j notin A) &
  (ex2 E: 0 notin E & 1 notin E & m in E & (all1 j: j+2 <= m => ((j+2 in E) <=> (j notin E))));
# oeven(A): A > 0 and its lowest digit is at an even place
pred oeven(var2 A) = A ~= empty & ~oodd(A);
)";

// oplus(X, Y, W): W = X + Y.  The state after place j (read from the top) stands at position
// 2j in the state bits S0..S2; above every place it is the start, 0 (the sets are finite), and
// the state after place 0 accepts.
std::string ostrowski_adder_predicate(OstrowskiSystem s) {
  const OstrowskiAdder& adder = ostrowski_adder(s);
  if (adder.states() > 8)
    throw std::logic_error("the Ostrowski adder needs more than 3 state bits");
  auto state = [](const std::string& at, unsigned s) {
    return fmt::format("(({} {} S0) & ({} {} S1) & ({} {} S2))", at, s & 1 ? "in" : "notin", at,
                       s & 2 ? "in" : "notin", at, s & 4 ? "in" : "notin");
  };
  auto digit = [](const char* set, unsigned d) {
    return fmt::format("(i {} {} & i+1 {} {})", d == 1 ? "in" : "notin", set,
                       d == 2 ? "in" : "notin", set);
  };
  std::vector<std::string> steps;
  for (const OstrowskiAdder::Step& a : adder.steps)
    steps.push_back(fmt::format("({} & {} & {} & {} & {})", state("i+2", a.from), digit("X", a.x),
                                digit("Y", a.y), digit("W", a.z), state("i", a.to)));
  std::vector<std::string> accepting;
  for (unsigned s = 0; s < adder.states(); ++s)
    if (adder.accepting[s]) accepting.push_back(state("0", s));
  return fmt::format(
      "# oplus(X, Y, W): W = X + Y (the Ostrowski adder, run from the top place down)\n"
      "pred oplus(var2 X, var2 Y, var2 W) = ex2 S0, S1, S2:\n  (all1 i: ev(i) => ({})) &\n"
      "  ({});\n",
      fmt::join(steps, "\n    | "), fmt::join(accepting, " | "));
}

}  // namespace

std::string ostrowski_prelude(OstrowskiSystem s) {
  std::string prelude = kOstrowskiPrelude;
  prelude.replace(prelude.find("PLACE0"), 6, s == OstrowskiSystem::Sqrt2 ? "1 notin X & " : "");
  return prelude + ostrowski_adder_predicate(s);
}

std::string ostrowski_set(OstrowskiSystem s, std::uint64_t v) {
  if (v == 0) return "empty";
  std::vector<std::string> positions;
  const std::vector<unsigned> d = ostrowski_digits(s, v);
  for (std::size_t j = 0; j < d.size(); ++j)
    if (d[j] != 0) positions.push_back(std::to_string(2 * j + (d[j] == 2 ? 1 : 0)));
  return fmt::format("{{{}}}", fmt::join(positions, ","));
}

const OstrowskiAdder& ostrowski_adder(OstrowskiSystem s) {
  static const OstrowskiAdder sqrt2 = build_adder(OstrowskiSystem::Sqrt2),
                              two_wythoff = build_adder(OstrowskiSystem::TwoWythoff);
  return s == OstrowskiSystem::Sqrt2 ? sqrt2 : two_wythoff;
}

bool ostrowski_adds(OstrowskiSystem s, const std::vector<unsigned>& x,
                    const std::vector<unsigned>& y, const std::vector<unsigned>& z) {
  const OstrowskiAdder& adder = ostrowski_adder(s);
  const std::size_t length = std::max({x.size(), y.size(), z.size()});
  auto digit = [](const std::vector<unsigned>& d, std::size_t i) {
    return i < d.size() ? d[i] : 0u;
  };
  unsigned state = 0;
  for (std::size_t i = length; i-- > 0;) {
    const unsigned dx = digit(x, i), dy = digit(y, i), dz = digit(z, i);
    const auto step = std::find_if(adder.steps.begin(), adder.steps.end(), [&](const auto& s) {
      return s.from == state && s.x == dx && s.y == dy && s.z == dz;
    });
    if (step == adder.steps.end()) return false;
    state = step->to;
  }
  return adder.accepting[state];
}

}  // namespace nimcert::smt
