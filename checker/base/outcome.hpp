// What a check concludes: the verdict words and the outcome of a claim or a named check.
//
// Every check (cube, box, sequence, lemma, induction) reports in these terms, and the
// certificate records them, so they live below all of them.  There are three verdicts and
// they are used honestly: holds (every case examined satisfied the statement), fails (a
// counterexample was found and confirmed in C++), unknown (anything else: a time limit, an
// interrupt, solvers that disagree, a model that does not re-check).  Nothing else ever reads
// as holds.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
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
  // A follower that is a sum of positions: its parts (position is then the first), value the
  // xor of theirs.
  std::vector<Position> parts;
};

// A position where a claim about G is false, checkable by hand: its true value is the mex of
// the listed followers' values.
struct Counterexample {
  Position position;
  Value grundy;                  // the true value, mex of the followers' values
  std::optional<Value> claimed;  // the claim's value, when the claim is a formula
  std::vector<FollowerValue> followers;
};

// The positions where a claim fails, met in canonical order: how many, and the first kKept
// of them (as coordinates: a sequence's n may exceed a heap's 32 bits).
struct FailureTally {
  static constexpr std::size_t kKept = 10;
  std::uint64_t count = 0;
  std::vector<std::vector<std::uint64_t>> first;

  void add(std::vector<std::uint64_t> position) {
    ++count;
    if (first.size() < kKept) first.push_back(std::move(position));
  }
  // Adds a position in no particular order: `first` keeps the kKept smallest in canonical
  // (lexicographic) order, sorted.
  void add_unordered(const std::vector<std::uint64_t>& position) {
    ++count;
    keep(position);
  }
  // Adds a tally made with add_unordered, in no particular order.
  void join(const FailureTally& other) {
    count += other.count;
    for (const auto& p : other.first) keep(p);
  }

 private:
  void keep(const std::vector<std::uint64_t>& position) {
    const auto at = std::lower_bound(first.begin(), first.end(), position) - first.begin();
    if (first.size() == kKept) {
      if (at == static_cast<std::ptrdiff_t>(kKept)) return;
      first.pop_back();
    }
    first.insert(first.begin() + at, position);
  }
};

// The outcome of a claim checked at every position of a cube or box (or every n of a
// sequence).  It holds only when it was true at every position examined and at least one was
// examined; for a claim "P -> Q", at least one position must satisfy P, or nothing was checked.
//
// A failing claim is still examined at every position, so that its outcome says how wrong it
// is ("fails at 80 of 4913 positions") and lists the first failures in canonical order, for
// someone exploring a conjecture; the counterexample explains the first of them.
struct ClaimOutcome {
  std::string name;
  std::string statement;
  std::string text;  // the source's wording, when the claim comes from a proof file
  Verdict verdict = Verdict::Unknown;
  std::uint64_t cases = 0;                     // positions examined
  std::optional<std::uint64_t> premise_cases;  // of a claim P -> Q: the positions where P holds
  FailureTally failures;
  std::optional<Counterexample> counterexample;
  std::string note;  // why unknown
  // What a claim that holds covers, when that is not the block's range (a misère sequence's
  // claim proved for every n); empty otherwise.
  std::string scope;
};

// The verdict of a claim that was checked at `cases` positions (`premise_cases` of them with
// its hypothesis true, for an implication) and failed at failures.count of them; sets the
// note when vacuous.
void settle_claim(ClaimOutcome& claim);

// A structural property checked by C++ code (named in the proof file), with its outcome.
struct NamedCheck {
  std::string name;
  std::string statement;  // what it checks, in words
  Verdict verdict = Verdict::Unknown;
  std::uint64_t cases = 0;                // what it compared: values, positions, triples
  nlohmann::ordered_json counterexample;  // null unless it fails
  std::string note;                       // why unknown
  // What else the certificate records of it (an object, or null): a theorem's hypotheses as
  // checked, the window it read, its scope.
  nlohmann::ordered_json record;
};

}  // namespace nimcert
