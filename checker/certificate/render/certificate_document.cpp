// What `nimcert show` shows of a certificate, and in which order (see document.hpp).
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>

#include "base/counted.hpp"
#include "certificate/entries.hpp"
#include "certificate/kinds/kinds.hpp"
#include "certificate/query_names.hpp"
#include "certificate/render/document.hpp"

namespace nimcert {

namespace {

using Json = nlohmann::ordered_json;

std::string text_of(const Json& j) {
  if (j.is_null()) return "";
  if (j.is_string()) return j.get<std::string>();
  return j.dump();
}

// A verdict's scope in one line per part: what each engine covered ("exhaustive: cube
// [0,1024]^3, 1076890625 positions"), from an entry's rests_on.
std::vector<std::vector<std::string>> evidence_rows(const Json& rests_on) {
  std::vector<std::vector<std::string>> rows;
  if (!rests_on.is_object()) return rows;
  for (const auto& [part, what] : rests_on.items()) {
    std::string line;
    if (what.is_object())
      for (const auto& [k, v] : what.items())
        line += (line.empty() ? "" : "; ") + k + " " + text_of(v);
    else
      line = text_of(what);
    rows.push_back({part, line});
  }
  return rows;
}

// A counterexample as tables: the position, its true and claimed values, and every follower
// with its value (the true value is their mex, checkable by hand).
void counterexample_tables(Document& d, const Json& cx) {
  if (!cx.is_object() || !cx.contains("position")) return;
  // Played misère, the values are outcomes (N with no move or a move to P, else P).
  const bool misere = cx.contains("misere_outcome");
  const char* value_key = misere ? "misere_outcome" : "value";
  d.paragraph(misere ? "Counterexample (misère: N when it has no move or a move to a P-position, "
                       "else P):"
                     : "Counterexample (its value is the mex of its followers' values):");
  d.table({"position", misere ? "misère outcome (true)" : "G (true)", "claimed"},
          {{position_text(cx.at("position")),
            text_of(cx.value(misere ? "misere_outcome" : "grundy", Json())),
            text_of(cx.value("claimed", Json()))}});
  std::vector<std::vector<std::string>> followers;
  for (const Json& f : cx.value("followers", Json::array())) {
    std::string follower;  // a position, or a sum of positions "(1) + (5)"
    if (f.contains("parts"))
      for (const Json& q : f.at("parts"))
        follower += (follower.empty() ? "" : " + ") + position_text(q);
    else
      follower = position_text(f.at("position"));
    followers.push_back({follower, text_of(f.at(value_key))});
  }
  if (!followers.empty()) d.table({"follower", misere ? "misère outcome" : "G"}, followers);
}

// The claims of a block with their counterexamples, from the certificate's own records.
void claim_counterexamples(Document& d, const Json& claims) {
  for (const Json& claim : claims)
    if (claim.value("status", "") == "fails") {
      d.heading(3, "claim " + claim.at("name").get<std::string>() + ": where it fails", "fails");
      if (claim.contains("failures")) {
        std::vector<std::vector<std::string>> first;
        for (const Json& p : claim.at("first_failures")) first.push_back({position_text(p)});
        d.paragraph(fmt::format(
            "Fails at {} of {} positions examined; the first {}:", claim.at("failures").dump(),
            claim.at("cases").dump(), first.size()));
        d.table({"position"}, first);
      }
      counterexample_tables(d, claim.at("counterexample"));
    }
}

// The file's game: a declared game's moves as the declaration reads them, one row each (an
// octal game's as its code expands); a built-in game by its parameters.
void game_paragraph(Document& d, const Json& game) {
  const Json& parameters = game.at("parameters");
  const Json moves = parameters.is_object() ? parameters.value("moves", Json()) : Json();
  if (!moves.is_array()) {
    d.paragraph(
        fmt::format("Game: {} with parameters {}.", text_of(game.at("name")), parameters.dump()));
    return;
  }
  std::vector<std::vector<std::string>> rows;
  for (const Json& m : moves)
    rows.push_back(m.is_object()
                       ? std::vector<std::string>{text_of(m.at("name")), text_of(m.at("rule"))}
                       : std::vector<std::string>{text_of(m), ""});
  if (parameters.contains("octal")) {
    d.paragraph(
        fmt::format("Game: {}, the octal game {}: one heap; a follower of two heaps is "
                    "worth the xor of their values (Sprague-Grundy). Its moves:",
                    text_of(game.at("name")), text_of(parameters.at("octal"))));
    for (auto& r : rows) r.pop_back();
    d.table({"move"}, rows);
    return;
  }
  d.paragraph(fmt::format("Game: {}, declared on {} heaps. Its moves:", text_of(game.at("name")),
                          parameters.value("heaps", Json()).dump()));
  d.table({"move", "rule"}, rows);
}

// A misère quotient as papers print it: its presentation, P-portion and heap images (the
// pretending function), or why none was found.
void quotient_paragraphs(Document& d, const Json& quotient) {
  if (!quotient.is_object()) return;
  if (quotient.value("found", true) == false) {
    d.paragraph(fmt::format("No misère quotient was found ({}); the outcomes are the "
                            "definition's, for single heaps only.",
                            text_of(quotient.value("search_stopped", Json()))));
    return;
  }
  if (!quotient.contains("presentation")) return;
  std::vector<std::string> p_words;
  for (const Json& w : quotient.value("p_words", Json::array())) p_words.push_back(text_of(w));
  d.paragraph(fmt::format("Its misère quotient, {} elements, {} in P: Q = {}, P = {{{}}}.",
                          text_of(quotient.value("elements", Json())),
                          text_of(quotient.value("p_portion", Json())),
                          text_of(quotient.at("presentation").value("text", Json())),
                          fmt::join(p_words, ", ")));
  const Json& images = quotient.value("heap_images", Json::object());
  std::vector<std::string> words;
  for (const Json& w : images.value("words", Json::array())) words.push_back(text_of(w));
  std::string period;
  if (images.contains("period"))
    period = fmt::format(" ({})", text_of(images.at("period").value("scope", Json())));
  else if (images.contains("observed_period"))
    period = fmt::format(" ({})", text_of(images.at("observed_period").value("scope", Json())));
  d.paragraph(fmt::format("Heap images from heap 0: {}{}.", fmt::join(words, " "), period));
}

void statement_section(Document& d, const Json& c) {
  d.heading(2, "Statement");
  // Each game once, its moves as the declaration reads them; a box then names its game.
  std::vector<Json> shown;
  auto show_game = [&](const Json& game) {
    if (std::find(shown.begin(), shown.end(), game) != shown.end()) return;
    shown.push_back(game);
    game_paragraph(d, game);
  };
  const Json& game = c.at("game");
  if (!game.is_null()) show_game(game);
  for (const Json& box : c.value("boxes", Json::array())) {
    show_game(box.at("game"));
    d.paragraph(fmt::format(
        "Box {}: game {}{}, on {}.", text_of(box.at("name")), text_of(box.at("game").at("name")),
        box.contains("sum_of")
            ? fmt::format(", the sum of {} copies {}", text_of(box.at("sum_of")),
                          box.contains("play") ? "played misère" : "(Sprague-Grundy)")
            : "",
        text_of(box.at("box"))));
  }
  for (const Json& q : c.value("sequences", Json::array()))
    if (q.contains("game") && q.value("play", "") == "misère") {
      d.paragraph(fmt::format(
          "Sequence {}: the misère outcomes g(n) of one heap of {} (octal {}), played misère "
          "(the player who cannot move wins; g = 0 at P, 1 at N, not a Grundy value), n in {}.",
          text_of(q.value("name", Json())), text_of(q.at("game").at("name")),
          text_of(q.at("game").at("parameters").at("octal")), text_of(q.value("range", Json()))));
      quotient_paragraphs(d, q.value("quotient", Json()));
    } else if (q.contains("game"))
      d.paragraph(fmt::format("Sequence {}: the values g(n) of {} (octal {}), n in {}.",
                              text_of(q.value("name", Json())), text_of(q.at("game").at("name")),
                              text_of(q.at("game").at("parameters").at("octal")),
                              text_of(q.value("range", Json()))));
    else
      d.paragraph(fmt::format("Sequence {}: Maximum and Minimum Nim with f(n) = {}, n in {}.",
                              text_of(q.value("name", Json())), text_of(q.value("rule", Json())),
                              text_of(q.value("range", Json()))));
  for (const Json& induction : c.value("induction", Json::array()))
    if (induction.contains("moves")) {
      std::string moves;
      for (const Json& m : induction.at("moves")) moves += (moves.empty() ? "" : ", ") + text_of(m);
      d.paragraph(
          fmt::format("Moves of the induction for {}: {}.", text_of(induction.at("claim")), moves));
    }
  std::vector<std::vector<std::string>> definitions;
  for (const Json& def : c.value("definitions", Json::array())) {
    std::string params;
    for (const Json& p : def.at("parameters")) params += (params.empty() ? "" : ", ") + text_of(p);
    definitions.push_back({text_of(def.at("name")) + "(" + params + ")", text_of(def.at("body"))});
  }
  if (!definitions.empty()) d.table({"definition", "body"}, definitions);
}

// Whether nimcert's automata checked an unbounded part (or a ledger's record of one).
bool independently_checked(const Json& unbounded) {
  return unbounded.contains("independent") &&
         unbounded.at("independent").value("status", "") == "checked";
}

// The routes that stand behind a lemma's verdict, each named once: Z3 and cvc5 at the widths
// both proved, the checked DRAT proof, MONA for every natural, the enumeration.
std::string lemma_routes(const Json& lemma) {
  std::vector<std::string> routes, solved, implied;
  for (const Json& w : lemma.at("smt")) {
    if (w.contains("implied_by"))
      implied.push_back(w.at("width").dump());
    else if (w.value("z3", "") == "unsat" && w.value("cvc5", "") == "unsat")
      solved.push_back(w.at("width").dump());
  }
  if (!solved.empty())
    routes.push_back(fmt::format("Z3 and cvc5 at w = {}{}", fmt::join(solved, ", "),
                                 implied.empty() ? ""
                                                 : fmt::format(" (implying w = {})",
                                                               fmt::join(implied, ", "))));
  if (lemma.contains("drat")) {
    const Json& d = lemma.at("drat");
    routes.push_back(d.at("status") == "checked"
                         ? fmt::format("a DRAT proof at w = {} checked by nimcert",
                                       d.at("width").dump())
                         : fmt::format("no DRAT proof at w = {} ({})", d.at("width").dump(),
                                       text_of(d.at("status"))));
  }
  if (lemma.contains("unbounded") && lemma.at("unbounded").value("answer", "") == "valid")
    routes.push_back("MONA for every natural");
  if (lemma.contains("unbounded") && independently_checked(lemma.at("unbounded")))
    routes.push_back(fmt::format(
        "nimcert's automata for every natural ({})",
        count_of(lemma.at("unbounded").at("independent").at("states").get<std::size_t>(),
                 "pair of states", "pairs of states")));
  if (lemma.at("enumeration").value("verdict", "") == "holds")
    routes.push_back("the enumeration of " + lemma.at("enumeration").at("range").dump());
  return routes.empty() ? "none" : fmt::format("{}", fmt::join(routes, "; "));
}

// What a check covers, in a few words, from what it rests on: the positions or values of an
// exhaustive check, MONA's conclusion for every position, the solvers' widths, or the scope the
// certificate states.
std::string covers(const Entry& e) {
  const Json& r = e.rests_on;
  if (!r.is_object()) return "";
  if (r.contains("scope") && r.at("scope").is_string()) return text_of(r.at("scope"));
  std::vector<std::string> parts;
  if (e.body.contains("scope") && e.body.at("scope").is_string())
    parts.push_back(text_of(e.body.at("scope")));
  if (r.contains("mona") && r.at("mona").value("answer", "") == "valid" &&
      r.at("mona").contains("conclusion"))
    parts.push_back(text_of(r.at("mona").at("conclusion")) +
                    (independently_checked(r.at("mona")) ? " (MONA and nimcert's automata)"
                                                         : " (MONA)"));
  if (r.contains("z3") && r.at("z3").contains("answers") && r.at("z3").at("answers").is_object()) {
    std::vector<std::string> widths;  // "w8: 6 of 7 obligations unsat", as Z3 answered
    for (const auto& [w, answer] : r.at("z3").at("answers").items())
      widths.push_back(w + ": " + text_of(answer));
    if (!widths.empty()) parts.push_back(fmt::format("Z3 {}", fmt::join(widths, ", ")));
  }
  for (const char* where : {"exhaustive", "enumeration"})
    if (r.contains(where) && r.at(where).is_object()) {
      const Json& x = r.at(where);
      const std::string prefix = std::string(where) == "enumeration" ? "enumerated on " : "";
      std::string on = x.contains("cube")    ? text_of(x.at("cube"))
                       : x.contains("box")   ? prefix + text_of(x.at("box"))
                       : x.contains("range") ? prefix + text_of(x.at("range"))
                                             : "";
      if (x.contains("sum_of"))
        on += fmt::format(" as the sum of {} one-heap games{}", text_of(x.at("sum_of")),
                          x.contains("play") ? "" : " (Sprague-Grundy)");
      if (x.contains("play")) on += " played " + text_of(x.at("play"));  // misère outcomes
      if (!on.empty()) parts.push_back(on);
    }
  for (const char* sequence : {"values", "recurrences"})
    if (r.contains(sequence) && r.at(sequence).contains("range"))
      parts.push_back("n in " + text_of(r.at(sequence).at("range")));
  return fmt::format("{}", fmt::join(parts, "; "));
}

// What holds on which domain, first: every check with its status and what it covers, failures
// first, then unknowns, then the rest.
void summary_section(Document& d, const Json& c) {
  d.heading(2, "Summary");
  std::vector<Entry> entries = entries_of(c);
  order_failures_first(entries);
  std::vector<std::vector<std::string>> summary;
  for (const Entry& e : entries)
    if (!e.status.empty()) summary.push_back({e.status, e.id, covers(e)});
  d.table({"status", "check", "covers"}, summary);
}

// Every check, failures first, then unknowns, then the rest in the certificate's order.
void checks_section(Document& d, const Json& c) {
  d.heading(2, "Checks");
  std::vector<Entry> entries = entries_of(c);
  order_failures_first(entries);
  for (const Entry& e : entries) {
    if (e.kind == Entry::Kind::Table) {
      d.heading(3, e.id);
      std::vector<std::vector<std::string>> rows;
      for (const auto& [k, v] : e.body.items()) rows.push_back({k, text_of(v)});
      d.table({"field", "value"}, rows);
      continue;
    }
    d.heading(3, e.id, e.status);
    if (e.body.contains("text")) d.paragraph(text_of(e.body.at("text")));
    if (e.body.contains("statement")) d.paragraph("Statement: " + text_of(e.body.at("statement")));
    if (e.body.contains("scope")) d.paragraph("Scope: " + text_of(e.body.at("scope")));
    if (e.kind == Entry::Kind::Lemma) d.paragraph("Routes: " + lemma_routes(e.body) + ".");
    std::vector<std::vector<std::string>> rows;
    for (const EntryRow& r : e.rows) rows.push_back({r.name, r.status, r.detail});
    if (!rows.empty()) d.table({"evidence", "status", "detail"}, rows);
    const auto evidence = evidence_rows(e.rests_on);
    if (!evidence.empty()) d.table({"rests on", "what"}, evidence);
  }
}

void counterexamples_section(Document& d, const Json& c) {
  Document part;
  if (c.contains("exhaustive") && c.at("exhaustive").is_object())
    claim_counterexamples(part, c.at("exhaustive").at("claims"));
  for (const Json& box : c.value("boxes", Json::array()))
    claim_counterexamples(part, box.at("claims"));
  for (const Json& q : c.value("sequences", Json::array()))
    claim_counterexamples(part, q.at("claims"));
  if (part.blocks.empty()) return;
  d.heading(2, "Counterexamples");
  d.blocks.insert(d.blocks.end(), part.blocks.begin(), part.blocks.end());
}

void ledger_section(Document& d, const Json& c) {
  d.heading(2, "Trust ledger");
  d.paragraph(
      "What each verdict rests on: the engines and solvers that decided it, and their scope.");
  std::vector<std::vector<std::string>> rows;
  for (const Json& t : c.value("trust", Json::array())) {
    std::string parts;
    for (const auto& row : evidence_rows(t.at("rests_on")))
      parts += (parts.empty() ? "" : " | ") + row[0] + ": " + row[1];
    rows.push_back({text_of(t.at("check")), text_of(t.at("verdict")), parts});
  }
  d.table({"check", "status", "rests on"}, rows);
}

// Each query's file (as export-smt2 and export-mona name them) and the SHA-256 of its text.
void queries_section(Document& d, const Json& c) {
  const std::string stem = proof_stem(text_of(c.at("proof").at("file")));
  std::vector<std::vector<std::string>> rows;
  const Json lemmas = c.value("lemmas", Json::array());
  const auto stems = lemma_file_stems(lemmas);
  for (std::size_t i = 0; i < stems.size(); ++i) {
    const Json& l = lemmas[i];
    const std::string check = "lemma " + text_of(l.at("label"));
    for (const Json& w : l.at("smt"))
      if (!w.contains("implied_by"))  // an implied width's query was not posed
        rows.push_back({check, stem + "/" + lemma_query_file(stems[i], w.at("width")),
                        text_of(w.value("smt2_sha256", Json()))});
    if (l.contains("unbounded") && l.at("unbounded").contains("mona_sha256"))
      rows.push_back({check, stem + "/" + lemma_mona_file(stems[i]),
                      text_of(l.at("unbounded").at("mona_sha256"))});
    if (l.contains("drat") && l.at("drat").contains("proof") &&
        l.at("drat").at("proof").contains("file"))
      rows.push_back({check, text_of(l.at("drat").at("proof").at("file")) + " (beside the certificate)",
                      text_of(l.at("drat").at("proof").at("sha256"))});
  }
  for (const Json& ind : c.value("induction", Json::array())) {
    const std::string claim = text_of(ind.at("claim"));
    for (const Json& w : ind.at("widths"))
      for (const Json& o : w.at("obligations"))
        rows.push_back(
            {"induction " + claim,
             stem + "/" + induction_query_file(claim, w.at("width"), text_of(o.at("obligation"))),
             text_of(o.value("smt2_sha256", Json()))});
    if (ind.contains("unbounded"))
      for (const Json& o : ind.at("unbounded").value("obligations", Json::array()))
        rows.push_back({"induction " + claim,
                        stem + "/" + induction_mona_file(claim, text_of(o.at("obligation"))),
                        text_of(o.value("mona_sha256", Json()))});
  }
  if (rows.empty()) return;
  d.heading(2, "Queries");
  d.paragraph(
      "nimcert export-smt2 and nimcert export-mona write these files; each one's SHA-256 "
      "is that of the text the solvers were given.  The DRAT proofs are CaDiCaL's, kept in a "
      "folder beside the certificate; nimcert verify --drat checks them again.");
  d.table({"check", "file", "sha256"}, rows);
}

}  // namespace

Document certificate_document(const Json& c) {
  Document d;
  const std::string proof = text_of(c.at("proof").at("file"));
  d.title = "nimcert certificate: " + proof;
  const std::string verdict = text_of(c.at("verdict"));
  d.heading(1, d.title, verdict);
  d.paragraph(fmt::format(
      "Verdict: {}. Proof file {} (sha256 {}), checked by nimcert {}; certificate format {}.",
      verdict, proof, text_of(c.at("proof").at("sha256")), text_of(c.at("nimcert_version")),
      c.at("format_version").dump()));
  const Json& s = c.at("solvers");
  d.paragraph(fmt::format(
      "Solvers: Z3 {} (seed {}), cvc5 {} ({}), MONA {}; time limit {} ms per query. "
      "\"holds\" means: true at every position or assignment the check covers, as its scope "
      "says (a bounded check never speaks for larger values).",
      text_of(s.at("z3").at("version")), text_of(s.at("z3").at("seed")),
      text_of(s.at("cvc5").at("version")),
      s.at("cvc5").contains("options") ? text_of(s.at("cvc5").at("options")) : "defaults",
      text_of(s.at("mona").at("version")), text_of(s.at("timeout_ms"))));
  if (s.contains("cadical"))
    d.paragraph(fmt::format(
        "DRAT route: each lemma's widest query bit-blasted by nimcert, CaDiCaL {} ({}) writing "
        "the proof, nimcert's DRAT and LRAT checkers checking it; proofs above {} bytes are not "
        "checked (\"no checked proof (size)\").",
        text_of(s.at("cadical").at("version")),
        s.at("cadical").contains("options") ? text_of(s.at("cadical").at("options")) : "defaults",
        text_of(s.at("cadical").at("proof_limit_bytes"))));
  summary_section(d, c);
  statement_section(d, c);
  checks_section(d, c);
  counterexamples_section(d, c);
  ledger_section(d, c);
  queries_section(d, c);
  if (c.contains("run")) {
    d.heading(2, "Run");
    d.paragraph(fmt::format("Not part of what is certified: {:.1f} s on {} ({}, commit {}).",
                            c.at("run").value("seconds", 0.0),
                            text_of(c.at("run").value("host", Json())),
                            text_of(c.at("run").value("compiler", Json())),
                            text_of(c.at("run").value("git_commit", Json()))));
  }
  return d;
}

}  // namespace nimcert
