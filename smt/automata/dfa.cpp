// The automata's representation and canonical form (see dfa.hpp).
#include "automata/dfa.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <numeric>

#include "sys/interrupt.hpp"

namespace nimcert::automata {

std::string Dfa::text() const {
  std::string out = "tracks";
  for (Track t : tracks) out += fmt::format(" {}", t);
  out += fmt::format("\nstates {}\naccepting", states());
  for (State s = 0; s < states(); ++s)
    if (accepting[s]) out += fmt::format(" {}", s);
  out += '\n';
  for (State s = 0; s < states(); ++s) {
    for (Letter l = 0; l < letters(); ++l) out += fmt::format("{}{}", l ? " " : "", step(s, l));
    out += '\n';
  }
  return out;
}

Dfa blank(std::vector<Track> tracks, std::size_t states) {
  if (tracks.size() > kMaxTracks)
    throw TooLarge(fmt::format("an automaton over {} tracks (at most {})", tracks.size(),
                               kMaxTracks));
  const std::uint64_t transitions = std::uint64_t{states} << tracks.size();
  if (transitions > kMaxTransitions)
    throw TooLarge(fmt::format("an automaton of {} states over {} tracks ({} transitions, at "
                               "most {})",
                               states, tracks.size(), transitions, kMaxTransitions));
  Dfa a;
  a.tracks = std::move(tracks);
  a.next.assign(transitions, 0);
  a.accepting.assign(states, 0);
  return a;
}

Dfa constant(bool value) {
  Dfa a = blank({}, 1);
  a.accepting[0] = value;
  return a;
}

namespace {

// The states reachable from 0, in breadth-first order (letters increasing).
std::vector<State> reachable(const Dfa& a) {
  std::vector<State> order{0};
  std::vector<std::uint8_t> seen(a.states(), 0);
  seen[0] = 1;
  for (std::size_t i = 0; i < order.size(); ++i) {
    if ((i & 1023) == 0) smt::throw_if_interrupted();
    for (Letter l = 0; l < a.letters(); ++l) {
      const State t = a.step(order[i], l);
      if (!seen[t]) {
        seen[t] = 1;
        order.push_back(t);
      }
    }
  }
  return order;
}

}  // namespace

Dfa canonical(const Dfa& a) {
  const std::vector<State> live = reachable(a);
  const std::size_t n = live.size();
  const Letter letters = a.letters();
  std::vector<State> index(a.states(), 0);  // original state -> position in `live`
  for (std::size_t i = 0; i < n; ++i) index[live[i]] = static_cast<State>(i);
  // Moore's refinement: a state's class is the class of (its class, its successors' classes);
  // it stops when a round splits nothing.
  std::vector<State> cls(n);
  for (std::size_t i = 0; i < n; ++i) cls[i] = a.accepting[live[i]] ? 1 : 0;
  std::size_t classes = 0;
  const std::size_t width = std::size_t{letters} + 1;
  std::vector<State> signature(n * width);
  std::vector<std::size_t> order(n);
  for (;;) {
    smt::throw_if_interrupted();
    for (std::size_t i = 0; i < n; ++i) {
      State* sig = &signature[i * width];
      sig[0] = cls[i];
      for (Letter l = 0; l < letters; ++l) sig[1 + l] = cls[index[a.step(live[i], l)]];
    }
    std::iota(order.begin(), order.end(), 0);
    auto less = [&](std::size_t x, std::size_t y) {
      return std::lexicographical_compare(&signature[x * width], &signature[x * width] + width,
                                          &signature[y * width], &signature[y * width] + width);
    };
    std::sort(order.begin(), order.end(), less);
    std::vector<State> refined(n);
    std::size_t count = 0;
    for (std::size_t k = 0; k < n; ++k) {
      if (k > 0 && less(order[k - 1], order[k])) ++count;
      refined[order[k]] = static_cast<State>(count);
    }
    ++count;
    cls = std::move(refined);
    if (count == classes) break;
    classes = count;
  }
  // Number the classes breadth first from the start's class.
  std::vector<State> number(classes, ~State{0});
  std::vector<std::size_t> representative;  // class number -> a position in `live`
  std::vector<std::size_t> first(classes, n);
  for (std::size_t i = 0; i < n; ++i)
    if (first[cls[i]] == n) first[cls[i]] = i;
  number[cls[0]] = 0;
  representative.push_back(0);
  for (std::size_t k = 0; k < representative.size(); ++k)
    for (Letter l = 0; l < letters; ++l) {
      const State c = cls[index[a.step(live[representative[k]], l)]];
      if (number[c] == ~State{0}) {
        number[c] = static_cast<State>(representative.size());
        representative.push_back(first[c]);
      }
    }
  Dfa out = blank(a.tracks, representative.size());
  for (std::size_t k = 0; k < representative.size(); ++k) {
    const State s = live[representative[k]];
    out.accepting[k] = a.accepting[s];
    for (Letter l = 0; l < letters; ++l)
      out.next[k * letters + l] = number[cls[index[a.step(s, l)]]];
  }
  return out;
}

bool padding_holds(const Dfa& a) {
  for (State s = 0; s < a.states(); ++s)
    if (a.accepting[s] != a.accepting[a.step(s, 0)]) return false;
  return true;
}

std::size_t position_of(const Dfa& a, Track t) {
  const auto it = std::lower_bound(a.tracks.begin(), a.tracks.end(), t);
  if (it == a.tracks.end() || *it != t)
    throw std::logic_error(fmt::format("automata: track {} is not read here", t));
  return static_cast<std::size_t>(it - a.tracks.begin());
}

State run(const Dfa& a, const std::vector<std::vector<bool>>& digits) {
  std::size_t length = 0;
  for (const auto& d : digits) length = std::max(length, d.size());
  State s = 0;
  for (std::size_t i = 0; i < length; ++i) {
    Letter l = 0;
    for (std::size_t j = 0; j < digits.size(); ++j)
      if (i < digits[j].size() && digits[j][i]) l |= Letter{1} << j;
    s = a.step(s, l);
  }
  return s;
}

}  // namespace nimcert::automata
