// The automata route (see independent.hpp).
#include "checks/independent.hpp"

#include <fmt/format.h>

#include "automata/universality.hpp"
#include "base/elapsed.hpp"
#include "base/sha256.hpp"

namespace nimcert {

namespace {

automata::Statement statement_of(const std::vector<std::string>& variables,
                                 const std::vector<smt::ExprPtr>& hypotheses,
                                 const smt::ExprPtr& conclusion,
                                 const std::vector<smt::Existential>& existentials,
                                 const smt::Definitions& definitions, smt::Numeration numeration,
                                 const std::map<std::string, automata::Dfa>& external) {
  automata::Statement s;
  s.variables = variables;
  s.hypotheses = hypotheses;
  s.conclusion = conclusion;
  s.existentials = existentials;
  s.definitions = &definitions;
  s.digits = numeration;
  s.external = external;
  return s;
}

}  // namespace

IndependentCheck check_independently(const std::vector<std::string>& variables,
                                     const std::vector<smt::ExprPtr>& hypotheses,
                                     const smt::ExprPtr& conclusion,
                                     const std::vector<smt::Existential>& existentials,
                                     const smt::Definitions& definitions,
                                     smt::Numeration numeration,
                                     const std::map<std::string, automata::Dfa>& external) {
  IndependentCheck out;
  const auto start = std::chrono::steady_clock::now();
  const automata::Statement s = statement_of(variables, hypotheses, conclusion, existentials,
                                             definitions, numeration, external);
  try {
    const automata::CompiledStatement compiled = automata::compile_statement(s);
    const automata::Exploration e = automata::explore(compiled, variables, s.digits);
    out.states = e.pairs;
    out.premise_states = e.premise_states;
    out.goal_states = e.goal_states;
    if (e.holds) {
      out.status = IndependentCheck::kChecked;
      out.sha256 = Sha256::of(e.evidence);
      out.evidence = e.evidence;
    } else {
      out.status = IndependentCheck::kCounterexample;
      out.counterexample = e.counterexample;
    }
  } catch (const automata::OutsideReach& x) {
    out.status = IndependentCheck::kOutside;
    out.note = fmt::format("{} (line {}, column {})", x.what(), x.where.line, x.where.column);
  } catch (const automata::TooLarge& x) {
    out.status = IndependentCheck::kSize;
    out.note = x.what();
  }
  out.seconds = seconds_since(start);
  return out;
}

std::string recheck_independent(const std::vector<std::string>& variables,
                                const std::vector<smt::ExprPtr>& hypotheses,
                                const smt::ExprPtr& conclusion,
                                const std::vector<smt::Existential>& existentials,
                                const smt::Definitions& definitions, smt::Numeration numeration,
                                const std::string& evidence, const std::string& sha256,
                                std::uint64_t states,
                                const std::map<std::string, automata::Dfa>& external) {
  if (Sha256::of(evidence) != sha256)
    return "the evidence's SHA-256 is not the recorded one";
  const automata::Statement s = statement_of(variables, hypotheses, conclusion, existentials,
                                             definitions, numeration, external);
  try {
    const automata::CompiledStatement compiled = automata::compile_statement(s);
    std::uint64_t pairs = 0;
    const std::string wrong =
        automata::check_evidence(evidence, compiled, variables, s.digits, pairs);
    if (!wrong.empty()) return wrong;
    if (pairs != states)
      return fmt::format("the evidence holds {} pairs, the certificate records {}", pairs, states);
    return "";
  } catch (const automata::OutsideReach& x) {
    return std::string("the statement is outside the automata's reach: ") + x.what();
  } catch (const automata::TooLarge& x) {
    return std::string("the statement's automata are too large: ") + x.what();
  }
}

automata::Dfa learned_dfa(const Automaton& a) {
  // A tuple is accepted when the state after its last one-bit has an accepting state on its
  // path of zero letters, which zero letters read after that must not change: the state is
  // (q, f), f that verdict as of the last nonzero letter, kept while zero letters are read.
  const std::size_t n = a.states();
  std::vector<std::uint8_t> verdict(n, 0);
  for (std::size_t q = 0; q < n; ++q)
    for (std::size_t r = q, step = 0; step <= n && !verdict[q]; ++step, r = a.next[r][0])
      verdict[q] = a.accepting[r] ? 1 : 0;
  std::vector<automata::Track> tracks;
  for (std::size_t t = 0; t < a.tracks; ++t) tracks.push_back(static_cast<automata::Track>(t));
  automata::Dfa d = automata::blank(tracks, 2 * n);
  // State (q, f) is numbered 2 * q + f, after swapping q with the initial state and 0.
  auto number = [&](std::size_t q, std::uint8_t f) -> automata::State {
    const std::size_t p = q == a.initial ? 0 : q == 0 ? a.initial : q;
    return static_cast<automata::State>(2 * p + f);
  };
  const automata::State start = number(a.initial, verdict[a.initial]);
  for (std::size_t q = 0; q < n; ++q)
    for (std::uint8_t f = 0; f < 2; ++f) {
      const automata::State s = number(q, f);
      d.accepting[s] = f;
      for (std::uint32_t l = 0; l < d.letters(); ++l) {
        const std::size_t r = a.next[q][l];
        d.next[std::size_t{s} * d.letters() + l] = l == 0 ? number(r, f) : number(r, verdict[r]);
      }
    }
  if (start != 0) {  // the start must be state 0: exchange it with (initial, 0)
    std::vector<automata::State> swap(2 * n);
    for (automata::State s = 0; s < 2 * n; ++s) swap[s] = s == 0 ? start : s == start ? 0 : s;
    automata::Dfa e = automata::blank(tracks, 2 * n);
    for (automata::State s = 0; s < 2 * n; ++s) {
      e.accepting[swap[s]] = d.accepting[s];
      for (std::uint32_t l = 0; l < d.letters(); ++l)
        e.next[std::size_t{swap[s]} * d.letters() + l] = swap[d.step(s, l)];
    }
    d = std::move(e);
  }
  return automata::canonical(d);
}

}  // namespace nimcert
