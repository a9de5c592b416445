// The DRAT checker's kept trail (sat/drat_propagator.hpp) held against the reference, the check
// from scratch: the pitfalls issue 52 names, each on a proof written by hand (a deleted reason,
// a literal the lemma itself sets whose reason must not be a hint, a deleted clause put back
// that is unit under the trail), and CaDiCaL's proofs of random formulas, as written and with
// deletions of clauses in use inserted at random: both methods must give the same verdict,
// and every LRAT proof the kept trail writes must pass the LRAT checker.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "sat/cadical.hpp"
#include "sat/cnf.hpp"
#include "sat/drat_checker.hpp"
#include "sat/lrat_checker.hpp"

namespace nimcert::smt {
namespace {

// Both methods on one proof: the same verdict; each LRAT checks when verified.  Returns the
// kept trail's check.  `mode.method` is set here.
DratCheck check_both_ways(const Cnf& cnf, const std::string& proof, const std::string& what,
                          DratMode mode = {}) {
  mode.method = DratMethod::KeptTrail;
  const DratCheck kept = check_drat(cnf, proof, true, {}, mode);
  mode.method = DratMethod::FromScratch;
  const DratCheck reference = check_drat(cnf, proof, true, {}, mode);
  EXPECT_EQ(kept.verified, reference.verified)
      << what << ": kept trail '" << kept.reason << "', from scratch '" << reference.reason << "'";
  if (kept.verified) {
    const LratCheck l = check_lrat(cnf, kept.lrat);
    EXPECT_TRUE(l.verified) << what << ": " << l.reason;
  }
  if (reference.verified) {
    EXPECT_TRUE(check_lrat(cnf, reference.lrat).verified) << what;
  }
  return kept;
}

// 1 and (-1 2) put 2 on the trail; 2 with (-2 3 4), (-2 3 -4) gives 3, which (-3 5), (-3 -5)
// refute.  The lemma 3 follows only while (-1 2), the reason of 2, is there.
Cnf reason_formula() {
  return parse_dimacs("p cnf 5 6\n1 0\n-1 2 0\n-2 3 4 0\n-2 3 -4 0\n-3 5 0\n-3 -5 0\n");
}

TEST(DratKeptTrail, HonoursTheDeletionOfAReasonOnTheTrail) {
  const Cnf cnf = reason_formula();
  const DratCheck with = check_both_ways(cnf, "3 0\n0\n", "reason kept");
  EXPECT_TRUE(with.verified) << with.reason;
  // The reason deleted before the lemma: the trail must give way, and the lemma is refused
  // (3 no longer follows), by both methods.
  const DratCheck without = check_both_ways(cnf, "d -1 2 0\n3 0\n0\n", "reason deleted");
  EXPECT_FALSE(without.verified);
  EXPECT_NE(without.reason.find("proof line 2"), std::string::npos) << without.reason;
  // Deleted after the lemma: the lemma was added while the reason was there.
  const DratCheck after = check_both_ways(cnf, "3 0\nd -1 2 0\n0\n", "reason deleted after");
  EXPECT_TRUE(after.verified) << after.reason;
}

// The trail holds 1, 2, -4 and, by (-2 -3 4), -3.  The lemma (3 5) sets -3 itself and -5; then
// (3 5 7) gives 7 and (-7 3 5) is false.  LRAT assumes -3 from the lemma: the reason of -3 on
// the trail, (-2 -3 4), is satisfied there and must not be a hint.  The lemma then gives 5,
// which (-5 8), (-5 -8) refute.
TEST(DratKeptTrail, NeverNamesTheReasonOfALiteralTheLemmaSets) {
  const Cnf cnf =
      parse_dimacs("p cnf 8 8\n1 0\n-1 2 0\n-2 -3 4 0\n-4 0\n3 5 7 0\n-7 3 5 0\n-5 8 0\n-5 -8 0\n");
  const DratCheck d = check_both_ways(cnf, "3 5 0\n0\n", "lemma sets a trail literal");
  ASSERT_TRUE(d.verified) << d.reason;
  EXPECT_EQ(d.core_lemmas, 1u);
  // Its LRAT line: the lemma (id 9) from (3 5 7) and (-7 3 5) alone.
  EXPECT_NE(d.lrat.find("9 3 5 0 5 6 0\n"), std::string::npos) << d.lrat;
}

// A clause deleted late and put back by the backward walk while it is unit under the trail:
// (-1 6) is deleted after the lemma 6 that needs it; walking back, (-1 6) returns while 1 is on
// the trail and must propagate 6 for the lemma (6 4)... to be checked.
TEST(DratKeptTrail, PropagatesADeletedClausePutBackThatIsUnitUnderTheTrail) {
  const Cnf cnf = parse_dimacs("p cnf 6 5\n1 0\n-1 6 0\n-6 2 0\n-6 -2 3 0\n-3 -6 -2 0\n");
  // 1, 6, 2, 3 and then (-3 -6 -2) is false: the CNF is refuted by propagation alone, but the
  // proof first derives 6, deletes (-1 6), and refutes with the lemma 6 in place of it.
  const DratCheck d = check_both_ways(cnf, "6 0\nd -1 6 0\n0\n", "unit put back");
  ASSERT_TRUE(d.verified) << d.reason;
  EXPECT_EQ(d.core_lemmas, 1u);
}

// A random 3-CNF of `clauses` clauses over `variables` variables.
Cnf random_three_cnf(int variables, int clauses, std::mt19937_64& rng) {
  Cnf cnf;
  cnf.variables = variables;
  std::uniform_int_distribution<int> var(1, variables);
  for (int i = 0; i < clauses; ++i) {
    Clause c;
    while (c.size() < 3) {
      const Lit l = var(rng) * (rng() % 2 ? 1 : -1);
      if (std::find(c.begin(), c.end(), l) == c.end() &&
          std::find(c.begin(), c.end(), -l) == c.end())
        c.push_back(l);
    }
    cnf.clauses.push_back(c);
  }
  return cnf;
}

std::vector<std::string> text_lines(const std::string& text) {
  std::vector<std::string> lines;
  std::size_t pos = 0;
  while (pos < text.size()) {
    const std::size_t end = text.find('\n', pos);
    lines.push_back(text.substr(pos, end - pos));
    pos = end == std::string::npos ? text.size() : end + 1;
  }
  return lines;
}

std::string clause_line(const Clause& c) {
  std::string s;
  for (const Lit l : c) s += std::to_string(l) + " ";
  return s + "0";
}

// CaDiCaL's proofs of random unsatisfiable formulas: as written (the methods agree), and with
// deletions inserted at random places, of original clauses and of lemmas written before, which
// the proof may still need or not.  Deleting a reason of the kept trail and putting it back are
// exercised on every proof.  On a changed proof the two cores may differ, and a lemma that is
// neither RUP nor RAT may lie in one and not the other: so there the methods are held to the
// same verdict with every lemma checked, and where their usual verdicts differ, checking every
// lemma must refuse the proof (it holds a lemma that does not follow); every acceptance's LRAT
// checks.
TEST(DratKeptTrail, AgreesWithTheCheckFromScratchOnRandomProofsAndDeletions) {
  std::mt19937_64 rng(20261206);
  std::size_t proofs = 0, accepted = 0, refused = 0, cores_differ = 0, rebuilt = 0;
  for (int round = 0; round < 24; ++round) {
    const Cnf cnf = random_three_cnf(40, 200 + 4 * round, rng);
    const SatRun run = solve_with_cadical(dimacs_text(cnf), 60'000);
    if (run.verdict != SatRun::Verdict::Unsat) continue;
    const std::string name = "round " + std::to_string(round);
    const DratCheck plain = check_both_ways(cnf, run.proof, name);
    EXPECT_TRUE(plain.verified) << plain.reason;
    EXPECT_TRUE(
        check_both_ways(cnf, run.proof, name + " every lemma", {.every_lemma = true}).verified);
    ++proofs;
    const std::vector<std::string> lines = text_lines(run.proof);
    for (int variant = 0; variant < 6; ++variant) {
      std::vector<std::string> changed;
      std::vector<std::string> written;  // lemmas so far, any of which may be deleted
      for (const std::string& line : lines) {
        if (rng() % 8 == 0) {
          const bool original = written.empty() || rng() % 2;
          changed.push_back("d " + (original ? clause_line(cnf.clauses[rng() % cnf.clauses.size()])
                                             : written[rng() % written.size()]));
        }
        changed.push_back(line);
        if (!line.empty() && line[0] != 'd' && line[0] != 'c') written.push_back(line);
      }
      std::string proof;
      for (const std::string& line : changed) proof += line + "\n";
      const std::string what = name + " variant " + std::to_string(variant);
      const DratCheck every =
          check_both_ways(cnf, proof, what + " every lemma", {.every_lemma = true});
      const DratCheck kept = check_drat(cnf, proof, true);
      const DratCheck reference = check_drat(cnf, proof, true, {}, {DratMethod::FromScratch});
      for (const DratCheck* d : {&kept, &reference})
        if (d->verified) {
          EXPECT_TRUE(check_lrat(cnf, d->lrat).verified) << what;
        }
      if (kept.verified != reference.verified) {
        ++cores_differ;
        EXPECT_FALSE(every.verified)
            << what << ": the verdicts differ on a proof whose every lemma follows";
      }
      if (every.verified) {
        EXPECT_TRUE(kept.verified && reference.verified) << what;
      }
      ++(kept.verified ? accepted : refused);
      rebuilt += kept.rebuilds;
      ++proofs;
    }
  }
  EXPECT_GE(proofs, 100u);
  EXPECT_GT(accepted, 0u);  // both outcomes are exercised
  EXPECT_GT(refused, 0u);
  RecordProperty("cores_differ", static_cast<int>(cores_differ));
  RecordProperty("rebuilds", static_cast<int>(rebuilt));
}

}  // namespace
}  // namespace nimcert::smt
