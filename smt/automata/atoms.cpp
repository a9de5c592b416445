// The atoms (see atoms.hpp).  Each builder explores its states from the start by the atom's
// definition; the dead state, where there is one, is the last.
#include "automata/atoms.hpp"

#include <fmt/format.h>

#include <cstdlib>
#include <limits>
#include <map>
#include <stdexcept>

#include "automata/operations.hpp"

namespace nimcert::automata {

Dfa place(const Atom& atom, const std::vector<Track>& tracks) {
  if (tracks.size() != atom.dfa.tracks.size())
    throw std::logic_error(fmt::format("automata: an atom of {} roles placed on {} tracks",
                                       atom.dfa.tracks.size(), tracks.size()));
  // Roles are numbered above every statement track while they move, so that no role lands on
  // a track another role still occupies.
  constexpr Track kAside = 1u << 30;
  std::map<Track, Track> aside, to;
  for (std::size_t j = 0; j < tracks.size(); ++j) {
    aside[atom.dfa.tracks[j]] = kAside + static_cast<Track>(j);
    to[kAside + static_cast<Track>(j)] = tracks[j];
  }
  return rename(rename(atom.dfa, aside), to);
}

Atom linear_equation(const std::vector<std::int64_t>& coefficients, std::int64_t constant) {
  constexpr std::int64_t kLimit = std::int64_t{1} << 16;
  std::int64_t spread = std::llabs(constant);
  for (std::int64_t c : coefficients) {
    if (c == std::numeric_limits<std::int64_t>::min() || std::llabs(c) > kLimit)
      throw TooLarge(fmt::format("a linear equation with the coefficient {} (at most 2^16)", c));
    spread += std::llabs(c);
  }
  if (spread > 4 * kLimit)
    throw TooLarge(fmt::format("a linear equation whose carries reach {} (at most 2^18)", spread));
  const std::size_t roles = coefficients.size();
  const Letter letters = Letter{1} << roles;
  std::map<std::int64_t, State> id{{constant, 0}};
  std::vector<std::int64_t> carry{constant};
  std::vector<std::vector<std::int64_t>> targets;  // per state, per letter: carry or odd marker
  for (std::size_t i = 0; i < carry.size(); ++i) {
    std::vector<std::int64_t> row(letters);
    for (Letter l = 0; l < letters; ++l) {
      std::int64_t sum = 0;
      for (std::size_t j = 0; j < roles; ++j) sum += coefficients[j] * digit(l, j);
      const std::int64_t w = carry[i] - sum;
      if (w % 2 != 0) {
        row[l] = std::numeric_limits<std::int64_t>::min();  // dead
        continue;
      }
      row[l] = w / 2;
      if (id.try_emplace(w / 2, static_cast<State>(carry.size())).second) carry.push_back(w / 2);
    }
    targets.push_back(std::move(row));
  }
  std::vector<Track> tracks(roles);
  for (std::size_t j = 0; j < roles; ++j) tracks[j] = static_cast<Track>(j);
  const State dead = static_cast<State>(carry.size());
  Atom atom{blank(tracks, carry.size() + 1), {}};
  for (State s = 0; s < carry.size(); ++s) {
    atom.dfa.accepting[s] = carry[s] == 0;
    atom.meaning.push_back({carry[s]});
    for (Letter l = 0; l < letters; ++l) {
      const std::int64_t t = targets[s][l];
      atom.dfa.next[std::size_t{s} * letters + l] =
          t == std::numeric_limits<std::int64_t>::min() ? dead : id.at(t);
    }
  }
  for (Letter l = 0; l < letters; ++l) atom.dfa.next[std::size_t{dead} * letters + l] = dead;
  atom.meaning.push_back({});
  return atom;
}

Atom comparison(Relation r) {
  // States 0: X = Y, 1: X < Y, 2: X > Y; the highest differing digit decides.
  Atom atom{blank({0, 1}, 3), {{0}, {-1}, {1}}};
  for (State s = 0; s < 3; ++s)
    for (Letter l = 0; l < 4; ++l) {
      const unsigned x = digit(l, 0), y = digit(l, 1);
      atom.dfa.next[s * 4 + l] = x == y ? s : x < y ? 1 : 2;
    }
  auto accepts = [r](int sign) {
    switch (r) {
      case Relation::Lt:
        return sign < 0;
      case Relation::Le:
        return sign <= 0;
      case Relation::Gt:
        return sign > 0;
      case Relation::Ge:
        return sign >= 0;
      case Relation::Eq:
        return sign == 0;
      case Relation::Ne:
        return sign != 0;
    }
    return false;
  };
  for (State s = 0; s < 3; ++s) atom.dfa.accepting[s] = accepts(static_cast<int>(atom.meaning[s][0]));
  return atom;
}

Atom bitwise(Bitwise op) {
  Atom atom{blank({0, 1, 2}, 2), {{0}, {}}};  // 0 live, 1 dead
  for (Letter l = 0; l < 8; ++l) {
    const unsigned x = digit(l, 0), y = digit(l, 1), z = digit(l, 2);
    const unsigned want = op == Bitwise::Xor ? x ^ y : op == Bitwise::And ? x & y : x | y;
    atom.dfa.next[l] = z == want ? 0 : 1;
    atom.dfa.next[8 + l] = 1;
  }
  atom.dfa.accepting[0] = 1;
  return atom;
}

std::vector<bool> binary_digits(std::uint64_t v) {
  std::vector<bool> d;
  for (; v > 0; v >>= 1) d.push_back(v & 1);
  return d;
}

Atom constant_digits(const std::vector<bool>& digits) {
  const std::size_t n = digits.size();  // states 0..n: digits matched; n + 1 dead
  Atom atom{blank({0}, n + 2), {}};
  for (std::size_t i = 0; i <= n; ++i) {
    const unsigned want = i < n && digits[i] ? 1 : 0;
    const State on = static_cast<State>(i < n ? i + 1 : n);
    atom.dfa.next[2 * i + want] = on;
    atom.dfa.next[2 * i + (1 - want)] = static_cast<State>(n + 1);
    atom.meaning.push_back({static_cast<std::int64_t>(i)});
  }
  atom.dfa.next[2 * (n + 1)] = atom.dfa.next[2 * (n + 1) + 1] = static_cast<State>(n + 1);
  atom.meaning.push_back({});
  atom.dfa.accepting[n] = 1;
  return atom;
}

Atom top_bit() {
  // 0: X = 0 so far, Z = 0; 1: X > 0 so far, Z = 0 (its one-bit still to come, at X's top);
  // 2: Z's one-bit placed at a one-bit of X, and no one-bit of X since; 3: dead.
  Atom atom{blank({0, 1}, 4), {{0}, {1}, {2}, {}}};
  auto set = [&](State s, unsigned x, unsigned z, State t) { atom.dfa.next[s * 4 + x + 2 * z] = t; };
  for (State s : {State{0}, State{1}}) {
    set(s, 0, 0, s);
    set(s, 1, 0, 1);
    set(s, 1, 1, 2);
    set(s, 0, 1, 3);
  }
  set(2, 0, 0, 2);
  set(2, 1, 0, 3);
  set(2, 0, 1, 3);
  set(2, 1, 1, 3);
  for (Letter l = 0; l < 4; ++l) atom.dfa.next[12 + l] = 3;
  atom.dfa.accepting[0] = atom.dfa.accepting[2] = 1;
  return atom;
}

Atom low_bit() {
  // 0: X = 0 so far, Z = 0; 1: Z's one-bit placed at X's lowest one-bit; 2: dead.
  Atom atom{blank({0, 1}, 3), {{0}, {1}, {}}};
  auto set = [&](State s, unsigned x, unsigned z, State t) { atom.dfa.next[s * 4 + x + 2 * z] = t; };
  set(0, 0, 0, 0);
  set(0, 1, 1, 1);
  set(0, 1, 0, 2);
  set(0, 0, 1, 2);
  set(1, 0, 0, 1);
  set(1, 1, 0, 1);
  set(1, 0, 1, 2);
  set(1, 1, 1, 2);
  for (Letter l = 0; l < 4; ++l) atom.dfa.next[8 + l] = 2;
  atom.dfa.accepting[0] = atom.dfa.accepting[1] = 1;
  return atom;
}

}  // namespace nimcert::automata
