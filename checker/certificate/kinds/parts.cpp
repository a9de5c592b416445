// JSON pieces shared by several check kinds (see kinds.hpp).
#include <fmt/format.h>

#include "automata/universality.hpp"
#include "base/counted.hpp"
#include "base/sha256.hpp"
#include "certificate/kinds/kinds.hpp"
#include "certificate/query_names.hpp"

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
  for (const FollowerValue& f : cx.followers) {
    if (f.parts.size() < 2) {
      followers.push_back({{"position", position_json(f.position)}, {"value", f.value}});
      continue;
    }
    Json parts = Json::array();  // a sum of positions, worth the xor of their values
    for (const Position& q : f.parts) parts.push_back(position_json(q));
    followers.push_back({{"parts", std::move(parts)}, {"value", f.value}});
  }
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
    if (c.failures.count > 0) {
      j["failures"] = c.failures.count;
      j["first_failures"] = c.failures.first;
    }
    j["counterexample"] = c.counterexample ? counterexample_json(*c.counterexample) : Json();
    if (!c.note.empty()) j["note"] = c.note;
    if (!c.scope.empty()) j["scope"] = c.scope;
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
    if (c.record.is_object())
      for (const auto& [key, value] : c.record.items()) j[key] = value;
    out.push_back(std::move(j));
  }
  return out;
}

Json outside_fragment_json(const std::string& term, smt::SourceLocation at,
                           const std::string& file) {
  return {{"engine", "mona"},
          {"answer", "not in the unbounded fragment"},
          {"term", term},
          {"at", fmt::format("{}:{}:{}", file, at.line, at.column)}};
}

Json independent_json(const IndependentCheck& c, const std::string& file,
                      const std::string& evidence_stem) {
  Json j;
  j["checker"] = automata::kCheckerName;
  j["status"] = c.status;
  if (c.checked()) {
    j["states"] = c.states;
    j["automata"] = {{"premise", c.premise_states}, {"goal", c.goal_states}};
    j["sha256"] = c.sha256;
    j["evidence"] = {{"file", evidence_path(file, evidence_stem, c.sha256)},
                     {"bytes", c.evidence.size()}};
  }
  if (c.counterexample) {
    Json cx;
    for (const auto& [v, value] : *c.counterexample) cx[v] = value;
    j["counterexample"] = std::move(cx);
  }
  if (!c.note.empty()) j["note"] = c.note;
  return j;
}

EntryRow independent_row(const std::string& name, const Json& x) {
  const std::string status = x.at("status");
  if (status == IndependentCheck::kChecked)
    return {EntryRow::Kind::Solver, name, "holds",
            fmt::format("{}, the statement true at every one ({}; SHA-256 {}...)",
                        count_of(x.at("states").get<std::size_t>(), "pair of states",
                                 "pairs of states"), x.at("evidence").at("file").get<std::string>(),
                        x.at("sha256").get<std::string>().substr(0, 12))};
  if (status == IndependentCheck::kCounterexample)
    return {EntryRow::Kind::Solver, name, "unknown",
            "a counterexample: " + x.at("counterexample").dump()};
  return {EntryRow::Kind::Solver, name, "skipped",
          status + (x.contains("note") ? ": " + x.at("note").get<std::string>() : "")};
}

Json unbounded_json(const UnboundedOutcome& u, const std::string& file,
                    const std::string& evidence_stem) {
  if (!u.in_fragment) return outside_fragment_json(u.outside, u.outside_at, file);
  Json j;
  j["engine"] = "mona";
  j["domain"] = "every natural";
  j["mona_sha256"] = Sha256::of(u.mona);
  j["answer"] = smt::mona_answer_name(u.answer);
  j["largest_automaton"] = {{"states", u.states}, {"bdd_nodes", u.bdd_nodes}};
  Json cx;
  if (u.counterexample)
    for (const auto& [v, value] : *u.counterexample) cx[v] = value;
  j["counterexample"] = cx;
  if (u.independent) j["independent"] = independent_json(*u.independent, file, evidence_stem);
  if (u.disagree) j["routes_disagree"] = true;
  if (!u.note.empty()) j["note"] = u.note;
  return j;
}

EntryRow unbounded_row(const std::string& name, const Json& u) {
  const std::string answer = u.at("answer");
  if (answer == "not in the unbounded fragment")
    return {EntryRow::Kind::Solver, name, "skipped",
            "not in the unbounded fragment: " + u.at("term").get<std::string>()};
  const bool refuted = u.at("counterexample").is_object() && !u.at("counterexample").empty();
  if (u.value("routes_disagree", false))
    return {EntryRow::Kind::Solver, name, "unknown", u.value("note", std::string())};
  return {EntryRow::Kind::Solver, name,
          answer == "valid" ? "holds"
          : refuted         ? "fails"
                            : "unknown",
          refuted ? u.at("counterexample").dump() : u.value("note", std::string())};
}

Json unbounded_rests_on(const Json& c, const Json& u) {
  Json mona = c.at("solvers").contains("mona") ? c.at("solvers").at("mona") : Json::object();
  Json out = {{"version", mona.value("version", Json())}, {"answer", u.at("answer")}};
  if (u.contains("domain")) out["domain"] = u.at("domain");
  if (u.contains("at")) out["at"] = u.at("at");
  if (u.contains("independent")) {  // nimcert's automata on the same statements
    const Json& x = u.at("independent");
    out["independent"] = {{"checker", x.at("checker")}, {"status", x.at("status")}};
    if (x.contains("states")) out["independent"]["states"] = x.at("states");
  }
  return out;
}

std::string null_or_dump(const Json& j) { return j.is_null() ? std::string() : j.dump(); }

Json solver_rests_on(const Json& certificate, const std::string& solver, const Json& answers) {
  const Json& recorded = certificate.at("solvers").at(solver);
  Json j = {{"version", recorded.at("version")}};
  if (recorded.contains("options")) j["options"] = recorded.at("options");
  if (!answers.is_null()) j["answers"] = answers;
  return j;
}

std::string implied_detail(const Json& width) {
  const std::string by = width.at("implied_by").dump();
  return fmt::format(
      "implied by w = {}: its domain ({}) lies inside w = {}'s, where Z3 and cvc5 proved every "
      "query; not solved here",
      by, width.at("domain").get<std::string>(), by);
}

double recorded_seconds(const Json& certificate, const std::vector<std::string>& path) {
  if (!certificate.contains("run")) return -1;
  const Json* j = &certificate.at("run");
  for (const std::string& key : path) {
    if (!j->is_object() || !j->contains(key)) return -1;
    j = &j->at(key);
  }
  if (j->is_number()) return j->get<double>();
  if (!j->is_object()) return -1;
  double sum = 0;
  for (const auto& [k, v] : j->items())
    if (v.is_number()) sum += v.get<double>();
  return sum;
}

void mark_reused(const Json& certificate, const std::string& block, std::vector<Entry>& out,
                 std::size_t from) {
  if (!certificate.contains("run")) return;
  const Json& run = certificate.at("run");
  if (!run.contains("reused") || !run.at("reused").contains(block)) return;
  const Json& source = run.at("reused").at(block);
  if (!source.is_string()) return;
  for (std::size_t i = from; i < out.size(); ++i)
    for (EntryRow& r : out[i].rows) r.reused_from = source.get<std::string>();
}

std::string query_pointer(const Json& certificate, const std::string& file, const Json& sha256) {
  const std::string stem = proof_stem(certificate.at("proof").at("file"));
  const std::string digest = sha256.is_string() ? sha256.get<std::string>() : "";
  return fmt::format("query {}/{} (sha256 {}...), which nimcert export-smt2 writes", stem, file,
                     digest.substr(0, 12));
}

std::string position_text(const Json& coordinates) {
  std::string s;
  for (const Json& c : coordinates) s += (s.empty() ? "" : ",") + c.dump();
  return "(" + s + ")";
}

std::string claim_detail(const Json& claim) {
  if (!claim.contains("failures")) return claim.value("note", "");
  const std::uint64_t failures = claim.at("failures"), cases = claim.at("cases");
  std::string first;
  for (const Json& p : claim.at("first_failures")) first += " " + position_text(p);
  const std::size_t shown = claim.at("first_failures").size();
  return fmt::format("fails at {} of {} {}, {}{}; counterexample: {}", failures, cases,
                     cases == 1 ? "position" : "positions",
                     shown == failures ? "at" : fmt::format("the first {}", shown), first,
                     null_or_dump(claim.at("counterexample")));
}

void claim_and_check_entries(const std::string& block, const Json& claims, const Json& checks,
                             const Json& claims_rest_on, const Json& checks_rest_on, double seconds,
                             std::vector<Entry>& out) {
  for (const Json& claim : claims) {
    const std::string id = block + ": claim " + claim.at("name").get<std::string>();
    out.push_back(
        {Entry::Kind::Claim,
         id,
         claim.at("status"),
         claims_rest_on,
         claim,
         {{EntryRow::Kind::Claim, id, claim.at("status"), claim_detail(claim), seconds}}});
  }
  for (const Json& check : checks) {
    const std::string id = block + ": " + check.at("name").get<std::string>();
    out.push_back(
        {Entry::Kind::Check,
         id,
         check.at("status"),
         checks_rest_on,
         check,
         {{EntryRow::Kind::Check, id, check.at("status"),
           check.at("counterexample").is_null()
               ? check.value("scope", check.value("note", std::string()))
               : null_or_dump(check.at("counterexample")),
           seconds}}});
  }
}

Json drat_json(const DratRoute& d, unsigned width, const std::string& proof_path) {
  Json j;
  j["width"] = width;
  j["status"] = d.status;
  if (!d.note.empty()) j["note"] = d.note;
  if (!d.cnf_sha256.empty()) {
    j["cnf"] = {{"sha256", d.cnf_sha256},
                {"bytes", d.cnf_bytes},
                {"variables", d.variables},
                {"clauses", d.clauses}};
    if (d.checked()) j["cnf"]["file"] = with_extension(proof_path, ".cnf");
  }
  if (!d.proof_sha256.empty()) {
    Json p;
    if (d.checked()) p["file"] = proof_path;
    p["sha256"] = d.proof_sha256;
    p["bytes"] = d.proof_bytes;
    if (d.checked()) {
      p["lemmas"] = d.lemmas;
      p["core_lemmas"] = d.core_lemmas;
      p["rat_lemmas"] = d.rat_lemmas;
      p["lrat_bytes"] = d.lrat_bytes;
    }
    j["proof"] = std::move(p);
  }
  if (d.checked()) j["checkers"] = "nimcert DRAT (backward, RAT, core-first, kept trail) and LRAT";
  return j;
}

EntryRow drat_row(const std::string& name, const Json& d) {
  const std::string status = d.at("status");
  std::string detail = status;
  if (d.contains("note")) detail += ": " + d.at("note").get<std::string>();
  if (status == DratRoute::kChecked)
    detail = fmt::format(
        "{} ({}; {}), CNF of {} and {}", d.at("proof").at("file").get<std::string>(),
        count_of(d.at("proof").at("bytes").get<std::uint64_t>(), "byte"),
        proof_counts(d.at("proof").at("lemmas").get<std::uint64_t>(),
                     d.at("proof").at("core_lemmas").get<std::uint64_t>(),
                     d.at("proof").at("rat_lemmas").get<std::uint64_t>()),
        count_of(d.at("cnf").at("variables").get<std::uint64_t>(), "variable"),
        count_of(d.at("cnf").at("clauses").get<std::uint64_t>(), "clause"));
  const bool no_proof = status.starts_with("no checked proof");
  return {EntryRow::Kind::Solver, name,
          status == DratRoute::kChecked ? "holds"
          : no_proof                    ? "skipped"
                                        : "unknown",
          detail};
}

Json obligation_json(const ObligationOutcome& o, bool with_refutes) {
  Json x;
  x["obligation"] = o.name;
  x["smt2_sha256"] = Sha256::of(o.smt2);
  x["z3"] = smt::answer_name(o.z3);
  x["cvc5"] = smt::answer_name(o.cvc5.answer);
  x["counterexample"] = o.counterexample ? *o.counterexample : Json();
  if (with_refutes && o.counterexample) x["refutes_claim"] = o.refutes;
  if (const std::string note = smt::joined_note(o.note, o.cvc5.note); !note.empty()) x["note"] = note;
  return x;
}

Json unbounded_obligations_json(const UnboundedInduction& u, std::size_t heaps,
                                const std::string& proved, const std::string& file,
                                const std::string& kind, const std::string& block) {
  if (!u.in_fragment) {
    Json j = outside_fragment_json(u.outside, u.outside_at, file);
    j["verdict"] = "unknown";
    return j;
  }
  Json j;
  j["engine"] = "mona";
  j["domain"] = "N^" + std::to_string(heaps) + ", every position";
  bool valid = true, refuted = false, independent = !u.obligations.empty();
  std::uint64_t pairs = 0;
  for (const UnboundedObligation& o : u.obligations) {
    valid = valid && o.outcome.answer == smt::MonaRun::Answer::Valid;
    refuted = refuted || o.refutes;
    independent = independent && o.outcome.independent && o.outcome.independent->checked();
    if (o.outcome.independent) pairs += o.outcome.independent->states;
  }
  j["answer"] = valid ? "valid" : refuted ? "counterexample" : "unknown";
  j["completeness"] = "quantified over each move's parameters";
  if (!u.obligations.empty() && u.obligations.front().outcome.independent)
    j["independent"] = {{"checker", automata::kCheckerName},
                        {"status", independent ? IndependentCheck::kChecked : "not every obligation checked"},
                        {"obligations", u.obligations.size()},
                        {"states", pairs}};
  Json obligations = Json::array();
  for (const UnboundedObligation& o : u.obligations) {
    Json x = unbounded_json(o.outcome, file, obligation_evidence_stem(kind, block, o.name));
    x.erase("engine");
    x.erase("domain");
    Json entry = {{"obligation", o.name}};
    // An obligation that reads none of the named numeration's built-ins is decided in binary.
    if (o.numeration != u.numeration) entry["numeration"] = smt::numeration_name(o.numeration);
    entry.update(x);
    entry["counterexample"] = o.counterexample ? *o.counterexample : Json();
    if (o.counterexample) entry["refutes_claim"] = o.refutes;
    obligations.push_back(std::move(entry));
  }
  j["obligations"] = std::move(obligations);
  j["conclusion"] = u.verdict == Verdict::Holds ? proved : std::string("not proved");
  j["verdict"] = verdict_name(u.verdict);
  return j;
}

void unbounded_obligation_rows(const Json& c, const Json& u, const std::string& id,
                               const std::vector<std::string>& seconds_path,
                               std::vector<EntryRow>& rows) {
  if (u.at("answer") == "not in the unbounded fragment") {
    rows.push_back({EntryRow::Kind::Obligation, id + " every position", "skipped",
                    "not in the unbounded fragment: " + u.at("term").get<std::string>()});
    return;
  }
  for (const Json& o : u.at("obligations")) {
    const std::string name = o.at("obligation");
    EntryRow row = unbounded_row(fmt::format("{} every position: {}", id, name), o);
    row.kind = EntryRow::Kind::Obligation;
    std::vector<std::string> path = seconds_path;
    path.push_back(name);
    row.seconds = recorded_seconds(c, path);
    if (!o.value("refutes_claim", false) && row.status == "fails") row.status = "unknown";
    rows.push_back(std::move(row));
    if (o.contains("independent")) {
      EntryRow automata = independent_row(
          fmt::format("{} every position: {} (nimcert's automata)", id, name), o.at("independent"));
      automata.kind = EntryRow::Kind::Obligation;
      path[path.size() - 2] = "automata";
      automata.seconds = recorded_seconds(c, path);
      rows.push_back(std::move(automata));
    }
  }
}

}  // namespace nimcert
