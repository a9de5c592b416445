// The top-down adders' walk and their reversal (see reversal.hpp).
#include "automata/reversal.hpp"

#include <algorithm>
#include <map>
#include <unordered_map>

namespace nimcert::automata {

namespace {

struct SetHash {
  std::size_t operator()(const std::vector<std::size_t>& m) const {
    std::size_t h = m.size();
    for (std::size_t s : m) h = h * 1000003u ^ s;
    return h;
  }
};

}  // namespace

TopDownAdder walk_top_down(std::size_t letters, std::int64_t multiplier,
                           const std::function<std::int64_t(std::size_t)>& excess,
                           const std::function<bool(std::int64_t, std::int64_t)>& viable) {
  TopDownAdder out;
  std::map<std::pair<std::int64_t, std::int64_t>, std::size_t> id{{{0, 0}, 0}};
  out.pairs.push_back({0, 0});
  std::vector<std::vector<std::int64_t>> raw;  // target pair index or -1
  for (std::size_t i = 0; i < out.pairs.size(); ++i) {
    const auto [u, v] = out.pairs[i];
    std::vector<std::int64_t> row(letters, -1);
    for (std::size_t letter = 0; letter < letters; ++letter) {
      const std::pair<std::int64_t, std::int64_t> to{multiplier * u + v + excess(letter), u};
      if (!viable(to.first, to.second)) continue;
      auto [it, fresh] = id.try_emplace(to, out.pairs.size());
      if (fresh) out.pairs.push_back(to);
      row[letter] = static_cast<std::int64_t>(it->second);
    }
    raw.push_back(std::move(row));
  }
  for (const auto& row : raw)
    for (std::int64_t t : row)
      out.next.push_back(t < 0 ? out.pairs.size() : static_cast<std::size_t>(t));
  return out;
}

ReversedAutomaton reverse_top_down(const std::vector<std::size_t>& next, std::size_t states,
                                   std::size_t letters, const std::vector<std::size_t>& ends) {
  // Predecessors of each top-down state by letter.
  std::vector<std::vector<std::size_t>> before(states * letters);
  for (std::size_t p = 0; p < states; ++p)
    for (std::size_t l = 0; l < letters; ++l)
      if (const std::size_t q = next[p * letters + l]; q < states)
        before[q * letters + l].push_back(p);
  std::vector<std::size_t> start = ends;
  std::sort(start.begin(), start.end());
  start.erase(std::unique(start.begin(), start.end()), start.end());
  ReversedAutomaton out;
  std::unordered_map<std::vector<std::size_t>, State, SetHash> id{{start, 0}};
  out.sets.push_back(start);
  for (std::size_t i = 0; i < out.sets.size(); ++i)
    for (std::size_t l = 0; l < letters; ++l) {
      std::vector<std::size_t> to;
      for (std::size_t q : out.sets[i])
        for (std::size_t p : before[q * letters + l]) to.push_back(p);
      std::sort(to.begin(), to.end());
      to.erase(std::unique(to.begin(), to.end()), to.end());
      auto [it, fresh] = id.try_emplace(to, static_cast<State>(out.sets.size()));
      if (fresh) out.sets.push_back(to);
      out.next.push_back(it->second);
    }
  return out;
}

}  // namespace nimcert::automata
