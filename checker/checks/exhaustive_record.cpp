// Exhaustive reports to and from the cache's records (see exhaustive_record.hpp).
#include "checks/exhaustive_record.hpp"

#include <stdexcept>

namespace nimcert {

namespace {

using Json = nlohmann::ordered_json;

void require_holds(Verdict v, const char* what) {
  if (v != Verdict::Holds)
    throw std::logic_error(std::string("exhaustive_record: a ") + what + " that does not hold");
}

Json claim_record(const ClaimOutcome& c) {
  require_holds(c.verdict, "claim");
  if (c.failures.count != 0 || c.counterexample)
    throw std::logic_error("exhaustive_record: a holding claim with a failure");
  return {{"name", c.name},
          {"statement", c.statement},
          {"text", c.text},
          {"cases", c.cases},
          {"premise_cases", c.premise_cases ? Json(*c.premise_cases) : Json()},
          {"note", c.note},
          {"scope", c.scope}};
}

ClaimOutcome read_claim(const Json& j) {
  ClaimOutcome c;
  c.name = j.at("name").get<std::string>();
  c.statement = j.at("statement").get<std::string>();
  c.text = j.at("text").get<std::string>();
  c.cases = j.at("cases").get<std::uint64_t>();
  if (!j.at("premise_cases").is_null())
    c.premise_cases = j.at("premise_cases").get<std::uint64_t>();
  c.scope = j.at("scope").get<std::string>();
  settle_claim(c);  // holds again only with cases examined (and a premise met)
  c.note = j.at("note").get<std::string>();
  return c;
}

Json claims_record(const std::vector<ClaimOutcome>& claims) {
  Json out = Json::array();
  for (const ClaimOutcome& c : claims) out.push_back(claim_record(c));
  return out;
}

std::vector<ClaimOutcome> read_claims(const Json& j) {
  std::vector<ClaimOutcome> out;
  for (const Json& c : j) out.push_back(read_claim(c));
  return out;
}

Json checks_record(const std::vector<NamedCheck>& checks) {
  Json out = Json::array();
  for (const NamedCheck& c : checks) {
    require_holds(c.verdict, "named check");
    if (c.cases == 0 || !c.counterexample.is_null())
      throw std::logic_error("exhaustive_record: a holding check with no case or a failure");
    out.push_back({{"name", c.name},
                   {"statement", c.statement},
                   {"cases", c.cases},
                   {"note", c.note},
                   {"record", c.record}});
  }
  return out;
}

std::vector<NamedCheck> read_checks(const Json& j) {
  std::vector<NamedCheck> out;
  for (const Json& r : j) {
    NamedCheck c;
    c.name = r.at("name").get<std::string>();
    c.statement = r.at("statement").get<std::string>();
    c.cases = r.at("cases").get<std::uint64_t>();
    c.verdict = c.cases > 0 ? Verdict::Holds : Verdict::Unknown;
    c.note = r.at("note").get<std::string>();
    c.record = r.at("record");
    out.push_back(std::move(c));
  }
  return out;
}

template <class Report>
void require_read_holds(const Report& report) {
  if (report.verdict() != Verdict::Holds)
    throw std::runtime_error("an exhaustive record that does not hold");
}

}  // namespace

Json exhaustive_record(const CubeReport& r) {
  require_holds(r.verdict(), "cube");
  return {{"n", r.n},
          {"positions", r.positions},
          {"table_sha256", r.table_sha256},
          {"table_encoding", r.table_encoding},
          {"max_value", r.max_value},
          {"claims", claims_record(r.claims)}};
}

void read_exhaustive_record(const Json& j, CubeReport& r) {
  r = CubeReport{};
  r.n = j.at("n").get<Heap>();
  r.positions = j.at("positions").get<std::uint64_t>();
  r.table_sha256 = j.at("table_sha256").get<std::string>();
  r.table_encoding = j.at("table_encoding").get<std::string>();
  r.max_value = j.at("max_value").get<Value>();
  r.claims = read_claims(j.at("claims"));
  require_read_holds(r);
}

Json exhaustive_record(const BoxReport& r) {
  require_holds(r.verdict(), "box");
  return {{"name", r.name},
          {"text", r.text},
          {"game", r.game},
          {"size", r.size},
          {"heaps", r.heaps},
          {"positions", r.positions},
          {"table_sha256", r.table_sha256},
          {"max_value", r.max_value},
          {"reachable", r.reachable},
          {"sums", r.sums},
          {"sum_reference_last", r.sum_reference_last},
          {"sum", r.sum},
          {"misere", r.misere},
          {"claims", claims_record(r.claims)},
          {"checks", checks_record(r.checks)}};
}

void read_exhaustive_record(const Json& j, BoxReport& r) {
  r = BoxReport{};
  r.name = j.at("name").get<std::string>();
  r.text = j.at("text").get<std::string>();
  r.game = j.at("game");
  r.size = j.at("size").get<Heap>();
  r.heaps = j.at("heaps").get<std::size_t>();
  r.positions = j.at("positions").get<std::uint64_t>();
  r.table_sha256 = j.at("table_sha256").get<std::string>();
  r.max_value = j.at("max_value").get<Value>();
  r.reachable = j.at("reachable").get<std::uint64_t>();
  r.sums = j.at("sums").get<bool>();
  r.sum_reference_last = j.at("sum_reference_last").get<Heap>();
  r.sum = j.at("sum").get<std::size_t>();
  r.misere = j.at("misere").get<bool>();
  r.claims = read_claims(j.at("claims"));
  r.checks = read_checks(j.at("checks"));
  require_read_holds(r);
}

Json exhaustive_record(const SequenceReport& r) {
  require_holds(r.verdict(), "sequence");
  if (!r.claim_counterexamples.is_null() && !r.claim_counterexamples.empty())
    throw std::logic_error("exhaustive_record: a holding sequence with counterexamples");
  return {{"name", r.name},
          {"text", r.text},
          {"rule", r.rule},
          {"game", r.game},
          {"engines", r.engines},
          {"periodic", checks_record(r.periodic)},
          {"last", r.last},
          {"g_sha256", r.g_sha256},
          {"h_sha256", r.h_sha256},
          {"claims", claims_record(r.claims)},
          {"checks", checks_record(r.checks)},
          {"claim_counterexamples", r.claim_counterexamples},
          {"misere", r.misere},
          {"by_definition", r.by_definition},
          {"quotient", r.quotient},
          {"p_heaps", r.p_heaps},
          {"p_count", r.p_count},
          {"every_n", r.every_n}};
}

void read_exhaustive_record(const Json& j, SequenceReport& r) {
  r = SequenceReport{};
  r.name = j.at("name").get<std::string>();
  r.text = j.at("text").get<std::string>();
  r.rule = j.at("rule").get<std::string>();
  r.game = j.at("game");
  r.engines = j.at("engines");
  r.periodic = read_checks(j.at("periodic"));
  r.last = j.at("last").get<std::uint64_t>();
  r.g_sha256 = j.at("g_sha256").get<std::string>();
  r.h_sha256 = j.at("h_sha256").get<std::string>();
  r.claims = read_claims(j.at("claims"));
  r.checks = read_checks(j.at("checks"));
  r.claim_counterexamples = j.at("claim_counterexamples");
  r.misere = j.at("misere").get<bool>();
  r.by_definition = j.at("by_definition").get<bool>();
  r.quotient = j.at("quotient");
  r.p_heaps = j.at("p_heaps").get<std::vector<std::uint64_t>>();
  r.p_count = j.at("p_count").get<std::uint64_t>();
  r.every_n = j.at("every_n").get<bool>();
  require_read_holds(r);
}

}  // namespace nimcert
