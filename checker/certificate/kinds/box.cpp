// A box block's part of the certificate: the dense table, its claims and named checks.
#include <fmt/format.h>

#include "certificate/kinds/kinds.hpp"

namespace nimcert {

Json box_json(const BoxReport& b) {
  Json j;
  j["name"] = b.name;
  j["text"] = b.text;
  j["game"] = b.game;
  j["box"] = "[0," + std::to_string(b.size) + "]^" + std::to_string(b.heaps);
  j["positions"] = b.positions;
  if (b.misere) {  // misère play: outcomes, not Grundy values
    j["play"] = "misère";
    j["scope"] =
        "exactly the positions of the box, played misère (the player who cannot move wins): G "
        "is the misère outcome, 0 at a P-position and 1 at an N-position (a position without a "
        "move is an N-position), not a Grundy value";
    j["engine"] =
        "misère outcomes in canonical order: N when there is no move or a move to P, else P "
        "(never reads the claim)";
  }
  if (b.sum > 0 && b.misere) {  // k copies played misère: no theorem adds them up
    j["sum_of"] = b.sum;
    j["scope"] = fmt::format(
        "exactly the positions of the box, as the sum of {} copies of the one-heap game played "
        "misère (the player who cannot move wins): G is the misère outcome of the sum, 0 at a "
        "P-position and 1 at an N-position, not a Grundy value and not a function of the "
        "heaps' own outcomes",
        b.sum);
    j["engine"] =
        "the definition over canonical sums (engines/misere/misere_sums.hpp: no move, N; else P "
        "exactly when every option is N; heaps with no move dropped, the rest sorted), at each "
        "position in canonical order (never reads the claim)";
  } else if (b.sum > 0) {  // k copies of a one-heap game: the Sprague-Grundy theorem adds them up
    j["sum_of"] = b.sum;
    j["scope"] = fmt::format(
        "exactly the positions of the box, as the sum of {} copies of the one-heap game: "
        "G(x1..x{}) = g(x1) ^ ... ^ g(x{}) by the Sprague-Grundy theorem, taken as a theorem, "
        "with g(0..{}) computed exactly; the {}-heap game is not played",
        b.sum, b.sum, b.sum, b.size, b.sum);
    j["engine"] = fmt::format(
        "g(0..{}) by the engine that fits the one-heap game, then the xor of g over the heaps "
        "(never reads the claim)",
        b.size);
  } else if (b.sums && b.reachable == 0) {  // one heap: the split engine
    j["scope"] = "exactly the heaps of the box";
    j["engine"] = fmt::format(
        "the split engine (engines/take_and_break_engine.hpp: sparse space, vector scans, "
        "marking): g(n) the mex over n's options, a sum worth the xor of its parts' values "
        "(every part a smaller heap), held against the one-heap sum engine on n = 0..{}; never "
        "reads the claim",
        b.sum_reference_last);
  }
  if (b.reachable > 0) {  // moves may raise a heap: the claims cover the box's positions only
    j["reachable_positions"] = b.reachable;
    j["scope"] =
        b.sums ? "exactly the positions of the box; their values by the reference engine, "
                 "memoised over every position reachable from the box, a sum of positions worth "
                 "the xor of its parts' values (every part lowers the rank)"
               : "exactly the positions of the box; their values by the reference engine, "
                 "memoised over every position reachable from the box (the game's declared "
                 "rank ends every play)";
  }
  j["table_encoding"] = "little-endian uint32 in lexicographic order of (x1, ..., xk)";
  j["table_sha256"] = b.table_sha256;
  j["max_value"] = b.max_value;
  j["claims"] = claims_json(b.claims);
  if (b.misere)  // a counterexample's values are outcomes: named so, never "grundy"
    for (Json& c : j["claims"])
      if (c.contains("counterexample") && c["counterexample"].is_object()) {
        Json& cx = c["counterexample"];
        cx["misere_outcome"] = cx["grundy"] == 0 ? "P" : "N";
        cx.erase("grundy");
        for (Json& f : cx["followers"]) {
          f["misere_outcome"] = f["value"] == 0 ? "P" : "N";
          f.erase("value");
        }
      }
  j["checks"] = checks_json(b.checks);
  j["verdict"] = verdict_name(b.verdict());
  return j;
}

void box_entries(const Json& c, std::vector<Entry>& out) {
  if (!c.contains("boxes")) return;
  for (const Json& b : c.at("boxes")) {
    const std::string block = "box " + b.at("name").get<std::string>();
    const std::size_t first = out.size();
    Json table = b;
    table.erase("claims");
    table.erase("checks");
    out.push_back({Entry::Kind::Table, block, "", Json(), table, {}});
    Json claims_rest_on = {
        {"exhaustive",
         {{"engine", b.contains("engine") ? b.at("engine").get<std::string>()
                     : b.contains("reachable_positions")
                         ? "reference mex over every position reachable from the box (never "
                           "reads the claim)"
                         : "dense mex over the box (never reads the claim)"},
          {"box", b.at("box")},
          {"positions", b.at("positions")},
          {"table_sha256", b.at("table_sha256")}}}};
    if (b.contains("sum_of"))  // the k-heap values are the theorem's, not an engine's
      claims_rest_on["exhaustive"]["sum_of"] = b.at("sum_of");
    if (b.contains("play")) claims_rest_on["exhaustive"]["play"] = b.at("play");
    const Json checks_rest_on = {{"exhaustive", {{"box", b.at("box")}}}};
    claim_and_check_entries(block, b.at("claims"), b.at("checks"), claims_rest_on, checks_rest_on,
                            recorded_seconds(c, {"check_seconds", block}), out);
    mark_reused(c, block, out, first);
  }
}

}  // namespace nimcert
