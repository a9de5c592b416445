// The long periods of the literature committed in certs/octal-periods.proof and
// certs/octal-0.1777.proof: every row's claim, read from the committed file, holds for every
// n by Guy-Smith on the values the engine computes, and the same claim one place earlier (the
// preperiod minus one) fails at that place, with the two values that differ.  0.1777's true
// claim is certified by the main job and the gate (63 s, 2.5 GiB); here only its mutant, which
// needs the values to n0 - 1 + p = 221,569,732 (about 30 s).
#include <gtest/gtest.h>

#include "checks/periodicity.hpp"
#include "committed_proof.hpp"
#include "engines/octal_engine.hpp"
#include "games/registry.hpp"

namespace nimcert {
namespace {

smt::PeriodicClaim one_earlier(smt::PeriodicClaim claim) {
  claim.preperiod -= 1;
  return claim;
}

TEST(LiteraturePeriods, EveryRowHoldsForEveryNAndItsPreperiodMinusOneFails) {
  const smt::ProofFile f = testing::mutant("octal-periods.proof", "", "");
  ASSERT_EQ(f.sequences.size(), 10u);
  for (const smt::SequenceSpec& s : f.sequences) {
    ASSERT_EQ(s.periodic.size(), 1u) << s.name;
    const smt::PeriodicClaim& claim = s.periodic.front();
    const OctalCode code = octal_code_of(*s.game.declaration);
    EXPECT_EQ(code.text(), s.name);
    // The file's `last` is exactly the window's need: not one value more.
    EXPECT_EQ(s.last, periodicity_window(code, claim.preperiod, claim.period, claim.saltus)
                          .values_last());
    const OctalValues g = octal_values(code, s.last);
    const NamedCheck right = check_periodicity(code, g, claim);
    EXPECT_EQ(right.verdict, Verdict::Holds) << s.name;
    EXPECT_EQ(right.record.at("unbounded"), true) << s.name;
    const std::uint64_t n0 = claim.preperiod, p = claim.period;
    const NamedCheck early = check_periodicity(code, g, one_earlier(claim));
    EXPECT_EQ(early.verdict, Verdict::Fails) << s.name;
    EXPECT_EQ(early.counterexample.at("n"), n0 - 1) << s.name;
    EXPECT_NE(g[n0 - 1], g[n0 - 1 + p]) << s.name;
  }
}

TEST(LiteraturePeriods, TheRecordsPreperiodMinusOneFailsAtItsPlace) {
  const smt::ProofFile f = testing::mutant("octal-0.1777.proof", "", "");
  ASSERT_EQ(f.sequences.size(), 1u);
  const smt::PeriodicClaim& claim = f.sequences.front().periodic.at(0);
  EXPECT_EQ(claim.preperiod, 160'949'018u);
  EXPECT_EQ(claim.period, 60'620'715u);
  const OctalCode code("0.1777");
  EXPECT_EQ(f.sequences.front().last,
            periodicity_window(code, claim.preperiod, claim.period, claim.saltus).values_last());
  const std::uint64_t first = claim.preperiod - 1;
  const OctalValues g = octal_values(code, first + claim.period);
  const NamedCheck early = check_periodicity(code, g, one_earlier(claim));
  EXPECT_EQ(early.verdict, Verdict::Fails);
  EXPECT_EQ(early.counterexample.at("n"), first);
  EXPECT_NE(g[first], g[first + claim.period]);
}

}  // namespace
}  // namespace nimcert
