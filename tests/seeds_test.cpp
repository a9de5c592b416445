// The other seeds: Bouton's Nim, Levine's Maximum, Minimum and Serial Nim.  External data
// (OEIS A025480 and A003987), the hand-checkable values of docs/mathematics.md, the two sequence
// algorithms against each other, and for each committed proof file a wrong variant of its
// claim that the checker refutes with a counterexample.
#include <gtest/gtest.h>

#include <random>

#include "base/mex.hpp"
#include "checks/box_check.hpp"
#include "checks/named/named_checks.hpp"
#include "checks/proof_input.hpp"
#include "checks/sequence_check.hpp"
#include "committed_proof.hpp"
#include "engines/box_engine.hpp"
#include "engines/sequence_engine.hpp"
#include "engines/window_mex.hpp"
#include "games/nim.hpp"
#include "games/one_heap.hpp"
#include "games/serial_nim.hpp"
#include "lang/proof_file.hpp"

namespace nimcert {
namespace {

using testing::committed;
using testing::mutant;

TEST(Oeis, A025480IsMaximumNimWithHalfRule) {
  // A025480, offset 0 ("a(2n) = n, a(2n+1) = a(n)"), as listed in docs/mathematics.md.
  const std::vector<std::uint32_t> a025480 = {0,  0, 1,  0, 2,  1, 3,  0, 4,  2, 5,  1, 6,  3,
                                              7,  0, 8,  4, 9,  2, 10, 5, 11, 1, 12, 6, 13, 3,
                                              14, 7, 15, 0, 16, 8, 17, 4, 18, 9, 19, 2};
  const Sequence g = maximum_nim(Rule("(n - 1) / 2", {}).table(a025480.size()));
  for (std::size_t n = 1; n <= a025480.size(); ++n) EXPECT_EQ(g[n], a025480[n - 1]) << n;
}

TEST(Oeis, A003987IsTwoHeapNim) {
  // n xor m read by antidiagonals, as listed in docs/mathematics.md.
  const std::vector<Value> a003987 = {0, 1, 1, 2, 0, 2, 3, 3, 3, 3, 4, 2, 0, 2, 4,
                                      5, 5, 1, 1, 5, 5, 6, 4, 6, 0, 6, 4, 6, 7, 7,
                                      7, 7, 7, 7, 7, 7, 8, 6, 4, 6, 0, 6, 4, 6, 8};
  const BoxValues box(Nim(2), 9);
  std::size_t i = 0;
  for (Heap d = 0; i < a003987.size(); ++d)
    for (Heap n = 0; n <= d && i < a003987.size(); ++n, ++i)
      EXPECT_EQ(box.at(Position{n, d - n}), a003987[i]) << n << "," << d - n;
}

TEST(Levine, HandValuesOfMathMd) {
  const Sequence g = maximum_nim(Rule("(n - 1) / 2", {}).table(16));
  const std::vector<std::uint32_t> expected = {0, 0, 1, 0, 2, 1, 3, 0, 4, 2, 5, 1, 6, 3, 7, 0};
  EXPECT_EQ(Sequence(g.begin() + 1, g.end()), expected);
  const Sequence h = minimum_nim(Rule("(n - 1) / 2", {}).table(16));
  EXPECT_EQ(h[0], 0u);
  EXPECT_EQ(h[1], 1u);
  EXPECT_EQ(h[7], 3u);
  EXPECT_EQ(h[8], 4u);
  // Levine's rule: g_7 = 0 (7 = 2^3 - 1); 13 = 1101b: the leading 11 becomes 1 and the 0
  // after it goes, leaving 11b = 3; 4 = 100b gives 10b = 2.
  smt::Definitions none;
  const auto levine = Rule("((1 << ((n >= 1) + (n >= 2) + (n >= 4) + (n >= 8))) >> 1) - 1", none);
  const Sequence gl = maximum_nim(levine.table(16));
  EXPECT_EQ(gl[7], 0u);
  EXPECT_EQ(gl[13], 3u);
  EXPECT_EQ(gl[4], 2u);
}

TEST(Levine, RecurrenceAgreesWithLemma21AndNaiveMex) {
  std::mt19937_64 random(7);
  for (int trial = 0; trial < 20; ++trial) {
    // A random regular rule: f(n) - f(n-1) in {0, 1}.
    std::vector<std::uint64_t> f(2000, 0);
    for (std::size_t n = 1; n < f.size(); ++n) f[n] = f[n - 1] + (random() % 3 == 0);
    const Sequence g = maximum_nim(f);
    EXPECT_EQ(g, lemma_2_1(f)) << trial;
    for (std::size_t n = 0; n < f.size(); n += 97) {
      std::vector<Value> options;
      for (std::uint64_t k = 1; k <= f[n]; ++k) options.push_back(g[n - k]);
      EXPECT_EQ(g[n], mex(options)) << n;
    }
  }
}

TEST(Levine, WindowMexAgreesWithTheDefinition) {
  std::mt19937_64 random(11);
  WindowMex window(5000);
  std::vector<Value> bag;
  for (int step = 0; step < 20000; ++step) {
    if (bag.empty() || random() % 3 != 0) {
      const Value v = static_cast<Value>(random() % 300);
      window.add(v);
      bag.push_back(v);
    } else {
      const std::size_t i = random() % bag.size();
      window.remove(bag[i]);
      bag.erase(bag.begin() + static_cast<long>(i));
    }
    ASSERT_EQ(window.mex(), mex(bag)) << step;
  }
}

TEST(SerialNim, ExamplesOfMathMd) {
  const BoxValues three(SerialNim(3), 3), two(SerialNim(2), 3);
  EXPECT_EQ(three.at(Position{2, 1, 3}), 2u);
  // Not left-associative: [[2,1],3] = 1, but [2,[1,3]] = 2.
  EXPECT_EQ(two.at(Position{two.at(Position{2, 1}), 3}), 1u);
  EXPECT_EQ(two.at(Position{2, two.at(Position{1, 3})}), 2u);
  EXPECT_EQ(three.at(Position{2, 2, 2}), 2u);  // k equal heaps: a_1 for k odd
  EXPECT_EQ(BoxValues(SerialNim(4), 2).at(Position{2, 2, 2, 2}), 1u);  // a_1 - 1 for k even
}

TEST(Mutants, BoutonWithOrInsteadOfXorIsRefuted) {
  const smt::ProofFile p = mutant("bouton.proof", "G == x1 ^ x2 ^ x3\n", "G == x1 | x2 | x3\n");
  const BoxReport r = check_box(p.boxes.at(1), p.definitions);
  ASSERT_EQ(r.verdict(), Verdict::Fails);
  const Counterexample& cx = *r.claims.at(0).counterexample;
  EXPECT_EQ(cx.position, (Position{0, 1, 1}));  // the first in lexicographic order
  EXPECT_EQ(cx.grundy, 0u);
  EXPECT_EQ(cx.claimed, 1u);
  EXPECT_EQ(cx.followers.size(), 2u);
}

TEST(Mutants, LevineClosedFormWithoutThePlusOneIsRefuted) {
  smt::ProofFile p =
      mutant("levine-2004.proof", "g == n >> (v2_ladder(n) + 1)", "g == n >> v2_ladder(n)");
  smt::SequenceSpec half = p.sequences.at(0);
  half.last = 1000;
  const SequenceReport r = check_sequence(half, p.definitions);
  EXPECT_EQ(r.verdict(), Verdict::Fails);
  EXPECT_EQ(r.claims.at(0).verdict, Verdict::Fails);
  EXPECT_EQ(r.claim_counterexamples["(3)"]["n"], 1u);  // g_1 = 0, but 1 >> 0 = 1
  EXPECT_EQ(r.claims.at(1).verdict, Verdict::Holds);
}

TEST(Mutants, SerialNimWithParityFlippedIsRefuted) {
  const smt::ProofFile p =
      mutant("serial-nim.proof",
             "serial(a1, m_even, am) = if m_even ==", "serial(a1, m_even, am) = if m_even !=");
  const BoxReport r = check_box(p.boxes.at(1), p.definitions);
  ASSERT_EQ(r.verdict(), Verdict::Fails);
  const Counterexample& cx = *r.claims.at(0).counterexample;
  EXPECT_EQ(cx.position, (Position{1, 1, 1}));
  EXPECT_EQ(cx.grundy, 1u);  // three equal heaps: a_1 (the flipped parity says a_1 - 1 = 0)
  EXPECT_EQ(cx.followers.size(), 1u);
}

TEST(Mutants, NamedSequenceChecksFailOnARuleOutsideTheirHypotheses) {
  // f(n) = n/2 for odd n and 0 for even n: not regular, not increasing; each check that
  // needs those hypotheses must say fails, with a counterexample.
  smt::SequenceSpec spec;
  spec.name = "bumpy";
  spec.rule = "(n / 2) * (n % 2)";
  spec.last = 1000;
  spec.checks = {"lemma-2.1",       "self-similarity", "proposition-2.3",
                 "proposition-3.2", "triangle-8",      "minimum-nim-q"};
  const SequenceReport r = check_sequence(spec, {});
  ASSERT_EQ(r.checks.size(), spec.checks.size());
  for (const NamedCheck& c : r.checks) {
    EXPECT_EQ(c.verdict, Verdict::Fails) << c.name;
    EXPECT_FALSE(c.counterexample.is_null()) << c.name;
  }
  EXPECT_EQ(r.verdict(), Verdict::Fails);
}

TEST(Mutants, TheoremFourFourFailsOnSequencesWithARepeatedPair) {
  // The sequences of f = (n-1)/2 hold; changing one value of g to repeat a (g, h) pair must
  // give fails, naming the earlier n and the repeating m.
  Sequences s;
  for (std::uint64_t n = 0; n <= 64; ++n) s.f.push_back(n == 0 ? 0 : (n - 1) / 2);
  s.g = maximum_nim(s.f);
  s.h = minimum_nim(s.f);
  EXPECT_EQ(theorem_4_4(s).verdict, Verdict::Holds);
  EXPECT_EQ(theorem_4_4(s).cases, 65u);
  // h_5 = h_6 = 3 (both have bitlen 3); g_5 = 2 and g_6 = 1, so g_6 := 2 repeats (2, 3).
  ASSERT_EQ(s.h[5], 3u);
  ASSERT_EQ(s.h[6], 3u);
  ASSERT_EQ(s.g[5], 2u);
  s.g[6] = 2;
  const NamedCheck c = theorem_4_4(s);
  EXPECT_EQ(c.verdict, Verdict::Fails);
  EXPECT_EQ(c.counterexample["n"], 5);
  EXPECT_EQ(c.counterexample["m"], 6);
  EXPECT_EQ(c.counterexample["g"], 2);
  EXPECT_EQ(c.counterexample["h"], 3);
}

TEST(Mutants, RightAssociativityFailsOnTheValuesOfAnotherGame) {
  // The values of three-heap Nim are not those of Serial Nim: the check must find a position
  // where [a1, a2, a3] differs from [a1, [a2, a3]] and report both sides.
  const SerialNim serial(3);
  auto right_associativity = [&](const BoxValues& values) {
    return run_named_check(box_checks(), "right-associativity", BoxValuesOf{serial, values});
  };
  EXPECT_EQ(right_associativity(BoxValues(serial, 5)).verdict, Verdict::Holds);
  EXPECT_EQ(right_associativity(BoxValues(serial, 5)).cases, 216u);
  const NamedCheck c = right_associativity(BoxValues(Nim(3), 5));
  EXPECT_EQ(c.verdict, Verdict::Fails);
  ASSERT_FALSE(c.counterexample.is_null());
  EXPECT_NE(c.counterexample["value"], c.counterexample["bracket_of_first_and_inner"]);
}

TEST(Mutants, RightAssociativityNeedsAGameOfHeaps) {
  // The check reads the same game on two heaps: a one-heap game has none, and is refused.
  smt::BoxSpec spec = parse_proof_file(committed("serial-nim.proof"), "s.proof").boxes.at(1);
  spec.game.name = "maximum-nim";
  spec.game.parameters = {{"rule", "n / 2"}};
  spec.claims.clear();
  spec.size = 4;
  EXPECT_THROW(check_box(spec, {}), std::invalid_argument);
}

}  // namespace
}  // namespace nimcert
