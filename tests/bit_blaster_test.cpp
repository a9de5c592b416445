// The bit-blaster (smt/blast) against Z3 on random terms: every operator of the queries nimcert
// writes, at widths 1 to 16 and at 64, with the edge constants (0, 1, 2^w - 1, 2^(w-1), and
// 2^31, 2^32, 2^63 where they fit).  Each term t with its inputs fixed is blasted twice: with
// t != v, where v is Z3's value of t, the CNF must be refuted by unit propagation alone (the
// DRAT checker's empty-clause check: the encodings are complete for propagation forwards), and
// with t = v it must not be (CaDiCaL says sat on a sample).  A mutated encoding fails both.
// Then real queries: nimcert's lemma queries blast to CNFs that CaDiCaL refutes, with proofs
// nimcert's checker accepts; quantified ones and unknown operators are refused by name.
#include <gtest/gtest.h>
#include <z3++.h>

#include <random>
#include <string>

#include "blast/bit_blaster.hpp"
#include "sat/cadical.hpp"
#include "sat/drat_checker.hpp"
#include "sat/lrat_checker.hpp"

namespace nimcert::smt {
namespace {

std::string binary(std::uint64_t v, unsigned w) {
  std::string s = "#b";
  for (unsigned i = w; i-- > 0;) s += (i < 64 && ((v >> i) & 1u)) ? '1' : '0';
  return s;
}

// A random term over x, y, z of width w, as SMT-LIB text.
class Terms {
 public:
  Terms(unsigned w, std::mt19937_64& rng) : w_(w), rng_(rng) {}

  std::string bv(int depth) {
    if (depth <= 0 || rng_() % 4 == 0) return leaf();
    static const char* binary_ops[] = {"bvadd", "bvsub", "bvmul", "bvudiv", "bvurem", "bvand",
                                       "bvor",  "bvxor", "bvshl", "bvlshr"};
    switch (rng_() % 14) {
      case 10:
        return "(bvnot " + bv(depth - 1) + ")";
      case 11:
        return "(bvneg " + bv(depth - 1) + ")";
      case 12:
        return "(ite " + boolean(depth - 1) + " " + bv(depth - 1) + " " + bv(depth - 1) + ")";
      case 13:
        if (w_ >= 2) {  // an extract and a zero_extend back to w
          const unsigned keep = 1 + static_cast<unsigned>(rng_() % (w_ - 1));
          const unsigned lo = static_cast<unsigned>(rng_() % (w_ - keep + 1));
          return "((_ zero_extend " + std::to_string(w_ - keep) + ") ((_ extract " +
                 std::to_string(lo + keep - 1) + " " + std::to_string(lo) + ") " + bv(depth - 1) +
                 "))";
        }
        return leaf();
      default:
        return std::string("(") + binary_ops[rng_() % 10] + " " + bv(depth - 1) + " " +
               bv(depth - 1) + ")";
    }
  }

  std::string boolean(int depth) {
    static const char* comparisons[] = {"bvult", "bvule", "bvugt", "bvuge", "=", "distinct"};
    if (depth <= 0 || rng_() % 3 != 0)
      return std::string("(") + comparisons[rng_() % 6] + " " + bv(depth - 1) + " " +
             bv(depth - 1) + ")";
    static const char* connectives[] = {"and", "or", "=>", "xor", "="};
    if (rng_() % 5 == 0) return "(not " + boolean(depth - 1) + ")";
    return std::string("(") + connectives[rng_() % 5] + " " + boolean(depth - 1) + " " +
           boolean(depth - 1) + ")";
  }

  std::uint64_t edge() {
    const std::uint64_t mask = w_ >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << w_) - 1;
    const std::uint64_t edges[] = {0, 1, mask, std::uint64_t{1} << (w_ - 1), mask - 1,
                                   std::uint64_t{1} << 31, std::uint64_t{1} << 32,
                                   std::uint64_t{1} << 63, rng_()};
    return edges[rng_() % 9] & mask;
  }

 private:
  std::string leaf() {
    switch (rng_() % 5) {
      case 0:
        return "x";
      case 1:
        return "y";
      case 2:
        return "z";
      default:
        return binary(edge(), w_);
    }
  }
  unsigned w_;
  std::mt19937_64& rng_;
};

std::string declarations(unsigned w) {
  std::string s;
  for (const char* v : {"x", "y", "z"})
    s += std::string("(declare-fun ") + v + " () (_ BitVec " + std::to_string(w) + "))\n";
  return s;
}

// Z3's value of the term under the assignment, as #b text.
std::string z3_value(const std::string& term, unsigned w, const std::uint64_t xyz[3]) {
  z3::context c;
  const z3::expr_vector parsed = c.parse_string(
      (declarations(w) + "(declare-fun t () (_ BitVec " + std::to_string(w) + "))\n(assert (= t " +
       term + "))")
          .c_str());
  z3::expr t = parsed[0].arg(1);
  z3::expr_vector from(c), values(c);
  const char* names[] = {"x", "y", "z"};
  for (int i = 0; i < 3; ++i) {
    from.push_back(c.bv_const(names[i], w));
    values.push_back(c.bv_val(std::to_string(xyz[i]).c_str(), w));
  }
  std::string out;
  t.substitute(from, values).simplify().as_binary(out);
  while (out.size() < w) out = "0" + out;
  return "#b" + out;
}

TEST(BitBlaster, EveryOperatorAgreesWithZ3OnRandomTermsAtTheEdges) {
  std::mt19937_64 rng(42);
  std::size_t refuted = 0, kept = 0, sat_checked = 0;
  for (const unsigned w : {1u, 2u, 3u, 5u, 7u, 8u, 12u, 16u, 33u, 64u}) {
    Terms terms(w, rng);
    for (int round = 0; round < (w <= 16 ? 40 : 12); ++round) {
      const std::string term = terms.bv(w <= 16 ? 3 : 2);
      const std::uint64_t xyz[3] = {terms.edge(), terms.edge(), terms.edge()};
      const std::string v = z3_value(term, w, xyz);
      std::string fixed = declarations(w);
      fixed += "(assert (= x " + binary(xyz[0], w) + "))\n(assert (= y " + binary(xyz[1], w) +
               "))\n(assert (= z " + binary(xyz[2], w) + "))\n";
      const BlastedQuery wrong = blast_smt2(fixed + "(assert (not (= " + term + " " + v + ")))\n");
      ASSERT_TRUE(check_drat(wrong.cnf, "0\n", false).verified)
          << "w " << w << ": " << term << " is not " << v << " by propagation";
      ++refuted;
      const BlastedQuery right = blast_smt2(fixed + "(assert (= " + term + " " + v + "))\n");
      ASSERT_FALSE(check_drat(right.cnf, "0\n", false).verified) << "w " << w << ": " << term;
      ++kept;
      if (round % 10 == 0) {
        const SatRun run = solve_with_cadical(dimacs_text(right.cnf), 60'000);
        EXPECT_EQ(run.verdict, SatRun::Verdict::Sat) << "w " << w << ": " << term << " = " << v;
        ++sat_checked;
      }
    }
  }
  EXPECT_GT(refuted, 300u);
  EXPECT_EQ(kept, refuted);
  EXPECT_GT(sat_checked, 30u);
}

TEST(BitBlaster, ALemmaQueryIsRefutedWithACheckedProofAndAFalseOneIsNot) {
  // x ^ y = y ^ x and (x & y) <= x for all 16-bit x, y: the negation is unsat.
  const std::string lemma =
      "(set-logic QF_BV)\n(declare-fun x () (_ BitVec 16))\n(declare-fun y () (_ BitVec 16))\n"
      "(assert (not (and (= (bvxor x y) (bvxor y x)) (bvule (bvand x y) x))))\n(check-sat)\n";
  const BlastedQuery q = blast_smt2(lemma);
  const SatRun run = solve_with_cadical(dimacs_text(q.cnf), 60'000);
  ASSERT_EQ(run.verdict, SatRun::Verdict::Unsat) << run.note;
  const DratCheck d = check_drat(q.cnf, run.proof, true);
  ASSERT_TRUE(d.verified) << d.reason;
  EXPECT_TRUE(check_lrat(q.cnf, d.lrat).verified);
  // x * 3 / 3 = x is false at 16 bits (overflow): sat, no proof.
  const BlastedQuery wrong = blast_smt2(
      "(declare-fun x () (_ BitVec 16))\n(assert (not (= (bvudiv (bvmul x #x0003) #x0003) x)))\n");
  EXPECT_EQ(solve_with_cadical(dimacs_text(wrong.cnf), 60'000).verdict, SatRun::Verdict::Sat);
}

TEST(BitBlaster, RefusesQuantifiersAndUnknownOperatorsByName) {
  EXPECT_THROW(blast_smt2("(declare-fun x () (_ BitVec 4))\n(assert (exists ((y (_ BitVec 4))) (= x y)))\n"),
               BlastRefused);
  try {
    blast_smt2("(declare-fun x () (_ BitVec 4))\n(assert (bvslt x #x0))\n");
    FAIL() << "bvslt has no encoding here";
  } catch (const BlastRefused& e) {
    EXPECT_NE(std::string(e.what()).find("bvslt"), std::string::npos) << e.what();
  }
  EXPECT_THROW(blast_smt2("(assert (= x"), std::invalid_argument);
}

}  // namespace
}  // namespace nimcert::smt
