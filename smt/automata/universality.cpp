// The product's exploration and its evidence (see universality.hpp).
#include "automata/universality.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <sstream>
#include <unordered_map>

#include "sys/interrupt.hpp"

namespace nimcert::automata {

namespace {

// Natural numbers in base 10^9, lowest limb first: only for printing a counterexample.
using Big = std::vector<std::uint32_t>;
constexpr std::uint32_t kBase = 1000000000;

Big add(const Big& a, const Big& b) {
  Big out;
  std::uint64_t carry = 0;
  for (std::size_t i = 0; i < std::max(a.size(), b.size()) || carry; ++i) {
    const std::uint64_t s = carry + (i < a.size() ? a[i] : 0) + (i < b.size() ? b[i] : 0);
    out.push_back(static_cast<std::uint32_t>(s % kBase));
    carry = s / kBase;
  }
  return out;
}

std::string text_of(const Big& v) {
  if (v.empty()) return "0";
  std::string s = std::to_string(v.back());
  for (std::size_t i = v.size() - 1; i-- > 0;) s += fmt::format("{:09}", v[i]);
  return s;
}

// For every letter over all free tracks, the letter over `part`.
std::vector<Letter> gather(std::size_t all, const std::vector<Track>& part) {
  std::vector<Letter> out(Letter{1} << all);
  for (Letter l = 0; l < out.size(); ++l) {
    Letter sub = 0;
    for (std::size_t j = 0; j < part.size(); ++j)
      if ((l >> part[j]) & 1) sub |= Letter{1} << j;
    out[l] = sub;
  }
  return out;
}

std::string header(const CompiledStatement& c, const std::vector<std::string>& variables,
                   Digits digits) {
  return fmt::format("{} evidence\ndigits {}\nvariables {}\npremise\n{}goal\n{}", kCheckerName,
                     // "binary" and "zeckendorf" as written since the first evidence files
                     digits == Digits::Fibonacci ? "zeckendorf" : smt::numeration_name(digits),
                     fmt::join(variables, " "), c.premise.text(), c.goal.text());
}

}  // namespace

std::string decimal_of(const std::vector<bool>& digits, Digits numeration) {
  if (smt::is_ostrowski(numeration)) {
    // Position 2j stands for U_j, position 2j + 1 for 2 U_j (U_0 = 1, U_1 = 2 or 3,
    // U_{j+1} = 2 U_j + U_{j-1}).
    Big value, place{1}, below;  // U_j and U_{j-1} (U_{-1} = U_1 - 2: 0 or 1)
    if (smt::ostrowski_first_quotient(smt::ostrowski_system(numeration)) == 3) below = {1};
    for (std::size_t i = 0; i < digits.size(); ++i) {
      const Big twice = add(place, place);
      if (digits[i]) value = add(value, i % 2 == 0 ? place : twice);
      if (i % 2 == 1) {
        Big next = add(twice, below);
        below = place;
        place = next;
      }
    }
    return text_of(value);
  }
  Big value, weight{1}, previous{1};  // weight: 2^i, or F(i + 2) with previous F(i + 1)
  for (bool d : digits) {
    if (d) value = add(value, weight);
    if (numeration == Digits::Binary) {
      weight = add(weight, weight);
    } else {
      Big next = add(weight, previous);
      previous = weight;
      weight = next;
    }
  }
  return text_of(value);
}

Exploration explore(const CompiledStatement& c, const std::vector<std::string>& variables,
                    Digits digits) {
  const std::size_t k = c.free.size();
  if (k > kMaxTracks) blank(c.free, 1);  // throws TooLarge
  const Letter letters = Letter{1} << k;
  const std::vector<Letter> lp = gather(k, c.premise.tracks), lg = gather(k, c.goal.tracks);
  Exploration out;
  out.premise_states = c.premise.states();
  out.goal_states = c.goal.states();
  std::unordered_map<std::uint64_t, std::uint32_t> id{{0, 0}};
  std::vector<std::pair<State, State>> pairs{{0, 0}};
  std::vector<std::pair<std::uint32_t, Letter>> parent{{0, 0}};
  auto holds_at = [&](std::pair<State, State> p) {
    return !c.premise.accepting[p.first] || c.goal.accepting[p.second];
  };
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    if ((i & 1023) == 0) smt::throw_if_interrupted();
    if (!holds_at(pairs[i])) {
      // The shortest word to this pair: the counterexample's digits.
      std::vector<Letter> word;
      for (std::size_t at = i; at != 0; at = parent[at].first) word.push_back(parent[at].second);
      std::reverse(word.begin(), word.end());
      for (std::size_t j = 0; j < k; ++j) {
        std::vector<bool> d;
        for (Letter l : word) d.push_back((l >> j) & 1);
        out.counterexample[variables[j]] = decimal_of(d, digits);
      }
      out.pairs = pairs.size();
      return out;
    }
    if (pairs.size() > (std::size_t{1} << 24))
      throw TooLarge(fmt::format("more than 2^24 pairs of states"));
    const auto [p, g] = pairs[i];
    for (Letter l = 0; l < letters; ++l) {
      const State np = c.premise.step(p, lp[l]), ng = c.goal.step(g, lg[l]);
      const std::uint64_t key = (std::uint64_t{np} << 32) | ng;
      if (id.try_emplace(key, static_cast<std::uint32_t>(pairs.size())).second) {
        pairs.emplace_back(np, ng);
        parent.emplace_back(static_cast<std::uint32_t>(i), l);
      }
    }
  }
  out.holds = true;
  out.pairs = pairs.size();
  std::string text = header(c, variables, digits) + fmt::format("reachable {}\n", pairs.size());
  for (const auto& [p, g] : pairs) text += fmt::format("{} {}\n", p, g);
  out.evidence = std::move(text);
  return out;
}

std::string check_evidence(const std::string& evidence, const CompiledStatement& c,
                           const std::vector<std::string>& variables, Digits digits,
                           std::uint64_t& count) {
  const std::string head = header(c, variables, digits);
  if (evidence.compare(0, head.size(), head) != 0)
    return "its automata are not the statement's (compiled again, they differ)";
  std::istringstream in(evidence.substr(head.size()));
  std::string word;
  std::uint64_t n = 0;
  if (!(in >> word >> n) || word != "reachable" || n == 0)
    return "no 'reachable N' line after the automata";
  std::unordered_map<std::uint64_t, std::uint8_t> set;
  std::vector<std::pair<State, State>> pairs;
  for (std::uint64_t i = 0; i < n; ++i) {
    if ((i & 4095) == 0) smt::throw_if_interrupted();
    std::uint64_t p = 0, g = 0;
    if (!(in >> p >> g)) return fmt::format("{} pairs announced, fewer given", n);
    if (p >= c.premise.states() || g >= c.goal.states())
      return fmt::format("pair {} {} names a state the automata do not have", p, g);
    if (!set.emplace((p << 32) | g, 1).second) return fmt::format("pair {} {} given twice", p, g);
    pairs.emplace_back(static_cast<State>(p), static_cast<State>(g));
  }
  if (in >> word) return "text after the announced pairs";
  if (!set.contains(0)) return "the start (0, 0) is not among the pairs";
  if (!padding_holds(c.premise) || !padding_holds(c.goal))
    return "the padding convention fails: a zero letter changes whether a state accepts";
  const std::size_t k = c.free.size();
  const std::vector<Letter> lp = gather(k, c.premise.tracks), lg = gather(k, c.goal.tracks);
  auto holds_at = [&](State p, State g) {
    return !c.premise.accepting[p] || c.goal.accepting[g];
  };
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    if ((i & 1023) == 0) smt::throw_if_interrupted();
    const auto [p, g] = pairs[i];
    if (!holds_at(p, g)) return fmt::format("the statement is false at the pair {} {}", p, g);
    for (Letter l = 0; l < (Letter{1} << k); ++l) {
      const State np = c.premise.step(p, lp[l]), ng = c.goal.step(g, lg[l]);
      if (!set.contains((std::uint64_t{np} << 32) | ng))
        return fmt::format("not closed: pair {} {} reads letter {} to {} {}, not listed", p, g, l,
                           np, ng);
    }
  }
  count = n;
  return "";
}

}  // namespace nimcert::automata
