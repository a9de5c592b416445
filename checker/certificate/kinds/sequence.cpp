// A sequence block's part of the certificate: the digests of g and h (of g alone for an
// octal game, with the game and the engines that computed it), its claims, its periodicity
// claims and named checks.
#include <fmt/format.h>

#include "certificate/kinds/kinds.hpp"

namespace nimcert {

Json sequence_json(const SequenceReport& q) {
  Json j;
  j["name"] = q.name;
  j["text"] = q.text;
  if (q.game.is_null()) {
    j["rule"] = q.rule;
  } else {
    j["game"] = q.game;
    if (q.misere) {  // misère play: outcomes for n = 0..last, or for every n by the theorem
      j["play"] = "misère";
      const std::string what =
          "played misère (the player who cannot move wins): g_n is the misère outcome of one "
          "heap of n, 0 at a P-position and 1 at an N-position, not a Grundy value; ";
      const std::string head = fmt::format("n = 0..{} only, {}", q.last, what);
      if (!q.stopped.empty())
        j["scope"] = head + "not checked: " + q.stopped;
      else if (q.by_definition)
        j["scope"] = head + fmt::format(
                                "by the definition on each single heap (no quotient was "
                                "found), so no sum of two or more heaps is covered; no "
                                "periodicity theorem is applied beyond n = {}",
                                q.last);
      else if (q.every_n)
        j["scope"] = fmt::format(
            "every n, {}the quotient behind it is proved for every sum of heaps of at most {} "
            "stones each and, by the misère periodicity theorem (quotient.periodicity), for "
            "every sum of heaps of any size; each claim says what it covers (every n, or "
            "n = 0..{} only)",
            what, q.last, q.last);
      else
        j["scope"] = head + fmt::format(
                                "the quotient behind it is proved for every sum of heaps of at "
                                "most {} stones each; no periodicity theorem is applied beyond "
                                "n = {}",
                                q.last, q.last);
      if (!q.stopped.empty()) j["stopped"] = q.stopped;
    }
    j["engines"] = q.engines;
    if (q.misere) {
      j["quotient"] = q.quotient;
      j["p_heaps"] = q.p_heaps;
      j["p_count"] = q.p_count;
    }
  }
  j["range"] = {0, q.last};
  j["values"] = q.last + 1;
  j["g_sha256"] = q.g_sha256;
  if (q.game.is_null()) {
    j["h_sha256"] = q.h_sha256;
    j["encoding"] =
        "g_n (Maximum Nim, recurrence (1)) and h_n (Minimum Nim) as little-endian uint32, n = "
        "0..last";
  } else if (q.misere) {
    j["encoding"] = "g_n, heap n's misère outcome (0 at P, 1 at N), as little-endian uint32, "
                    "n = 0..last";
  } else {
    j["encoding"] = "g_n, the game's Grundy values, as little-endian uint32, n = 0..last";
  }
  Json claims = claims_json(q.claims);
  for (auto& c : claims)
    if (q.claim_counterexamples.contains(c["name"].get<std::string>()))
      c["counterexample"] = q.claim_counterexamples[c["name"].get<std::string>()];
  j["claims"] = std::move(claims);
  if (!q.game.is_null() && (!q.misere || !q.periodic.empty()))
    j["periodicity"] = checks_json(q.periodic);
  j["checks"] = checks_json(q.checks);
  j["verdict"] = verdict_name(q.verdict());
  return j;
}

void sequence_entries(const Json& c, std::vector<Entry>& out) {
  if (!c.contains("sequences")) return;
  for (const Json& q : c.at("sequences")) {
    const std::string block = "sequence " + q.at("name").get<std::string>();
    const std::size_t first = out.size();
    Json table = q;
    table.erase("claims");
    table.erase("checks");
    table.erase("periodicity");
    out.push_back({Entry::Kind::Table, block, "", Json(), table, {}});
    const Json rests_on = q.contains("play")  // misère: the outcomes, from the proved quotient
                              ? Json{{"misère outcomes",
                                      {{"game", q.at("game").at("name")},
                                       {"play", q.at("play")},
                                       {"range", q.at("range")},
                                       {"quotient", q.at("engines").at("proof")},
                                       {"g_sha256", q.at("g_sha256")}}}}
                          : q.contains("game") ? Json{{"values",
                                                     {{"game", q.at("game")},
                                                      {"range", q.at("range")},
                                                      {"g_sha256", q.at("g_sha256")}}}}
                                             : Json{{"recurrences",
                                                     {{"rule", q.at("rule")},
                                                      {"range", q.at("range")},
                                                      {"g_sha256", q.at("g_sha256")},
                                                      {"h_sha256", q.at("h_sha256")}}}};
    Json checks = q.at("checks");
    for (const Json& p : q.value("periodicity", Json::array())) checks.push_back(p);
    claim_and_check_entries(block, q.at("claims"), checks, rests_on, rests_on,
                            recorded_seconds(c, {"check_seconds", block}), out);
    mark_reused(c, block, out, first);
  }
}

}  // namespace nimcert
