// The exhaustive check of a `box` block: every claim at every position of [0,B]^k, and the
// named structural checks a block asks for.
//
// Values come from the dense box engine, which never sees a claim.  A failing claim reports
// its first position in canonical order with the true value, the claimed value and every
// follower with its value, as the cube check does.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "base/outcome.hpp"
#include "lang/proof_file.hpp"

namespace nimcert {

struct BoxReport {
  std::string name, text;
  nlohmann::ordered_json game;  // name and parameters
  Heap size = 0;
  std::size_t heaps = 0;
  std::uint64_t positions = 0;
  std::string table_sha256;  // values as little-endian uint32 in canonical order
  Value max_value = 0;
  // A game whose moves may raise a heap (it declares its rank): the positions the reference
  // engine evaluated, the box's and every one reachable from it; 0 for the dense engine.
  std::uint64_t reachable = 0;
  bool sums = false;    // some move leaves a sum of positions (a take-and-break move)
  // One heap with sums: the one-heap sum engine checked the split engine on g(0..this).
  Heap sum_reference_last = 0;
  std::size_t sum = 0;  // the box adds up this many copies of a one-heap game; 0: the game
  bool misere = false;  // the game played misère: the values are outcomes, 0 at P, 1 at N
  std::vector<ClaimOutcome> claims;
  std::vector<NamedCheck> checks;
  double seconds = 0;  // the table, claims and checks (the run's record only)
  Verdict verdict() const;
};

BoxReport check_box(const smt::BoxSpec& spec, const smt::Definitions& definitions);

}  // namespace nimcert
