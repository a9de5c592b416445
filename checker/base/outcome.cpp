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

}  // namespace nimcert
