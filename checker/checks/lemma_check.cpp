// Lemma checking (see lemma_check.hpp).
#include "checks/lemma_check.hpp"

#include <fmt/format.h>

#include "checks/enumeration.hpp"
#include "checks/widest_first.hpp"
#include "solve/z3_backend.hpp"
#include "sys/activity.hpp"

namespace nimcert {

std::string canonical_statement(const smt::LemmaSpec& lemma) {
  std::string s;
  for (std::size_t i = 0; i < lemma.hypotheses.size(); ++i)
    s += (i ? " && " : "") + smt::to_string(*lemma.hypotheses[i]);
  if (!s.empty()) s += " -> ";
  return s + smt::to_string(*lemma.conclusion);
}

ExpandedLemma expand_lemma(const smt::LemmaSpec& lemma, const smt::Definitions& definitions) {
  using smt::Op;
  ExpandedLemma x;
  x.conclusion = smt::expand(lemma.conclusion, definitions);
  for (const smt::ExprPtr& h : lemma.hypotheses)
    x.hypotheses.push_back(smt::expand(h, definitions));
  x.implication = x.conclusion;
  if (!x.hypotheses.empty()) {
    smt::ExprPtr h = x.hypotheses[0];
    for (std::size_t i = 1; i < x.hypotheses.size(); ++i)
      h = smt::make_node(Op::And, {h, x.hypotheses[i]});
    x.implication = smt::make_node(Op::Implies, {h, x.conclusion});
  }
  return x;
}

smt::Query lemma_query(const smt::LemmaSpec& lemma, const ExpandedLemma& expanded, unsigned width) {
  return smt::make_query(lemma.variables, expanded.hypotheses, expanded.conclusion, width,
                         "nimcert lemma " + lemma.label + " at width " + std::to_string(width));
}

UnboundedOptions unbounded_options(const CheckOptions& options) {
  UnboundedOptions u;
  u.enabled = options.unbounded;
  u.timeout_ms = options.timeout_ms;
  u.memory_bytes = options.mona_memory_bytes;
  u.mona_binary = options.mona_binary;
  u.reusing = options.mona_answers;
  return u;
}

UnboundedOutcome lemma_for_all_naturals(const smt::LemmaSpec& lemma,
                                        const smt::Definitions& definitions,
                                        const ExpandedLemma& expanded,
                                        const UnboundedOptions& options) {
  return decide_for_all_naturals(lemma.variables, lemma.hypotheses, lemma.conclusion, {},
                                 definitions, expanded.implication,
                                 "nimcert lemma " + lemma.label + " for all naturals", options);
}

namespace {

// What a lemma that holds was proved for, exactly: MONA's every natural, the widths both
// solvers proved, the enumeration's range; then what was not proved, width by width.
std::string scope_of(const smt::LemmaSpec& lemma, const LemmaOutcome& out, bool every_natural) {
  std::vector<std::string> proved, not_proved;
  if (every_natural) proved.push_back("every natural (" + out.unbounded->proved_by() + ")");
  std::vector<std::string> widths, implied;
  for (const WidthOutcome& w : out.widths) {
    if (w.implied_by > 0) {
      implied.push_back(std::to_string(w.width));
      continue;
    }
    if (w.proved()) {
      widths.push_back(std::to_string(w.width));
      continue;
    }
    std::vector<std::string> who;
    if (w.answer != smt::Answer::Unsat)
      who.push_back(fmt::format("z3 {}", smt::answer_name(w.answer)));
    if (w.cvc5.answer != smt::Answer::Unsat)
      who.push_back(fmt::format("cvc5 {}", smt::answer_name(w.cvc5.answer)));
    // The note as the certificate records it (both solvers' notes in one), whichever source
    // gave the answer: a reused answer carries only that joined form.
    const std::string note = smt::joined_note(w.note, w.cvc5.note);
    not_proved.push_back(fmt::format("w = {}: {}{}", w.width, fmt::join(who, ", "),
                                     note.empty() ? "" : " (" + note + ")"));
  }
  // Widths tried after MONA's proof, under a shorter limit: said where they are named.
  const std::string after =
      out.timeout_ms > 0 && lemma.timeout_ms == 0
          ? fmt::format(", tried after MONA's proof under {} ms a query", out.timeout_ms)
          : "";
  if (!widths.empty())
    proved.push_back(fmt::format(
        "every variable below 2^w for w in {{{}}} (Z3 and cvc5{}){}", fmt::join(widths, ", "),
        after,
        implied.empty() ? ""
                        : fmt::format(", hence for w in {{{}}} too", fmt::join(implied, ", "))));
  if (out.drat && out.drat->checked())
    proved.push_back(fmt::format("every variable below 2^{} (a DRAT proof by CaDiCaL, checked by "
                                 "nimcert's DRAT and LRAT checkers)",
                                 out.drat_width));
  if (out.enumeration.verdict == Verdict::Holds)
    proved.push_back(
        fmt::format("every assignment of [{}, {}] (enumeration)", lemma.low, lemma.high));
  std::string scope = fmt::format("{}", fmt::join(proved, ", and "));
  if (!not_proved.empty())
    scope += fmt::format("; not proved{}: {}", widths.empty() ? after : "",
                         fmt::join(not_proved, "; "));
  return scope;
}

}  // namespace

LemmaOutcome check_lemma(const smt::LemmaSpec& lemma, const smt::Definitions& definitions,
                         const CheckOptions& options) {
  LemmaOutcome out;
  out.label = lemma.label;
  out.text = lemma.text;
  out.statement = canonical_statement(lemma);
  out.variables = lemma.variables;
  const ExpandedLemma expanded = expand_lemma(lemma, definitions);
  const smt::Program statement(lemma.variables, {expanded.implication});
  const BothSolvers real(options.cvc5_binary);
  const Solvers& solvers = solvers_of(options, real);

  // MONA first: when it proves the lemma for every natural, the widths are a second opinion
  // on a settled statement, tried under a short limit (bounded_limit).
  if (options.unbounded) {
    smt::set_activity(fmt::format("lemma {}: mona", lemma.label));
    out.unbounded =
        lemma_for_all_naturals(lemma, definitions, expanded, unbounded_options(options));
  }
  const bool proved_unbounded = out.unbounded && out.unbounded->in_fragment &&
                                out.unbounded->verdict() == Verdict::Holds;
  const unsigned limit = bounded_limit(lemma.timeout_ms, options, proved_unbounded);
  if (limit != options.timeout_ms || lemma.timeout_ms > 0) out.timeout_ms = limit;
  bool all_unsat = true, some_counterexample = false;
  std::vector<WidthQueries> queries;
  for (unsigned w : lemma.widths)
    queries.push_back({w,
                       {{lemma_query(lemma, expanded, w), statement,
                         fmt::format("lemma {} w{}", lemma.label, w)}}});
  for (SolvedWidth& width : solve_widest_first(queries, solvers, limit, options.threads, true)) {
    WidthOutcome o;
    o.width = width.width;
    o.implied_by = width.implied_by;
    if (width.implied_by == 0) {
      SolvedQuery& solved = width.answers.at(0);
      o.answer = solved.z3;
      o.cvc5 = solved.cvc5;
      o.seconds = solved.seconds;
      o.note = solved.note;
      if (solved.rechecked) {
        o.counterexample = solved.model;
        some_counterexample = true;
      }
      o.smt2 = std::move(solved.smt2);
    }
    all_unsat = all_unsat && o.proved();
    out.widths.push_back(std::move(o));
  }
  // The DRAT route on the widest width, when both solvers proved it: evidence beside their
  // answers, under its own limit (drat_route.hpp).
  const WidthOutcome* widest = nullptr;
  for (const WidthOutcome& w : out.widths)
    if (w.implied_by == 0 && (!widest || w.width > widest->width)) widest = &w;
  bool routes_disagree = false;
  if (options.drat.enabled && widest && widest->proved()) {
    smt::set_activity(fmt::format("lemma {}: drat w{}", lemma.label, widest->width));
    out.drat = drat_route(widest->smt2, options.drat);
    out.drat_width = widest->width;
    routes_disagree = out.drat->status == DratRoute::kSat;
  }
  smt::set_activity(fmt::format("lemma {}: enumeration", lemma.label));
  out.enumeration = enumerate_lemma(lemma.variables, expanded.implication, lemma.low, lemma.high,
                                    options.threads);
  // A counterexample of any route, confirmed in C++, refutes the lemma; it holds only when
  // every route agrees (MONA's "valid" or a statement outside its fragment).
  const Verdict unbounded = out.unbounded ? out.unbounded->verdict() : Verdict::Holds;
  const bool unbounded_ok =
      !out.unbounded || !out.unbounded->in_fragment || unbounded == Verdict::Holds;
  // MONA's "valid" is a complete route: with no route refuting, the lemma holds for every
  // natural even where a width timed out (its scope then says which widths were not proved).
  // Without it, every width must hold.  The enumeration must hold either way: a lemma whose
  // hypotheses hold at none of its assignments is vacuous there, and zero cases never hold.
  const bool for_all_naturals = out.unbounded && unbounded == Verdict::Holds;
  if (some_counterexample || out.enumeration.verdict == Verdict::Fails ||
      unbounded == Verdict::Fails)
    out.verdict = Verdict::Fails;
  else if (!routes_disagree && out.enumeration.verdict == Verdict::Holds &&
           (for_all_naturals || (all_unsat && !lemma.widths.empty() && unbounded_ok)))
    out.verdict = Verdict::Holds;
  else
    out.verdict = Verdict::Unknown;
  out.scope =
      out.verdict != Verdict::Holds ? std::string() : scope_of(lemma, out, for_all_naturals);
  return out;
}

}  // namespace nimcert
