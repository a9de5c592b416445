// The operations on automata (see operations.hpp).
#include "automata/operations.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <unordered_map>

#include "sys/interrupt.hpp"

namespace nimcert::automata {

namespace {

// For every letter over `all`, the letter over `part` (a subset of `all`) it contains.
std::vector<Letter> gather(const std::vector<Track>& all, const std::vector<Track>& part) {
  std::vector<std::size_t> at;
  for (Track t : part)
    at.push_back(static_cast<std::size_t>(std::lower_bound(all.begin(), all.end(), t) -
                                          all.begin()));
  std::vector<Letter> out(Letter{1} << all.size());
  for (Letter l = 0; l < out.size(); ++l) {
    Letter sub = 0;
    for (std::size_t j = 0; j < at.size(); ++j)
      if ((l >> at[j]) & 1) sub |= Letter{1} << j;
    out[l] = sub;
  }
  return out;
}

bool apply(Connective c, bool x, bool y) {
  switch (c) {
    case Connective::And:
      return x && y;
    case Connective::Or:
      return x || y;
    case Connective::Implies:
      return !x || y;
    case Connective::Iff:
      return x == y;
  }
  return false;
}

struct MacroHash {
  std::size_t operator()(const std::vector<State>& m) const {
    std::size_t h = m.size();
    for (State s : m) h = h * 1000003u ^ s;
    return h;
  }
};

}  // namespace

Dfa combine(const Dfa& a, const Dfa& b, Connective c) {
  std::vector<Track> tracks;
  std::set_union(a.tracks.begin(), a.tracks.end(), b.tracks.begin(), b.tracks.end(),
                 std::back_inserter(tracks));
  if (tracks.size() > kMaxTracks) return canonical(blank(tracks, 1));  // throws TooLarge
  const std::vector<Letter> la = gather(tracks, a.tracks), lb = gather(tracks, b.tracks);
  const Letter letters = Letter{1} << tracks.size();
  std::unordered_map<std::uint64_t, State> id;
  std::vector<std::pair<State, State>> pairs{{0, 0}};
  id[0] = 0;
  std::vector<State> next;
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    if ((i & 255) == 0) smt::throw_if_interrupted();
    if ((pairs.size() << tracks.size()) > kMaxTransitions) blank(tracks, pairs.size());  // throws
    const auto [x, y] = pairs[i];
    for (Letter l = 0; l < letters; ++l) {
      const State u = a.step(x, la[l]), v = b.step(y, lb[l]);
      const std::uint64_t key = (std::uint64_t{u} << 32) | v;
      auto [it, fresh] = id.try_emplace(key, static_cast<State>(pairs.size()));
      if (fresh) pairs.emplace_back(u, v);
      next.push_back(it->second);
    }
  }
  Dfa out = blank(tracks, pairs.size());
  out.next = std::move(next);
  for (std::size_t i = 0; i < pairs.size(); ++i)
    out.accepting[i] = apply(c, a.accepting[pairs[i].first], b.accepting[pairs[i].second]);
  return canonical(out);
}

Dfa complement(const Dfa& a) {
  Dfa out = a;
  for (auto& f : out.accepting) f = !f;
  return out;
}

Dfa exists(const Dfa& a, const std::vector<Track>& bound) {
  std::vector<Track> kept, gone;
  for (Track t : a.tracks)
    (std::find(bound.begin(), bound.end(), t) == bound.end() ? kept : gone).push_back(t);
  if (gone.empty()) return a;
  // full[l * choices + p]: the letter over a's tracks with kept digits l and bound digits p.
  const Letter letters = Letter{1} << kept.size(), choices = Letter{1} << gone.size();
  std::vector<std::size_t> kept_at, gone_at;
  for (Track t : kept) kept_at.push_back(position_of(a, t));
  for (Track t : gone) gone_at.push_back(position_of(a, t));
  std::vector<Letter> full(std::size_t{letters} * choices);
  for (Letter l = 0; l < letters; ++l)
    for (Letter p = 0; p < choices; ++p) {
      Letter f = 0;
      for (std::size_t j = 0; j < kept_at.size(); ++j)
        if ((l >> j) & 1) f |= Letter{1} << kept_at[j];
      for (std::size_t j = 0; j < gone_at.size(); ++j)
        if ((p >> j) & 1) f |= Letter{1} << gone_at[j];
      full[std::size_t{l} * choices + p] = f;
    }
  // The subset construction, macro-states as sorted lists of a's states.
  std::unordered_map<std::vector<State>, State, MacroHash> id;
  std::vector<std::vector<State>> macros{{0}};
  id[macros[0]] = 0;
  std::vector<State> next;
  std::vector<std::uint8_t> mark(a.states(), 0);
  std::vector<State> successor;
  std::uint64_t held = 1;
  for (std::size_t i = 0; i < macros.size(); ++i) {
    if ((i & 63) == 0) smt::throw_if_interrupted();
    if ((macros.size() << kept.size()) > kMaxTransitions) blank(kept, macros.size());  // throws
    for (Letter l = 0; l < letters; ++l) {
      successor.clear();
      for (State s : macros[i])
        for (Letter p = 0; p < choices; ++p) {
          const State t = a.step(s, full[std::size_t{l} * choices + p]);
          if (!mark[t]) {
            mark[t] = 1;
            successor.push_back(t);
          }
        }
      for (State t : successor) mark[t] = 0;
      std::sort(successor.begin(), successor.end());
      auto [it, fresh] = id.try_emplace(successor, static_cast<State>(macros.size()));
      if (fresh) {
        macros.push_back(successor);
        // The macro-states' own size, which the transitions' count does not bound: each is
        // held twice (the list and the map's key).
        held += successor.size();
        if (held > kMaxMacroStates)
          throw TooLarge(fmt::format("a projection whose macro-states hold more than {} states",
                                     kMaxMacroStates));
      }
      next.push_back(it->second);
    }
  }
  Dfa out = blank(kept, macros.size());
  out.next = std::move(next);
  // A macro-state accepts when one on its path of zero letters holds an accepting state.
  std::vector<std::uint8_t> raw(macros.size(), 0);
  for (std::size_t i = 0; i < macros.size(); ++i)
    raw[i] = std::any_of(macros[i].begin(), macros[i].end(),
                         [&](State s) { return a.accepting[s] != 0; });
  enum : std::uint8_t { kUnknown, kOnPath, kDone };
  std::vector<std::uint8_t> phase(macros.size(), kUnknown);
  for (std::size_t start = 0; start < macros.size(); ++start) {
    if (phase[start] == kDone) continue;
    std::vector<State> path;
    State m = static_cast<State>(start);
    while (phase[m] == kUnknown) {
      phase[m] = kOnPath;
      path.push_back(m);
      m = out.step(m, 0);
    }
    // m is done (its value known) or on this path (a cycle: its value is the cycle's).
    bool value;
    std::size_t cut = path.size();
    if (phase[m] == kDone) {
      value = out.accepting[m];
    } else {
      cut = static_cast<std::size_t>(std::find(path.begin(), path.end(), m) - path.begin());
      value = false;
      for (std::size_t k = cut; k < path.size(); ++k) value = value || raw[path[k]];
      for (std::size_t k = cut; k < path.size(); ++k) {
        out.accepting[path[k]] = value;
        phase[path[k]] = kDone;
      }
    }
    for (std::size_t k = cut; k-- > 0;) {
      value = value || raw[path[k]];
      out.accepting[path[k]] = value;
      phase[path[k]] = kDone;
    }
  }
  return canonical(out);
}

Dfa rename(const Dfa& a, const std::map<Track, Track>& to) {
  std::vector<Track> mapped;
  for (Track t : a.tracks) {
    auto it = to.find(t);
    mapped.push_back(it == to.end() ? t : it->second);
  }
  std::vector<Track> tracks = mapped;
  std::sort(tracks.begin(), tracks.end());
  tracks.erase(std::unique(tracks.begin(), tracks.end()), tracks.end());
  std::vector<std::size_t> at;  // a's track j reads the new track at[j]
  for (Track t : mapped)
    at.push_back(static_cast<std::size_t>(std::lower_bound(tracks.begin(), tracks.end(), t) -
                                          tracks.begin()));
  Dfa out = blank(tracks, a.states());
  out.accepting = a.accepting;
  for (Letter l = 0; l < out.letters(); ++l) {
    Letter old = 0;
    for (std::size_t j = 0; j < at.size(); ++j)
      if ((l >> at[j]) & 1) old |= Letter{1} << j;
    for (State s = 0; s < a.states(); ++s) out.next[std::size_t{s} * out.letters() + l] = a.step(s, old);
  }
  return canonical(out);
}

bool universal(const Dfa& a) {
  const Dfa c = canonical(a);
  return std::all_of(c.accepting.begin(), c.accepting.end(), [](std::uint8_t f) { return f; });
}

}  // namespace nimcert::automata
