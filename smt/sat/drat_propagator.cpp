// The DRAT checker's clause database, propagation and checks (see drat_propagator.hpp).
#include "sat/drat_propagator.hpp"

#include <algorithm>
#include <cstdlib>
#include <limits>
#include <stdexcept>
#include <string>

#include "sys/interrupt.hpp"

namespace nimcert::smt {

namespace {

// A clause's literals ordered by variable (-x before x), repeats removed: the order add()
// keeps and deletions are matched in.
Clause normalized(Clause lits) {
  std::sort(lits.begin(), lits.end(), [](Lit a, Lit b) {
    return std::abs(a) != std::abs(b) ? std::abs(a) < std::abs(b) : a < b;
  });
  lits.erase(std::unique(lits.begin(), lits.end()), lits.end());
  return lits;
}

// FNV-1a over the literals' 32-bit words.
std::uint64_t hash_of(const Clause& lits) {
  std::uint64_t h = 0xcbf29ce484222325u;
  for (const Lit l : lits) h = (h ^ static_cast<std::uint32_t>(l)) * 0x100000001b3u;
  return h;
}

}  // namespace

DratPropagator::DratPropagator(std::int32_t variables, const DratLimits& limits, DratMethod method)
    : limits_(limits), method_(method) {
  grow(variables);
}

void DratPropagator::work(std::uint64_t steps) {
  visits_ += steps;
  if (visits_ < next_poll_) return;
  // The next poll in 2^16 steps, or just past the limit: the limit is exact.
  next_poll_ = visits_ + (1u << 16);
  if (limits_.visits && visits_ <= limits_.visits)
    next_poll_ = std::min(next_poll_, limits_.visits + 1);
  throw_if_interrupted();
  if (limits_.visits && visits_ > limits_.visits)
    throw DratLimitReached(
        "the DRAT checker's work passed its limit of " + std::to_string(limits_.visits) + " steps",
        false);
}

void DratPropagator::charge(std::uint64_t bytes) {
  memory_ += bytes;
  if (limits_.memory_bytes && memory_ > limits_.memory_bytes)
    throw DratLimitReached("the DRAT checker's memory passed its limit of " +
                               std::to_string(limits_.memory_bytes) + " bytes",
                           true);
}

std::uint32_t DratPropagator::add(Clause lits, std::int64_t id, std::size_t line) {
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
  hashes_.push_back(hash_of(lits));
  earlier_same_hash_.push_back(kNoClause);
  later_same_hash_.push_back(kNoClause);
  sorted_.push_back(std::move(lits));
  hints_.emplace_back();
  return index;
}

Clause DratPropagator::lits_copy(std::uint32_t c) const {
  const StoredClause& sc = clauses_[c];
  return Clause(literals_.begin() + sc.begin, literals_.begin() + sc.begin + sc.size);
}

void DratPropagator::activate(std::uint32_t c, bool on) {
  work(sorted_[c].size() + 1);  // the index's comparisons, about
  clauses_[c].active = on;
  std::uint32_t& latest = latest_by_hash_.try_emplace(hashes_[c], kNoClause).first->second;
  if (on) {  // c becomes the latest of its hash
    earlier_same_hash_[c] = latest;
    later_same_hash_[c] = kNoClause;
    if (latest != kNoClause) later_same_hash_[latest] = c;
    latest = c;
  } else {  // c leaves its list, the others keep their order
    const std::uint32_t earlier = earlier_same_hash_[c], later = later_same_hash_[c];
    if (earlier != kNoClause) later_same_hash_[earlier] = later;
    (later != kNoClause ? earlier_same_hash_[later] : latest) = earlier;
  }
  if (clauses_[c].size <= 1 && !clauses_[c].tautology) {
    if (on)
      small_.push_back(c);
    else
      small_.erase(std::find(small_.begin(), small_.end(), c));
  }
  if (keep_top_)
    on ? attach_on_top(c) : detach_from_top(c);
  else if (on)
    watch(c);
}

std::uint32_t DratPropagator::find_active(Clause lits) {
  work(lits.size() + 1);
  const Clause key = normalized(std::move(lits));
  const auto it = latest_by_hash_.find(hash_of(key));
  if (it == latest_by_hash_.end()) return kNoClause;
  for (std::uint32_t c = it->second; c != kNoClause; c = earlier_same_hash_[c]) {
    work(key.size() + 1);
    if (sorted_[c] == key) return c;
  }
  return kNoClause;
}

void DratPropagator::keep_top_level() {
  if (method_ != DratMethod::KeptTrail) return;
  keep_top_ = true;
  rebuild_top();
}

bool DratPropagator::rup(const Clause& lits, std::vector<std::int64_t>& hints) {
  if (!keep_top_) return rup_from_scratch(lits, hints);
  if (rup_on_top(lits, hints)) return true;
  if (top_fresh_) return false;
  // Cutting the trail back may have left an implication unfound: once more on a complete one.
  ++rebuilds_;
  rebuild_top();
  return rup_on_top(lits, hints);
}

bool DratPropagator::rat(std::uint32_t c, std::vector<std::int64_t>& hints) {
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

void DratPropagator::assign(Lit l, std::uint32_t reason) {
  const std::size_t v = var(l);
  values_[v] = static_cast<std::int8_t>(l > 0 ? 1 : -1);
  reasons_[v] = reason;
  positions_[v] = static_cast<std::uint32_t>(trail_.size());
  trail_.push_back(l);
}

void DratPropagator::backtrack(std::size_t size) {
  if (trail_.size() <= size) return;
  work(trail_.size() - size);
  for (std::size_t i = size; i < trail_.size(); ++i) values_[var(trail_[i])] = 0;
  trail_.resize(size);
  core_head_ = std::min(core_head_, size);
  other_head_ = std::min(other_head_, size);
}

void DratPropagator::grow(std::int64_t variable) {
  const auto n = static_cast<std::size_t>(variable) + 1;
  if (values_.size() >= n) return;
  values_.resize(n, 0);
  reasons_.resize(n, kNoClause);
  positions_.resize(n, 0);
  seen_.resize(n, 0);
  assumed_.resize(n, 0);
  watches_[0].resize(2 * n);
  watches_[1].resize(2 * n);
}

// Puts back the watch entries an active clause lacks, in the core lists when it is core.
void DratPropagator::watch(std::uint32_t c) {
  StoredClause& sc = clauses_[c];
  if (sc.tautology || sc.size < 2) return;
  const Lit* l = literals_.data() + sc.begin;
  for (std::uint8_t pos = 0; pos < 2; ++pos)
    if (!(sc.listed & (1u << pos))) {
      watches_[sc.core][slot(l[pos])].push_back({c, l[1 - pos]});
      sc.listed |= static_cast<std::uint8_t>(1u << pos);
    }
}

// From where the last call stopped: core clauses to a fixpoint, then the other clauses
// watching one literal, and again; the conflicting clause, or kNoClause.  On a conflict the
// literal whose list found it stays unvisited, so that a later call (once the conflict is
// gone from the kept trail) visits the rest of its list.
std::uint32_t DratPropagator::propagate() {
  for (;;) {
    while (core_head_ < trail_.size()) {
      const std::uint32_t conflict = visit(-trail_[core_head_++], true);
      if (conflict != kNoClause) {
        --core_head_;
        return conflict;
      }
    }
    if (other_head_ == trail_.size()) return kNoClause;
    const std::uint32_t conflict = visit(-trail_[other_head_++], false);
    if (conflict != kNoClause) {
      --other_head_;
      return conflict;
    }
  }
}

// The clauses of one kind (core or not) watching the literal f, which just became false.  An
// inactive clause's entry, or one for a literal it no longer watches, is dropped; a clause that
// has become core since it was listed with the others is handled here once and moves to the
// core lists.
std::uint32_t DratPropagator::visit(Lit f, bool core) {
  std::vector<Watch>& list = watches_[core][slot(f)];
  work(list.size());
  std::size_t keep = 0;
  std::uint32_t conflict = kNoClause;
  for (std::size_t i = 0; i < list.size(); ++i) {
    Watch w = list[i];
    if (conflict != kNoClause || value(w.blocker) > 0) {
      list[keep++] = w;
      continue;
    }
    const std::uint32_t c = w.clause;
    StoredClause& sc = clauses_[c];
    Lit* const lits = literals_.data() + sc.begin;
    const std::size_t size = sc.size;
    if (lits[0] != f && lits[1] != f) continue;  // a watch moved away when it was put back
    if (!sc.active) {                            // that entry is gone
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
// conflict's, go to hints.  A literal the lemma sets is an assumption: its reason, if it has
// one on the kept trail, is not followed.  The walk back stops when nothing marked is left.
void DratPropagator::analyze(std::uint32_t conflict, std::vector<std::int64_t>& hints) {
  std::size_t pending = 0;
  const auto mark_literals = [&](std::uint32_t c, std::size_t implied) {
    work(clauses_[c].size);
    for (const Lit l : lits(c)) {
      const std::size_t v = var(l);
      if (v != implied && !seen_[v]) {
        seen_[v] = 1;
        ++pending;
      }
    }
  };
  clauses_[conflict].core = true;
  mark_literals(conflict, 0);
  std::vector<std::int64_t> used;
  for (std::size_t i = trail_.size(); pending > 0 && i-- > 0;) {
    const std::size_t v = var(trail_[i]);
    if (!seen_[v]) continue;
    seen_[v] = 0;
    --pending;
    work(1);
    const std::uint32_t r = reasons_[v];
    if (assumed_[v] || r == kNoClause) continue;
    clauses_[r].core = true;
    used.push_back(clauses_[r].id);
    mark_literals(r, v);
  }
  hints.insert(hints.end(), used.rbegin(), used.rend());
  hints.push_back(clauses_[conflict].id);
}

// The negated clause propagated first; then the unit clauses one at a time, core ones first
// and each kind the most recently activated first (a lemma mostly follows from what was learned
// just before it), each propagated to a fixpoint before the next.  Without a conflict this
// reaches the same fixpoint as assigning every unit at once; with one, it usually stops after
// a few units.
bool DratPropagator::rup_from_scratch(const Clause& lits, std::vector<std::int64_t>& hints) {
  work(lits.size() + 1);
  backtrack(0);
  for (const Lit l : lits) {
    if (value(l) < 0) continue;  // a repeated literal (its negation is already set)
    if (value(l) > 0) {          // x and -x: a tautology
      backtrack(0);
      return true;
    }
    assign(-l, kNoClause);
  }
  core_head_ = other_head_ = 0;
  std::uint32_t conflict = propagate();
  for (const bool core : {true, false})
    for (std::size_t i = small_.size(); conflict == kNoClause && i-- > 0;) {
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
  if (conflict != kNoClause) analyze(conflict, hints);
  backtrack(0);
  return conflict != kNoClause;
}

// The negated clause on top of the kept trail.  A literal of the clause already true there
// makes its reason the conflict; the trail's own conflict serves any clause.
bool DratPropagator::rup_on_top(const Clause& lits, std::vector<std::int64_t>& hints) {
  work(lits.size() + 1);
  std::uint32_t conflict = kNoClause;
  bool tautology = false;
  for (const Lit l : lits) assumed_[var(l)] = 1;
  for (const Lit l : lits) {
    const int v = value(l);
    if (v == 0) {
      assign(-l, kNoClause);
    } else if (v > 0 && positions_[var(l)] >= top_) {
      tautology = true;  // x and -x: -l was set by this clause's own negation
      break;
    } else if (v > 0 && conflict == kNoClause) {
      conflict = reasons_[var(l)];  // true on the kept trail: its reason is false now
    }
  }
  if (!tautology) {
    if (conflict == kNoClause) conflict = top_conflict_;
    if (conflict == kNoClause) conflict = propagate();
    if (conflict != kNoClause) analyze(conflict, hints);
  }
  for (const Lit l : lits) assumed_[var(l)] = 0;
  backtrack(top_);
  return tautology || conflict != kNoClause;
}

// Every unit of the active clauses, propagated from an empty trail: complete.
void DratPropagator::rebuild_top() {
  backtrack(0);
  core_head_ = other_head_ = 0;
  std::uint32_t conflict = kNoClause;
  for (std::size_t i = 0; conflict == kNoClause && i < small_.size(); ++i) {
    const std::uint32_t c = small_[i];
    const StoredClause& sc = clauses_[c];
    const Lit unit = sc.size == 0 ? 0 : literals_[sc.begin];
    if (unit == 0 || value(unit) < 0)
      conflict = c;
    else if (value(unit) == 0)
      assign(unit, c);
  }
  if (conflict == kNoClause) conflict = propagate();
  top_conflict_ = conflict;
  top_ = trail_.size();
  top_fresh_ = true;
}

// Propagation resumed where it stopped, unless the trail is in conflict.
void DratPropagator::resume_top() {
  if (top_conflict_ == kNoClause) top_conflict_ = propagate();
  top_ = trail_.size();
}

// A clause put back under the kept trail: watched by its literals not false, else by those
// false last; unit: its literal assigned; false: the trail's conflict.
void DratPropagator::attach_on_top(std::uint32_t c) {
  StoredClause& sc = clauses_[c];
  if (sc.tautology) return;
  if (sc.size == 0) {
    if (top_conflict_ == kNoClause) top_conflict_ = c;
    return;
  }
  const std::span<Lit> l = lits(c);
  if (sc.size >= 2) {
    const auto rank = [&](Lit x) -> std::uint64_t {
      const int v = value(x);
      return v > 0 ? ~std::uint64_t{0} : v == 0 ? ~std::uint64_t{1} : positions_[var(x)];
    };
    const Lit old0 = l[0], old1 = l[1];
    const std::uint8_t old = sc.listed;
    for (std::size_t place = 0; place < 2; ++place) {
      std::size_t best = place;
      for (std::size_t k = place + 1; k < l.size(); ++k)
        if (rank(l[k]) > rank(l[best])) best = k;
      std::swap(l[place], l[best]);
    }
    work(2 * l.size());
    const auto had = [&](Lit x) { return (x == old0 && (old & 1u)) || (x == old1 && (old & 2u)); };
    sc.listed = static_cast<std::uint8_t>((had(l[0]) ? 1u : 0u) | (had(l[1]) ? 2u : 0u));
    watch(c);
  }
  const int first = value(l[0]);
  if (first > 0 || (sc.size >= 2 && value(l[1]) >= 0)) return;  // satisfied, or two open
  if (first == 0) {
    assign(l[0], c);
    resume_top();
  } else if (top_conflict_ == kNoClause) {
    top_conflict_ = c;
  }
}

// A clause taken away: the trail cut back to the first literal it is the reason of; a conflict
// it was is gone.
void DratPropagator::detach_from_top(std::uint32_t c) {
  std::size_t first = trail_.size();
  work(clauses_[c].size);
  for (const Lit l : lits(c)) {
    const std::size_t v = var(l);
    if (values_[v] != 0 && reasons_[v] == c) first = std::min<std::size_t>(first, positions_[v]);
  }
  const bool was_conflict = top_conflict_ == c;
  if (was_conflict) {
    top_conflict_ = kNoClause;
    top_fresh_ = false;
  }
  if (first < trail_.size())
    retract_top(first);
  else if (was_conflict)
    resume_top();
}

// The trail cut back to `position`; the reasons of what was cut, and the conflict, looked at
// again in trail order (each may still propagate), then propagation resumed.
void DratPropagator::retract_top(std::size_t position) {
  std::vector<std::uint32_t> again;
  for (std::size_t i = position; i < trail_.size(); ++i) {
    const std::uint32_t r = reasons_[var(trail_[i])];
    if (r != kNoClause && clauses_[r].active) again.push_back(r);
  }
  backtrack(position);
  top_fresh_ = false;
  if (top_conflict_ != kNoClause && !falsified(top_conflict_)) {
    again.push_back(top_conflict_);
    top_conflict_ = kNoClause;
  }
  for (const std::uint32_t r : again) {
    if (top_conflict_ != kNoClause) break;
    work(clauses_[r].size);
    Lit open = 0;
    std::size_t open_count = 0;
    bool satisfied = false;
    for (const Lit l : lits(r)) {
      const int v = value(l);
      satisfied = satisfied || v > 0;
      if (v == 0) {
        open = l;
        ++open_count;
      }
    }
    if (satisfied || open_count > 1) continue;
    if (open == 0)
      top_conflict_ = r;
    else
      assign(open, r);
  }
  resume_top();
}

bool DratPropagator::falsified(std::uint32_t c) {
  work(clauses_[c].size);
  if (!clauses_[c].active) return false;
  for (const Lit l : lits(c))
    if (value(l) >= 0) return false;
  return true;
}

}  // namespace nimcert::smt
