// The proof language: parse errors with file:line:col, operator precedence, the Z3
// translation of every operator against the C++ evaluator, and the mutants of seed 000's
// proof that both methods must refute with a counterexample.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <map>
#include <random>

#include "checks/lemma_check.hpp"
#include "checks/proof_input.hpp"
#include "committed_proof.hpp"
#include "eval/evaluator.hpp"
#include "eval/native_line.hpp"
#include "lang/proof_file.hpp"
#include "solve/z3_backend.hpp"

namespace nimcert {
namespace {

using namespace smt;  // the language under test

using testing::parse_error;

// The canonical form of the statement of a one-line lemma over a, b, c, d.
std::string canonical(const std::string& expr) {
  const ProofFile f = parse_proof_file(
      "lemma \"l\" \"t\" vars a b c d prove " + expr + " widths 8 enumerate 0..1 end", "t.proof");
  return to_string(*f.lemmas.at(0).conclusion);
}

TEST(Parser, Precedence) {
  EXPECT_EQ(canonical("a & b == 0"), "((a & b) == 0)");  // not C's a & (b == 0)
  EXPECT_EQ(canonical("a ^ b == c"), "((a ^ b) == c)");
  EXPECT_EQ(canonical("a + b * c"), "(a + (b * c))");
  EXPECT_EQ(canonical("a - b - c"), "((a - b) - c)");
  EXPECT_EQ(canonical("a >> 1 + 1"), "(a >> (1 + 1))");
  EXPECT_EQ(canonical("a ^ b | c & d"), "((a ^ b) | (c & d))");
  EXPECT_EQ(canonical("a | b ^ c"), "(a | (b ^ c))");
  EXPECT_EQ(canonical("!a == b"), "(!(a == b))");
  EXPECT_EQ(canonical("a == b && c < d || a > 0"), "(((a == b) && (c < d)) || (a > 0))");
  EXPECT_EQ(canonical("a -> b -> c"), "(a -> (b -> c))");
  EXPECT_EQ(canonical("a < b -> c == d <-> a"), "(((a < b) -> (c == d)) <-> a)");
  EXPECT_EQ(canonical("if a < b then a else b + 1"), "(if (a < b) then a else (b + 1))");
}

TEST(Parser, ErrorsNameFileLineAndColumn) {
  EXPECT_EQ(parse_error("lemma \"l\" \"t\" vars a prove a < b widths 8 enumerate 0..1 end"),
            "t.proof:1:32: expected a variable in scope, not 'b'");
  EXPECT_EQ(parse_error("def u(x) = x >> 1\nlemma \"l\" \"t\"\n  vars a\n  prove a < a < a"),
            "t.proof:4:15: expected parentheses: '<' does not chain");
  EXPECT_EQ(parse_error("lemma \"l\" \"t\" vars a prove u(a) == 0 widths 8 enumerate 0..1 end"),
            "t.proof:1:28: expected a defined function, not 'u'");
  EXPECT_EQ(parse_error("lemma \"l\" \"t\" vars a prove a == 0 end"),
            "t.proof:1:35: expected 'widths'");
  EXPECT_EQ(parse_error("def u(x) = x >> 1\ndef v(x) = u(x, x)"),
            "t.proof:2:12: expected 1 argument(s) to u");
  EXPECT_EQ(parse_error("cube 12\nfrobnicate"),
            "t.proof:2:1: expected game, cube, def, claim, lemma, box, sequence or induction");
  EXPECT_EQ(parse_error("lemma \"l\" \"t\" vars a prove a $ 1"),
            "t.proof:1:30: expected a token, not '$'");
  EXPECT_EQ(parse_error("lemma \"l\" \"t\" vars a prove a == 0 widths 8 enumerate 5..1 end"),
            "t.proof:1:57: expected an upper bound at least the lower bound 5");
}

// Each operator's Z3 translation against the C++ evaluator.
void expect_translation_agrees(const std::string& expr, unsigned width,
                               const std::vector<std::vector<u128>>& assignments) {
  const ProofFile f = parse_proof_file(
      "lemma \"l\" \"t\" vars a b prove " + expr + " widths 8 enumerate 0..1 end", "t.proof");
  const ExprPtr e = f.lemmas[0].conclusion;
  const std::vector<u128> z3 = evaluate_with_z3(e, {"a", "b"}, width, assignments);
  const Program program({"a", "b"}, {e});
  for (std::size_t i = 0; i < assignments.size(); ++i) {
    std::vector<u128> value;
    ASSERT_TRUE(program.run_one<u128>(assignments[i], value)) << expr;
    EXPECT_EQ(u128_to_string(z3[i]), u128_to_string(value[0]))
        << expr << " at a=" << u128_to_string(assignments[i][0])
        << " b=" << u128_to_string(assignments[i][1]) << " width " << width;
  }
}

const char* const kOperatorTerms[] = {"a + b",
                                      "a - b",
                                      "a * b",
                                      "a / b",
                                      "a % b",
                                      "a ^ b",
                                      "a & b",
                                      "a | b",
                                      "a << 3",
                                      "a >> b",
                                      "a == b",
                                      "a != b",
                                      "a < b",
                                      "a <= b",
                                      "a > b",
                                      "a >= b",
                                      "!a",
                                      "a && b",
                                      "a || b",
                                      "a -> b",
                                      "a <-> b",
                                      "if a then b else 7",
                                      "(a < b) + (b < a)",
                                      "top_bit(a)",
                                      "low_bit(a + b)",
                                      "top_bit(a * b) ^ low_bit(b)",
                                      "zeck_shift(a) + b",
                                      "zeck_even(a + b)",
                                      "zeck_shift(zeck_shift(a) + b) - zeck_even(b)",
                                      "ost_shift(a) + b",
                                      "ost_odd(a + b)",
                                      "ost_shift(a) - a - ost_odd(a)",
                                      "ostw_shift(ostw_shift(a) + b) - ostw_even(b)"};

TEST(Parser, InductionTimeLimit) {
  const std::string head =
      "box \"b\" \"t\"\n  game nim(heaps = 2)\n  size 3\n  claim \"xor\" \"t\": G == x1 ^ x2\nend\n"
      "induction \"xor\" \"t\" ";
  const ProofFile f = parse_proof_file(head + "timeout 250000 widths 4 end", "t.proof");
  EXPECT_EQ(f.inductions.at(0).timeout_ms, 250000u);
  EXPECT_EQ(parse_proof_file(head + "widths 4 end", "t.proof").inductions.at(0).timeout_ms, 0u);
  EXPECT_EQ(parse_error(head + "timeout 0 widths 4 end"),
            "t.proof:6:29: expected a time limit in milliseconds from 1 to 3600000, not 0");
}

TEST(Z3Translation, AgreesWithEvaluatorExhaustivelyAtWidth4) {
  std::vector<std::vector<u128>> all;
  for (u128 a = 0; a < 16; ++a)
    for (u128 b = 0; b < 16; ++b) all.push_back({a, b});
  for (const char* term : kOperatorTerms) expect_translation_agrees(term, 4, all);
  expect_translation_agrees("a << b", 4, all);  // a variable shift at a small width
}

TEST(Z3Translation, AgreesWithEvaluatorOnRandomWideValues) {
  std::mt19937_64 random(20261129);
  for (unsigned width : {32u, 64u}) {
    std::vector<std::vector<u128>> some;
    for (int i = 0; i < 64; ++i) {
      const u128 mask = width == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << width) - 1;
      some.push_back({random() & mask, random() & mask});
      some.push_back({random() & mask, (random() & 7) & mask});  // small divisors, equal bits
    }
    some.push_back({5, 0});  // x / 0 = 0 and x % 0 = x
    for (const char* term : kOperatorTerms) expect_translation_agrees(term, width, some);
  }
}

TEST(Z3Translation, QueryIsAConformingBenchmark) {
  const ProofFile f = parse_proof_file(
      "lemma \"l\" \"t\" vars a b prove a + b >= a widths 8 enumerate 0..1 end", "t.proof");
  const Query q = make_query({"a", "b"}, {}, f.lemmas[0].conclusion, 16, "test");
  EXPECT_NE(q.smt2.find("(set-info :smt-lib-version 2.6)"), std::string::npos);
  EXPECT_NE(q.smt2.find("(set-logic QF_BV)"), std::string::npos);
  EXPECT_NE(q.smt2.find("(declare-fun a () (_ BitVec 16))"), std::string::npos);
  EXPECT_NE(q.smt2.find("(check-sat)\n(exit)"), std::string::npos);
  const SolverRun run = solve_with_z3(q, 10000);
  EXPECT_EQ(run.answer, Answer::Unsat);
  EXPECT_NE(with_status(q.smt2, run.answer).find("(set-info :status unsat)"), std::string::npos);
}

// --- seed 000's steps and their mutants ---

const char* const kDefinitions = R"(
def u(x) = x >> 1
def e(x) = x & 1
def edge(a, b) = u(a) > 0 && u(b) > 0 && (u(a) & u(b)) == 0
def edges(x1, x2, x3) = edge(x1, x2) + edge(x2, x3) + edge(x1, x3)
)";

LemmaOutcome check_one(const std::string& text) {
  const ProofFile f = parse_proof_file(std::string(kDefinitions) + text, "t.proof");
  return check_lemma(f.lemmas.at(0), f.definitions, {10000, 2});
}

TEST(Lemmas, Lemma17HoldsWithItsHypothesis) {
  const LemmaOutcome o = check_one(R"P(lemma "(17)" "t" vars ui uj uk assume (ui & uj) == 0
    prove ((ui + uj) & uk) == 0 <-> (ui & uk) == 0 && (uj & uk) == 0
    widths 8 64 enumerate 0..31 end)P");
  EXPECT_EQ(o.verdict, Verdict::Holds);
  ASSERT_EQ(o.widths.size(), 2u);
  EXPECT_EQ(o.widths[1].answer, Answer::Unsat);
  EXPECT_EQ(o.enumeration.cases, 32u * 32u * 32u);
  EXPECT_EQ(
      o.statement,
      "((ui & uj) == 0) -> ((((ui + uj) & uk) == 0) <-> (((ui & uk) == 0) && ((uj & uk) == 0)))");
}

TEST(Lemmas, Lemma17WithoutItsHypothesisIsRefutedBothWays) {
  const LemmaOutcome o = check_one(R"P(lemma "(17)-" "t" vars ui uj uk
    prove ((ui + uj) & uk) == 0 <-> (ui & uk) == 0 && (uj & uk) == 0
    widths 8 64 enumerate 0..31 end)P");
  EXPECT_EQ(o.verdict, Verdict::Fails);
  ASSERT_TRUE(o.enumeration.counterexample.has_value());
  EXPECT_EQ(*o.enumeration.counterexample, (std::vector<std::uint64_t>{1, 1, 1}));
  for (const WidthOutcome& w : o.widths) {
    EXPECT_EQ(w.answer, Answer::Sat);
    ASSERT_TRUE(w.counterexample.has_value());  // re-checked by the evaluator
    const u128 ui = w.counterexample->at("ui"), uj = w.counterexample->at("uj"),
               uk = w.counterexample->at("uk");
    EXPECT_NE((((ui + uj) & uk) == 0), ((ui & uk) == 0 && (uj & uk) == 0));
  }
}

TEST(Lemmas, Lemma13WithoutTheCarryTermIsRefuted) {
  const LemmaOutcome o = check_one(R"P(lemma "(13)-" "t" vars xi xj
    prove (xi + xj) / 2 == u(xi) + u(xj) widths 8 64 enumerate 0..63 end)P");
  EXPECT_EQ(o.verdict, Verdict::Fails);
  EXPECT_EQ(*o.enumeration.counterexample, (std::vector<std::uint64_t>{1, 1}));
  EXPECT_EQ(o.widths[0].answer, Answer::Sat);
  EXPECT_TRUE(o.widths[0].counterexample.has_value());
}

TEST(Lemmas, Lemma18WithDeltaDefinedAsOneEdgeIsRefuted) {
  // delta defined as e == 1 (instead of e in {1, 2}): a q-preserving merge from two edges
  // leaves delta at 0, so "delta flips" fails.
  const LemmaOutcome o = check_one(R"P(
    def q(x1, x2, x3) = u(x1) ^ u(x2) ^ u(x3)
    def delta(x1, x2, x3) = edges(x1, x2, x3) == 1
    lemma "(18)-" "t" vars x1 x2 x3
    prove x1 >= 2 && x2 >= 2 && q(x1 + x2, 0, x3) == q(x1, x2, x3) ->
          delta(x1 + x2, 0, x3) != delta(x1, x2, x3)
    widths 8 64 enumerate 0..63 end)P");
  EXPECT_EQ(o.verdict, Verdict::Fails);
  ASSERT_TRUE(o.enumeration.counterexample.has_value());
  // Whatever position is reported, recount its edges here rather than trust it.
  const auto& cx = *o.enumeration.counterexample;
  auto u = [](std::uint64_t x) { return x >> 1; };
  auto edge = [&](std::uint64_t a, std::uint64_t b) {
    return u(a) > 0 && u(b) > 0 && (u(a) & u(b)) == 0;
  };
  const int before = edge(cx[0], cx[1]) + edge(cx[1], cx[2]) + edge(cx[0], cx[2]);
  EXPECT_EQ(before, 2);  // the two-edge case the mutant gets wrong
  EXPECT_TRUE(o.widths[1].counterexample.has_value());
}

// The line evaluator (uniform instructions once per line, reused register rows, 32- or
// 64-bit lanes) gives, lane for lane, what the plain batch evaluator gives: on every operator
// and on the largest lemmas of seed 000, over lines crossing the 32-bit edge.
template <class T>
void expect_line_agrees(const Program& program, const std::vector<std::uint64_t>& fixed,
                        std::uint64_t start, std::size_t lanes, const std::string& what,
                        const NativeLine* native = nullptr) {
  std::vector<std::vector<std::uint64_t>> rows(program.variable_count(),
                                               std::vector<std::uint64_t>(lanes));
  for (std::size_t j = 0; j < lanes; ++j) {
    for (std::size_t v = 0; v < fixed.size(); ++v) rows[v][j] = fixed[v];
    rows.back()[j] = start + j;
  }
  std::vector<const std::uint64_t*> in;
  for (const auto& r : rows) in.push_back(r.data());
  std::vector<std::uint64_t> plain(lanes);
  std::vector<std::uint64_t*> out = {plain.data()};
  const bool plain_fits = program.run<std::uint64_t>(lanes, in, out);
  std::vector<T> line(lanes);
  const std::vector<T> fixed_t(fixed.begin(), fixed.end());
  const bool line_fits =
      native ? native->run_line(lanes, fixed_t.data(), static_cast<T>(start), line.data())
             : program.run_line<T>(lanes, fixed_t, static_cast<T>(start), line.data());
  if constexpr (sizeof(T) == 8) {
    EXPECT_EQ(line_fits, plain_fits) << what;
  }
  if (!line_fits || !plain_fits) return;
  for (std::size_t j = 0; j < lanes; ++j)
    ASSERT_EQ(std::uint64_t{line[j]}, plain[j]) << what << " lane " << j;
}

TEST(Evaluator, LineEvaluationAgreesWithBatchEvaluation) {
  for (const char* term : kOperatorTerms) {
    const ProofFile f = parse_proof_file(
        std::string("lemma \"l\" \"t\" vars a b prove ") + term + " widths 8 enumerate 0..1 end",
        "t.proof");
    const Program program({"a", "b"}, {f.lemmas[0].conclusion});
    for (std::uint64_t a : {0ull, 1ull, 5ull, 200ull}) {
      expect_line_agrees<std::uint64_t>(program, {a}, 0, 300, term);
      expect_line_agrees<std::uint32_t>(program, {a}, 0, 300, term);
      expect_line_agrees<std::uint64_t>(program, {a}, (1ull << 32) - 100, 200, term);
    }
  }
  const ProofFile manabe = read_proof_file(NIMCERT_SOURCE_DIR "/certs/manabe-2024.proof");
  std::size_t checked = 0;
  for (const LemmaSpec& lemma : manabe.lemmas) {
    const Program program(lemma.variables, {expand_lemma(lemma, manabe.definitions).implication});
    EXPECT_TRUE(program.fits_in(32, 255)) << lemma.label;
    for (std::uint64_t a : {0ull, 2ull, 7ull, 130ull})
      for (std::uint64_t b : {0ull, 3ull, 64ull}) {
        std::vector<std::uint64_t> fixed = {a, b, a ^ b, a + b, 1};
        fixed.resize(lemma.variables.size() - 1);
        expect_line_agrees<std::uint32_t>(program, fixed, 0, 256, lemma.label);
        expect_line_agrees<std::uint64_t>(program, fixed, 1000, 256, lemma.label);
      }
    ++checked;
  }
  EXPECT_EQ(checked, manabe.lemmas.size());
  EXPECT_GE(checked, 15u);
}

// The row evaluator (the last two variables vary, a cube's z and G; the instructions reading
// neither once per row) against the plain batch evaluator, lane for lane: every operator with
// its operands on (fixed, z, G) in each order, rows crossing 2^31, 2^32, 2^63 and 2^64 - 1, in
// 32- and 64-bit lanes (overflow reported alike in 64 bits), and the claims of seed 000.  With
// `native`, the row as machine code too, against the row evaluator, lane for lane.
template <class T>
std::size_t expect_row_agrees(const Program& program, const std::vector<std::uint64_t>& fixed,
                              const std::vector<std::uint64_t>& zs,
                              const std::vector<std::uint64_t>& gs, const std::string& what,
                              const NativeLine* native = nullptr) {
  const std::size_t lanes = zs.size();
  std::vector<std::vector<std::uint64_t>> rows;
  for (const std::uint64_t f : fixed) rows.emplace_back(lanes, f);
  rows.push_back(zs);
  rows.push_back(gs);
  std::vector<const std::uint64_t*> in;
  for (const auto& r : rows) in.push_back(r.data());
  std::vector<std::uint64_t> plain(lanes);
  std::vector<std::uint64_t*> out = {plain.data()};
  const bool plain_fits = program.run<std::uint64_t>(lanes, in, out);
  const std::vector<T> fixed_t(fixed.begin(), fixed.end());
  const std::vector<T> zs_t(zs.begin(), zs.end()), gs_t(gs.begin(), gs.end());
  const T* last2[2] = {zs_t.data(), gs_t.data()};
  std::vector<T> row(lanes);
  const bool row_fits = program.run_row<T>(lanes, fixed_t, last2, row.data());
  if (native) {
    std::vector<T> machine(lanes);
    const bool machine_fits =
        native->run_row(lanes, fixed_t.data(), zs_t.data(), gs_t.data(), machine.data());
    EXPECT_EQ(machine_fits, row_fits) << what;
    if (machine_fits && row_fits) {
      for (std::size_t j = 0; j < lanes; ++j)
        EXPECT_EQ(machine[j], row[j]) << what << " lane " << j << " (machine code)";
    }
  }
  if constexpr (sizeof(T) == 8) {
    EXPECT_EQ(row_fits, plain_fits) << what;
  }
  if (!row_fits || !plain_fits) return 0;
  for (std::size_t j = 0; j < lanes; ++j)
    EXPECT_EQ(std::uint64_t{row[j]}, plain[j]) << what << " lane " << j;
  return lanes;
}

TEST(Evaluator, RowEvaluationAgreesWithBatchEvaluation) {
  std::size_t lanes = 0;
  std::mt19937_64 rng(3);
  // The operator's a and b as fixed or varying variables: both fixed, both varying (z and G),
  // a fixed with b as G, a fixed with b as z.
  const std::vector<std::vector<std::string>> orders = {
      {"a", "b", "p", "q"}, {"p", "q", "a", "b"}, {"a", "p", "q", "b"}, {"p", "a", "b", "q"}};
  for (const char* term : kOperatorTerms)
    for (const auto& names : orders) {
      const ProofFile f = parse_proof_file(
          std::string("lemma \"l\" \"t\" vars a b prove ") + term + " widths 8 enumerate 0..1 end",
          "t.proof");
      const Program program(names, {f.lemmas[0].conclusion});
      for (const std::uint64_t base :
           {0ull, (1ull << 31) - 3, (1ull << 32) - 3, (1ull << 63) - 3, ~0ull - 5}) {
        std::vector<std::uint64_t> zs, gs;
        for (std::uint64_t j = 0; j < 6; ++j) zs.push_back(base + j);
        for (std::uint64_t j = 0; j < 6; ++j) gs.push_back(rng() % 4 == 0 ? base : rng() % 300);
        for (const std::uint64_t x : {std::uint64_t{0}, std::uint64_t{7}, base})
          lanes += expect_row_agrees<std::uint64_t>(program, {x, 5}, zs, gs, term);
        if (base < (1ull << 32) - 8)
          lanes += expect_row_agrees<std::uint32_t>(program, {7, base}, zs, gs, term);
      }
    }
  EXPECT_GT(lanes, 5'000u);
  const ProofFile manabe = read_proof_file(NIMCERT_SOURCE_DIR "/certs/manabe-2024.proof");
  ASSERT_EQ(manabe.claims.size(), 3u);
  for (const ClaimSpec& claim : manabe.claims) {
    const Program program(claim_variables(3), {expand(claim.statement, manabe.definitions)});
    std::vector<std::uint64_t> zs, gs;
    for (std::uint64_t z = 0; z <= 300; ++z) {
      zs.push_back(z);
      gs.push_back(rng() % 600);
    }
    for (const std::uint64_t x : {0ull, 2ull, 130ull, 1024ull})
      for (const std::uint64_t y : {0ull, 3ull, 1023ull}) {
        EXPECT_EQ((expect_row_agrees<std::uint32_t>(program, {x, y}, zs, gs, claim.name)), 301u);
        EXPECT_EQ((expect_row_agrees<std::uint64_t>(program, {x, y}, zs, gs, claim.name)), 301u);
      }
  }
}

// Division and remainder by a constant: a power of two is a shift and a mask in the lanes, any
// other constant a division per lane; both held to C++'s own / and % (x / 0 = 0, x % 0 = x) on
// values at the edges, in 64-bit lanes, in lines of 32-bit lanes, and in rows.
TEST(Evaluator, DivisionByAConstantIsExactForPowersOfTwoAndOthers) {
  const std::vector<std::uint64_t> as = {0,          1,
                                         2,          3,
                                         5,          1023,
                                         1024,       (1ull << 31) - 1,
                                         1ull << 31, (1ull << 32) - 1,
                                         1ull << 32, (1ull << 63) + 7,
                                         ~0ull};
  std::size_t checked = 0;
  for (const std::uint64_t c : {0ull, 1ull, 2ull, 3ull, 4ull, 6ull, 1024ull, 1ull << 31, 1ull << 32,
                                3ull << 32, 1ull << 63}) {
    for (const char* op : {"/", "%"}) {
      const std::string term = "a " + std::string(op) + " " + std::to_string(c);
      const ProofFile f = parse_proof_file(
          "lemma \"l\" \"t\" vars a prove " + term + " == 0 widths 8 enumerate 0..1 end",
          "t.proof");
      const ExprPtr value = f.lemmas[0].conclusion->args[0];
      const Program program({"a"}, {value});
      std::vector<std::uint64_t> out(as.size());
      std::vector<std::uint64_t*> outs = {out.data()};
      ASSERT_TRUE(program.run<std::uint64_t>(as.size(), {as.data()}, outs)) << term;
      for (std::size_t j = 0; j < as.size(); ++j) {
        const std::uint64_t expected =
            op[0] == '/' ? (c == 0 ? 0 : as[j] / c) : (c == 0 ? as[j] : as[j] % c);
        ASSERT_EQ(out[j], expected) << term << " at " << as[j];
        ++checked;
      }
      // 32-bit lanes on a line from 2^32 - 300: a constant of 2^32 or more is an overflow.
      std::vector<std::uint32_t> line(300);
      const bool fits = program.run_line<std::uint32_t>(300, {}, (1u << 31) + 5, line.data());
      EXPECT_EQ(fits, c <= 0xFFFFFFFFull) << term;
      if (fits)
        for (std::uint32_t j = 0; j < 300; ++j) {
          const std::uint64_t a = (1ull << 31) + 5 + j;
          ASSERT_EQ(line[j], op[0] == '/' ? (c == 0 ? 0 : a / c) : (c == 0 ? a : a % c)) << term;
          ++checked;
        }
    }
  }
  EXPECT_GT(checked, 5'000u);
}

// The machine code of a lemma, compiled by the system compiler, against the batch evaluator
// lane for lane: every operator (one program each, 32- and 64-bit lanes) and lemma (18).
TEST(NativeLine, AgreesWithBatchEvaluation) {
  std::string terms;
  for (const char* term : kOperatorTerms) terms += std::string(terms.empty() ? "" : ", ") + term;
  std::vector<ExprPtr> outputs;
  for (const char* term : kOperatorTerms) {
    const ProofFile f = parse_proof_file(
        std::string("lemma \"l\" \"t\" vars a b prove ") + term + " widths 8 enumerate 0..1 end",
        "t.proof");
    const Program program({"a", "b"}, {f.lemmas[0].conclusion});
    for (bool narrow : {true, false}) {
      auto compiled = NativeLine::compile(program, narrow);
      ASSERT_TRUE(std::holds_alternative<NativeLine>(compiled)) << std::get<std::string>(compiled);
      const NativeLine& native = std::get<NativeLine>(compiled);
      for (std::uint64_t a : {0ull, 1ull, 5ull, 200ull, 4000000000ull}) {
        if (narrow) {
          expect_line_agrees<std::uint32_t>(program, {a}, 0, 300, term, &native);
        } else {
          expect_line_agrees<std::uint64_t>(program, {a}, 0, 300, term, &native);
          expect_line_agrees<std::uint64_t>(program, {a}, (1ull << 32) - 100, 200, term, &native);
          expect_line_agrees<std::uint64_t>(program, {a << 20}, ~0ull - 299, 300, term, &native);
        }
      }
    }
  }
  const ProofFile manabe = read_proof_file(NIMCERT_SOURCE_DIR "/certs/manabe-2024.proof");
  for (const LemmaSpec& lemma : manabe.lemmas) {
    if (lemma.label != "(18)") continue;
    const Program program(lemma.variables, {expand_lemma(lemma, manabe.definitions).implication});
    auto compiled = NativeLine::compile(program, true);
    ASSERT_TRUE(std::holds_alternative<NativeLine>(compiled));
    for (std::uint64_t a : {0ull, 2ull, 7ull, 130ull, 255ull})
      for (std::uint64_t b : {0ull, 3ull, 64ull, 255ull})
        expect_line_agrees<std::uint32_t>(program, {a, b}, 0, 256, lemma.label,
                                          &std::get<NativeLine>(compiled));
  }
}

// A row of machine code (claims on a cube: x1, x2 the same on the row, x3 and G read from two
// arrays) against the row evaluator and the plain batch evaluator, lane for lane, for 32- and
// 64-bit lanes: every operator between a fixed and a varying input, and formula (4) of seed
// 000, on rows whose values cross 2^31, 2^32 and 2^63.
TEST(NativeLine, RowsAgreeWithBatchEvaluation) {
  const ProofFile f = parse_proof_file(
      "game nim(heaps = 3)\ncube 9\n"
      "def edge(a, b) = (a >> 1) > 0 && (b >> 1) > 0 && ((a >> 1) & (b >> 1)) == 0\n"
      "def delta(x1, x2, x3) = (edge(x1, x2) + edge(x2, x3) + edge(x1, x3)) % 3 != 0\n"
      "claim \"operators\" \"t\": ((x1 + x3) ^ (x2 - G) ^ (x1 * x3) ^ (G / (x2 + 1)) ^ "
      "(x3 % (x1 + 2)) ^ (x1 & G) ^ (x2 | x3) ^ (G << 3) ^ (x3 >> (x1 % 64)) ^ (x1 == G) ^ "
      "(x2 != x3) ^ (G < x1) ^ (x3 <= x2) ^ (x1 > G) ^ (x3 >= G) ^ (if x1 > 0 then x3 else G)) != "
      "7\n"
      "claim \"formula-4\" \"seed 000\": G == x1 ^ x2 ^ x3 ^ delta(x1, x2, x3)\n",
      "rows.proof");
  std::vector<std::uint64_t> z(300), g(300);
  std::map<std::string, std::size_t> compared;  // lanes, per claim and lane width
  for (const ClaimSpec& claim : f.claims) {
    const Program program(claim_variables(3), {expand(claim.statement, f.definitions)});
    for (bool narrow : {true, false}) {
      auto compiled = NativeLine::compile(program, narrow, "", NativeLine::Lanes::Row);
      ASSERT_TRUE(std::holds_alternative<NativeLine>(compiled)) << std::get<std::string>(compiled);
      const NativeLine& native = std::get<NativeLine>(compiled);
      for (std::uint64_t edge : {0ull, 1ull << 31, (1ull << 32) - 300, 1ull << 63, ~0ull - 299})
        for (std::uint64_t x : {0ull, 3ull, (1ull << 31) + 1, (1ull << 32) - 1, ~0ull}) {
          // 32-bit lanes are for inputs below 2^32 (claims/proof_claims.hpp decides so).
          if (narrow && (x >> 32 != 0 || (edge + 299) >> 32 != 0)) continue;
          for (std::size_t j = 0; j < z.size(); ++j) {
            z[j] = edge + j;
            g[j] = (edge >> 1) + 7 * j % 300;
          }
          const std::string what =
              fmt::format("{} narrow {} x {} from {}", claim.name, narrow, x, edge);
          compared[claim.name + (narrow ? " narrow" : " wide")] +=
              narrow ? expect_row_agrees<std::uint32_t>(program, {x, 5}, z, g, what, &native)
                     : expect_row_agrees<std::uint64_t>(program, {x, 5}, z, g, what, &native);
        }
    }
  }
  EXPECT_EQ(compared.size(), 4u);
  for (const auto& [what, lanes] : compared) EXPECT_GE(lanes, 600u) << what;
  // A row needs two varying variables.
  const Program one({"a"}, {make_var("a")});
  EXPECT_THROW(NativeLine::source(one, true, NativeLine::Lanes::Row), std::logic_error);
}

// Machine code refutes the mutant (18) with the batch evaluator's counterexample; without a
// compiler the enumeration falls back to the batch evaluator and says why.
TEST(NativeLine, RefutesTheMutantAndFallsBackWithoutACompiler) {
  const ProofFile manabe = read_proof_file(NIMCERT_SOURCE_DIR "/certs/manabe-2024.proof");
  const LemmaSpec* lemma18 = nullptr;
  for (const LemmaSpec& l : manabe.lemmas)
    if (l.label == "(18)") lemma18 = &l;
  ASSERT_NE(lemma18, nullptr);
  // delta defined as e == 1 instead of e in {1, 2}, as in Lemmas.Lemma18WithDeltaDefinedAsOneEdge.
  Definitions mutant = manabe.definitions;
  auto edges = std::make_shared<Expr>();
  edges->op = Op::Call;
  edges->name = "edges";
  edges->args = {make_var("x1"), make_var("x2"), make_var("x3")};
  mutant.at("delta").body = make_node(Op::Eq, {edges, make_const(1)});
  const ExprPtr implication = expand_lemma(*lemma18, mutant).implication;
  const EnumerationOutcome native =
      enumerate_lemma(lemma18->variables, implication, 0, 63, 2, EnumerationEngine::Native);
  const EnumerationOutcome batch =
      enumerate_lemma(lemma18->variables, implication, 0, 63, 2, EnumerationEngine::Batch);
  EXPECT_TRUE(native.native);
  EXPECT_FALSE(batch.native);
  EXPECT_EQ(native.verdict, Verdict::Fails);
  EXPECT_EQ(batch.verdict, Verdict::Fails);
  ASSERT_TRUE(native.counterexample && batch.counterexample);
  EXPECT_EQ(*native.counterexample, *batch.counterexample);

  const Program program(lemma18->variables, {implication});
  auto missing = NativeLine::compile(program, true, "/nonexistent/c++");
  ASSERT_TRUE(std::holds_alternative<std::string>(missing));
  EXPECT_EQ(std::get<std::string>(missing), "no C++ compiler (/nonexistent/c++)");
}

TEST(Evaluator, ThirtyTwoBitLanesOnlyWhenNoValueCanReachTwoToThe32) {
  const ProofFile f = parse_proof_file(
      "lemma \"l\" \"t\" vars a b prove a * a * a * a + (b << 3) >= 0 widths 8 enumerate 0..1 end",
      "t.proof");
  const Program program({"a", "b"}, {f.lemmas[0].conclusion});
  EXPECT_TRUE(program.fits_in(32, 255));   // 255^4 + 255 * 8 < 2^32
  EXPECT_FALSE(program.fits_in(32, 256));  // 256^4 = 2^32
  EXPECT_TRUE(program.fits_in(64, 65535));
}

TEST(Lemmas, EnumerationOverflowIsUnknownNotHolds) {
  const LemmaOutcome o = check_one(R"P(lemma "big" "t" vars a
    prove (a << 62) * 4 >= 0 widths 8 enumerate 0..3 end)P");
  EXPECT_EQ(o.enumeration.verdict, Verdict::Unknown);
  EXPECT_EQ(o.verdict, Verdict::Unknown);
}

}  // namespace
}  // namespace nimcert
