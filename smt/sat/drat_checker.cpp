// The backward DRAT checker: the proof read and walked forwards then backwards, the LRAT proof
// written (see drat_checker.hpp; the clauses and checks are drat_propagator.hpp's).
#include "sat/drat_checker.hpp"

#include <algorithm>
#include <stdexcept>
#include <vector>

#include "sat/drat_propagator.hpp"
#include "sys/interrupt.hpp"

namespace nimcert::smt {

namespace {

struct Step {
  bool add;
  std::uint32_t clause;
};

std::string at_line(std::size_t line) { return "proof line " + std::to_string(line); }

}  // namespace

DratCheck check_drat(const Cnf& cnf, std::string_view drat, bool write_lrat,
                     const DratLimits& limits, DratMode mode) {
  DratCheck out;
  DratPropagator checker(cnf.variables, limits, mode.method);
  const auto originals = static_cast<std::int64_t>(cnf.clauses.size());
  for (std::size_t i = 0; i < cnf.clauses.size(); ++i)
    checker.activate(checker.add(cnf.clauses[i], static_cast<std::int64_t>(i) + 1, 0), true);

  // Forwards: every step applied, up to the first empty lemma.
  std::vector<Step> steps;
  std::uint32_t goal = kNoClause;
  std::size_t pos = 0, line_number = 0;
  while (pos < drat.size() && goal == kNoClause) {
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
      throw std::invalid_argument("DRAT " + at_line(line_number) +
                                  ": one clause ended by 0 expected");
    Clause lits;
    for (auto it = numbers.begin(); it + 1 != numbers.end(); ++it)
      lits.push_back(static_cast<Lit>(*it));
    if (deletion) {
      const std::uint32_t c = checker.find_active(lits);
      if (c == kNoClause) {
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
    const std::uint32_t c = checker.add(
        std::move(lits), originals + static_cast<std::int64_t>(out.lemmas), line_number);
    checker.clause(c).pivot = pivot;
    checker.clause(c).core = mode.every_lemma;
    if (checker.clause(c).size == 0) {
      goal = c;
      break;
    }
    checker.activate(c, true);
    steps.push_back({true, c});
  }

  // The empty clause from the clauses active at the end.
  checker.keep_top_level();
  std::vector<std::int64_t> goal_hints;
  if (!checker.rup({}, goal_hints)) {
    out.reason =
        "the proof does not refute the CNF: unit propagation on the clauses active after "
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
  out.rebuilds = checker.rebuilds();

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
    const std::int64_t goal_id = goal == kNoClause
                                     ? originals + static_cast<std::int64_t>(out.lemmas) + 1
                                     : checker.clause(goal).id;
    write(goal_id, {}, 0, goal_hints);
  }
  return out;
}

}  // namespace nimcert::smt
