// An induction step's part of the certificate: per width, each obligation's answers and its
// confirmed counterexample, and the conclusion drawn.
#include <fmt/format.h>

#include "base/sha256.hpp"
#include "certificate/kinds/kinds.hpp"

namespace nimcert {

Json induction_json(const InductionOutcome& d, const CubeReport* cube) {
  Json j;
  j["claim"] = d.claim;
  j["text"] = d.text;
  j["value"] = d.value;
  j["moves"] = d.moves;
  j["completeness"] = d.hinted ? "witness hints" : "quantified over each move's parameters";
  j["hints"] = d.hints;
  if (!d.case_split.empty()) j["case_split"] = d.case_split;  // (b) split on a value
  if (d.timeout_ms > 0) j["timeout_ms"] = d.timeout_ms;       // the proof file's own limit
  j["move_encoding"] = {{"compared_on", d.move_check.box},
                        {"positions", d.move_check.positions},
                        {"followers", d.move_check.followers},
                        {"agrees", d.move_check.agrees},
                        {"disagreement", d.move_check.disagreement}};
  Json widths = Json::array();
  for (const InductionWidth& w : d.widths) {
    Json o;
    o["width"] = w.width;
    o["domain"] = "D_" + std::to_string(w.width) + " = {X : x1 + ... + xk < 2^" +
                  std::to_string(w.width) + "}";
    Json obligations = Json::array();
    for (const ObligationOutcome& r : w.obligations) {
      Json x;
      x["obligation"] = r.name;
      x["smt2_sha256"] = Sha256::of(r.smt2);
      x["z3"] = smt::answer_name(r.z3);
      x["cvc5"] = smt::answer_name(r.cvc5.answer);
      x["counterexample"] = r.counterexample ? *r.counterexample : Json();
      if (r.counterexample) x["refutes_claim"] = r.refutes;
      if (const std::string note = joined_note(r.note, r.cvc5.note); !note.empty())
        x["note"] = note;
      obligations.push_back(std::move(x));
    }
    o["obligations"] = std::move(obligations);
    o["conclusion"] = w.verdict == Verdict::Holds
                          ? "G = " + d.value + " on D_" + std::to_string(w.width)
                          : std::string("not proved");
    o["verdict"] = verdict_name(w.verdict);
    widths.push_back(std::move(o));
  }
  j["widths"] = std::move(widths);
  // The exhaustive result for the same claim, side by side.
  Json beside;
  if (cube)
    for (const ClaimOutcome& c : cube->claims)
      if (c.name == d.claim) beside = {{"N", cube->n}, {"status", verdict_name(c.verdict)}};
  j["exhaustive"] = beside;
  j["verdict"] = verdict_name(d.verdict);
  return j;
}

void induction_entries(const Json& c, std::vector<Entry>& out) {
  if (!c.contains("induction")) return;
  for (const Json& d : c["induction"]) {
    const std::string claim = d["claim"];
    Entry e{Entry::Kind::Induction, "induction " + claim, d["verdict"], Json(), d, {}};
    Json z3 = Json::object(), cvc5 = z3;
    for (const Json& w : d["widths"]) {
      const std::string width = "w" + std::to_string(w["width"].get<unsigned>());
      auto summary = [&](const char* solver) {
        std::size_t unsat = 0;
        for (const Json& o : w["obligations"]) unsat += o[solver] == "unsat";
        return fmt::format("{} of {} obligations unsat", unsat, w["obligations"].size());
      };
      z3[width] = summary("z3");
      cvc5[width] = summary("cvc5");
      for (const Json& o : w["obligations"]) {
        const bool both_unsat = o["z3"] == "unsat" && o["cvc5"] == "unsat";
        const std::string status = o.value("refutes_claim", false) ? "fails"
                                   : both_unsat                    ? "holds"
                                                                   : "unknown";
        e.rows.push_back(
            {EntryRow::Kind::Obligation,
             fmt::format("induction {} {}: {}", claim, width, o["obligation"].get<std::string>()),
             status,
             o["counterexample"].is_null()
                 ? fmt::format("z3 {}, cvc5 {}{}", o["z3"].get<std::string>(),
                               o["cvc5"].get<std::string>(),
                               o.contains("note") ? "; " + o["note"].get<std::string>() : "")
                 : o["counterexample"].dump()});
      }
    }
    e.rests_on = {{"z3", {{"version", c["solvers"]["z3"]["version"]}, {"answers", z3}}},
                  {"cvc5", {{"version", c["solvers"]["cvc5"]["version"]}, {"answers", cvc5}}},
                  {"move_encoding",
                   {{"moves", d["moves"]},
                    {"cross_checked",
                     {{"against", "the game's follower enumeration, at certify time"},
                      {"box", d["move_encoding"]["compared_on"]},
                      {"positions", d["move_encoding"]["positions"]},
                      {"followers", d["move_encoding"]["followers"]},
                      {"agrees", d["move_encoding"]["agrees"]}}}}}};
    out.push_back(std::move(e));
  }
}

}  // namespace nimcert
