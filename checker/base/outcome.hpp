// What a check concludes: the verdict words and the outcome of a claim or a named check.
//
// Every check (cube, box, sequence, lemma, induction) reports in these terms, and the
// certificate records them, so they live below all of them.  There are three verdicts and
// they are used honestly: holds (every case examined satisfied the statement), fails (a
// counterexample was found and confirmed in C++), unknown (anything else: a time limit, an
// interrupt, solvers that disagree, a model that does not re-check).  Nothing else ever reads
// as holds.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "base/position.hpp"

namespace nimcert {

enum class Verdict { Holds, Fails, Unknown };
const char* verdict_name(Verdict v);  // "holds", "fails", "unknown"

// The verdict of a conjunction: fails when one part fails, else unknown when one part is
// unknown, else holds.
Verdict conjunction(Verdict a, Verdict b);

struct FollowerValue {
  Position position;
  Value value;
};

// A position where a claim about G is false, checkable by hand: its true value is the mex of
// the listed followers' values.
struct Counterexample {
  Position position;
  Value grundy;                  // the true value, mex of the followers' values
  std::optional<Value> claimed;  // the claim's value, when the claim is a formula
  std::vector<FollowerValue> followers;
};

struct ClaimOutcome {
  std::string name;
  std::string statement;
  std::string text;  // the source's wording, when the claim comes from a proof file
  bool holds = false;
  std::optional<Counterexample> counterexample;
};

// A structural property checked by C++ code (named in the proof file), with its outcome.
struct NamedCheck {
  std::string name;
  std::string statement;  // what it checks, in words
  bool holds = false;
  nlohmann::ordered_json counterexample;  // null when it holds
};

}  // namespace nimcert
