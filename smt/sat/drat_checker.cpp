// The backward DRAT checker (see drat_checker.hpp).
#include "sat/drat_checker.hpp"

#include <algorithm>
#include <cstdlib>
#include <limits>
#include <map>
#include <span>
#include <stdexcept>
#include <vector>

#include "sys/interrupt.hpp"

namespace nimcert::smt {

namespace {

constexpr std::uint32_t kNone = 0xFFFFFFFFu;

// One clause: where its literals are (no repeats; the first two are watched when it has two
// or more), and what the checker knows of it.  32 bytes, and the literals of every clause in one
// array (Checker::literals_): propagation, nearly all of the checker's time, reads a clause's
// record and its literals from two dense arrays (with a vector of literals and of hints in each
// record, the misses on them took most of visit()'s time).  Its sorted literals and its LRAT
// hints, which propagation never reads, are kept apart.
struct StoredClause {
  std::int64_t id = 0;       // LRAT id: originals 1..m, lemmas m + 1, ... in proof order
  std::uint64_t line = 0;    // proof line (0 for the CNF's clauses)
  std::uint32_t begin = 0;   // its literals: literals_[begin, begin + size), reordered as its
  std::uint32_t size = 0;    // watches move
  Lit pivot = 0;             // a lemma's first literal as written (RAT's pivot), else 0
  bool active = false;
  bool core = false;
  bool tautology = false;    // holds x and -x: never propagates
  // Which of its literals 0 and 1 have an entry in the watch lists (bits 0 and 1): an inactive
  // clause's entries are dropped as propagation meets them, and put back when it is active again.
  std::uint8_t listed = 0;
};

// A watch list entry: the clause, and a literal of it that, when true, satisfies it without
// the clause being read (the blocker).
struct Watch {
  std::uint32_t clause;
  Lit blocker;
};

// A clause's literals ordered by variable (-x before x), repeats removed: the order add()
// keeps and deletions are matched in.
Clause normalized(Clause lits) {
  std::sort(lits.begin(), lits.end(), [](Lit a, Lit b) {
    return std::abs(a) != std::abs(b) ? std::abs(a) < std::abs(b) : a < b;
  });
  lits.erase(std::unique(lits.begin(), lits.end()), lits.end());
  return lits;
}

class Checker {
 public:
  Checker(const Cnf& cnf, const DratLimits& limits) : limits_(limits) { grow(cnf.variables); }

  // `steps` of work against the limit; an interrupt is answered here too, every 2^16 steps.
  void work(std::uint64_t steps) {
    visits_ += steps;
    if (visits_ < next_poll_) return;
    // The next poll in 2^16 steps, or just past the limit: the limit is exact.
    next_poll_ = visits_ + (1u << 16);
    if (limits_.visits && visits_ <= limits_.visits)
      next_poll_ = std::min(next_poll_, limits_.visits + 1);
    throw_if_interrupted();
    if (limits_.visits && visits_ > limits_.visits)
      throw DratLimitReached("the DRAT checker's work passed its limit of " +
                                 std::to_string(limits_.visits) + " steps",
                             false);
  }
  std::uint64_t work_done() const { return visits_; }

  // Memory the clauses and the LRAT text hold, roughly, against the limit.
  void charge(std::uint64_t bytes) {
    memory_ += bytes;
    if (limits_.memory_bytes && memory_ > limits_.memory_bytes)
      throw DratLimitReached("the DRAT checker's memory passed its limit of " +
                                 std::to_string(limits_.memory_bytes) + " bytes",
                             true);
  }

  std::uint32_t add(Clause lits, std::int64_t id, std::size_t line) {
    lits = normalized(std::move(lits));
    StoredClause c;
    for (std::size_t i = 1; i < lits.size(); ++i)
      if (lits[i] == -lits[i - 1]) c.tautology = true;
    for (const Lit l : lits) grow(std::abs(l));
    charge(sizeof(StoredClause) + 2 * sizeof(Lit) * lits.size() + 2 * sizeof(Watch));
    if (literals_.size() + lits.size() > std::numeric_limits<std::uint32_t>::max())
      throw DratLimitReached("the DRAT checker holds at most 2^32 - 1 literals", true);
    c.id = id;
    c.line = line;
    c.begin = static_cast<std::uint32_t>(literals_.size());
    c.size = static_cast<std::uint32_t>(lits.size());
    literals_.insert(literals_.end(), lits.begin(), lits.end());
    const auto index = static_cast<std::uint32_t>(clauses_.size());
    clauses_.push_back(c);
    sorted_.push_back(std::move(lits));
    hints_.emplace_back();
    return index;
  }

  // Clause c's literals, in their present order.
  std::span<Lit> lits(std::uint32_t c) {
    return {literals_.data() + clauses_[c].begin, clauses_[c].size};
  }
  Clause lits_copy(std::uint32_t c) {
    const std::span<Lit> l = lits(c);
    return Clause(l.begin(), l.end());
  }
  std::vector<std::int64_t>& hints(std::uint32_t c) { return hints_[c]; }

  void activate(std::uint32_t c, bool on) {
    work(sorted_[c].size() + 1);  // the index's comparisons, about
    clauses_[c].active = on;
    if (on) watch(c);
    const Clause& key = sorted_[c];
    if (on) {
      by_literals_[key].push_back(c);
    } else {
      auto& list = by_literals_[key];
      list.erase(std::find(list.begin(), list.end(), c));
    }
    if (clauses_[c].size <= 1 && !clauses_[c].tautology) {
      if (on)
        small_.push_back(c);
      else
        small_.erase(std::find(small_.begin(), small_.end(), c));
    }
  }

  // An active clause with these literals (in any order), or kNone.
  std::uint32_t find_active(Clause lits) {
    work(lits.size() + 1);
    const auto it = by_literals_.find(normalized(std::move(lits)));
    return it == by_literals_.end() || it->second.empty() ? kNone : it->second.back();
  }

  // Whether the negation of `lits` propagates to a conflict among the active clauses; if so
  // the clauses used are marked core and their ids appended to `hints` in propagation order.
  bool rup(const Clause& lits, std::vector<std::int64_t>& hints) {
    work(lits.size() + 1);
    reset();
    for (const Lit l : lits) {
      if (value(l) < 0) continue;  // a repeated literal (its negation is already set)
      if (value(l) > 0) {          // x and -x: a tautology
        reset();
        return true;
      }
      assign(-l, kNone);
    }
    // The negated clause propagated first; then the unit clauses one at a time, core ones
    // first and each kind the most recently activated first (a lemma mostly follows from what
    // was learned just before it), each propagated to a fixpoint before the next.  Without a
    // conflict this reaches the same fixpoint as assigning every unit at once; with one, it
    // usually stops after a few units: a proof of 25,000 unit lemmas, each checked from
    // scratch, no longer propagates every earlier unit for every lemma.
    core_head_ = other_head_ = 0;
    std::uint32_t conflict = propagate();
    for (const bool core : {true, false})
      for (std::size_t i = small_.size(); conflict == kNone && i-- > 0;) {
        const std::uint32_t c = small_[i];  // the empty clause or a unit clause
        const StoredClause& sc = clauses_[c];
        if (sc.core != core) continue;
        const Lit unit = sc.size == 0 ? 0 : literals_[sc.begin];
        if (unit == 0 || value(unit) < 0) {
          conflict = c;
        } else if (value(unit) == 0) {
          assign(unit, c);
          conflict = propagate();
        }
      }
    if (conflict == kNone) {
      reset();
      return false;
    }
    analyze(conflict, hints);
    reset();
    return true;
  }

  // The RAT check of lemma c on its pivot: hints in LRAT's form (-D then D's chain).
  bool rat(std::uint32_t c, std::vector<std::int64_t>& hints) {
    const Lit p = clauses_[c].pivot;
    if (p == 0) return false;
    std::vector<std::uint32_t> candidates;
    for (std::uint32_t d = 0; d < clauses_.size(); ++d) {
      work(1);
      if (!clauses_[d].active || d == c) continue;
      work(clauses_[d].size);
      const std::span<Lit> dl = lits(d);
      if (std::find(dl.begin(), dl.end(), -p) != dl.end()) candidates.push_back(d);
    }
    for (const std::uint32_t d : candidates) {
      work(std::uint64_t{clauses_[c].size} * clauses_[d].size + 1);
      Clause resolvent = lits_copy(c);
      bool tautology = clauses_[d].tautology;
      for (const Lit l : lits(d)) {
        if (l == -p) continue;
        if (std::find(resolvent.begin(), resolvent.end(), -l) != resolvent.end()) tautology = true;
        resolvent.push_back(l);
      }
      if (tautology) continue;
      std::vector<std::int64_t> chain;
      if (!rup(resolvent, chain)) return false;
      clauses_[d].core = true;
      hints.push_back(-clauses_[d].id);
      hints.insert(hints.end(), chain.begin(), chain.end());
    }
    return true;
  }

  StoredClause& clause(std::uint32_t c) { return clauses_[c]; }

 private:
  static std::size_t slot(Lit l) { return 2 * static_cast<std::size_t>(std::abs(l)) + (l < 0); }

  // Puts back the watch entries an active clause lacks, in the core lists when it is core.
  void watch(std::uint32_t c) {
    StoredClause& sc = clauses_[c];
    if (sc.tautology || sc.size < 2) return;
    const Lit* l = literals_.data() + sc.begin;
    for (std::uint8_t pos = 0; pos < 2; ++pos)
      if (!(sc.listed & (1u << pos))) {
        watches_[sc.core][slot(l[pos])].push_back({c, l[1 - pos]});
        sc.listed |= static_cast<std::uint8_t>(1u << pos);
      }
  }
  int value(Lit l) const {
    const int v = values_[static_cast<std::size_t>(std::abs(l))];
    return l > 0 ? v : -v;
  }
  void assign(Lit l, std::uint32_t reason) {
    values_[static_cast<std::size_t>(std::abs(l))] = static_cast<std::int8_t>(l > 0 ? 1 : -1);
    reasons_[static_cast<std::size_t>(std::abs(l))] = reason;
    trail_.push_back(l);
  }
  void reset() {
    work(trail_.size());
    for (const Lit l : trail_) values_[static_cast<std::size_t>(std::abs(l))] = 0;
    trail_.clear();
  }
  void grow(std::int64_t variable) {
    const auto n = static_cast<std::size_t>(variable) + 1;
    if (values_.size() >= n) return;
    values_.resize(n, 0);
    reasons_.resize(n, kNone);
    seen_.resize(n, 0);
    watches_[0].resize(2 * n);
    watches_[1].resize(2 * n);
  }

  // From where the last call stopped (rup() starts both at 0): core clauses to a fixpoint,
  // then the other clauses watching one literal, and again; the conflicting clause, or kNone.
  std::uint32_t propagate() {
    for (;;) {
      while (core_head_ < trail_.size()) {
        const std::uint32_t conflict = visit(-trail_[core_head_++], true);
        if (conflict != kNone) return conflict;
      }
      if (other_head_ == trail_.size()) return kNone;
      const std::uint32_t conflict = visit(-trail_[other_head_++], false);
      if (conflict != kNone) return conflict;
    }
  }

  // The clauses of one kind (core or not) watching the literal f, which just became false.  An
  // inactive clause's entry is dropped (activate puts it back); a clause that has become core
  // since it was listed with the others is handled here once and moves to the core lists.
  std::uint32_t visit(Lit f, bool core) {
    std::vector<Watch>& list = watches_[core][slot(f)];
    work(list.size());
    std::size_t keep = 0;
    std::uint32_t conflict = kNone;
    for (std::size_t i = 0; i < list.size(); ++i) {
      Watch w = list[i];
      if (conflict != kNone || value(w.blocker) > 0) {
        list[keep++] = w;
        continue;
      }
      const std::uint32_t c = w.clause;
      StoredClause& sc = clauses_[c];
      Lit* const lits = literals_.data() + sc.begin;
      const std::size_t size = sc.size;
      if (!sc.active) {  // f is lits[0] or lits[1]: that entry is gone
        sc.listed &= static_cast<std::uint8_t>(lits[0] == f ? ~1u : ~2u);
        continue;
      }
      const bool move = !core && sc.core;
      auto keep_entry = [&](Lit blocker) {
        w.blocker = blocker;
        if (move)
          watches_[1][slot(f)].push_back(w);
        else
          list[keep++] = w;
      };
      if (lits[0] == f) {
        std::swap(lits[0], lits[1]);
        sc.listed = static_cast<std::uint8_t>(((sc.listed & 1u) << 1) | ((sc.listed & 2u) >> 1));
      }
      if (value(lits[0]) > 0) {
        keep_entry(lits[0]);
        continue;
      }
      bool moved = false;
      std::size_t k = 2;
      for (; k < size; ++k)
        if (value(lits[k]) >= 0) {
          std::swap(lits[1], lits[k]);
          watches_[sc.core][slot(lits[1])].push_back({c, lits[0]});
          moved = true;
          break;
        }
      work(k - 2);
      if (moved) continue;
      keep_entry(lits[0]);
      if (value(lits[0]) < 0)
        conflict = c;
      else
        assign(lits[0], c);
    }
    list.resize(keep);
    return conflict;
  }

  // Marks the clauses that led to the conflict core; their ids, in trail order, then the
  // conflict's, go to hints.
  void analyze(std::uint32_t conflict, std::vector<std::int64_t>& hints) {
    const auto mark_literals = [&](std::uint32_t c) {
      work(clauses_[c].size);
      for (const Lit l : lits(c)) seen_[static_cast<std::size_t>(std::abs(l))] = 1;
    };
    clauses_[conflict].core = true;
    mark_literals(conflict);
    std::vector<std::int64_t> used;
    for (std::size_t i = trail_.size(); i-- > 0;) {
      const auto v = static_cast<std::size_t>(std::abs(trail_[i]));
      if (!seen_[v]) continue;
      seen_[v] = 0;
      const std::uint32_t r = reasons_[v];
      if (r == kNone) continue;
      clauses_[r].core = true;
      used.push_back(clauses_[r].id);
      mark_literals(r);
      seen_[v] = 0;  // its own literal: already passed, never to be cleared otherwise
    }
    for (const Lit l : lits(conflict)) seen_[static_cast<std::size_t>(std::abs(l))] = 0;
    hints.insert(hints.end(), used.rbegin(), used.rend());
    hints.push_back(clauses_[conflict].id);
  }

  std::vector<StoredClause> clauses_;
  std::vector<Lit> literals_;  // every clause's, at its begin
  std::vector<Clause> sorted_;  // [c]: c's literals in add()'s order, the key of deletions
  std::vector<std::vector<std::int64_t>> hints_;  // [c]: its LRAT hints, once checked
  std::map<std::vector<Lit>, std::vector<std::uint32_t>> by_literals_;  // active ones
  std::vector<std::uint32_t> small_;  // active clauses of at most one literal
  std::vector<std::int8_t> values_;
  std::vector<std::uint32_t> reasons_;
  std::vector<std::uint8_t> seen_;
  std::vector<std::vector<Watch>> watches_[2];  // by literal: [1] core clauses, [0] the others
  std::vector<Lit> trail_;
  std::size_t core_head_ = 0, other_head_ = 0;  // propagate()'s places on the trail
  const DratLimits limits_;
  std::uint64_t visits_ = 0, next_poll_ = 0, memory_ = 0;
};

struct Step {
  bool add;
  std::uint32_t clause;
};

std::string at_line(std::size_t line) { return "proof line " + std::to_string(line); }

}  // namespace

DratCheck check_drat(const Cnf& cnf, std::string_view drat, bool write_lrat,
                     const DratLimits& limits) {
  DratCheck out;
  Checker checker(cnf, limits);
  const auto originals = static_cast<std::int64_t>(cnf.clauses.size());
  for (std::size_t i = 0; i < cnf.clauses.size(); ++i)
    checker.activate(checker.add(cnf.clauses[i], static_cast<std::int64_t>(i) + 1, 0), true);

  // Forwards: every step applied, up to the first empty lemma.
  std::vector<Step> steps;
  std::uint32_t goal = kNone;
  std::size_t pos = 0, line_number = 0;
  while (pos < drat.size() && goal == kNone) {
    std::size_t next = drat.find('\n', pos);
    if (next == std::string_view::npos) next = drat.size();
    std::string_view line = drat.substr(pos, next - pos);
    pos = next + 1;
    ++line_number;
    while (!line.empty() && (line.front() == ' ' || line.front() == '\t')) line.remove_prefix(1);
    if (line.empty() || line.front() == 'c') continue;
    const bool deletion = line.front() == 'd';
    if (deletion) line.remove_prefix(1);
    const std::vector<std::int64_t> numbers = read_integers(line, "DRAT", line_number);
    if (numbers.empty() || numbers.back() != 0 ||
        std::find(numbers.begin(), numbers.end() - 1, 0) != numbers.end() - 1)
      throw std::invalid_argument("DRAT " + at_line(line_number) + ": one clause ended by 0 expected");
    Clause lits;
    for (auto it = numbers.begin(); it + 1 != numbers.end(); ++it) lits.push_back(static_cast<Lit>(*it));
    if (deletion) {
      const std::uint32_t c = checker.find_active(lits);
      if (c == kNone) {
        ++out.absent_deletions;
        continue;
      }
      checker.activate(c, false);
      steps.push_back({false, c});
      ++out.deletions;
      continue;
    }
    ++out.lemmas;
    const Lit pivot = lits.empty() ? 0 : lits.front();
    const std::uint32_t c = checker.add(std::move(lits), originals + static_cast<std::int64_t>(out.lemmas),
                                        line_number);
    checker.clause(c).pivot = pivot;
    if (checker.clause(c).size == 0) {
      goal = c;
      break;
    }
    checker.activate(c, true);
    steps.push_back({true, c});
  }

  // The empty clause from the clauses active at the end.
  std::vector<std::int64_t> goal_hints;
  if (!checker.rup({}, goal_hints)) {
    out.reason = "the proof does not refute the CNF: unit propagation on the clauses active after "
                 "its last step finds no conflict";
    return out;
  }

  // Backwards: each core lemma against the clauses active when it was added.
  for (std::size_t i = steps.size(); i-- > 0;) {
    if (i % 256 == 0) throw_if_interrupted();  // a long check answers an interrupt within it
    const Step& s = steps[i];
    StoredClause& c = checker.clause(s.clause);
    checker.activate(s.clause, !s.add);
    if (!s.add || !c.core) continue;
    ++out.core_lemmas;
    std::vector<std::int64_t> hints;
    if (!checker.rup(checker.lits_copy(s.clause), hints)) {
      hints.clear();
      if (!checker.rat(s.clause, hints)) {
        out.reason = "lemma at " + at_line(checker.clause(s.clause).line) +
                     " is neither RUP nor RAT on its first literal";
        return out;
      }
      ++out.rat_lemmas;
    }
    checker.charge(sizeof(std::int64_t) * hints.size());
    checker.hints(s.clause) = std::move(hints);
  }
  out.verified = true;
  out.work = checker.work_done();

  if (write_lrat) {
    std::string& lrat = out.lrat;
    // the pivot first: LRAT's RAT case is on the first literal
    const auto write = [&](std::int64_t id, const Clause& lits, Lit pivot,
                           const std::vector<std::int64_t>& hints) {
      lrat += std::to_string(id);
      if (pivot != 0) lrat += ' ' + std::to_string(pivot);
      for (const Lit l : lits)
        if (l != pivot) lrat += ' ' + std::to_string(l);
      lrat += " 0";
      for (const std::int64_t h : hints) lrat += ' ' + std::to_string(h);
      lrat += " 0\n";
      // The LRAT text grows by about the hints' digits: held to the memory limit as it grows.
      checker.charge(12 * (hints.size() + lits.size() + 2));
    };
    // Deletions too: a RAT check names every clause with the pivot's negation that is still
    // there, so LRAT must know which are gone.  A deleted lemma never written is not named.
    std::int64_t last = originals;
    for (const Step& s : steps) {
      const StoredClause& c = checker.clause(s.clause);
      if (s.add && c.core) {
        write(c.id, checker.lits_copy(s.clause), c.pivot, checker.hints(s.clause));
        last = c.id;
      } else if (!s.add && (c.id <= originals || c.core)) {
        lrat += std::to_string(last) + " d " + std::to_string(c.id) + " 0\n";
      }
    }
    const std::int64_t goal_id = goal == kNone ? originals + static_cast<std::int64_t>(out.lemmas) + 1
                                               : checker.clause(goal).id;
    write(goal_id, {}, 0, goal_hints);
  }
  return out;
}

}  // namespace nimcert::smt
