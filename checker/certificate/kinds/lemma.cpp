// A lemma's part of the certificate: each width's solver answers and the enumeration.
#include <fmt/format.h>

#include "base/sha256.hpp"
#include "certificate/kinds/kinds.hpp"
#include "certificate/query_names.hpp"

namespace nimcert {

namespace {

}  // namespace

Json lemma_json(const LemmaOutcome& lemma, const std::string& file, const std::string& stem) {
  auto assignment = [&](auto value_of) {
    Json a;
    for (std::size_t i = 0; i < lemma.variables.size(); ++i) a[lemma.variables[i]] = value_of(i);
    return a;
  };
  Json j;
  j["label"] = lemma.label;
  j["text"] = lemma.text;
  j["variables"] = lemma.variables;
  j["statement"] = lemma.statement;
  // Its own limit, or the run's shortened after MONA's proof: the gate keys its answers by it.
  if (lemma.timeout_ms > 0) j["timeout_ms"] = lemma.timeout_ms;
  Json widths = Json::array();
  for (const WidthOutcome& w : lemma.widths) {
    Json o;
    o["width"] = w.width;
    o["domain"] = "every variable < 2^" + std::to_string(w.width);
    if (w.implied_by > 0) {  // no query solved: the widest width's proof covers this domain
      o["implied_by"] = w.implied_by;
      widths.push_back(std::move(o));
      continue;
    }
    o["smt2_sha256"] = Sha256::of(w.smt2);
    o["z3"] = smt::answer_name(w.answer);
    o["cvc5"] = smt::answer_name(w.cvc5.answer);
    o["counterexample"] = w.counterexample ? assignment([&](std::size_t i) {
      return smt::u128_to_string(w.counterexample->at(lemma.variables[i]));
    })
                                           : Json();
    if (const std::string note = smt::joined_note(w.note, w.cvc5.note); !note.empty()) o["note"] = note;
    widths.push_back(std::move(o));
  }
  j["smt"] = std::move(widths);
  const EnumerationOutcome& e = lemma.enumeration;
  Json en;
  en["range"] = {e.low, e.high};
  en["cases"] = e.cases;
  en["premise_cases"] = e.premise_cases;
  en["verdict"] = verdict_name(e.verdict);
  en["counterexample"] =
      e.counterexample ? assignment([&](std::size_t i) { return (*e.counterexample)[i]; }) : Json();
  if (!e.note.empty()) en["note"] = e.note;
  j["enumeration"] = std::move(en);
  if (lemma.unbounded) j["unbounded"] = unbounded_json(*lemma.unbounded, file, stem);
  if (lemma.drat)
    j["drat"] = drat_json(*lemma.drat, lemma.drat_width,
                          lemma_proof_path(file, stem, lemma.drat_width));
  j["verdict"] = verdict_name(lemma.verdict);
  if (!lemma.scope.empty()) j["scope"] = lemma.scope;
  return j;
}

namespace {

Json drat_rests_on(const Json& c, const Json& d) {
  Json out = {{"cadical", c.at("solvers").contains("cadical")
                              ? c.at("solvers").at("cadical").at("version")
                              : Json()},
              {"width", d.at("width")},
              {"status", d.at("status")}};
  if (d.contains("proof")) out["proof_sha256"] = d.at("proof").at("sha256");
  return out;
}

std::string status_of_answer(const Json& answer) {
  if (answer == "unsat") return "holds";
  if (answer == "sat") return "fails";
  return "unknown";
}

}  // namespace

void lemma_entries(const Json& c, std::vector<Entry>& out) {
  const std::vector<std::string> stems = lemma_file_stems(c.at("lemmas"));
  for (std::size_t i = 0; i < stems.size(); ++i) {
    const Json& lemma = c.at("lemmas")[i];
    const std::string label = lemma.at("label");
    Entry e{Entry::Kind::Lemma, "lemma " + label, lemma.at("verdict"), Json(), lemma, {}};
    Json z3 = Json::object(), cvc5 = z3;
    for (const Json& w : lemma.at("smt")) {
      const std::string width = "w" + std::to_string(w.at("width").get<unsigned>());
      if (w.contains("implied_by")) {
        const std::string by = "implied by w" + w.at("implied_by").dump();
        z3[width] = by;
        cvc5[width] = by;
        e.rows.push_back({EntryRow::Kind::Solver, fmt::format("lemma {}: {}", label, width),
                          "holds", implied_detail(w)});
        continue;
      }
      z3[width] = w.at("z3");
      cvc5[width] = w.at("cvc5");
      const std::string note = w.value("note", std::string());
      const std::string cx = null_or_dump(w.at("counterexample"));
      for (const char* solver : {"z3", "cvc5"}) {
        const std::string status = status_of_answer(w[solver]);
        std::string detail = cx.empty() ? note : cx;
        if (status == "unknown")  // a time limit, say: which query, to rerun it by hand
          detail += (detail.empty() ? "" : "; ") +
                    query_pointer(c, lemma_query_file(stems[i], w.at("width")),
                                  w.value("smt2_sha256", Json()));
        e.rows.push_back(
            {EntryRow::Kind::Solver, fmt::format("lemma {}: {} {}", label, solver, width), status,
             detail,
             recorded_seconds(c, {"lemma_seconds", label, std::string(solver) + "_" + width})});
        e.rows.back().query_sha256 = w.value("smt2_sha256", std::string());
      }
    }
    const Json& en = lemma.at("enumeration");
    e.rows.push_back({EntryRow::Kind::Enumeration,
                      fmt::format("lemma {}: enumeration [{},{}]", label, en.at("range")[0].dump(),
                                  en.at("range")[1].dump()),
                      en.at("verdict"),
                      null_or_dump(en.at("counterexample")) + en.value("note", ""),
                      recorded_seconds(c, {"lemma_seconds", label, "enumeration"})});
    if (lemma.contains("unbounded"))
      e.rows.push_back(unbounded_row(fmt::format("lemma {}: mona, every natural", label),
                                     lemma.at("unbounded")));
    if (lemma.contains("unbounded"))
      e.rows.back().seconds = recorded_seconds(c, {"lemma_seconds", label, "mona"});
    if (lemma.contains("unbounded") && lemma.at("unbounded").contains("independent")) {
      e.rows.push_back(independent_row(
          fmt::format("lemma {}: nimcert's automata, every natural", label),
          lemma.at("unbounded").at("independent")));
      e.rows.back().seconds = recorded_seconds(c, {"lemma_seconds", label, "automata"});
    }
    if (lemma.contains("drat")) {
      e.rows.push_back(
          drat_row(fmt::format("lemma {}: drat w{}", label, lemma.at("drat").at("width").dump()),
                   lemma.at("drat")));
      e.rows.back().seconds = recorded_seconds(
          c, {"lemma_seconds", label, "drat_w" + lemma.at("drat").at("width").dump()});
    }
    e.rests_on = {
        {"z3", solver_rests_on(c, "z3", z3)},
        {"cvc5", solver_rests_on(c, "cvc5", cvc5)},
        {"enumeration",
         {{"range", en.at("range")}, {"cases", en.at("cases")}, {"verdict", en.at("verdict")}}}};
    if (lemma.contains("unbounded"))
      e.rests_on["mona"] = unbounded_rests_on(c, lemma.at("unbounded"));
    if (lemma.contains("drat")) e.rests_on["drat"] = drat_rests_on(c, lemma.at("drat"));
    if (lemma.contains("scope")) e.rests_on["scope"] = lemma.at("scope");
    out.push_back(std::move(e));
  }
}

}  // namespace nimcert
