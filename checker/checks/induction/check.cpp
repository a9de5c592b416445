// Solving and confirming the induction step's obligations (see check.hpp).
#include "checks/induction/check.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "base/parallel_for.hpp"
#include "checks/induction/confirm.hpp"
#include "checks/lemma_check.hpp"
#include "solve/z3_backend.hpp"
#include "sys/activity.hpp"

namespace nimcert {

namespace {

// The game's moves, or an error when it has no symbolic encoding.
std::vector<SymbolicMove> moves_of(const Game& game) {
  std::vector<SymbolicMove> moves = game.symbolic_moves();
  if (moves.empty())
    throw std::invalid_argument(game.describe() + " has no symbolic move encoding");
  return moves;
}

// An obligation as a query waiting for the solvers.
PendingQuery pending(const smt::InductionSpec& spec, const Obligation& o, unsigned w) {
  return {obligation_query(spec, o, w), obligation_statement(o),
          fmt::format("induction {} w{}: {}", spec.claim, w, o.name)};
}

// An obligation's answers, and, when refuted, the counterexample confirmed by the game (one
// thread at a time: the game is not asked from several).
ObligationOutcome outcome_of(const Obligation& o, const SolvedQuery& solved, const smt::Program& f,
                             const Game& game) {
  ObligationOutcome r = ObligationOutcome::answered(o.name, solved);
  if (solved.model)
    if (const auto confirmed = confirm_with_game(o, *solved.model, f, game, r.note)) {
      r.counterexample = confirmed->counterexample;
      r.refutes = confirmed->refutes_claim;
    }
  return r;
}

// The DRAT route on each obligation of the widest width that was solved and holds, two at a
// time: a satisfiable CNF where both solvers answered unsat makes that width unknown (the routes
// disagree), as a lemma's does.
void drat_route_of_widest(const std::string& claim, std::vector<InductionWidth>& widths,
                          const DratOptions& options) {
  InductionWidth* widest = nullptr;
  for (InductionWidth& w : widths)
    if (w.implied_by == 0 && w.covered_by.empty() && w.verdict == Verdict::Holds &&
        (!widest || w.width > widest->width))
      widest = &w;
  if (!widest) return;
  std::vector<ObligationOutcome>& obligations = widest->obligations;
  parallel_for(obligations.size(), 2, [&](std::size_t i) {
    ObligationOutcome& o = obligations[i];
    if (o.z3 != smt::Answer::Unsat || o.cvc5.answer != smt::Answer::Unsat) return;
    smt::set_activity(fmt::format("induction {}: drat w{} {}", claim, widest->width, o.name));
    o.drat = drat_route(o.smt2, options);
  });
  for (const ObligationOutcome& o : obligations)
    if (o.drat && o.drat->status == DratRoute::kSat) widest->verdict = Verdict::Unknown;
}

// A decimal natural as u128, when it fits.
std::optional<smt::u128> as_u128(const std::string& decimal) {
  smt::u128 n = 0;
  for (char c : decimal) {
    const smt::u128 next = n * 10 + static_cast<unsigned>(c - '0');
    if (next / 10 != n) return std::nullopt;
    n = next;
  }
  return n;
}

// The step for all of N^k: every obligation through MONA, a counterexample confirmed by the
// game as the bounded ones are.
UnboundedInduction prove_for_all_positions(const smt::InductionSpec& spec,
                                           const smt::Definitions& definitions, const Game& game,
                                           const smt::Program& f, const MoveCheck& move_check,
                                           const CheckOptions& options, const std::string& file) {
  UnboundedInduction out = decide_on_every_position(
      unbounded_induction_obligations(spec, definitions, game, file), definitions,
      fmt::format("nimcert induction {}", spec.claim), options,
      [&](const Obligation& o, const std::map<std::string, smt::u128>& model, std::string& note) {
        return confirm_with_game(o, model, f, game, note);
      },
      spec.numeration);
  if (out.verdict == Verdict::Holds && !move_check.agrees) out.verdict = Verdict::Unknown;
  return out;
}

}  // namespace

InductionWidth read_width(
    const SolvedWidth& solved, const std::vector<Obligation>& obligations, bool conclusive,
    const std::function<ObligationOutcome(const Obligation&, const SolvedQuery&)>& outcome) {
  InductionWidth width;
  width.width = solved.width;
  width.implied_by = solved.implied_by;
  bool unsat = conclusive, fails = false;
  if (width.implied_by == 0)
    for (std::size_t k = 0; k < obligations.size(); ++k) {
      ObligationOutcome r = outcome(obligations[k], solved.answers.at(k));
      unsat = unsat && r.z3 == smt::Answer::Unsat && r.cvc5.answer == smt::Answer::Unsat;
      fails = fails || r.refutes;
      width.obligations.push_back(std::move(r));
    }
  width.verdict = fails ? Verdict::Fails : unsat ? Verdict::Holds : Verdict::Unknown;
  return width;
}

UnboundedInduction decide_on_every_position(
    const std::vector<Obligation>& obligations, const smt::Definitions& definitions,
    const std::string& source, const CheckOptions& options, const ConfirmCounterexample& confirm,
    smt::Numeration numeration) {
  UnboundedOptions mona = unbounded_options(options);
  UnboundedInduction out;
  out.in_fragment = true;
  out.numeration = numeration;
  bool valid = true, refuted = false;
  for (const Obligation& o : obligations) {
    UnboundedObligation r;
    r.name = o.name;
    r.numeration = mona.numeration = numeration_to_decide(o, numeration, definitions);
    smt::ExprPtr statement;
    if (o.existentials.empty()) {
      smt::ExprPtr premise = o.hypotheses.empty() ? nullptr : o.hypotheses[0];
      for (std::size_t i = 1; i < o.hypotheses.size(); ++i)
        premise = smt::make_node(smt::Op::And, {premise, o.hypotheses[i]});
      statement = smt::expand(
          premise ? smt::make_node(smt::Op::Implies, {premise, o.conclusion}) : o.conclusion,
          definitions);
    }
    r.outcome = decide_for_all_naturals(
        o.variables, o.hypotheses, o.conclusion, o.existentials, definitions, statement,
        fmt::format("{} {} for all positions", source, o.name), mona);
    if (!r.outcome.in_fragment) {
      out.in_fragment = false;
      out.outside = r.outcome.outside;
      out.outside_at = r.outcome.outside_at;
      out.obligations.clear();
      out.verdict = Verdict::Unknown;
      return out;
    }
    valid = valid && r.outcome.answer == smt::MonaRun::Answer::Valid;
    if (r.outcome.counterexample) {
      std::map<std::string, smt::u128> model;
      bool fits = true;
      for (const auto& [v, decimal] : *r.outcome.counterexample) {
        const auto n = as_u128(decimal);
        fits = fits && n.has_value();
        model[v] = n.value_or(0);
      }
      if (!fits) {
        r.outcome.note = "the counterexample is too large for the game to confirm";
      } else if (const auto confirmed = confirm(o, model, r.outcome.note)) {
        r.counterexample = confirmed->counterexample;
        r.refutes = confirmed->refutes_claim;
      }
    }
    refuted = refuted || r.refutes;
    out.obligations.push_back(std::move(r));
  }
  out.verdict = refuted ? Verdict::Fails : valid ? Verdict::Holds : Verdict::Unknown;
  return out;
}

std::vector<Obligation> unbounded_induction_obligations(const smt::InductionSpec& spec,
                                                        const smt::Definitions& definitions,
                                                        const Game& game, const std::string& file) {
  smt::InductionSpec quantified = spec;
  quantified.hints.clear();  // (b) over the moves themselves: no witness is needed
  quantified.split.reset();
  const std::vector<SymbolicMove> moves = moves_of(game);  // the step refers to them
  const InductionStep step = resolve_step(moves, game.symbolic_conditions(), game.heap_count(),
                                          quantified, definitions, file, false);
  return unbounded_obligations(step);
}

smt::Query obligation_query(const smt::InductionSpec& spec, const Obligation& o, unsigned w) {
  return smt::make_query(o.variables, o.hypotheses, o.conclusion, w,
                         fmt::format("nimcert induction {} {} at width {}", spec.claim, o.name, w),
                         o.existentials);
}

std::vector<std::pair<std::string, smt::Query>> induction_queries(
    const smt::InductionSpec& spec, const smt::Definitions& definitions, const Game& game,
    unsigned w, const std::string& file) {
  const std::vector<SymbolicMove> moves = moves_of(game);
  const InductionStep step =
      resolve_step(moves, game.symbolic_conditions(), game.heap_count(), spec, definitions, file);
  std::vector<std::pair<std::string, smt::Query>> out;
  for (const Obligation& o : induction_obligations(step, w))
    out.emplace_back(o.name, obligation_query(spec, o, w));
  return out;
}

InductionOutcome check_induction(const smt::InductionSpec& spec,
                                 const smt::Definitions& definitions, const Game& game,
                                 const CheckOptions& options, const std::string& file,
                                 const std::optional<CoveringBox>& covering) {
  InductionOutcome out;
  out.claim = spec.claim;
  out.text = spec.text;
  out.value = smt::to_string(*spec.value);
  out.win_loss = spec.win_loss;
  out.misere = spec.misere;
  out.numeration = spec.numeration;
  out.hinted = !spec.hints.empty();
  out.timeout_ms = spec.timeout_ms;
  out.heaps = game.heap_count();
  const std::vector<SymbolicMove> moves = moves_of(game);
  for (const SymbolicMove& m : moves) out.moves.push_back(m.name);
  for (const smt::WitnessHint& h : spec.hints) {
    std::string s = h.move;
    for (const auto& [name, e] : h.parameters) s += " " + name + " = " + smt::to_string(*e);
    out.hints.push_back(s);
  }
  if (spec.split)
    out.case_split =
        fmt::format("{} = {} in {}..{}", spec.split->name, smt::to_string(*spec.split->expr),
                    spec.split->low, spec.split->high);
  const InductionStep step =
      resolve_step(moves, game.symbolic_conditions(), game.heap_count(), spec, definitions, file);
  const smt::Program f(position_variables(game.heap_count()), {step.value});
  out.move_check = check_move_encoding(game, moves, move_check_side(game.heap_count()));
  const BothSolvers real(options.cvc5_binary);
  const Solvers& solvers = solvers_of(options, real);
  // MONA first: a step it proves on N^k is settled, and the widths are a second opinion tried
  // under a short limit (bounded_limit), so that their time-outs cost seconds.
  if (options.unbounded)
    out.unbounded =
        prove_for_all_positions(spec, definitions, game, f, out.move_check, options, file);
  const bool proved_unbounded = out.unbounded && out.unbounded->in_fragment &&
                                out.unbounded->verdict == Verdict::Holds && out.move_check.agrees;
  const unsigned timeout_ms = bounded_limit(spec.timeout_ms, options, proved_unbounded);
  if (timeout_ms != options.timeout_ms) out.timeout_ms = timeout_ms;

  // Every width's obligations are independent queries: the widest width's solved side by
  // side, then, unless they prove it, the other widths' side by side; read in order.
  // A width whose D_w lies inside a box that checked the claim at every position is decided
  // there: none of its queries is posed.
  auto covered = [&](unsigned w) {
    return covering && w < 64 && (std::uint64_t{1} << w) - 1 <= covering->size;
  };
  std::vector<std::vector<Obligation>> obligations;
  std::vector<WidthQueries> queries;
  for (unsigned w : spec.widths) {
    if (covered(w)) continue;
    obligations.push_back(induction_obligations(step, w));
    queries.push_back({w, {}});
    for (const Obligation& o : obligations.back())
      queries.back().queries.push_back(pending(spec, o, w));
  }
  const std::vector<SolvedWidth> solved =
      solve_widest_first(queries, solvers, timeout_ms, options.threads, out.move_check.agrees);
  for (std::size_t i = 0, posed = 0; i < spec.widths.size(); ++i) {
    if (covered(spec.widths[i])) {
      InductionWidth width;
      width.width = spec.widths[i];
      width.verdict = Verdict::Holds;
      width.covered_by = fmt::format("box {} on [0,{}]^{}", covering->name, covering->size,
                                     game.heap_count());
      out.widths.push_back(std::move(width));
      continue;
    }
    out.widths.push_back(read_width(
        solved[posed], obligations[posed], out.move_check.agrees,
        [&](const Obligation& o, const SolvedQuery& q) { return outcome_of(o, q, f, game); }));
    ++posed;
  }
  if (options.drat.enabled) drat_route_of_widest(spec.claim, out.widths, options.drat);
  Verdict all = Verdict::Holds;
  for (const InductionWidth& width : out.widths) all = conjunction(all, width.verdict);
  if (out.unbounded) {
    // Outside the fragment the unbounded route decides nothing; inside, it must agree.  Its
    // proof on N^k is complete: with no width refuting, a width that timed out does not sink
    // it (the widths keep their own verdicts, and the certificate says which were proved).
    if (out.unbounded->in_fragment) {
      all = conjunction(all, out.unbounded->verdict);
      const bool refuted =
          std::any_of(out.widths.begin(), out.widths.end(),
                      [](const InductionWidth& w) { return w.verdict == Verdict::Fails; });
      if (out.unbounded->verdict == Verdict::Holds && !refuted && out.move_check.agrees)
        all = Verdict::Holds;
    }
  }
  // No width asked and no proof on N^k: nothing was proved, whatever the empty conjunction says.
  if (spec.widths.empty() && !proved_unbounded && all == Verdict::Holds) all = Verdict::Unknown;
  out.verdict = all;
  return out;
}

}  // namespace nimcert
