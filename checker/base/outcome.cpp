// Verdict words and their conjunction (see outcome.hpp).
#include "base/outcome.hpp"

namespace nimcert {

const char* verdict_name(Verdict v) {
  switch (v) {
    case Verdict::Holds:
      return "holds";
    case Verdict::Fails:
      return "fails";
    default:
      return "unknown";
  }
}

Verdict conjunction(Verdict a, Verdict b) {
  if (a == Verdict::Fails || b == Verdict::Fails) return Verdict::Fails;
  if (a == Verdict::Unknown || b == Verdict::Unknown) return Verdict::Unknown;
  return Verdict::Holds;
}

void settle_claim(ClaimOutcome& claim) {
  if (claim.failures.count > 0) {
    claim.verdict = Verdict::Fails;
  } else if (claim.cases == 0) {
    claim.verdict = Verdict::Unknown;
    claim.note = "no position was examined";
  } else if (claim.premise_cases && *claim.premise_cases == 0) {
    claim.verdict = Verdict::Unknown;
    claim.note = "the claim's hypothesis holds at no position examined: nothing was checked";
  } else {
    claim.verdict = Verdict::Holds;
  }
}

}  // namespace nimcert
