// The misère quotient itself and the claims on it (issue 50, items 2 and 5): the reduced form
// (checks/misere_reduced.hpp) holds on the quotients found and fails, naming what fails, on a
// monoid with an element no sum reaches or two elements no sum tells apart; the claims
// `quotient order N p_portion K images from N0 period P` and `quotient stops at heap H` hold on
// the true figures and fail, with the true ones, on mutants; the committed table has one block
// for each of the 63 codes of one or two digits.  Item 7: the quotients of six committed or
// documented games and of 20 random codes agree with the definition, written in this file from
// the digits alone (plain_misere.hpp), on every sum of at most 30 stones.
#include <gtest/gtest.h>

#include <map>
#include <nlohmann/json.hpp>
#include <random>

#include "checks/misere_periodicity.hpp"
#include "checks/misere_reduced.hpp"
#include "checks/misere_sequence.hpp"
#include "committed_proof.hpp"
#include "engines/misere/quotient_search.hpp"
#include "plain_misere.hpp"

namespace nimcert {
namespace {

TEST(ReducedQuotient, TheQuotientsFoundAreReducedWithEveryPairToldApart) {
  const MisereQuotient kayles = search_misere_quotient(OctalCode("0.77"), 300);
  const ReducedQuotient k = prove_reduced(kayles.monoid, kayles.in_p, kayles.phi);
  EXPECT_TRUE(k.holds) << k.failure;
  EXPECT_EQ(k.elements_reached, 40u);
  EXPECT_EQ(k.pairs, 780u);
  EXPECT_TRUE(k.separations.empty());  // recorded for at most 16 elements only
  const MisereQuotient q = search_misere_quotient(OctalCode("0.75"), 100);
  const ReducedQuotient r = prove_reduced(q.monoid, q.in_p, q.phi);
  ASSERT_TRUE(r.holds) << r.failure;
  ASSERT_EQ(r.separations.size(), 28u);
  for (const auto& [x, y, z] : r.separations)  // each recorded product separates its pair
    EXPECT_NE(q.in_p[q.monoid.product(x, z)], q.in_p[q.monoid.product(y, z)]) << x << " " << y;
}

TEST(ReducedQuotient, AnUnreachedElementOrTwoElementsToldApartByNoSumFail) {
  const MisereQuotient q = search_misere_quotient(OctalCode("0.75"), 100);
  // Q x {1, a} with a^2 = 1 and P x {1, a}: (x, 1) and (x, a) agree on P under every product.
  const FiniteMonoid doubled = q.monoid.times(FiniteMonoid::cyclic(0, 2));
  std::vector<bool> in_p(doubled.size());
  for (MonoidElement x = 0; x < doubled.size(); ++x) in_p[x] = q.in_p[x / 2];
  std::vector<MonoidElement> untouched, marked;
  for (MonoidElement phi : q.phi) untouched.push_back(2 * phi), marked.push_back(2 * phi + 1);
  const ReducedQuotient unreached = prove_reduced(doubled, in_p, untouched);
  EXPECT_FALSE(unreached.holds);
  EXPECT_NE(unreached.failure.find("is the image of no sum"), std::string::npos)
      << unreached.failure;
  const ReducedQuotient twins = prove_reduced(doubled, in_p, marked);
  EXPECT_FALSE(twins.holds);
  EXPECT_NE(twins.failure.find("are told apart by no product"), std::string::npos) << twins.failure;
}

TEST(QuotientClaim, TrueFiguresHoldAndMutantsFailWithTheTrueOnes) {
  const auto dir = testing::scratch_dir("quotient-claims");
  const auto [run, cert] = testing::certify_text(
      dir, "q",
      "game g75 octal \"0.75\"\ngame g07 octal \"0.07\"\ngame g77 octal \"0.77\"\n"
      "sequence \"s75\" \"t\" game g75 misere last 100\n"
      "  claim \"right\" \"t\": quotient order 8 p_portion 2 images from 8 period 2\n"
      "  claim \"p one off\" \"t\": quotient order 8 p_portion 3\n"
      "  claim \"start one early\" \"t\": quotient order 8 p_portion 2 images from 7 period 2\n"
      "  claim \"not stopped\" \"t\": quotient stops at heap 50\n"
      "end\n"
      "sequence \"s77\" \"t\" game g77 misere last 100\n"
      "  claim \"window short\" \"t\": quotient order 40 p_portion 9 images from 71 period 12\n"
      "  claim \"period contradicted\" \"t\": quotient order 40 p_portion 9 images from 40 period "
      "12\n"
      "end\n"
      "sequence \"s07\" \"t\" game g07 misere quotient_limit 64 last 25\n"
      "  claim \"stop\" \"t\": quotient stops at heap 25\n"
      "  claim \"stop elsewhere\" \"t\": quotient stops at heap 24\n"
      "  claim \"no order\" \"t\": quotient order 8 p_portion 2\n"
      "end\n");
  EXPECT_EQ(run.status, 1) << run.out;
  const auto check = [&cert = cert](int block, int i) {
    return cert.at("sequences").at(block).at("checks").at(i);
  };
  EXPECT_EQ(check(0, 0).at("status"), "holds");
  EXPECT_NE(check(0, 0).at("scope").get<std::string>().find("every heap"), std::string::npos);
  EXPECT_EQ(cert.at("sequences").at(0).at("quotient").at("reduced").at("holds"), true);
  EXPECT_EQ(check(0, 1).at("status"), "fails");
  EXPECT_EQ(check(0, 1).at("counterexample").at("p_portion"), 2);
  EXPECT_EQ(check(0, 2).at("status"), "fails");
  EXPECT_EQ(check(0, 2).at("counterexample").at("least_period").at("from"), 8);
  EXPECT_EQ(check(0, 3).at("status"), "fails");  // found; 50 <= last
  EXPECT_EQ(check(0, 3).at("counterexample").at("found"), true);
  EXPECT_EQ(check(1, 0).at("status"), "unknown");  // heaps 0..167 needed
  EXPECT_NE(check(1, 0).at("note").get<std::string>().find("needs heaps 0..167"),
            std::string::npos);
  EXPECT_EQ(check(1, 1).at("status"), "fails");  // the images of 0..100 contradict it
  EXPECT_EQ(check(2, 0).at("status"), "holds");
  EXPECT_NE(check(2, 0).at("why").get<std::string>().find("more than 64"), std::string::npos);
  EXPECT_EQ(check(2, 1).at("status"), "fails");
  EXPECT_EQ(check(2, 1).at("counterexample").at("stopped_at_heap"), 25);
  EXPECT_EQ(check(2, 2).at("status"), "unknown");
}

TEST(QuotientClaim, RefusalsAreLocated) {
  const std::string normal = testing::parse_error(
      "game k octal \"0.77\"\nsequence \"s\" \"t\" game k last 100\n"
      "  claim \"q\" \"t\": quotient order 40 p_portion 9\nend\n");
  EXPECT_NE(normal.find("only in a misère sequence"), std::string::npos) << normal;
  EXPECT_NE(normal.find(":3:"), std::string::npos) << normal;
  const std::string limit = testing::parse_error(
      "game k octal \"0.77\"\nsequence \"s\" \"t\" game k misere quotient_limit 16385 last 100\n"
      "  claim \"q\" \"t\": quotient order 40 p_portion 9\nend\n");
  EXPECT_NE(limit.find("2..16384"), std::string::npos) << limit;
  const std::string word = testing::parse_error(
      "game k octal \"0.77\"\nsequence \"s\" \"t\" game k misere last 100\n"
      "  claim \"q\" \"t\": quotient order 40 p 9\nend\n");
  EXPECT_NE(word.find("p_portion"), std::string::npos) << word;
}

TEST(QuotientClaim, TheCommittedTableHasOneClaimForEachCodeOfOneOrTwoDigits) {
  const smt::ProofFile p =
      parse_proof_file(testing::committed("misere-octal-table.proof"), "misere-octal-table.proof");
  ASSERT_EQ(p.sequences.size(), 63u);
  std::size_t stops = 0, periods = 0;
  for (const smt::SequenceSpec& s : p.sequences) {
    EXPECT_TRUE(s.misere);
    ASSERT_EQ(s.quotient.size(), 1u) << s.name;
    stops += s.quotient[0].stops;
    periods += s.quotient[0].images;
  }
  EXPECT_EQ(stops, 29u);
  EXPECT_EQ(periods, 33u);
}

}  // namespace
}  // namespace nimcert

namespace nimcert {
namespace {

// Every multiset of heaps (each at least 1) of at most `total` stones: visit(heaps).
template <typename Visit>
void each_sum(int total, int largest, std::vector<int>& heaps, Visit&& visit) {
  visit(heaps);
  for (int h = std::min(total, largest); h >= 1; --h) {
    heaps.push_back(h);
    each_sum(total - h, h, heaps, visit);
    heaps.pop_back();
  }
}

TEST(MisereOracle, TwentyRandomCodesAndTheCommittedOnesAgreeWithTheDefinitionOnEverySumTo30) {
  std::mt19937 random(20261205);
  std::vector<std::string> codes = {"0.77", "0.75", "0.72", "0.71", "0.53", "0.15"};
  std::size_t random_found = 0, tried = 0;
  QuotientSearchOptions options;
  options.max_quotient_elements = 256;
  std::uint64_t compared = 0;
  for (std::size_t i = 0; i < codes.size() || (random_found < 20 && tried < 400); ++i) {
    const bool drawn = i >= codes.size();
    std::string text = drawn ? "0." : codes[i];
    if (drawn) {
      ++tried;
      const int length = 1 + static_cast<int>(random() % 4);
      for (int k = 0; k < length; ++k)
        text += static_cast<char>('0' + (k + 1 == length ? 1 + random() % 7 : random() % 8));
    }
    const OctalCode code(text);
    MisereQuotient q;
    try {
      q = search_misere_quotient(code, 60, options);
    } catch (const QuotientSearchStopped&) {
      continue;
    }
    random_found += drawn;
    std::vector<unsigned> digits;
    for (std::uint64_t k = 1; k <= code.largest_removal(); ++k) digits.push_back(code.digit(k));
    testing::PlainMisere oracle(testing::octal_moves(digits));
    const auto period = proved_image_period(code, q.phi);
    std::vector<int> heaps;
    each_sum(30, 30, heaps, [&](const std::vector<int>& sum) {
      if (::testing::Test::HasFatalFailure()) return;
      ++compared;
      std::vector<std::uint64_t> wide(sum.begin(), sum.end());
      ASSERT_EQ(q.says_p(wide), oracle.is_p(sum)) << text << ": " << ::testing::PrintToString(sum);
      if (period) {  // the extension reads the same images below the last heap
        MonoidElement x = 0;
        for (std::uint64_t h : wide) x = q.monoid.product(x, image_of_heap(q.phi, *period, h));
        ASSERT_EQ(q.in_p[x], oracle.is_p(sum)) << text;
      }
    });
  }
  EXPECT_EQ(random_found, 20u) << "of " << tried << " drawn";
  EXPECT_EQ(compared, 26u * 28629u);  // 26 codes, every multiset of at most 30 stones
}

}  // namespace
}  // namespace nimcert
