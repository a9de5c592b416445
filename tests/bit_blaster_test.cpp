// The bit-blaster (smt/blast) against Z3 on random terms: every operator of the queries nimcert
// writes, at widths 1 to 16 and at 64, with the edge constants (0, 1, 2^w - 1, 2^(w-1), and
// 2^31, 2^32, 2^63 where they fit).  Each term t with its inputs fixed is blasted twice: with
// t != v, where v is Z3's value of t, the CNF must be refuted by unit propagation alone (the
// DRAT checker's empty-clause check: the encodings are complete for propagation forwards), and
// with t = v it must not be (CaDiCaL says sat on a sample).  A mutated encoding fails both.
// Then real queries: nimcert's lemma queries blast to CNFs that CaDiCaL refutes, with proofs
// nimcert's checker accepts; quantified ones and unknown operators are refused by name.
#include <gtest/gtest.h>

#include <random>
#include <string>

#include "blast/bit_blaster.hpp"
#include "sat/cadical.hpp"
#include "sat/drat_checker.hpp"
#include "sat/lrat_checker.hpp"
#include "bv_terms.hpp"

namespace nimcert::smt {
namespace {

using nimcert::testing::binary;
using nimcert::testing::declarations;
using nimcert::testing::Terms;
using nimcert::testing::z3_value;


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
