// The third route's checkers (smt/sat): the DRAT checker and the LRAT checker on proofs
// written by hand (RUP, RAT, a lemma that is neither, deletions honoured) and by CaDiCaL on
// pigeonhole formulas, and the tamper cases: a CNF with one clause dropped or weakened, a
// proof with a lemma changed or missing, an LRAT hint changed: each refused with its reason.
// The DIMACS reader's range checks.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <thread>
#include <string>

#include "sat/cadical.hpp"
#include "sat/cnf.hpp"
#include "sat/drat_checker.hpp"
#include "sat/lrat_checker.hpp"
#include "sys/interrupt.hpp"

namespace nimcert::smt {
namespace {

// x1 = x2 and x1 != x2: unsat.
Cnf four_clauses() { return parse_dimacs("p cnf 2 4\n1 2 0\n-1 2 0\n1 -2 0\n-1 -2 0\n"); }

// n + 1 pigeons in n holes: variable p(i, j) = i * n + j + 1 says pigeon i sits in hole j.
Cnf pigeonhole(int n) {
  Cnf cnf;
  cnf.variables = (n + 1) * n;
  const auto p = [&](int i, int j) { return i * n + j + 1; };
  for (int i = 0; i <= n; ++i) {
    Clause somewhere;
    for (int j = 0; j < n; ++j) somewhere.push_back(p(i, j));
    cnf.clauses.push_back(somewhere);
  }
  for (int j = 0; j < n; ++j)
    for (int i = 0; i <= n; ++i)
      for (int k = i + 1; k <= n; ++k) cnf.clauses.push_back({-p(i, j), -p(k, j)});
  return cnf;
}

TEST(DratChecker, AcceptsARupProofAndItsLratChecks) {
  const Cnf cnf = four_clauses();
  const DratCheck d = check_drat(cnf, "-2 0\n1 0\n0\n", true);
  ASSERT_TRUE(d.verified) << d.reason;
  EXPECT_EQ(d.lemmas, 3u);
  EXPECT_GE(d.core_lemmas, 1u);
  const LratCheck l = check_lrat(cnf, d.lrat);
  EXPECT_TRUE(l.verified) << l.reason << "\n" << d.lrat;
  EXPECT_GE(l.lemmas, 1u);
}

// An interrupt during the backward pass ends the check with Interrupted, never a verdict (in a
// child process: the flag, once raised, stays raised).
TEST(DratChecker, AnInterruptEndsTheCheckWithoutAVerdict) {
  EXPECT_EXIT(
      {
        request_interrupt();
        try {
          check_drat(four_clauses(), "-2 0\n1 0\n0\n", true);
        } catch (const Interrupted&) {
          std::exit(0);
        }
        std::exit(1);
      },
      ::testing::ExitedWithCode(0), "");
}

TEST(DratChecker, RefusesAProofOfASatisfiableFormula) {
  const Cnf sat = parse_dimacs("p cnf 2 3\n1 2 0\n-1 2 0\n1 -2 0\n");
  const DratCheck d = check_drat(sat, "2 0\n1 0\n0\n", true);  // both lemmas are RUP
  EXPECT_FALSE(d.verified);
  EXPECT_NE(d.reason.find("does not refute"), std::string::npos) << d.reason;
}

TEST(DratChecker, ChecksRatOnTheFirstLiteralAndRefusesWhatIsNeither) {
  // With (1 2) deleted the rest is satisfiable (1 = 2 = false): adding (2 1) back is neither
  // RUP nor RAT on its first literal 2 ((1 -2) gives the resolvent (1 2), which propagates to
  // no conflict), and the refutation after it needs it.
  const Cnf cnf = parse_dimacs("p cnf 3 4\n1 2 0\n1 -2 0\n-1 3 0\n-1 -3 0\n");
  const DratCheck back = check_drat(cnf, "d 1 2 0\n2 1 0\n1 0\n0\n", false);
  EXPECT_FALSE(back.verified);
  EXPECT_NE(back.reason.find("proof line 2"), std::string::npos) << back.reason;
  // A fresh variable's unit and then its negation: the second is not RAT (its resolvent with
  // the first is itself, and 5 true refutes nothing), so the empty clause is refused.
  const DratCheck both = check_drat(pigeonhole(3), "13 0\n-13 0\n0\n", false);
  EXPECT_FALSE(both.verified);
  EXPECT_NE(both.reason.find("proof line 2"), std::string::npos) << both.reason;
}

// A RAT lemma that the refutation needs: CaDiCaL's proof of the pigeonhole formula for 3 holes
// with one clause C it uses replaced, up front, by a fresh unit x (RAT: no clause holds -x; not
// RUP) and (-x C) (RUP while C is there), C then deleted: every later use of C now goes through
// x, so x is core and checked as RAT, and its LRAT line is checked too.
TEST(DratChecker, ChecksANeededRatLemmaAndItsLrat) {
  const Cnf cnf = pigeonhole(3);
  const SatRun run = solve_with_cadical(dimacs_text(cnf), 60'000);
  ASSERT_EQ(run.verdict, SatRun::Verdict::Unsat) << run.note;
  std::string used_clause;
  for (const Lit l : cnf.clauses[0]) used_clause += std::to_string(l) + " ";  // pigeon 0's
  const std::string proof =
      "13 0\n-13 " + used_clause + "0\nd " + used_clause + "0\n" + run.proof;
  const DratCheck d = check_drat(cnf, proof, true);
  ASSERT_TRUE(d.verified) << d.reason;
  EXPECT_EQ(d.rat_lemmas, 1u);
  const LratCheck l = check_lrat(cnf, d.lrat);
  EXPECT_TRUE(l.verified) << l.reason << "\n" << d.lrat.substr(0, 300);
  // Without the deletion the same unit is never needed: not core, not checked.
  const DratCheck unused = check_drat(cnf, "13 0\n" + run.proof, false);
  ASSERT_TRUE(unused.verified) << unused.reason;
  EXPECT_EQ(unused.rat_lemmas, 0u);
}

TEST(DratChecker, ChecksCadicalsPigeonholeProofsAndRefusesEachTamperedInput) {
  for (const int n : {3, 4, 5}) {
    const Cnf cnf = pigeonhole(n);
    const SatRun run = solve_with_cadical(dimacs_text(cnf), 60'000);
    ASSERT_EQ(run.verdict, SatRun::Verdict::Unsat) << run.note;
    const DratCheck d = check_drat(cnf, run.proof, true);
    ASSERT_TRUE(d.verified) << "n = " << n << ": " << d.reason;
    EXPECT_GT(d.core_lemmas, 0u);
    const LratCheck l = check_lrat(cnf, d.lrat);
    ASSERT_TRUE(l.verified) << l.reason;

    // Pigeonhole formulas are minimally unsatisfiable: without any one clause, or with one
    // weakened by a fresh literal, no proof refutes them.
    for (std::size_t drop = 0; drop < cnf.clauses.size(); drop += 3) {
      Cnf fewer = cnf;
      fewer.clauses.erase(fewer.clauses.begin() + static_cast<std::ptrdiff_t>(drop));
      EXPECT_FALSE(check_drat(fewer, run.proof, false).verified) << "dropped " << drop;
      EXPECT_FALSE(check_lrat(fewer, d.lrat).verified) << "dropped " << drop;
      Cnf weaker = cnf;
      weaker.variables += 1;
      weaker.clauses[drop].push_back(weaker.variables);
      EXPECT_FALSE(check_drat(weaker, run.proof, false).verified) << "weakened " << drop;
    }
    // The proof without its lemmas: the empty clause does not follow by propagation.
    EXPECT_FALSE(check_drat(cnf, "0\n", false).verified);
    // An LRAT hint changed to another clause's id is refused.
    std::string lrat = d.lrat;
    const std::size_t zero = lrat.find(" 0 ");
    ASSERT_NE(zero, std::string::npos);
    const std::size_t hint_end = lrat.find(' ', zero + 3);
    lrat.replace(zero + 3, hint_end - (zero + 3), "1");
    EXPECT_FALSE(check_lrat(cnf, lrat).verified) << lrat.substr(0, 200);
  }
}

TEST(DratChecker, ALemmaWithOneLiteralFlippedIsRefusedOrStillSound) {
  // Flipping a literal of a core lemma: the checker either refuses it or the lemma still
  // follows; each accepted variant's LRAT checks too (no unsound acceptance), and some are
  // refused.
  const Cnf cnf = pigeonhole(4);
  const SatRun run = solve_with_cadical(dimacs_text(cnf), 60'000);
  ASSERT_EQ(run.verdict, SatRun::Verdict::Unsat);
  std::size_t refused = 0, tried = 0;
  std::size_t pos = 0;
  while (tried < 60) {
    const std::size_t line_end = run.proof.find('\n', pos);
    if (line_end == std::string::npos) break;
    const std::string line = run.proof.substr(pos, line_end - pos);
    if (!line.empty() && line[0] != 'd' && line != "0") {
      std::string changed = run.proof;  // the first literal's sign flipped
      if (line[0] == '-')
        changed.erase(pos, 1);
      else
        changed.insert(pos, "-");
      const DratCheck d = check_drat(cnf, changed, true);
      if (d.verified)
        EXPECT_TRUE(check_lrat(cnf, d.lrat).verified);
      else
        ++refused;
      ++tried;
    }
    pos = line_end + 1;
  }
  EXPECT_GT(tried, 40u);
  EXPECT_GT(refused, 0u);
}

// One clause of n literals and the n units that falsify them one by one: the propagation visits
// few watch entries but scans the long clause's literals again and again (as a set of 2048
// constants blasted to CNF does: its proof once ran 9 minutes within a limit that counted the
// entries alone).  The work counts the literals scanned, and the limit stops the check there.
Cnf long_clause_and_its_units(int n) {
  Cnf cnf;
  cnf.variables = n;
  Clause all;
  for (int v = 1; v <= n; ++v) all.push_back(v);
  cnf.clauses.push_back(all);
  for (int v = 1; v <= n; ++v) cnf.clauses.push_back({-v});
  return cnf;
}

TEST(DratChecker, CountsTheLiteralsItScansAndStopsAtItsWorkLimit) {
  const Cnf cnf = long_clause_and_its_units(5000);
  const DratCheck free = check_drat(cnf, "0\n", true);
  ASSERT_TRUE(free.verified) << free.reason;
  EXPECT_GE(free.work, 5000u);  // the long clause's literals, each scanned at least once
  // Below that: no verdict, the limit named.
  try {
    check_drat(cnf, "0\n", true, DratLimits{free.work / 2, 0});
    ADD_FAILURE() << "the work limit was not reached";
  } catch (const DratLimitReached& e) {
    EXPECT_FALSE(e.memory);
    EXPECT_NE(std::string(e.what()).find("work passed its limit of " +
                                         std::to_string(free.work / 2) + " steps"),
              std::string::npos)
        << e.what();
  }
  // The same proof within the limit it needs: the same verdict and the same count.
  const DratCheck again = check_drat(cnf, "0\n", true, DratLimits{free.work, 0});
  EXPECT_TRUE(again.verified);
  EXPECT_EQ(again.work, free.work);
  // Memory: the clauses alone pass a limit of 1 KiB.
  try {
    check_drat(cnf, "0\n", true, DratLimits{0, 1024});
    ADD_FAILURE() << "the memory limit was not reached";
  } catch (const DratLimitReached& e) {
    EXPECT_TRUE(e.memory);
  }
}

// Ctrl-C during a long check ends it within a second (issue 51: it once took 4.7 to 17 s).
// CaDiCaL's proof for 10 pigeons in 9 holes takes about 10 s and 8 * 10^8 steps to check from
// scratch here (the kept trail checks it too fast to be interrupted; both poll in the same
// place); in a child process, the check in a thread of its own, the interrupt raised after
// 0.3 s, the time from there to Interrupted measured.
TEST(DratChecker, AnInterruptEndsALongCheckWithinASecond) {
  const Cnf cnf = pigeonhole(9);
  const SatRun run = solve_with_cadical(dimacs_text(cnf), 120'000);
  ASSERT_EQ(run.verdict, SatRun::Verdict::Unsat) << run.note;
  EXPECT_EXIT(
      {
        std::atomic<bool> interrupted{false};
        std::thread check([&] {
          try {
            check_drat(cnf, run.proof, true, {}, {DratMethod::FromScratch});
          } catch (const Interrupted&) {
            interrupted = true;
          }
        });
        std::this_thread::sleep_for(std::chrono::milliseconds(300));
        const auto asked = std::chrono::steady_clock::now();
        request_interrupt();
        check.join();
        const double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - asked).count();
        std::exit(interrupted && seconds < 1.0 ? 0 : 1);
      },
      ::testing::ExitedWithCode(0), "");
}

TEST(Dimacs, ReadsWhatItWritesAndRefusesOutOfRangeText) {
  const Cnf cnf = pigeonhole(3);
  const Cnf back = parse_dimacs(dimacs_text(cnf));
  EXPECT_EQ(back.variables, cnf.variables);
  EXPECT_EQ(back.clauses, cnf.clauses);
  EXPECT_THROW(parse_dimacs("p cnf 2 1\n3 0\n"), std::invalid_argument);          // beyond V
  EXPECT_THROW(parse_dimacs("p cnf 2 2\n1 0\n"), std::invalid_argument);          // count
  EXPECT_THROW(parse_dimacs("1 0\n"), std::invalid_argument);                      // no header
  EXPECT_THROW(parse_dimacs("p cnf 2 1\n1 x 0\n"), std::invalid_argument);        // not a literal
  EXPECT_THROW(parse_dimacs("p cnf 4294967296 1\n1 0\n"), std::invalid_argument);  // 2^32
  EXPECT_THROW(parse_dimacs("p cnf 2 1\n9223372036854775808 0\n"), std::invalid_argument);
  EXPECT_THROW(check_drat(cnf, "1 2\n", false), std::invalid_argument);  // no terminating 0
  EXPECT_THROW(check_drat(cnf, "1 0 2 0\n", false), std::invalid_argument);
}

}  // namespace
}  // namespace nimcert::smt
