// The adder of Ostrowski numeration for sqrt(2) (see ostrowski_numeration.hpp).
#include "ws1s/ostrowski_numeration.hpp"

#include <algorithm>
#include <deque>
#include <map>
#include <stdexcept>
#include <utility>

namespace nimcert::smt {

namespace {

// Whether x + y - z = a U_j + b U_{j-1} + (the places below j) can still be 0: a + b r in (-2, 1)
// for some r in [0, 1/2] (the ends of that range of a + b r are a and a + b / 2).
bool can_return(long a, long b) {
  const long lo2 = std::min(2 * a, 2 * a + b), hi2 = std::max(2 * a, 2 * a + b);  // doubled
  return hi2 > -4 && lo2 < 2;
}

OstrowskiAdder build_adder() {
  constexpr std::size_t kMostStates = 4096;  // far above what the walk finds; a guard only
  OstrowskiAdder adder;
  std::map<std::pair<long, long>, unsigned> number;
  std::deque<std::pair<long, long>> queue;
  auto state_of = [&](std::pair<long, long> s) {
    const auto [it, fresh] = number.emplace(s, static_cast<unsigned>(number.size()));
    if (fresh) {
      if (number.size() > kMostStates)
        throw std::logic_error("the Ostrowski adder's walk does not close");
      queue.push_back(s);
      adder.accepting.push_back(s.first == 0);
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
          if (!can_return(next.first, next.second)) continue;
          adder.steps.push_back({from, x, y, z, state_of(next)});
        }
  }
  return adder;
}

}  // namespace

const OstrowskiAdder& ostrowski_sqrt2_adder() {
  static const OstrowskiAdder adder = build_adder();
  return adder;
}

bool ostrowski_sqrt2_adds(const std::vector<unsigned>& x, const std::vector<unsigned>& y,
                          const std::vector<unsigned>& z) {
  const OstrowskiAdder& adder = ostrowski_sqrt2_adder();
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
