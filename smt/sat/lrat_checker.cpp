// The LRAT checker (see lrat_checker.hpp).
#include "sat/lrat_checker.hpp"

#include <algorithm>
#include <cstdlib>
#include <stdexcept>
#include <unordered_map>
#include <vector>

namespace nimcert::smt {

namespace {

// The assignment of one check: literals set true, undone at the end.
class Assignment {
 public:
  int value(Lit l) const {
    const auto it = values_.find(std::abs(l));
    if (it == values_.end()) return 0;
    return l > 0 ? it->second : -it->second;
  }
  void set(Lit l) { values_[std::abs(l)] = l > 0 ? 1 : -1; }
  void clear() { values_.clear(); }

 private:
  std::unordered_map<Lit, int> values_;
};

enum class HintResult { Unit, Conflict, Bad };

// One hint clause under the assignment: its one unassigned literal set, or a conflict.
HintResult apply_hint(const Clause& c, Assignment& a) {
  Lit open = 0;
  for (const Lit l : c) {
    const int v = a.value(l);
    if (v > 0) return HintResult::Bad;  // satisfied: not a unit
    if (v == 0) {
      if (open != 0 && open != l) return HintResult::Bad;  // two open literals
      open = l;
    }
  }
  if (open == 0) return HintResult::Conflict;
  a.set(open);
  return HintResult::Unit;
}

}  // namespace

LratCheck check_lrat(const Cnf& cnf, std::string_view lrat) {
  LratCheck out;
  std::unordered_map<std::int64_t, Clause> clauses;
  for (std::size_t i = 0; i < cnf.clauses.size(); ++i)
    clauses.emplace(static_cast<std::int64_t>(i) + 1, cnf.clauses[i]);
  std::int64_t last_id = static_cast<std::int64_t>(cnf.clauses.size());
  Assignment a;
  std::size_t pos = 0, line_number = 0;
  const auto fail = [&](const std::string& why) {
    out.reason = "LRAT line " + std::to_string(line_number) + ": " + why;
    return out;
  };
  while (pos < lrat.size()) {
    std::size_t next = lrat.find('\n', pos);
    if (next == std::string_view::npos) next = lrat.size();
    std::string_view line = lrat.substr(pos, next - pos);
    pos = next + 1;
    ++line_number;
    if (line.empty() || line.front() == 'c') continue;
    // "id d ..." deletes; the id is read first.
    const std::size_t space = line.find(' ');
    const std::vector<std::int64_t> head = read_integers(line.substr(0, space), "LRAT", line_number);
    if (head.size() != 1 || head[0] <= 0) return fail("no clause id");
    const std::int64_t id = head[0];
    std::string_view rest = space == std::string_view::npos ? std::string_view{} : line.substr(space + 1);
    while (!rest.empty() && rest.front() == ' ') rest.remove_prefix(1);
    if (!rest.empty() && rest.front() == 'd') {
      for (const std::int64_t d : read_integers(rest.substr(1), "LRAT", line_number))
        if (d != 0) clauses.erase(d);
      continue;
    }
    const std::vector<std::int64_t> numbers = read_integers(rest, "LRAT", line_number);
    const auto first_zero = std::find(numbers.begin(), numbers.end(), 0);
    if (first_zero == numbers.end() || numbers.back() != 0 || first_zero == numbers.end() - 1)
      return fail("a clause and its hints, each ended by 0, expected");
    Clause lemma;
    for (auto it = numbers.begin(); it != first_zero; ++it) lemma.push_back(static_cast<Lit>(*it));
    const std::vector<std::int64_t> hints(first_zero + 1, numbers.end() - 1);
    if (std::find(hints.begin(), hints.end(), 0) != hints.end()) return fail("a 0 inside the hints");
    if (id <= last_id) return fail("id " + std::to_string(id) + " does not increase");
    last_id = id;

    a.clear();
    bool tautology = false;
    for (const Lit l : lemma) {
      if (a.value(l) > 0) tautology = true;
      a.set(-l);
    }
    bool refuted = tautology;
    std::size_t h = 0;
    // The RUP part: positive hints up to the first negative one.
    for (; !refuted && h < hints.size() && hints[h] > 0; ++h) {
      const auto c = clauses.find(hints[h]);
      if (c == clauses.end()) return fail("hint " + std::to_string(hints[h]) + " is no clause");
      const HintResult r = apply_hint(c->second, a);
      if (r == HintResult::Bad) return fail("hint " + std::to_string(hints[h]) + " is not unit");
      refuted = r == HintResult::Conflict;
    }
    if (!refuted) {
      // RAT on the first literal: every clause with its negation, named once, refuted.
      if (lemma.empty()) return fail("the hints do not refute the empty clause");
      const Lit p = lemma.front();
      std::vector<std::int64_t> named;
      while (h < hints.size()) {
        const std::int64_t d = -hints[h++];
        const auto dc = clauses.find(d);
        if (d <= 0 || dc == clauses.end()) return fail("RAT hint " + std::to_string(-d) + " is no clause");
        if (std::find(dc->second.begin(), dc->second.end(), -p) == dc->second.end())
          return fail("RAT clause " + std::to_string(d) + " does not hold the pivot's negation");
        named.push_back(d);
        Assignment b = a;
        bool satisfied = false;
        for (const Lit l : dc->second)
          if (l != -p) {
            if (b.value(l) > 0) satisfied = true;
            b.set(-l);
          }
        bool conflict = satisfied;
        for (; h < hints.size() && hints[h] > 0; ++h) {
          if (conflict) return fail("hints after the conflict of RAT clause " + std::to_string(d));
          const auto c = clauses.find(hints[h]);
          if (c == clauses.end()) return fail("hint " + std::to_string(hints[h]) + " is no clause");
          const HintResult r = apply_hint(c->second, b);
          if (r == HintResult::Bad) return fail("hint " + std::to_string(hints[h]) + " is not unit");
          conflict = r == HintResult::Conflict;
        }
        if (!conflict) return fail("RAT clause " + std::to_string(d) + " is not refuted");
      }
      for (const auto& [d, c] : clauses) {
        if (std::find(c.begin(), c.end(), -p) == c.end()) continue;
        if (std::find(named.begin(), named.end(), d) != named.end()) continue;
        bool satisfied = false;  // by the lemma's negation: its resolvent is a tautology
        for (const Lit l : c)
          if (l != -p && a.value(l) > 0) satisfied = true;
        if (!satisfied) return fail("RAT clause " + std::to_string(d) + " is not named");
      }
    }
    ++out.lemmas;
    if (lemma.empty()) {
      out.verified = true;
      return out;
    }
    clauses.emplace(id, lemma);
  }
  out.reason = "the LRAT proof never adds the empty clause";
  return out;
}

}  // namespace nimcert::smt
