// Misère outcomes of one heap of an octal game through the misère quotient (issue 40, item 2:
// misère Kayles to 10^5).  The monoid algebra on tables worked by hand; the options' images
// by windows held against every split; the definition's outcomes worked by hand; Kayles'
// quotient held against the definition on every sum of at most 24 stones; and the proof
// refusing every wrong candidate (a P-portion, a heap's image, the table, the game changed),
// each mutant shown wrong on a small sum by the definition.  Then the sequence block:
// certified, its scope and words, a wrong claim refuted with the heap's options, refusals.
#include <gtest/gtest.h>

#include <fstream>

#include "checks/misere_quotient_proof.hpp"
#include "checks/misere_sequence.hpp"
#include "checks/proof_input.hpp"
#include "command_support.hpp"
#include "committed_proof.hpp"
#include "engines/misere/finite_monoid.hpp"
#include "engines/misere/heap_options.hpp"
#include "engines/misere/misere_sums.hpp"
#include "engines/misere/quotient_search.hpp"

namespace nimcert {
namespace {

using testing::committed;
using testing::parse_error;

TEST(FiniteMonoid, CyclicTablesAndPowersAreTheHandWorkedOnes) {
  // a^4 = a^2: 1, a, a^2, a^3 with a * a^3 = a^2 and a^2 * a^2 = a^2.
  const FiniteMonoid c = FiniteMonoid::cyclic(2, 2);
  ASSERT_EQ(c.size(), 4u);
  EXPECT_EQ(c.product(1, 3), 2u);
  EXPECT_EQ(c.product(2, 2), 2u);
  EXPECT_EQ(c.product(3, 3), 2u);
  EXPECT_EQ(c.product(0, 3), 3u);
  EXPECT_EQ(c.law_failure(), "");
  EXPECT_EQ(c.powers(1).index, 2u);
  EXPECT_EQ(c.powers(1).period, 2u);
  EXPECT_EQ(c.powers(2).index, 1u);  // a^2 is idempotent-like of period 1: (a^2)^2 = a^2
  EXPECT_EQ(c.powers(2).period, 1u);
  // Z/2 x Z/2 (the misère quotient of Nim heaps of 0 and 1 is smaller; this is the product).
  const FiniteMonoid k = FiniteMonoid::cyclic(0, 2).times(FiniteMonoid::cyclic(0, 2));
  ASSERT_EQ(k.size(), 4u);
  EXPECT_EQ(k.product(1, 2), 3u);
  EXPECT_EQ(k.product(3, 3), 0u);
  EXPECT_EQ(k.law_failure(), "");
}

TEST(FiniteMonoid, BrokenTablesAreNamed) {
  // 0 not the identity.
  EXPECT_EQ(FiniteMonoid::from_table(2, {1, 1, 1, 1}).law_failure(),
            "0 is not the identity: 0 * 0 = 1");
  // Not commutative: 1 * 2 = 1, 2 * 1 = 2.
  EXPECT_EQ(FiniteMonoid::from_table(3, {0, 1, 2, 1, 1, 1, 2, 2, 2}).law_failure(),
            "not commutative: 1 * 2 = 1, 2 * 1 = 2");
  // Commutative with identity, not associative: 1*1 = 2, 1*2 = 0, 2*2 = 2:
  // (1 * 1) * 2 = 2 * 2 = 2, 1 * (1 * 2) = 1 * 0 = 1.
  EXPECT_EQ(FiniteMonoid::from_table(3, {0, 1, 2, 1, 2, 0, 2, 0, 2}).law_failure(),
            "not associative: (1 * 1) * 2 = 2, 1 * (1 * 2) = 1");
  EXPECT_THROW(FiniteMonoid::from_table(2, {0, 1, 1, 2}), std::invalid_argument);
  EXPECT_THROW(FiniteMonoid::from_table(2, {0, 1, 1}), std::invalid_argument);
}

TEST(FiniteMonoid, ReductionMergesExactlyWhatNoProductTellsApart) {
  const FiniteMonoid z4 = FiniteMonoid::cyclic(0, 4);
  const std::vector<std::vector<MonoidElement>> step = {{1, 2, 3, 0}};  // times the generator 1
  const auto product = [&](MonoidElement a, MonoidElement b) { return z4.product(a, b); };
  // P = {2}: x + z = 2 picks z = 2 - x, so no two elements merge.
  const ReducedMonoid all = reduce_by_p(4, {false, false, true, false}, step, product);
  EXPECT_EQ(all.monoid.size(), 4u);
  // P = the even elements: x ~ y exactly when x = y mod 2: Z/2, P = {0}.
  const ReducedMonoid halves = reduce_by_p(4, {true, false, true, false}, step, product);
  ASSERT_EQ(halves.monoid.size(), 2u);
  EXPECT_EQ(halves.class_of, (std::vector<MonoidElement>{0, 1, 0, 1}));
  EXPECT_EQ(halves.in_p, (std::vector<bool>{true, false}));
  EXPECT_EQ(halves.monoid.product(1, 1), 0u);
}

TEST(HeapOptionImages, WindowsGiveEverySplitsImages) {
  // Images in Z/7 x (a^5 = a^3): periodic after a preperiod (the windows' case), and with no
  // period at all (every split one by one); every heap's set against the plain one.
  const FiniteMonoid m = FiniteMonoid::cyclic(0, 7).times(FiniteMonoid::cyclic(3, 2));
  std::uint64_t compared = 0;
  for (const char* text : {"0.77", "0.07", "0.137", "0.4", "0.51", "0.3122", "0.6"}) {
    const OctalCode code(text);
    for (int kind = 0; kind < 3; ++kind) {
      std::vector<MonoidElement> phi;
      HeapOptionImages images(code);
      std::uint64_t state = 12345;
      for (std::uint64_t n = 0; n < 1500; ++n) {
        ASSERT_EQ(images.of_next_heap(m, phi), HeapOptionImages::plain(code, m, phi))
            << text << " kind " << kind << " heap " << n;
        ++compared;
        state = state * 6364136223846793005u + 1442695040888963407u;
        const auto random = static_cast<MonoidElement>((state >> 33) % m.size());
        const MonoidElement periodic = static_cast<MonoidElement>((n * 5 + n / 9) % m.size());
        phi.push_back(kind == 0 ? (n < 90 ? random : static_cast<MonoidElement>(n % 12))
                      : kind == 1
                          ? random
                          : (n < 300 ? periodic : static_cast<MonoidElement>(n % 37 % m.size())));
        images.observe(phi);
      }
    }
  }
  EXPECT_EQ(compared, 7u * 3u * 1500u);
}

TEST(MisereSums, OutcomesWorkedByHand) {
  MisereSums kayles(OctalCode("0.77"));
  EXPECT_FALSE(kayles.is_p({}));        // no move: the player to move wins
  EXPECT_FALSE(kayles.is_p({0, 0}));    // still no move
  EXPECT_TRUE(kayles.is_p({1}));        // the one move leaves no move to the opponent, who wins
  EXPECT_FALSE(kayles.is_p({2}));       // take one pin, leaving {1}
  EXPECT_FALSE(kayles.is_p({1, 1}));    // the only move leaves {1}
  EXPECT_TRUE(kayles.is_p({1, 1, 1}));  // the only move leaves {1, 1}, an N-position
  EXPECT_FALSE(kayles.is_p({3}));       // take two pins, leaving {1}
  EXPECT_TRUE(kayles.is_p({4}));
  // Dawson's Kayles (0.07): two adjacent pins; a heap of 1 has no move.
  MisereSums dawson(OctalCode("0.07"));
  EXPECT_FALSE(dawson.is_p({1}));
  EXPECT_TRUE(dawson.is_p({2}));  // the one move empties it
}

TEST(MisereSums, DawsonsKaylesSingleHeapsToSixtyByTheDefinition) {
  // The P-heaps of ../shared/reference/math.md, section 7, and the count of sums the walk
  // stores, as certs/dawsons-kayles.proof states it (83,038 to 60): each option is made when it
  // is tried, and the walk stops at a sum's first option in P, so the sums it reaches, and
  // stores, are those of the walk that listed every option of a heap first.
  MisereSums dawson(OctalCode("0.07"));
  std::vector<std::uint64_t> p_heaps;
  for (std::uint64_t n = 0; n <= 60; ++n)
    if (dawson.is_p({n})) p_heaps.push_back(n);
  EXPECT_EQ(p_heaps, (std::vector<std::uint64_t>{2,  3,  7,  8,  12, 16, 17, 21, 22, 26, 30,
                                                 31, 35, 36, 40, 45, 49, 50, 54, 55, 59}));
  EXPECT_EQ(dawson.positions(), 83038u);
  // Sums, in any order of their heaps.  2 + 2 is N: a move on either heap leaves the other, a
  // P-position (its one move empties it, and the empty sum is N).
  EXPECT_FALSE(dawson.is_p({2, 2}));
  EXPECT_EQ(dawson.is_p({3, 2, 7}), dawson.is_p({7, 3, 2}));
  EXPECT_EQ(dawson.is_p({1, 1, 5}), dawson.is_p({5}));  // a heap of 1 has no move
}

// The first sum of at most `stones` stones (heaps 1..last) on which the candidate and the
// definition disagree, or nothing.
std::optional<std::vector<std::uint64_t>> first_wrong_sum(const OctalCode& code,
                                                          const MisereQuotient& q,
                                                          std::uint64_t stones,
                                                          std::uint64_t* compared = nullptr) {
  MisereSums definition(code);
  std::optional<std::vector<std::uint64_t>> wrong;
  for_each_small_sum(stones, q.phi.size() - 1, [&](const std::vector<std::uint64_t>& sum) {
    if (wrong) return;
    if (compared) ++*compared;
    if (definition.is_p(sum) != q.says_p(sum)) wrong = sum;
  });
  return wrong;
}

const MisereQuotient& kayles_quotient() {
  static const MisereQuotient q = search_misere_quotient(OctalCode("0.77"), 3000);
  return q;
}

TEST(MisereQuotient, KaylesQuotientIsProvedAndAgreesWithTheDefinition) {
  const OctalCode code("0.77");
  const MisereQuotient& q = kayles_quotient();
  EXPECT_EQ(q.monoid.size(), 40u);
  EXPECT_EQ(std::count(q.in_p.begin(), q.in_p.end(), true), 9);
  EXPECT_EQ(q.changes, (std::vector<std::uint64_t>{1, 2, 5, 9, 12, 25, 27}));
  std::vector<std::uint64_t> p_heaps;
  for (std::uint64_t n = 0; n < q.phi.size(); ++n)
    if (q.in_p[q.phi[n]]) p_heaps.push_back(n);
  EXPECT_EQ(p_heaps, (std::vector<std::uint64_t>{1, 4, 9, 12, 20}));
  const QuotientProof proof = prove_misere_quotient(code, q, 3000);
  EXPECT_TRUE(proof.holds) << proof.failure;
  EXPECT_EQ(proof.heaps, 3001u);
  EXPECT_GT(proof.states, 0u);
  EXPECT_EQ(proof.elements_reached, 40u);
  std::uint64_t compared = 0;
  EXPECT_EQ(first_wrong_sum(code, q, 24, &compared), std::nullopt);
  EXPECT_GT(compared, 5000u);
  // Deterministic: the same search again gives the same quotient.
  const MisereQuotient again = search_misere_quotient(code, 3000);
  EXPECT_EQ(again.monoid.table(), q.monoid.table());
  EXPECT_EQ(again.phi, q.phi);
}

TEST(MisereQuotient, TheProofRefusesEveryWrongCandidate) {
  const OctalCode code("0.77");
  const MisereQuotient& right = kayles_quotient();
  const std::uint64_t last = 200;
  MisereQuotient base = right;
  base.phi.resize(last + 1);
  ASSERT_TRUE(prove_misere_quotient(code, base, last).holds);
  std::uint64_t refused = 0;
  const auto expect_refused = [&](const MisereQuotient& wrong, const OctalCode& rules,
                                  const std::string& what) {
    const QuotientProof proof = prove_misere_quotient(rules, wrong, last);
    EXPECT_FALSE(proof.holds) << what;
    EXPECT_FALSE(proof.failure.empty()) << what;
    refused += !proof.holds;
  };
  // Each element's P membership flipped: the candidate is wrong on some small sum (the
  // definition says so) and the proof refuses it.
  for (MonoidElement x = 0; x < base.monoid.size(); ++x) {
    MisereQuotient wrong = base;
    wrong.in_p[x] = !wrong.in_p[x];
    const std::string what = "P flipped at element " + std::to_string(x);
    expect_refused(wrong, code, what);
  }
  // Heap 20's image moved to every other element.
  for (MonoidElement x = 0; x < base.monoid.size(); ++x) {
    if (x == base.phi[20]) continue;
    MisereQuotient wrong = base;
    wrong.phi[20] = x;
    expect_refused(wrong, code, "heap 20 at element " + std::to_string(x));
  }
  // The wrong game: Kayles' quotient against Dawson's Kayles (0.07) and 0.71.
  expect_refused(base, OctalCode("0.07"), "Dawson's Kayles");
  expect_refused(base, OctalCode("0.71"), "0.71");
  // The table: one product changed, both ways round (still commutative).
  {
    MisereQuotient wrong = base;
    std::vector<MonoidElement> table = wrong.monoid.table();
    const std::size_t n = wrong.monoid.size();
    table[3 * n + 5] = table[5 * n + 3] = (table[3 * n + 5] + 1) % n;
    wrong.monoid = FiniteMonoid::from_table(n, table);
    expect_refused(wrong, code, "a product changed");
  }
  // A heap with no move (heap 0) mapped elsewhere than the identity; images too few.
  {
    MisereQuotient wrong = base;
    wrong.phi[0] = base.phi[1];
    const QuotientProof proof = prove_misere_quotient(code, wrong, last);
    EXPECT_FALSE(proof.holds);
    EXPECT_NE(proof.failure.find("heap 0 has no move"), std::string::npos) << proof.failure;
    wrong = base;
    wrong.phi.pop_back();
    EXPECT_FALSE(prove_misere_quotient(code, wrong, last).holds);
  }
  EXPECT_EQ(refused, 40u + 39u + 2u + 1u);
  // The mutants are wrong in fact: the definition disagrees with each on a small sum.
  for (MonoidElement x : {MonoidElement{0}, base.phi[1], base.phi[4], base.phi[20]}) {
    MisereQuotient wrong = base;
    wrong.in_p[x] = !wrong.in_p[x];
    EXPECT_NE(first_wrong_sum(code, wrong, 24), std::nullopt) << "P flipped at " << x;
  }
}

TEST(MisereQuotient, EveryQuotientFoundIsProvedAndIsTheDefinitionsOnSmallSums) {
  // Octal games whose quotients the search finds (2 to 40 elements): each proved to heap 400
  // and held against the definition on every sum of at most 18 stones.
  const std::vector<std::pair<const char*, std::size_t>> games = {
      {"0.31", 6},  {"0.34", 12}, {"0.51", 2}, {"0.52", 6}, {"0.53", 16},
      {"0.71", 36}, {"0.72", 24}, {"0.75", 8}, {"0.77", 40}};
  for (const auto& [text, elements] : games) {
    const OctalCode code(text);
    const MisereQuotient q = search_misere_quotient(code, 400);
    EXPECT_EQ(q.monoid.size(), elements) << text;
    const QuotientProof proof = prove_misere_quotient(code, q, 400);
    EXPECT_TRUE(proof.holds) << text << ": " << proof.failure;
    std::uint64_t compared = 0;
    EXPECT_EQ(first_wrong_sum(code, q, 18, &compared), std::nullopt) << text;
    EXPECT_EQ(compared, 1597u) << text;  // the multisets of at most 18 stones, and the empty one
  }
}

TEST(MisereQuotient, ALimitStopsTheSearchAndIsNamed) {
  // Dawson's Kayles with a small trial limit: the search stops at a named heap and limit.
  QuotientSearchOptions options;
  options.max_quotient_elements = 64;
  try {
    search_misere_quotient(OctalCode("0.07"), 1000, options);
    FAIL() << "the search went past its limit";
  } catch (const std::runtime_error& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("misère quotient search for 0.07: at heap "), std::string::npos) << what;
    EXPECT_NE(what.find("more than 64"), std::string::npos) << what;
  }
  // The same limit is no obstacle to Kayles (40 elements).
  EXPECT_EQ(search_misere_quotient(OctalCode("0.77"), 100, options).monoid.size(), 40u);
}

TEST(MisereSequence, MisereKaylesCertifiesWithItsScope) {
  const smt::ProofFile p =
      parse_proof_file(committed("misere-kayles.proof"), "misere-kayles.proof");
  ASSERT_EQ(p.sequences.size(), 1u);
  EXPECT_TRUE(p.sequences[0].misere);
  smt::SequenceSpec spec = p.sequences[0];
  spec.last = 5000;  // the committed 10^5 is certified by the main job
  const SequenceReport r = check_sequence(spec, p.definitions);
  EXPECT_EQ(r.verdict(), Verdict::Holds);
  EXPECT_TRUE(r.misere);
  EXPECT_EQ(r.p_heaps, (std::vector<std::uint64_t>{1, 4, 9, 12, 20}));
  EXPECT_EQ(r.p_count, 5u);
  EXPECT_EQ(r.quotient.at("elements"), 40);
  EXPECT_EQ(r.quotient.at("proof").at("heaps"), 5001);
  ASSERT_EQ(r.claims.size(), 3u);
  EXPECT_EQ(r.claims[0].cases, 5001u);
  EXPECT_EQ(r.claims[1].premise_cases, 5001u - 21u);
  EXPECT_NE(r.engines.at("reference").get<std::string>().find("agrees"), std::string::npos);
}

TEST(MisereSequence, AWrongClaimIsRefutedWithTheHeapsOptions) {
  // 20 left out of the P-positions: refuted at n = 20, a P-position, every option N.
  std::string text = committed("misere-kayles.proof");
  text.replace(text.find(" || n == 20)"), 12, ")");
  const smt::ProofFile p = parse_proof_file(text, "mutant.proof");
  smt::SequenceSpec spec = p.sequences[0];
  spec.last = 500;
  const SequenceReport r = check_sequence(spec, p.definitions);
  EXPECT_EQ(r.verdict(), Verdict::Fails);
  EXPECT_EQ(r.claims[0].verdict, Verdict::Fails);
  const auto& cx = r.claim_counterexamples.at("P-positions");
  EXPECT_EQ(cx.at("n"), 20);
  EXPECT_EQ(cx.at("misere_outcome"), "P");
  ASSERT_FALSE(cx.at("options_first_32").empty());
  for (const auto& o : cx.at("options_first_32"))
    EXPECT_EQ(o.at("misere_outcome"), "N") << o.dump();
  // Confirmed by the definition: 20 is P, and so is one option of 21 (21 is N).
  MisereSums definition(OctalCode("0.77"));
  EXPECT_TRUE(definition.is_p({20}));
  EXPECT_FALSE(definition.is_p({21}));
}

TEST(MisereSequence, EveryRowAndPageSaysMisere) {
  const auto dir = testing::scratch_dir("misere-rows");
  std::ofstream(dir / "m.proof") << "game kayles octal \"0.77\"\n"
                                    "sequence \"mk\" \"t\" game kayles misere last 300\n"
                                    "  claim \"p\" \"t\": g == 0 <-> (n == 1 || n == 4)\n"
                                    "end\n";
  const auto run = testing::nimcert_in(dir, "certify m.proof");
  EXPECT_EQ(run.status, 1) << run.out;  // 9, 12 and 20 are P too
  EXPECT_NE(run.out.find("n in [0,300] played misère (g: 0 at P, 1 at N): fails at"),
            std::string::npos)
      << run.out;
  const auto show = testing::nimcert_in(dir, "show m.cert.json");
  EXPECT_NE(show.out.find("the misère outcomes g(n) of one heap of kayles (octal 0.77), played "
                          "misère"),
            std::string::npos)
      << show.out;
  EXPECT_NE(show.out.find("\"misere_outcome\":\"P\""), std::string::npos) << show.out;
}

TEST(MisereSequence, RefusalsAreLocated) {
  const std::string head =
      "game kayles octal \"0.77\"\nsequence \"m\" \"t\" game kayles misere last 100\n";
  const std::string saltus =
      parse_error(head + "claim \"p\" \"t\": periodic from 21 period 1 saltus 1\nend\n");
  EXPECT_NE(saltus.find("no saltus in a misère sequence"), std::string::npos) << saltus;
  EXPECT_NE(saltus.find(":3:"), std::string::npos) << saltus;
}

}  // namespace
}  // namespace nimcert
