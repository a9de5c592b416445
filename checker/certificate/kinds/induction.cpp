// An induction step's part of the certificate: per width, each obligation's answers and its
// confirmed counterexample, and the conclusion drawn.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cctype>

#include "base/sha256.hpp"
#include "certificate/kinds/kinds.hpp"
#include "certificate/query_names.hpp"

namespace nimcert {

namespace {

// What the induction proves, before its domain: "G = F" or "(G = 0) <-> P".
std::string conclusion(const InductionOutcome& d) {
  if (d.misere) return "misère: (G = 0) <-> " + d.value;
  return d.win_loss ? "(G = 0) <-> " + d.value : "G = " + d.value;
}

}  // namespace

Json induction_json(const InductionOutcome& d, const CubeReport* cube, const std::string& file) {
  Json j;
  j["claim"] = d.claim;
  j["text"] = d.text;
  j["value"] = d.value;
  if (d.misere)
    j["form"] =
        "win-loss, misère play (the player who cannot move wins): no position without a move "
        "is in P, no move from P to P, and from every position outside P that has a move, a "
        "move into P";
  else if (d.win_loss)
    j["form"] = "win-loss: no move from P to P, a move into P from outside P";
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
    if (w.implied_by > 0) o["implied_by"] = w.implied_by;  // nothing solved at this width
    if (!w.covered_by.empty()) o["covered_by"] = w.covered_by;  // decided by the box instead
    Json obligations = Json::array();
    for (const ObligationOutcome& r : w.obligations) {
      obligations.push_back(obligation_json(r, true));
      if (r.drat)
        obligations.back()["drat"] =
            drat_json(*r.drat, w.width, obligation_proof_path(file, d.claim, w.width, r.name));
    }
    o["obligations"] = std::move(obligations);
    o["conclusion"] =
        w.verdict == Verdict::Holds
            ? conclusion(d) + " on D_" + std::to_string(w.width) +
                  (w.implied_by > 0 ? fmt::format(" (D_{} ⊂ D_{})", w.width, w.implied_by) : "") +
                  (w.covered_by.empty()
                       ? ""
                       : fmt::format(" (D_{} inside the {}, checked at every position)", w.width,
                                     w.covered_by))
            : std::string("not proved");
    o["verdict"] = verdict_name(w.verdict);
    widths.push_back(std::move(o));
  }
  j["widths"] = std::move(widths);
  if (d.unbounded) {
    j["unbounded"] = unbounded_obligations_json(
        *d.unbounded, d.heaps, conclusion(d) + " on N^" + std::to_string(d.heaps), file,
        "induction", d.claim);
    // Every natural once, in the numeration's form (ws1s/translation.hpp).
    if (d.numeration == smt::Numeration::Fibonacci)
      j["unbounded"]["numeration"] = "fibonacci (Zeckendorf: place i is F(i + 2))";
    if (d.numeration == smt::Numeration::OstrowskiSqrt2)
      j["unbounded"]["numeration"] =
          "ostrowski sqrt2 (place i is U_i = 1, 2, 5, 12, 29, ...; digits 0, 1, 2)";
    if (d.numeration == smt::Numeration::OstrowskiTwoWythoff)
      j["unbounded"]["numeration"] =
          "ostrowski 1/(2+sqrt2) (place i is U_i = 1, 3, 7, 17, 41, ...; digits 0, 1, 2)";
  }
  // The exhaustive result for the same claim, side by side.
  Json beside;
  if (cube)
    for (const ClaimOutcome& c : cube->claims)
      if (c.name == d.claim) beside = {{"N", cube->n}, {"status", verdict_name(c.verdict)}};
  j["exhaustive"] = beside;
  j["verdict"] = verdict_name(d.verdict);
  return j;
}

namespace {

// Whether `text` calls the definition `name`: "name(" not preceded by a letter, digit or _.
bool calls(const std::string& text, const std::string& name) {
  for (std::size_t at = text.find(name + "("); at != std::string::npos;
       at = text.find(name + "(", at + 1))
    if (at == 0 || !(std::isalnum(static_cast<unsigned char>(text[at - 1])) || text[at - 1] == '_'))
      return true;
  return false;
}

// For an obligation that did not hold: the definitions its F uses (through other definitions
// too) whose defining lemmas the proof checks only below 2^w, not for every natural.  A
// failure may then be the definition's (a ladder that is exact below 2^64 only), not the
// claim's; the row says so.
std::string bounded_definitions_note(const Json& c, const std::string& value) {
  std::vector<std::string> used, pending{value};
  while (!pending.empty()) {
    const std::string text = pending.back();
    pending.pop_back();
    for (const Json& d : c.value("definitions", Json::array())) {
      const std::string name = d.at("name");
      if (std::find(used.begin(), used.end(), name) == used.end() && calls(text, name)) {
        used.push_back(name);
        pending.push_back(d.at("body"));
      }
    }
  }
  std::vector<std::string> notes;
  for (const Json& lemma : c.value("lemmas", Json::array())) {
    const std::string scope = lemma.value("scope", "");
    if (scope.find("every natural") != std::string::npos) continue;
    unsigned widest = 0;
    for (const Json& w : lemma.at("smt")) widest = std::max(widest, w.at("width").get<unsigned>());
    for (const std::string& name : used)
      if (calls(lemma.at("statement").get<std::string>(), name))
        notes.push_back(fmt::format("F uses {}, which lemma {} checks only below 2^{}", name,
                                    lemma.at("label").get<std::string>(), widest));
  }
  return notes.empty() ? "" : fmt::format("{}", fmt::join(notes, "; "));
}

}  // namespace

void induction_entries(const Json& c, std::vector<Entry>& out) {
  if (!c.contains("induction")) return;
  for (const Json& d : c.at("induction")) {
    const std::string claim = d.at("claim");
    Entry e{Entry::Kind::Induction, "induction " + claim, d.at("verdict"), Json(), d, {}};
    Json z3 = Json::object(), cvc5 = z3;
    for (const Json& w : d.at("widths")) {
      const std::string width = "w" + std::to_string(w.at("width").get<unsigned>());
      if (w.contains("implied_by")) {
        const std::string by = "implied by w" + w.at("implied_by").dump();
        z3[width] = by;
        cvc5[width] = by;
        e.rows.push_back({EntryRow::Kind::Obligation, fmt::format("induction {} {}", claim, width),
                          w.at("verdict"), implied_detail(w)});
        continue;
      }
      if (w.contains("covered_by")) {  // no query posed: the box decided D_w exhaustively
        const std::string by = "covered by " + w.at("covered_by").get<std::string>();
        z3[width] = by;
        cvc5[width] = by;
        e.rows.push_back({EntryRow::Kind::Obligation, fmt::format("induction {} {}", claim, width),
                          w.at("verdict"),
                          fmt::format("D_{} lies inside the {}, where the claim holds at every "
                                      "position; no query posed",
                                      w.at("width").dump(), w.at("covered_by").get<std::string>())});
        continue;
      }
      auto summary = [&](const char* solver) {
        std::size_t unsat = 0;
        for (const Json& o : w.at("obligations")) unsat += o[solver] == "unsat";
        return fmt::format("{} of {} obligations unsat", unsat, w.at("obligations").size());
      };
      z3[width] = summary("z3");
      cvc5[width] = summary("cvc5");
      for (const Json& o : w.at("obligations")) {
        const bool both_unsat = o.at("z3") == "unsat" && o.at("cvc5") == "unsat";
        const std::string status = o.value("refutes_claim", false) ? "fails"
                                   : both_unsat                    ? "holds"
                                                                   : "unknown";
        const std::string obligation = o.at("obligation");
        std::string detail =
            o.at("counterexample").is_null()
                ? fmt::format("z3 {}, cvc5 {}{}", o.at("z3").get<std::string>(),
                              o.at("cvc5").get<std::string>(),
                              o.contains("note") ? "; " + o.at("note").get<std::string>() : "")
                : o.at("counterexample").dump();
        if (status != "holds")
          if (const std::string note = bounded_definitions_note(c, d.at("value")); !note.empty())
            detail += "; " + note;
        if (status == "unknown")  // which query, to rerun it by hand
          detail += "; " + query_pointer(c, induction_query_file(claim, w.at("width"), obligation),
                                         o.value("smt2_sha256", Json()));
        e.rows.push_back({EntryRow::Kind::Obligation,
                          fmt::format("induction {} {}: {}", claim, width, obligation), status,
                          detail,
                          recorded_seconds(c, {"induction_seconds", claim, width, obligation})});
        e.rows.back().query_sha256 = o.value("smt2_sha256", std::string());
        if (o.contains("drat")) {
          e.rows.push_back(drat_row(
              fmt::format("induction {} {}: {}: drat", claim, width, obligation), o.at("drat")));
          e.rows.back().kind = EntryRow::Kind::Obligation;
          e.rows.back().seconds =
              recorded_seconds(c, {"induction_seconds", claim, "drat", obligation});
        }
      }
    }
    if (d.contains("unbounded"))
      unbounded_obligation_rows(c, d.at("unbounded"), "induction " + claim,
                                {"induction_seconds", claim, "mona"}, e.rows);
    e.rests_on = {{"z3", solver_rests_on(c, "z3", z3)},
                  {"cvc5", solver_rests_on(c, "cvc5", cvc5)},
                  {"move_encoding",
                   {{"moves", d.at("moves")},
                    {"cross_checked",
                     {{"against", "the game's follower enumeration, at certify time"},
                      {"box", d.at("move_encoding").at("compared_on")},
                      {"positions", d.at("move_encoding").at("positions")},
                      {"followers", d.at("move_encoding").at("followers")},
                      {"agrees", d.at("move_encoding").at("agrees")}}}}}};
    if (d.contains("unbounded")) {
      const Json& u = d.at("unbounded");
      Json mona = unbounded_rests_on(c, u);
      if (u.contains("conclusion")) mona["conclusion"] = u.at("conclusion");
      e.rests_on["mona"] = std::move(mona);
    }
    out.push_back(std::move(e));
  }
}

}  // namespace nimcert
