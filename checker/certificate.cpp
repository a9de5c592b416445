// Building the certificate JSON (see certificate.hpp).
#include "certificate.hpp"

#include <fmt/format.h>
#include <unistd.h>
#include <z3.h>

#include <build_info.hpp>
#include <string>

#include "sha256.hpp"

namespace nimcert {

namespace {

nlohmann::ordered_json position_json(const Position& p) {
  nlohmann::ordered_json a = nlohmann::ordered_json::array();
  for (Heap h : p) a.push_back(h);
  return a;
}

// The check's own note and cvc5's, in one string.
std::string joined_note(const std::string& note, const std::string& cvc5_note) {
  if (note.empty() || cvc5_note.empty()) return note + cvc5_note;
  return note + "; " + cvc5_note;
}

std::string host_name() {
  char name[256] = {0};
  if (gethostname(name, sizeof name - 1) != 0) return "unknown";
  return name;
}

// Per verdict, what it rests on: the solvers with their versions and answers, the
// enumeration's range, the cube's size.  Built from the certificate's own entries, so it
// cannot say more than they do.
nlohmann::ordered_json trust_ledger(const nlohmann::ordered_json& c) {
  nlohmann::ordered_json ledger = nlohmann::ordered_json::array();
  if (!c["exhaustive"].is_null()) {
    const auto& cube = c["exhaustive"];
    for (const auto& claim : cube["claims"])
      ledger.push_back({{"check", "claim " + claim["name"].get<std::string>()},
                        {"verdict", claim["status"]},
                        {"rests_on",
                         {{"exhaustive",
                           {{"engine", "exact mex sweep (never reads the claim)"},
                            {"cube", "[0," + std::to_string(cube["N"].get<unsigned>()) + "]^3"},
                            {"positions", cube["positions"]},
                            {"table_sha256", cube["table_sha256"]}}}}}});
  }
  for (const auto& b : c["boxes"]) {
    for (const auto& claim : b["claims"])
      ledger.push_back({{"check", "box " + b["name"].get<std::string>() + ": claim " +
                                      claim["name"].get<std::string>()},
                        {"verdict", claim["status"]},
                        {"rests_on",
                         {{"exhaustive",
                           {{"engine", "dense mex over the box (never reads the claim)"},
                            {"box", b["box"]},
                            {"positions", b["positions"]},
                            {"table_sha256", b["table_sha256"]}}}}}});
    for (const auto& check : b["checks"])
      ledger.push_back({{"check", "box " + b["name"].get<std::string>() + ": " +
                                      check["name"].get<std::string>()},
                        {"verdict", check["status"]},
                        {"rests_on", {{"exhaustive", {{"box", b["box"]}}}}}});
  }
  for (const auto& q : c["sequences"]) {
    auto entry = [&](const std::string& what, const nlohmann::ordered_json& status) {
      ledger.push_back({{"check", "sequence " + q["name"].get<std::string>() + ": " + what},
                        {"verdict", status},
                        {"rests_on",
                         {{"recurrences",
                           {{"rule", q["rule"]},
                            {"range", q["range"]},
                            {"g_sha256", q["g_sha256"]},
                            {"h_sha256", q["h_sha256"]}}}}}});
    };
    for (const auto& claim : q["claims"])
      entry("claim " + claim["name"].get<std::string>(), claim["status"]);
    for (const auto& check : q["checks"]) entry(check["name"].get<std::string>(), check["status"]);
  }
  for (const auto& lemma : c["lemmas"]) {
    nlohmann::ordered_json z3 = nlohmann::ordered_json::object(), cvc5 = z3;
    for (const auto& w : lemma["smt"]) {
      const std::string width = "w" + std::to_string(w["width"].get<unsigned>());
      z3[width] = w["z3"];
      cvc5[width] = w["cvc5"];
    }
    const auto& e = lemma["enumeration"];
    ledger.push_back(
        {{"check", "lemma " + lemma["label"].get<std::string>()},
         {"verdict", lemma["verdict"]},
         {"rests_on",
          {{"z3", {{"version", c["solvers"]["z3"]["version"]}, {"answers", z3}}},
           {"cvc5", {{"version", c["solvers"]["cvc5"]["version"]}, {"answers", cvc5}}},
           {"enumeration",
            {{"range", e["range"]}, {"cases", e["cases"]}, {"verdict", e["verdict"]}}}}}});
  }
  for (const auto& d : c["induction"]) {
    nlohmann::ordered_json z3 = nlohmann::ordered_json::object(), cvc5 = z3;
    for (const auto& w : d["widths"]) {
      const std::string width = "w" + std::to_string(w["width"].get<unsigned>());
      auto summary = [&](const char* solver) {
        std::size_t unsat = 0;
        for (const auto& o : w["obligations"]) unsat += o[solver] == "unsat";
        return fmt::format("{} of {} obligations unsat", unsat, w["obligations"].size());
      };
      z3[width] = summary("z3");
      cvc5[width] = summary("cvc5");
    }
    ledger.push_back(
        {{"check", "induction " + d["claim"].get<std::string>()},
         {"verdict", d["verdict"]},
         {"rests_on",
          {{"z3", {{"version", c["solvers"]["z3"]["version"]}, {"answers", z3}}},
           {"cvc5", {{"version", c["solvers"]["cvc5"]["version"]}, {"answers", cvc5}}},
           {"move_encoding",
            {{"moves", d["moves"]},
             {"cross_checked", "against the game's follower enumeration (tests)"}}}}}});
  }
  return ledger;
}

}  // namespace

std::string z3_version() {
  unsigned major = 0, minor = 0, build = 0, revision = 0;
  Z3_get_version(&major, &minor, &build, &revision);
  return std::to_string(major) + "." + std::to_string(minor) + "." + std::to_string(build);
}

nlohmann::ordered_json counterexample_json(const Counterexample& cx) {
  nlohmann::ordered_json j;
  j["position"] = position_json(cx.position);
  j["grundy"] = cx.grundy;
  j["claimed"] = cx.claimed ? nlohmann::ordered_json(*cx.claimed) : nlohmann::ordered_json();
  nlohmann::ordered_json followers = nlohmann::ordered_json::array();
  for (const FollowerValue& f : cx.followers)
    followers.push_back({{"position", position_json(f.position)}, {"value", f.value}});
  j["followers"] = std::move(followers);
  return j;
}

namespace {

// Each claim's name, text, statement, status and counterexample (cube, boxes, sequences).
nlohmann::ordered_json claims_json(const std::vector<ClaimOutcome>& claims) {
  nlohmann::ordered_json out = nlohmann::ordered_json::array();
  for (const ClaimOutcome& c : claims) {
    nlohmann::ordered_json j;
    j["name"] = c.name;
    if (!c.text.empty()) j["text"] = c.text;
    j["statement"] = c.statement;
    j["status"] = c.holds ? "holds" : "fails";
    j["counterexample"] =
        c.counterexample ? counterexample_json(*c.counterexample) : nlohmann::ordered_json();
    out.push_back(std::move(j));
  }
  return out;
}

}  // namespace

nlohmann::ordered_json cube_report_json(const CubeReport& report) {
  nlohmann::ordered_json cube;
  cube["N"] = report.n;
  cube["positions"] = report.positions;
  cube["table_encoding"] = "little-endian uint32 at index ((x*(N+1))+y)*(N+1)+z over [0,N]^3";
  cube["table_sha256"] = report.table_sha256;
  cube["max_value"] = report.max_value;
  cube["claims"] = claims_json(report.claims);
  cube["verdict"] = report.holds() ? "holds" : "fails";
  return cube;
}

nlohmann::ordered_json lemma_json(const smt::LemmaOutcome& lemma) {
  auto assignment = [&](auto value_of) {
    nlohmann::ordered_json a;
    for (std::size_t i = 0; i < lemma.variables.size(); ++i) a[lemma.variables[i]] = value_of(i);
    return a;
  };
  nlohmann::ordered_json j;
  j["label"] = lemma.label;
  j["text"] = lemma.text;
  j["variables"] = lemma.variables;
  j["statement"] = lemma.statement;
  nlohmann::ordered_json widths = nlohmann::ordered_json::array();
  for (const smt::WidthOutcome& w : lemma.widths) {
    nlohmann::ordered_json o;
    o["width"] = w.width;
    o["domain"] = "every variable < 2^" + std::to_string(w.width);
    o["smt2_sha256"] = Sha256::of(w.smt2);
    o["z3"] = smt::answer_name(w.answer);
    o["cvc5"] = smt::answer_name(w.cvc5.answer);
    o["counterexample"] = w.counterexample ? assignment([&](std::size_t i) {
      return smt::u128_to_string(w.counterexample->at(lemma.variables[i]));
    })
                                           : nlohmann::ordered_json();
    if (const std::string note = joined_note(w.note, w.cvc5.note); !note.empty()) o["note"] = note;
    widths.push_back(std::move(o));
  }
  j["smt"] = std::move(widths);
  const smt::EnumerationOutcome& e = lemma.enumeration;
  nlohmann::ordered_json en;
  en["range"] = {e.low, e.high};
  en["cases"] = e.cases;
  en["verdict"] = smt::verdict_name(e.verdict);
  en["counterexample"] = e.counterexample
                             ? assignment([&](std::size_t i) { return (*e.counterexample)[i]; })
                             : nlohmann::ordered_json();
  if (!e.note.empty()) en["note"] = e.note;
  j["enumeration"] = std::move(en);
  j["verdict"] = smt::verdict_name(lemma.verdict);
  return j;
}

nlohmann::ordered_json induction_json(const InductionOutcome& d, const CubeReport* cube) {
  nlohmann::ordered_json j;
  j["claim"] = d.claim;
  j["text"] = d.text;
  j["value"] = d.value;
  j["moves"] = d.moves;
  j["completeness"] = d.hinted ? "witness hints" : "quantified over each move's parameters";
  j["hints"] = d.hints;
  if (!d.case_split.empty()) j["case_split"] = d.case_split;  // (b) split on a value
  if (d.timeout_ms > 0) j["timeout_ms"] = d.timeout_ms;       // the proof file's own limit
  nlohmann::ordered_json widths = nlohmann::ordered_json::array();
  for (const InductionWidth& w : d.widths) {
    nlohmann::ordered_json o;
    o["width"] = w.width;
    o["domain"] = "D_" + std::to_string(w.width) + " = {X : x1 + ... + xk < 2^" +
                  std::to_string(w.width) + "}";
    nlohmann::ordered_json obligations = nlohmann::ordered_json::array();
    for (const ObligationOutcome& r : w.obligations) {
      nlohmann::ordered_json x;
      x["obligation"] = r.name;
      x["smt2_sha256"] = Sha256::of(r.smt2);
      x["z3"] = smt::answer_name(r.z3);
      x["cvc5"] = smt::answer_name(r.cvc5.answer);
      x["counterexample"] = r.counterexample ? *r.counterexample : nlohmann::ordered_json();
      if (const std::string note = joined_note(r.note, r.cvc5.note); !note.empty())
        x["note"] = note;
      obligations.push_back(std::move(x));
    }
    o["obligations"] = std::move(obligations);
    o["conclusion"] = w.verdict == smt::Verdict::Holds
                          ? "G = " + d.value + " on D_" + std::to_string(w.width)
                          : std::string("not proved");
    o["verdict"] = smt::verdict_name(w.verdict);
    widths.push_back(std::move(o));
  }
  j["widths"] = std::move(widths);
  // The exhaustive result for the same claim, side by side.
  nlohmann::ordered_json beside;
  if (cube)
    for (const ClaimOutcome& c : cube->claims)
      if (c.name == d.claim) beside = {{"N", cube->n}, {"status", c.holds ? "holds" : "fails"}};
  j["exhaustive"] = beside;
  j["verdict"] = smt::verdict_name(d.verdict);
  return j;
}

namespace {

nlohmann::ordered_json checks_json(const std::vector<NamedCheck>& checks) {
  nlohmann::ordered_json out = nlohmann::ordered_json::array();
  for (const NamedCheck& c : checks)
    out.push_back({{"name", c.name},
                   {"statement", c.statement},
                   {"status", c.holds ? "holds" : "fails"},
                   {"counterexample", c.counterexample}});
  return out;
}

}  // namespace

nlohmann::ordered_json box_json(const BoxReport& b) {
  nlohmann::ordered_json j;
  j["name"] = b.name;
  j["text"] = b.text;
  j["game"] = b.game;
  j["box"] = "[0," + std::to_string(b.size) + "]^" + std::to_string(b.heaps);
  j["positions"] = b.positions;
  j["table_encoding"] = "little-endian uint32 in lexicographic order of (x1, ..., xk)";
  j["table_sha256"] = b.table_sha256;
  j["max_value"] = b.max_value;
  j["claims"] = claims_json(b.claims);
  j["checks"] = checks_json(b.checks);
  j["verdict"] = b.holds() ? "holds" : "fails";
  return j;
}

nlohmann::ordered_json sequence_json(const SequenceReport& q) {
  nlohmann::ordered_json j;
  j["name"] = q.name;
  j["text"] = q.text;
  j["rule"] = q.rule;
  j["range"] = {0, q.last};
  j["g_sha256"] = q.g_sha256;
  j["h_sha256"] = q.h_sha256;
  j["encoding"] =
      "g_n (Maximum Nim, recurrence (1)) and h_n (Minimum Nim) as little-endian uint32, n = "
      "0..last";
  nlohmann::ordered_json claims = claims_json(q.claims);
  for (auto& c : claims)
    if (q.claim_counterexamples.contains(c["name"].get<std::string>()))
      c["counterexample"] = q.claim_counterexamples[c["name"].get<std::string>()];
  j["claims"] = std::move(claims);
  j["checks"] = checks_json(q.checks);
  j["verdict"] = q.holds() ? "holds" : "fails";
  return j;
}

nlohmann::ordered_json make_certificate(const ProofReport& report, const RunInfo& run) {
  nlohmann::ordered_json c;
  c["format"] = "nimcert-certificate";
  c["format_version"] = kCertificateFormatVersion;
  c["nimcert_version"] = build::version;
  c["solvers"] = {{"z3", {{"version", z3_version()}, {"seed", smt::kZ3Seed}}},
                  {"cvc5", {{"version", report.cvc5_version}}},
                  {"timeout_ms", report.timeout_ms}};
  c["proof"] = {{"file", report.proof_name}, {"sha256", report.proof_sha256}};
  c["game"] = report.game ? nlohmann::ordered_json{{"name", report.game->name()},
                                                   {"parameters", report.game->parameters()}}
                          : nlohmann::ordered_json();
  nlohmann::ordered_json definitions = nlohmann::ordered_json::array();
  for (const auto& [name, d] : report.proof.definitions)
    definitions.push_back(
        {{"name", name}, {"parameters", d.parameters}, {"body", smt::to_string(*d.body)}});
  c["definitions"] = std::move(definitions);
  c["exhaustive"] = report.cube ? cube_report_json(*report.cube) : nlohmann::ordered_json();
  nlohmann::ordered_json lemmas = nlohmann::ordered_json::array();
  for (const auto& l : report.lemmas) lemmas.push_back(lemma_json(l));
  nlohmann::ordered_json boxes = nlohmann::ordered_json::array();
  for (const auto& b : report.boxes) boxes.push_back(box_json(b));
  c["boxes"] = std::move(boxes);
  nlohmann::ordered_json sequences = nlohmann::ordered_json::array();
  for (const auto& q : report.sequences) sequences.push_back(sequence_json(q));
  c["sequences"] = std::move(sequences);
  c["lemmas"] = std::move(lemmas);
  nlohmann::ordered_json inductions = nlohmann::ordered_json::array();
  for (const auto& d : report.inductions)
    inductions.push_back(induction_json(d, report.cube ? &*report.cube : nullptr));
  c["induction"] = std::move(inductions);
  c["trust"] = trust_ledger(c);
  c["verdict"] = smt::verdict_name(report.verdict());
  c["stable_sha256"] = stable_digest(c);
  nlohmann::ordered_json lemma_seconds;
  for (const auto& l : report.lemmas) {
    nlohmann::ordered_json t;
    for (const auto& w : l.widths) t["z3_w" + std::to_string(w.width)] = w.seconds;
    t["enumeration"] = l.enumeration.seconds;
    // Which evaluator enumerated: a machine without a compiler differs here, not in the verdict.
    t["enumeration_engine"] = l.enumeration.native ? "native" : "batch";
    if (!l.enumeration.engine_note.empty())
      t["enumeration_engine_note"] = l.enumeration.engine_note;
    lemma_seconds[l.label] = std::move(t);
  }
  nlohmann::ordered_json induction_seconds;
  for (const auto& d : report.inductions)
    for (const auto& w : d.widths)
      for (const auto& o : w.obligations)
        induction_seconds[d.claim]["w" + std::to_string(w.width)][o.name] = {
            {"z3", o.seconds}, {"cvc5", o.cvc5.seconds}};
  c["run"] = {{"git_commit", build::git_commit},
              {"compiler", build::compiler},
              {"host", host_name()},
              {"seconds", run.seconds},
              {"lemma_seconds", std::move(lemma_seconds)},
              {"induction_seconds", std::move(induction_seconds)}};
  return c;
}

nlohmann::ordered_json stable_part(nlohmann::ordered_json certificate) {
  certificate.erase("run");
  return certificate;
}

std::string stable_digest(nlohmann::ordered_json certificate) {
  certificate.erase("run");
  certificate.erase("stable_sha256");
  return Sha256::of(certificate_text(certificate));
}

std::string certificate_text(const nlohmann::ordered_json& certificate) {
  return certificate.dump(2) + "\n";
}

}  // namespace nimcert
