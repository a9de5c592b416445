// The WS1S translation fuzzed differentially: random statements of the unbounded fragment over
// x and y, with constants drawn near the edges (0, 1, 2^k - 1, 2^k, 2^k + 1 for k = 20, 31, 32,
// 63, 64, and shift amounts up to 2^64 - 1), decided by MONA and compared with the exact GMP
// evaluator (eval/exact_evaluator.hpp), which shares nothing with the translation.
//
// Each execution translates one statement, and then:
//  - a refusal must name a constant above kMonaLargestInteger (the only refusal the generator
//    can provoke), and a translated program may hold no integer above it (MONA reads 32-bit
//    integers: a larger one would be misread);
//  - even executions ask MONA whether the statement holds for every x, y: "valid" must agree
//    with GMP on a set of edge assignments (up to 2^4097), a counterexample must be false in GMP;
//  - odd executions pin x and y to constants below 2^64 as hypotheses: MONA's "valid" must be
//    exactly GMP's "true" there.
// Every fifth execution is a statement under the Fibonacci numeration instead (+, -, comparisons,
// if, constants, zeck_shift, zeck_even; x and y pinned to constants near the edges, below 2^64):
// MONA's "valid" (Walnut's adder, the order and the Zeckendorf built-ins, every set held to
// Zeckendorf form) must be exactly GMP's "true" there.
// Every fifth execution (another one) is a random automaton instead (one to three tracks, up to six states),
// written as the MONA predicate the automaton route of `discover` uses (discovery/automaton),
// and asked at a tuple of naturals near the edges (2^31, 2^32, 2^63, 2^64 - 1, and past 2^64
// as sums of such constants): MONA's answer must be the run of the automaton, computed twice in
// C++ (Automaton::accepts below 2^64, and a run over GMP's bits written here).
// Every statement MONA answers is also decided by nimcert's own automata (checks/independent.hpp,
// issue 49): "valid" must be their "checked", a counterexample theirs (and their counterexample
// false in GMP); one execution in ten asks "for every x there is a y" of both instead, which
// exercises the automata's projection.
// A time limit reached is counted as undecided, never compared.  Any disagreement prints the
// statement and the seed and exits 1.
//   ws1s_differential [--seconds S] [--seed N] [--jobs J] [--max N]
#include <gmpxx.h>

#include <atomic>
#include <bit>
#include <cctype>

#include "campaign.hpp"
#include "checks/independent.hpp"
#include "discovery/automaton.hpp"
#include "eval/exact_evaluator.hpp"
#include "lang/proof_file.hpp"
#include "ws1s/mona.hpp"
#include "ws1s/translation.hpp"

namespace nimcert::differential {
namespace {

constexpr unsigned kMonaMs = 500;

struct Counts {
  std::atomic<std::uint64_t> executions{0}, translated{0}, refused{0}, valid{0}, counterexamples{0},
      undecided{0}, comparisons{0}, disagreements{0}, automata{0}, accepted{0}, positional{0};
  // nimcert's own automata on the same statements (checks/independent.hpp).
  std::atomic<std::uint64_t> independent_agree{0}, independent_not_checked{0}, existentials{0};
};

// A natural near an edge as an expression of the proof language, with its value: small, a
// 64-bit edge (2^k - 1, 2^k, 2^k + 1 for k = 20, 31, 32, 63; 2^64 - 2, 2^64 - 1), or past 2^64
// as a sum of two such (2^63 + 2^63 + 1 = 2^64 + 1, 2^64 - 1 + 2^64 - 1).  Random 64-bit words
// are left out, and so is `1 << 64`: MONA builds a shift by a constant k as an automaton of
// some 2^k states (it exhausts 4 GiB at k = 64), and a constant bit by bit.
std::pair<std::string, mpz_class> edge_natural(Rng& rng) {
  auto word = [&] {
    std::uint64_t c = edge_word(rng);
    while (c >= 16 && std::popcount(c) > 2 && std::popcount(~c) > 2) c = edge_word(rng);
    return c;
  };
  const std::uint64_t a = word();
  if (pick(rng, 4)) return {std::to_string(a), mpz_class(std::to_string(a))};
  const std::uint64_t b = pick(rng, 2) ? a : word();
  const std::uint64_t c = pick(rng, 8);
  return {fmt::format("({} + {} + {})", a, b, c),
          mpz_class(std::to_string(a)) + mpz_class(std::to_string(b)) +
              mpz_class(static_cast<unsigned long>(c))};
}

// The run of `a` on the tuple, bit by bit over GMP's values, least significant first, then
// zero letters: accepted when some length reaches an accepting state.
bool run_over_bits(const nimcert::Automaton& a, const std::vector<mpz_class>& tuple) {
  std::size_t length = 0;
  for (const mpz_class& v : tuple) length = std::max(length, v == 0 ? 0 : mpz_sizeinbase(v.get_mpz_t(), 2));
  std::size_t q = a.initial;
  for (std::size_t i = 0; i < length; ++i) {
    std::uint32_t letter = 0;
    for (std::size_t t = 0; t < tuple.size(); ++t)
      letter |= static_cast<std::uint32_t>(mpz_tstbit(tuple[t].get_mpz_t(), i)) << t;
    q = a.next[q][letter];
  }
  for (std::size_t step = 0; step <= a.states(); ++step, q = a.next[q][0])
    if (a.accepting[q]) return true;
  return false;
}

// A term under a positional numeration (Fibonacci or Ostrowski) over x and y: +, -, if, a
// product or quotient by a small constant (a chain of sums there), and the numeration's own
// built-ins.
std::string positional_term(Rng& rng, int depth, smt::Numeration n);

// The numeration's shift and parity built-ins.
std::pair<const char*, const char*> positional_builtins(smt::Numeration n) {
  switch (n) {
    case smt::Numeration::OstrowskiSqrt2:
      return {"ost_shift", "ost_odd"};
    case smt::Numeration::OstrowskiTwoWythoff:
      return {"ostw_shift", "ostw_even"};
    default:
      return {"zeck_shift", "zeck_even"};
  }
}

std::string positional_boolean(Rng& rng, int depth, smt::Numeration n) {
  static const char* const compare[] = {"==", "!=", "<", "<=", ">", ">="};
  switch (pick(rng, depth > 0 ? 4 : 2)) {
    case 0:
      return fmt::format("({} {} {})", positional_term(rng, depth, n), compare[pick(rng, 6)],
                         positional_term(rng, depth, n));
    case 1:
      return fmt::format("{}({})", positional_builtins(n).second, positional_term(rng, depth, n));
    case 2:
      return fmt::format("({} && {})", positional_boolean(rng, depth - 1, n),
                         positional_boolean(rng, depth - 1, n));
    default:
      return fmt::format("!{}", positional_boolean(rng, depth - 1, n));
  }
}

std::string positional_term(Rng& rng, int depth, smt::Numeration n) {
  if (depth <= 0 || pick(rng, 3) == 0) {
    switch (pick(rng, 4)) {
      case 0:
        return "x";
      case 1:
        return "y";
      case 2:
        return std::to_string(pick(rng, 30));
      default:
        return std::to_string(edge_word(rng) >> pick(rng, 3));  // kept below 2^64
    }
  }
  static const char* const by_constant[] = {"*", "/", "%"};
  switch (pick(rng, 6)) {
    case 0:
      return fmt::format("({} + {})", positional_term(rng, depth - 1, n),
                         positional_term(rng, depth - 1, n));
    case 1:
      return fmt::format("({} - {})", positional_term(rng, depth - 1, n),
                         positional_term(rng, depth - 1, n));
    case 2:
      return fmt::format("{}({})", positional_builtins(n).first,
                         positional_term(rng, depth - 1, n));
    case 3:
      return fmt::format("(if {} then {} else {})", positional_boolean(rng, depth - 1, n),
                         positional_term(rng, depth - 1, n), positional_term(rng, depth - 1, n));
    case 4:
      return fmt::format("({} {} {})", positional_term(rng, depth - 1, n), by_constant[pick(rng, 3)],
                         1 + pick(rng, 4));
    default:
      return positional_term(rng, depth - 1, n);
  }
}

// A shift amount: mostly small (MONA's automaton for "i + k" grows as 2^k), sometimes at an edge
// that must be refused or decided exactly.
std::uint64_t shift_amount(Rng& rng) {
  static const std::vector<std::uint64_t> edges{16,
                                                63,
                                                64,
                                                4096,
                                                4097,
                                                1u << 20,
                                                (std::uint64_t{1} << 31) - 1,
                                                std::uint64_t{1} << 31,
                                                std::uint64_t{1} << 32,
                                                (std::uint64_t{1} << 32) + 5,
                                                std::uint64_t{1} << 63,
                                                UINT64_MAX};
  return pick(rng, 8) ? pick(rng, 9) : edges[pick(rng, edges.size())];
}

// A constant: small, or near an edge (a product by one is a sum of shifted copies).
std::uint64_t constant(Rng& rng) { return pick(rng, 3) ? pick(rng, 8) : edge_word(rng); }

std::string term(Rng& rng, int depth);

std::string boolean(Rng& rng, int depth) {
  static const char* const compare[] = {"==", "!=", "<", "<=", ">", ">="};
  const std::uint64_t c = depth <= 0 ? 0 : pick(rng, 6);
  switch (c) {
    case 1:
      return "!(" + boolean(rng, depth - 1) + ")";
    case 2:
      return fmt::format("({} && {})", boolean(rng, depth - 1), boolean(rng, depth - 1));
    case 3:
      return fmt::format("({} || {})", boolean(rng, depth - 1), boolean(rng, depth - 1));
    case 4:
      return fmt::format("({} -> {})", boolean(rng, depth - 1), boolean(rng, depth - 1));
    case 5:  // "below 2^k", translated without a shifted copy
      return fmt::format("(({} >> {}) == 0)", term(rng, depth - 1), shift_amount(rng));
    default:
      return fmt::format("({} {} {})", term(rng, depth - 1), compare[pick(rng, 6)],
                         term(rng, depth - 1));
  }
}

std::string term(Rng& rng, int depth) {
  if (depth <= 0 || pick(rng, 4) == 0) {
    switch (pick(rng, 3)) {
      case 0:
        return "x";
      case 1:
        return "y";
      default:
        return std::to_string(constant(rng));
    }
  }
  static const char* const ops[] = {"+", "-", "^", "&", "|"};
  switch (pick(rng, 10)) {
    case 0:
    case 1:
      return fmt::format("({} {} {})", term(rng, depth - 1), ops[pick(rng, 5)],
                         term(rng, depth - 1));
    case 2:
      return fmt::format("({} * {})", term(rng, depth - 1), constant(rng));
    case 3:
      return fmt::format("({} {} {})", term(rng, depth - 1), pick(rng, 2) ? "/" : "%",
                         pick(rng, 2) ? pick(rng, 9) : edge_word(rng));
    case 4:
      return fmt::format("({} >> {})", term(rng, depth - 1), shift_amount(rng));
    case 5:
      return fmt::format("({} << {})", term(rng, depth - 1), shift_amount(rng));
    case 6:
      return fmt::format("top_bit({})", term(rng, depth - 1));
    case 7:
      return fmt::format("low_bit({})", term(rng, depth - 1));
    case 8:
      return fmt::format("(if {} then {} else {})", boolean(rng, depth - 1), term(rng, depth - 1),
                         term(rng, depth - 1));
    default:
      return fmt::format("({} + {})", boolean(rng, depth - 1), term(rng, depth - 1));
  }
}

// The largest integer of a MONA program outside identifiers ("T12", "times_3" are names).
std::uint64_t largest_integer(const std::string& text) {
  std::uint64_t largest = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (!std::isdigit(static_cast<unsigned char>(text[i]))) continue;
    const bool in_name =
        i > 0 && (std::isalnum(static_cast<unsigned char>(text[i - 1])) || text[i - 1] == '_');
    std::size_t j = i;
    while (j < text.size() && std::isdigit(static_cast<unsigned char>(text[j]))) ++j;
    if (!in_name) {
      const std::string digits = text.substr(i, j - i);
      largest =
          std::max<std::uint64_t>(largest, digits.size() > 19 ? UINT64_MAX : std::stoull(digits));
    }
    i = j;
  }
  return largest;
}

// Assignments for the statements MONA calls valid: small, at the word edges, and far past them.
std::vector<std::string> assignment_values() {
  std::vector<std::string> v{"0", "1", "2", "3", "7", "1000"};
  for (unsigned k : {20u, 31u, 32u, 63u, 64u, 65u, 100u, 4096u, 4097u}) {
    const mpz_class p = mpz_class(1) << k;
    for (const mpz_class& x : {mpz_class(p - 1), p, mpz_class(p + 1)}) v.push_back(x.get_str());
  }
  return v;
}

class Run {
 public:
  explicit Run(Campaign& campaign) : campaign_(campaign) {}

  // "for every x there is a y with phi(x, y)": MONA's verdict and the automata's (whose
  // projection and padding fix this exercises) must be the same.
  void existential(Rng& rng, const std::string& where) {
    const std::string statement = boolean(rng, 1 + static_cast<int>(pick(rng, 3)));
    const smt::ExprPtr phi = smt::parse_expression(statement, {"x", "y"});
    const std::vector<smt::Existential> some{{{"y"}, phi}};
    smt::MonaQuery q;
    try {
      q = smt::make_mona_query({"x"}, {}, nullptr, some, {}, "ws1s_differential exists");
    } catch (const smt::OutsideFragment&) {
      ++counts_.refused;
      return;
    }
    ++counts_.existentials;
    const smt::MonaRun run = smt::run_mona(q, kMonaMs, std::uint64_t{1} << 30);
    const IndependentCheck c =
        check_independently({"x"}, {}, nullptr, some, {}, smt::Numeration::Binary);
    if (c.status != IndependentCheck::kChecked && c.status != IndependentCheck::kCounterexample) {
      ++counts_.independent_not_checked;
      return;
    }
    if (run.answer == smt::MonaRun::Answer::Unknown) {
      ++counts_.undecided;
      return;
    }
    if (c.checked() != (run.answer == smt::MonaRun::Answer::Valid))
      disagree(where, "for every x, exists y: " + statement,
               fmt::format("MONA says {}, nimcert's automata {}",
                           smt::mona_answer_name(run.answer), c.status));
    else
      ++counts_.independent_agree;
  }

  // One statement, asked for every x, y (for_all) or with x and y pinned to constants.
  void execute(Rng& rng, const std::string& where, bool for_all) {
    const std::string statement = boolean(rng, 1 + static_cast<int>(pick(rng, 3)));
    const smt::ExprPtr phi = smt::parse_expression(statement, {"x", "y"});
    std::vector<smt::ExprPtr> hypotheses;
    std::map<std::string, std::string> pinned;
    if (!for_all) {
      for (const char* v : {"x", "y"}) {
        pinned[v] = std::to_string(edge_word(rng));
        hypotheses.push_back(
            smt::parse_expression(fmt::format("{} == {}", v, pinned[v]), {"x", "y"}));
      }
    }
    smt::MonaQuery q;
    try {
      q = smt::make_mona_query({"x", "y"}, hypotheses, phi, {}, {}, "ws1s_differential");
    } catch (const smt::OutsideFragment& e) {
      ++counts_.refused;
      if (std::string(e.what()).find(fmt::format("is above {}", smt::kMonaLargestInteger)) ==
          std::string::npos)
        disagree(where, statement, std::string("an unexpected refusal: ") + e.what());
      return;
    }
    ++counts_.translated;
    if (largest_integer(q.text) > smt::kMonaLargestInteger)
      disagree(where, statement,
               fmt::format("the program holds the integer {}", largest_integer(q.text)));
    const smt::MonaRun run = smt::run_mona(q, kMonaMs, std::uint64_t{1} << 30);
    independently(where, statement, {"x", "y"}, hypotheses, phi, smt::Numeration::Binary,
                  run.answer);
    if (run.answer == smt::MonaRun::Answer::Unknown) {
      ++counts_.undecided;
      return;
    }
    if (run.answer == smt::MonaRun::Answer::Counterexample) {
      ++counts_.counterexamples;
      ++counts_.comparisons;
      const auto value = smt::evaluate_exactly(phi, run.counterexample);
      if (!for_all &&
          (run.counterexample.at("x") != pinned["x"] || run.counterexample.at("y") != pinned["y"]))
        disagree(where, statement, "MONA's counterexample is not the pinned assignment");
      else if (value && *value != "0")
        disagree(where, statement,
                 fmt::format("MONA's counterexample x = {}, y = {} is true in GMP",
                             run.counterexample.at("x"), run.counterexample.at("y")));
      return;
    }
    ++counts_.valid;
    static const std::vector<std::string> values = assignment_values();
    if (!for_all) {
      ++counts_.comparisons;
      const auto value = smt::evaluate_exactly(phi, pinned);
      if (value && *value == "0")
        disagree(
            where, statement,
            fmt::format("valid at x = {}, y = {} in MONA, false in GMP", pinned["x"], pinned["y"]));
      return;
    }
    for (const std::string& x : values)
      for (std::size_t k = 0; k < 3; ++k) {
        const std::string& y = values[pick(rng, values.size())];
        const auto value = smt::evaluate_exactly(phi, {{"x", x}, {"y", y}});
        if (!value) continue;  // beyond the exact evaluator's 2^20 bits
        ++counts_.comparisons;
        if (*value == "0") {
          disagree(
              where, statement,
              fmt::format("valid for every x, y in MONA, false at x = {}, y = {} in GMP", x, y));
          return;
        }
      }
  }

  // A random automaton as a MONA predicate, asked at one tuple near the edges.
  void automaton(Rng& rng, const std::string& where) {
    nimcert::Automaton a;
    a.tracks = 1 + pick(rng, 3);
    const std::size_t states = 1 + pick(rng, 6);
    a.initial = pick(rng, states);
    for (std::size_t q = 0; q < states; ++q) {
      a.accepting.push_back(pick(rng, 2) == 0);
      std::vector<std::uint32_t> row;
      for (std::uint32_t l = 0; l < (1u << a.tracks); ++l)
        row.push_back(static_cast<std::uint32_t>(pick(rng, states)));
      a.next.push_back(row);
    }
    std::vector<std::string> names, texts;
    std::vector<smt::ExprPtr> arguments;
    std::vector<mpz_class> tuple;
    for (std::size_t t = 0; t < a.tracks; ++t) {
      names.push_back(fmt::format("t{}", t));
      const auto [text, value] = edge_natural(rng);
      texts.push_back(text);
      arguments.push_back(smt::parse_expression(text, {}));
      tuple.push_back(value);
    }
    const std::string shown = fmt::format("learned({}) for\n{}", fmt::join(texts, ", "), a.text());
    const smt::MonaQuery q = smt::make_mona_query(
        {}, {}, smt::make_call("learned", arguments), {}, {}, "ws1s_differential automaton",
        {{"learned", nimcert::mona_predicate(a, "def_learned", names)}});
    const smt::MonaRun run = smt::run_mona(q, kMonaMs * 4, std::uint64_t{1} << 30);
    independently(where, shown, {}, {}, smt::make_call("learned", arguments),
                  smt::Numeration::Binary, run.answer, {{"learned", learned_dfa(a)}});
    ++counts_.automata;
    if (run.answer == smt::MonaRun::Answer::Unknown) {
      ++counts_.undecided;
      return;
    }
    const bool expected = run_over_bits(a, tuple);
    bool fits = true;
    std::vector<std::uint64_t> words;
    for (const mpz_class& v : tuple) {
      fits = fits && v < (mpz_class(1) << 64);
      words.push_back(fits ? std::stoull(v.get_str()) : 0);
    }
    ++counts_.comparisons;
    counts_.accepted += expected;
    if (fits && a.accepts(words) != expected)
      disagree(where, shown, fmt::format("Automaton::accepts says {}, the run over bits {}",
                                         a.accepts(words), expected));
    else if ((run.answer == smt::MonaRun::Answer::Valid) != expected)
      disagree(where, shown,
               fmt::format("MONA says {}, the run of the automaton {}",
                           run.answer == smt::MonaRun::Answer::Valid ? "true" : "false", expected));
  }

  // A statement under a positional numeration, x and y pinned: MONA valid exactly when true.
  void positional(Rng& rng, const std::string& where, smt::Numeration numeration) {
    const std::string statement =
        positional_boolean(rng, 1 + static_cast<int>(pick(rng, 2)), numeration);
    const smt::ExprPtr phi = smt::parse_expression(statement, {"x", "y"});
    std::map<std::string, std::string> pinned;
    std::vector<smt::ExprPtr> hypotheses;
    for (const char* v : {"x", "y"}) {
      pinned[v] = std::to_string(pick(rng, 2) ? pick(rng, 200) : edge_word(rng) >> 1);
      hypotheses.push_back(smt::parse_expression(fmt::format("{} == {}", v, pinned[v]), {"x", "y"}));
    }
    smt::MonaQuery q;
    try {  // a product by a constant above MONA's largest integer is refused, with its place
      q = smt::make_mona_query({"x", "y"}, hypotheses, phi, {}, {},
                               "ws1s_differential positional", {}, numeration);
    } catch (const smt::OutsideFragment&) {
      ++counts_.refused;
      return;
    }
    ++counts_.positional;
    const smt::MonaRun run = smt::run_mona(q, kMonaMs * 4, std::uint64_t{1} << 30);
    independently(where, statement, {"x", "y"}, hypotheses, phi, numeration, run.answer);
    if (run.answer == smt::MonaRun::Answer::Unknown) {
      ++counts_.undecided;
      return;
    }
    const auto value = smt::evaluate_exactly(phi, pinned);
    if (!value) return;
    ++counts_.comparisons;
    const bool truth = *value != "0";
    if ((run.answer == smt::MonaRun::Answer::Valid) != truth)
      disagree(where, statement,
               fmt::format("under the numeration {} at x = {}, y = {}: MONA says {}, GMP {}",
                           smt::numeration_name(numeration),
                           pinned["x"], pinned["y"],
                           run.answer == smt::MonaRun::Answer::Valid ? "valid" : "a counterexample",
                           truth ? "true" : "false"));
    else if (run.answer == smt::MonaRun::Answer::Counterexample &&
             (run.counterexample.at("x") != pinned["x"] || run.counterexample.at("y") != pinned["y"]))
      disagree(where, statement,
               fmt::format("MONA's Fibonacci counterexample x = {}, y = {} is not the pinned one",
                           run.counterexample.at("x"), run.counterexample.at("y")));
  }

  // nimcert's automata on the statement MONA answered: "valid" exactly when they check it, a
  // counterexample exactly when they find one, and theirs false in GMP.  Where MONA gave no
  // answer, their answer is held to GMP alone.
  void independently(const std::string& where, const std::string& statement,
                     const std::vector<std::string>& variables,
                     const std::vector<smt::ExprPtr>& hypotheses, const smt::ExprPtr& phi,
                     smt::Numeration numeration, smt::MonaRun::Answer mona,
                     const std::map<std::string, automata::Dfa>& external = {}) {
    const IndependentCheck c = check_independently(variables, hypotheses, phi, {}, {}, numeration,
                                                   external);
    if (c.status != IndependentCheck::kChecked && c.status != IndependentCheck::kCounterexample) {
      ++counts_.independent_not_checked;
      return;
    }
    if (mona != smt::MonaRun::Answer::Unknown &&
        c.checked() != (mona == smt::MonaRun::Answer::Valid)) {
      disagree(where, statement,
               fmt::format("MONA says {}, nimcert's automata {}", smt::mona_answer_name(mona),
                           c.status));
      return;
    }
    if (c.counterexample) {
      // The implication, evaluated where the automata say it is false.
      smt::ExprPtr claim = phi;
      for (const smt::ExprPtr& h : hypotheses)
        claim = smt::make_node(smt::Op::Implies, {h, claim});
      const auto value = external.empty() ? smt::evaluate_exactly(claim, *c.counterexample)
                                          : std::optional<std::string>();
      if (value && *value != "0") {
        disagree(where, statement,
                 fmt::format("the automata's counterexample {} is true in GMP",
                             nlohmann::json(*c.counterexample).dump()));
        return;
      }
    }
    ++counts_.independent_agree;
  }

  const Counts& counts() const { return counts_; }

 private:
  void disagree(const std::string& where, const std::string& statement, const std::string& what) {
    campaign_.disagree(where, what, "  statement: " + statement + "\n");
  }

  Campaign& campaign_;
  Counts counts_;
};

}  // namespace
}  // namespace nimcert::differential

int main(int argc, char** argv) {
  using namespace nimcert::differential;
  const Options options = options_or_exit(argc, argv, "ws1s_differential",
                                          "ws1s_differential: random statements of the unbounded "
                                          "fragment, MONA against the exact evaluator");
  Campaign campaign("ws1s_differential", options);
  Run run(campaign);
  const std::uint64_t executions =
      campaign.run([&](unsigned, Rng& rng, std::uint64_t n, const std::string& where) {
        if (n % 5 == 4)
          run.automaton(rng, where);
        else if (n % 5 == 3)  // Fibonacci, then each Ostrowski numeration, in turn
          run.positional(rng, where,
                         n / 5 % 3 == 0   ? nimcert::smt::Numeration::Fibonacci
                         : n / 5 % 3 == 1 ? nimcert::smt::Numeration::OstrowskiSqrt2
                                          : nimcert::smt::Numeration::OstrowskiTwoWythoff);
        else if (n % 10 == 1)
          run.existential(rng, where);
        else
          run.execute(rng, where, n % 2 == 0);
      });
  const Counts& counts = run.counts();
  fmt::print(
      "ws1s_differential: {} executions ({} statements translated, {} refused as outside the "
      "fragment; MONA: {} valid, {} counterexamples; {} learned-automaton predicates at edge "
      "tuples, {} of them accepted; {} statements under the Fibonacci and Ostrowski numerations; {} undecided "
      "in their limit); {} comparisons with GMP and the automata's runs; nimcert's own automata "
      "agreed on {} statements ({} of them 'for every x there is a y') and left {} unchecked "
      "(outside their reach or size); {} disagreements\n",
      executions, counts.translated.load(), counts.refused.load(), counts.valid.load(),
      counts.counterexamples.load(), counts.automata.load(), counts.accepted.load(),
      counts.positional.load(), counts.undecided.load(), counts.comparisons.load(),
      counts.independent_agree.load(), counts.existentials.load(),
      counts.independent_not_checked.load(),
      campaign.disagreements());
  return campaign.disagreements() ? 1 : 0;
}
