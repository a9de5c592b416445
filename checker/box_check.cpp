// Checking box blocks (see box_check.hpp).
#include "box_check.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>

#include "box_engine.hpp"
#include "evaluator.hpp"
#include "serial_nim.hpp"
#include "sha256.hpp"

namespace nimcert {

namespace {

using Json = nlohmann::ordered_json;

Json position_json(const Position& p) {
  Json a = Json::array();
  for (Heap h : p) a.push_back(h);
  return a;
}

// The first index in canonical order where the claim is false, or positions() if none.
std::uint64_t first_failure(const smt::Program& claim, const BoxValues& box) {
  constexpr std::size_t kBatch = 1024;
  const std::size_t k = box.heaps();
  std::vector<std::vector<std::uint64_t>> lanes(k + 1, std::vector<std::uint64_t>(kBatch));
  std::vector<const std::uint64_t*> inputs;
  for (const auto& l : lanes) inputs.push_back(l.data());
  std::vector<std::uint64_t> result(kBatch);
  std::vector<std::uint64_t*> outputs = {result.data()};
  for (std::uint64_t start = 0; start < box.positions(); start += kBatch) {
    const std::size_t n =
        static_cast<std::size_t>(std::min<std::uint64_t>(kBatch, box.positions() - start));
    Position p = box.position(start);
    for (std::size_t j = 0; j < n; ++j) {
      for (std::size_t h = 0; h < k; ++h) lanes[h][j] = p[h];
      lanes[k][j] = box.values()[start + j];
      for (std::size_t h = k; h-- > 0;) {
        if (p[h] < box.size()) {
          ++p[h];
          break;
        }
        p[h] = 0;
      }
    }
    if (!claim.run<std::uint64_t>(n, inputs, outputs))
      throw std::runtime_error("a claim's value exceeded 64 bits");
    for (std::size_t j = 0; j < n; ++j)
      if (result[j] == 0) return start + j;
  }
  return box.positions();
}

Counterexample explain(const Game& game, const BoxValues& box, const Position& p,
                       const std::optional<smt::Program>& formula) {
  Counterexample cx;
  cx.position = p;
  cx.grundy = box.at(p);
  if (formula) {
    std::vector<std::uint64_t> input(p.begin(), p.end()), out;
    input.push_back(0);
    if (formula->run_one<std::uint64_t>(input, out)) cx.claimed = static_cast<Value>(out[0]);
  }
  game.for_each_follower(p, [&](const Position& y) { cx.followers.push_back({y, box.at(y)}); });
  return cx;
}

}  // namespace

// Serial Nim is right-associative: [a1, ..., ak] = [a1, [a2, ..., ak]], where the inner
// value is the box's own value at (0, a2, ..., ak) and the outer bracket is read from a
// two-heap Serial Nim table computed separately.
NamedCheck right_associativity(const Game& game, const BoxValues& box) {
  NamedCheck c;
  c.name = "right-associativity";
  c.statement = "[a1, ..., ak] = [a1, [a2, ..., ak]] on the box";
  if (game.name() != "serial-nim" || box.heaps() < 3)
    throw std::invalid_argument("check right-associativity needs serial-nim with 3 or more heaps");
  Value top = 0;
  for (Value v : box.values()) top = std::max(top, v);
  const SerialNim two(2);
  const BoxValues bracket(two, std::max<Heap>(box.size(), top));
  for (std::uint64_t i = 0; i < box.positions(); ++i) {
    const Position p = box.position(i);
    Position tail = p;
    tail[0] = 0;
    const Value inner = box.at(tail);
    const Value outer = bracket.at(Position{p[0], inner});
    if (outer != box.values()[i]) {
      c.counterexample = {{"position", position_json(p)},
                          {"value", box.values()[i]},
                          {"inner", inner},
                          {"bracket_of_first_and_inner", outer}};
      return c;
    }
  }
  c.holds = true;
  return c;
}

bool BoxReport::holds() const {
  return std::all_of(claims.begin(), claims.end(), [](const ClaimOutcome& c) { return c.holds; }) &&
         std::all_of(checks.begin(), checks.end(), [](const NamedCheck& c) { return c.holds; });
}

BoxReport check_box(const smt::BoxSpec& spec, const smt::Definitions& definitions) {
  const auto game = make_game(spec.game.name, spec.game.parameters, definitions);
  const BoxValues box(*game, spec.size);
  BoxReport r;
  r.name = spec.name;
  r.text = spec.text;
  r.game = {{"name", game->name()}, {"parameters", game->parameters()}};
  r.size = spec.size;
  r.heaps = box.heaps();
  r.positions = box.positions();
  Sha256 digest;
  digest.update_le32(box.values());
  r.table_sha256 = digest.hex_digest();
  for (Value v : box.values()) r.max_value = std::max(r.max_value, v);
  const auto variables = smt::claim_variables(box.heaps());
  for (const smt::ClaimSpec& c : spec.claims) {
    const smt::Program claim(variables, {smt::expand(c.statement, definitions)});
    std::optional<smt::Program> formula;
    if (const smt::ExprPtr f = smt::formula_of(c))
      formula.emplace(variables, std::vector<smt::ExprPtr>{smt::expand(f, definitions)});
    ClaimOutcome o;
    o.name = c.name;
    o.text = c.text;
    o.statement = smt::to_string(*c.statement);
    const std::uint64_t at = first_failure(claim, box);
    o.holds = at == box.positions();
    if (!o.holds) o.counterexample = explain(*game, box, box.position(at), formula);
    r.claims.push_back(std::move(o));
  }
  for (const std::string& check : spec.checks) {
    if (check == "right-associativity")
      r.checks.push_back(right_associativity(*game, box));
    else
      throw std::invalid_argument(
          fmt::format("{}: box \"{}\": unknown check '{}' (known: right-associativity)",
                      spec.where.line, spec.name, check));
  }
  return r;
}

}  // namespace nimcert
