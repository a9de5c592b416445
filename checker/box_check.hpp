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

#include "box_engine.hpp"
#include "cube_check.hpp"
#include "proof_file.hpp"

namespace nimcert {

// A structural property checked by C++ code (named in the proof file), with its outcome.
struct NamedCheck {
  std::string name;
  std::string statement;  // what it checks, in words
  bool holds = false;
  nlohmann::ordered_json counterexample;  // null when it holds
};

struct BoxReport {
  std::string name, text;
  nlohmann::ordered_json game;  // name and parameters
  Heap size = 0;
  std::size_t heaps = 0;
  std::uint64_t positions = 0;
  std::string table_sha256;  // values as little-endian uint32 in canonical order
  Value max_value = 0;
  std::vector<ClaimOutcome> claims;
  std::vector<NamedCheck> checks;
  bool holds() const;
};

BoxReport check_box(const smt::BoxSpec& spec, const smt::Definitions& definitions);

// Serial Nim's right-associativity on the values of a box of `game`.  Every Serial Nim box
// satisfies it, so its failing case is tested on the values of another game; hence public.
NamedCheck right_associativity(const Game& game, const BoxValues& box);

}  // namespace nimcert
