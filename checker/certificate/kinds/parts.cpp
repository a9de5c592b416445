// JSON pieces shared by several check kinds (see kinds.hpp).
#include "certificate/kinds/kinds.hpp"

namespace nimcert {

Json position_json(const Position& p) {
  Json a = Json::array();
  for (Heap h : p) a.push_back(h);
  return a;
}

Json counterexample_json(const Counterexample& cx) {
  Json j;
  j["position"] = position_json(cx.position);
  j["grundy"] = cx.grundy;
  j["claimed"] = cx.claimed ? Json(*cx.claimed) : Json();
  Json followers = Json::array();
  for (const FollowerValue& f : cx.followers)
    followers.push_back({{"position", position_json(f.position)}, {"value", f.value}});
  j["followers"] = std::move(followers);
  return j;
}

Json claims_json(const std::vector<ClaimOutcome>& claims) {
  Json out = Json::array();
  for (const ClaimOutcome& c : claims) {
    Json j;
    j["name"] = c.name;
    if (!c.text.empty()) j["text"] = c.text;
    j["statement"] = c.statement;
    j["status"] = verdict_name(c.verdict);
    j["cases"] = c.cases;
    if (c.premise_cases) j["premise_cases"] = *c.premise_cases;
    j["counterexample"] = c.counterexample ? counterexample_json(*c.counterexample) : Json();
    if (!c.note.empty()) j["note"] = c.note;
    out.push_back(std::move(j));
  }
  return out;
}

Json checks_json(const std::vector<NamedCheck>& checks) {
  Json out = Json::array();
  for (const NamedCheck& c : checks) {
    Json j = {{"name", c.name},
              {"statement", c.statement},
              {"status", verdict_name(c.verdict)},
              {"cases", c.cases},
              {"counterexample", c.counterexample}};
    if (!c.note.empty()) j["note"] = c.note;
    out.push_back(std::move(j));
  }
  return out;
}

std::string joined_note(const std::string& note, const std::string& cvc5_note) {
  if (note.empty() || cvc5_note.empty()) return note + cvc5_note;
  return note + "; " + cvc5_note;
}

std::string null_or_dump(const Json& j) { return j.is_null() ? std::string() : j.dump(); }

void claim_and_check_entries(const std::string& block, const Json& claims, const Json& checks,
                             const Json& claims_rest_on, const Json& checks_rest_on,
                             std::vector<Entry>& out) {
  for (const Json& claim : claims) {
    const std::string id = block + ": claim " + claim["name"].get<std::string>();
    out.push_back(
        {Entry::Kind::Claim,
         id,
         claim["status"],
         claims_rest_on,
         claim,
         {{EntryRow::Kind::Claim, id, claim["status"], null_or_dump(claim["counterexample"])}}});
  }
  for (const Json& check : checks) {
    const std::string id = block + ": " + check["name"].get<std::string>();
    out.push_back(
        {Entry::Kind::Check,
         id,
         check["status"],
         checks_rest_on,
         check,
         {{EntryRow::Kind::Check, id, check["status"], null_or_dump(check["counterexample"])}}});
  }
}

}  // namespace nimcert
