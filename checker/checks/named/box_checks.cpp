// The named checks of box blocks (see named_checks.hpp).
#include <algorithm>
#include <stdexcept>

#include "checks/named/named_checks.hpp"
#include "games/registry.hpp"

namespace nimcert {

namespace {

using Json = nlohmann::ordered_json;

Json position_json(const Position& p) {
  Json a = Json::array();
  for (Heap h : p) a.push_back(h);
  return a;
}

// Right-associativity: [a1, ..., ak] = [a1, [a2, ..., ak]], where the inner value is the box's
// own value at (0, a2, ..., ak) and the outer bracket is read from a table of the same game
// on two heaps, computed separately.  Seed 003 proves it for Serial Nim; Nim, for one, does
// not have it.
NamedCheck right_associativity(NamedCheck c, const BoxValuesOf& in) {
  const BoxValues& box = in.box;
  Json two_heaps = in.game.parameters();
  if (box.heaps() < 3 || !two_heaps.contains("heaps"))
    throw std::invalid_argument(
        "check right-associativity needs a game of 3 or more heaps with a heaps parameter, not " +
        in.game.describe());
  two_heaps["heaps"] = std::uint64_t{2};
  Value top = 0;
  for (Value v : box.values()) top = std::max(top, v);
  const auto two = make_game(in.game.name(), two_heaps);
  const BoxValues bracket(*two, std::max<Heap>(box.size(), top));
  for (std::uint64_t i = 0; i < box.positions(); ++i) {
    ++c.cases;
    const Position p = box.position(i);
    Position tail = p;
    tail[0] = 0;
    const Value inner = box.at(tail);
    const Value outer = bracket.at(Position{p[0], inner});
    if (outer != box.values()[i]) {
      c.verdict = Verdict::Fails;
      c.counterexample = {{"position", position_json(p)},
                          {"value", box.values()[i]},
                          {"inner", inner},
                          {"bracket_of_first_and_inner", outer}};
      return c;
    }
  }
  return c;
}

constexpr NamedCheckKind<BoxValuesOf> kBoxChecks[] = {
    {"right-associativity", "[a1, ..., ak] = [a1, [a2, ..., ak]] on the box", right_associativity},
};

}  // namespace

std::span<const NamedCheckKind<BoxValuesOf>> box_checks() { return kBoxChecks; }

}  // namespace nimcert
