// A declared game's rules in the certificate: the enumeration that checked every move on a
// small box, the engine its shape selects (held against the declaration), and (7) and (n)
// per move kind and width, recorded as an induction's obligations are.
#include <fmt/format.h>

#include "base/sha256.hpp"
#include "certificate/kinds/kinds.hpp"

namespace nimcert {

Json rules_json(const RulesReport& r, const std::string& file) {
  Json j;
  j["game"] = r.game;
  if (!r.declaration.is_null()) {  // a built-in game's preset, held against its own engine
    j["preset_declaration"] = r.declaration;
    j["built_in"] = {{"compared_on", r.box},
                     {"values_compared", r.values_compared},
                     {"agrees", r.built_in_agrees},
                     {"disagreement", r.built_in_disagreement}};
  }
  // A preset's rules are those of the built-in game, whose rank is the default.
  j["rank"] =
      r.rank.empty() ? "x1 + ... + xk + #{i : xi > 0} (stones plus nonempty heaps)" : r.rank;
  j["enumerated"] = {{"box", r.box},
                     {"positions", r.positions},
                     {"followers", r.followers},
                     {"violation", r.violation ? Json(*r.violation) : Json()}};
  j["engine"] = r.engine;
  j["engine_agrees"] = r.shape_agrees;
  j["disagreement"] = r.shape_disagreement;
  Json widths = Json::array();
  for (const InductionWidth& w : r.widths) {
    Json obligations = Json::array();
    for (const ObligationOutcome& o : w.obligations)
      obligations.push_back(obligation_json(o, false));
    Json o = {{"width", w.width},
              {"domain", fmt::format("D_{0} = {{X : x1 + ... + xk < 2^{0}}}", w.width)}};
    if (w.implied_by > 0) o["implied_by"] = w.implied_by;  // nothing solved at this width
    o["obligations"] = std::move(obligations);
    o["verdict"] = verdict_name(w.verdict);
    widths.push_back(std::move(o));
  }
  j["widths"] = std::move(widths);
  if (r.timeout_ms > 0) j["timeout_ms"] = r.timeout_ms;  // the declaration's own limit
  if (r.unbounded)
    j["unbounded"] = unbounded_obligations_json(
        *r.unbounded, r.heaps,
        "every move lowers the rank and leads to a position, on N^" + std::to_string(r.heaps), file,
        "rules", r.game);
  if (!r.needs_solvers)
    j["solvers"] =
        "not asked: the built-in game's engine is hand-written, and each induction "
        "over it poses (7) for its own move encoding";
  j["verdict"] = verdict_name(r.verdict());
  return j;
}

void rules_entries(const Json& c, std::vector<Entry>& out) {
  if (!c.contains("rules")) return;
  for (const Json& r : c.at("rules")) {
    const std::string game = r.at("game");
    Entry e{Entry::Kind::Rules, "rules " + game, r.at("verdict"), Json(), r, {}};
    const Json& box = r.at("enumerated");
    e.rows.push_back({EntryRow::Kind::Enumeration,
                      e.id + ": every move on " + box.at("box").get<std::string>(),
                      box.at("violation").is_null() ? "holds" : "fails",
                      box.at("violation").is_null() ? "" : box.at("violation").get<std::string>()});
    e.rows.push_back({EntryRow::Kind::Check, e.id + ": engine",
                      r.at("engine_agrees") ? "holds" : "fails",
                      r.at("engine_agrees") ? "" : r.at("disagreement").dump()});
    if (r.contains("built_in")) {
      const Json& b = r.at("built_in");
      e.rows.push_back({EntryRow::Kind::Check, e.id + ": the built-in engine",
                        b.at("agrees") ? "holds" : "fails",
                        b.at("agrees") ? "" : b.at("disagreement").dump(),
                        recorded_seconds(c, {"check_seconds", e.id})});
    }
    for (const Json& w : r.at("widths")) {
      if (w.contains("implied_by"))
        e.rows.push_back({EntryRow::Kind::Obligation,
                          fmt::format("{} w{}", e.id, w.at("width").dump()), w.at("verdict"),
                          implied_detail(w)});
      for (const Json& o : w.at("obligations")) {
        const bool unsat = o.at("z3") == "unsat" && o.at("cvc5") == "unsat";
        e.rows.push_back(
            {EntryRow::Kind::Obligation,
             fmt::format("{} w{}: {}", e.id, w.at("width").dump(),
                         o.at("obligation").get<std::string>()),
             !o.at("counterexample").is_null() ? "fails"
             : unsat                           ? "holds"
                                               : "unknown",
             !o.at("counterexample").is_null()
                 ? o.at("counterexample").dump()
                 : fmt::format("z3 {}, cvc5 {}{}", o.at("z3").get<std::string>(),
                               o.at("cvc5").get<std::string>(),
                               o.contains("note") ? "; " + o.at("note").get<std::string>() : ""),
             recorded_seconds(c, {"rules_seconds", game, "w" + w.at("width").dump(),
                                  o.at("obligation").get<std::string>()})});
        e.rows.back().query_sha256 = o.value("smt2_sha256", std::string());
      }
    }
    if (r.contains("unbounded"))
      unbounded_obligation_rows(c, r.at("unbounded"), e.id, {"rules_seconds", game, "mona"},
                                e.rows);
    e.rests_on = {
        {"enumeration",
         {{"engine", "the C++ evaluator over every move at every position"},
          {"box", box.at("box")},
          {"positions", box.at("positions")},
          {"followers", box.at("followers")}}},
        {"engine",
         {{"choice", r.at("engine")}, {"agrees_with_declaration", r.at("engine_agrees")}}}};
    if (r.contains("built_in")) e.rests_on["built_in"] = r.at("built_in");
    if (!r.at("widths").empty()) {
      e.rests_on["z3"] = solver_rests_on(c, "z3", Json());
      e.rests_on["cvc5"] = solver_rests_on(c, "cvc5", Json());
    }
    if (r.contains("unbounded")) {
      const Json& u = r.at("unbounded");
      Json mona = unbounded_rests_on(c, u);
      if (u.contains("conclusion")) mona["conclusion"] = u.at("conclusion");
      e.rests_on["mona"] = std::move(mona);
    }
    out.push_back(std::move(e));
  }
}

}  // namespace nimcert
