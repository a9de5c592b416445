// The cube's part of the certificate: the exhaustive table and its claims.
#include "certificate/kinds/kinds.hpp"

namespace nimcert {

Json cube_report_json(const CubeReport& report) {
  Json cube;
  cube["N"] = report.n;
  cube["positions"] = report.positions;
  cube["table_encoding"] = report.table_encoding;
  cube["table_sha256"] = report.table_sha256;
  cube["max_value"] = report.max_value;
  cube["claims"] = claims_json(report.claims);
  cube["verdict"] = verdict_name(report.verdict());
  return cube;
}

void cube_entries(const Json& c, std::vector<Entry>& out) {
  if (!c.contains("exhaustive") || c.at("exhaustive").is_null()) return;
  const Json& cube = c.at("exhaustive");
  Json table = cube;
  table.erase("claims");
  out.push_back({Entry::Kind::Table, "exhaustive table", "", Json(), table, {}});
  const std::string n = std::to_string(cube.at("N").get<unsigned>());
  const Json rests_on = {{"exhaustive",
                          {{"engine", "exact mex sweep (never reads the claim)"},
                           {"cube", "[0," + n + "]^3"},
                           {"positions", cube.at("positions")},
                           {"table_sha256", cube.at("table_sha256")}}}};
  const std::size_t first = out.size();
  for (const Json& claim : cube.at("claims")) {
    const std::string id = "claim " + claim.at("name").get<std::string>();
    out.push_back({Entry::Kind::Claim,
                   id,
                   claim.at("status"),
                   rests_on,
                   claim,
                   {{EntryRow::Kind::Claim, id + " on [0," + n + "]^3", claim.at("status"),
                     claim_detail(claim), recorded_seconds(c, {"check_seconds", "exhaustive"})}}});
  }
  mark_reused(c, "exhaustive", out, first);
}

}  // namespace nimcert
