// The misère periodicity theorem (issue 50, item 1; checks/misere_periodicity.hpp): heap images
// periodic over the window last >= 2 max(n0, 1) + 2p + t - 1 extend the quotient of heaps
// 0..last to every heap and every sum of heaps, and a misère sequence's periodicity claims and
// the pointwise claims that depend on n only through a period then hold for every n.
//
// Every period the theorem accepts, for every octal code of one or two digits whose quotient
// the search finds, is held against the quotient of heaps up to ten times its window (a
// quotient proved from the game alone for every sum of those heaps, with no periodicity read)
// on every single heap and every sum of two heaps of at most 300.  0.72 shows that the window's
// 2p is needed: its images of heaps 0..8 repeat with period 4 from 1, and the extension they
// suggest gets heap 9 wrong by the definition; the theorem refuses it (its window needs 11).
#include "checks/misere_periodicity.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <vector>

#include "checks/eventual_period.hpp"
#include "command_support.hpp"
#include "engines/misere/misere_sums.hpp"
#include "engines/misere/quotient_search.hpp"
#include "lang/proof_file.hpp"

namespace nimcert {
namespace {

// The extension's outcome of a sum of heaps of any size: in P exactly when the product of the
// images (heap n's under the period past last) lies in P.
bool extended_says_p(const MisereQuotient& q, const ImagePeriod& period,
                     const std::vector<std::uint64_t>& heaps) {
  MonoidElement x = 0;
  for (std::uint64_t h : heaps) x = q.monoid.product(x, image_of_heap(q.phi, period, h));
  return q.in_p[x];
}

TEST(MiserePeriodicity, TheWindowIsTwiceMaxN0And1PlusTwicePPlusTMinus1) {
  EXPECT_EQ(misere_window_last(2, 71, 12), 167u);  // Kayles: heaps 0..167
  EXPECT_EQ(misere_window_last(2, 0, 3), 9u);      // n0 = 0 reads as n0 = 1
  EXPECT_EQ(misere_window_last(2, 1, 3), 9u);
  EXPECT_EQ(misere_window_last(3, 5, 1), 14u);
  // A period is accepted exactly when the images fill the window.
  const OctalCode kayles("0.77");
  const std::vector<MonoidElement> images{0, 1, 2, 1, 2, 1, 2, 1};  // period 2 from 1
  const auto seven = proved_image_period(kayles, images);
  ASSERT_TRUE(seven.has_value());
  EXPECT_EQ(seven->preperiod, 1u);
  EXPECT_EQ(seven->period, 2u);
  EXPECT_EQ(seven->heaps_needed(), 7u);
  EXPECT_FALSE(proved_image_period(kayles, std::span(images).first(7)).has_value());
  EXPECT_EQ(image_of_heap(images, *seven, 1000), 2u);  // an even heap past 0: heap 2's image
  EXPECT_EQ(image_of_heap(images, *seven, 1001), 1u);
}

TEST(MiserePeriodicity, TheWindowsTwoPIsNeeded) {
  const OctalCode code("0.72");
  const MisereQuotient q = search_misere_quotient(code, 8);
  for (std::uint64_t n = 1; n + 4 <= 8; ++n) EXPECT_EQ(q.phi[n + 4], q.phi[n]) << n;
  EXPECT_FALSE(proved_image_period(code, q.phi).has_value());  // 2 + 8 + 2 - 1 = 11 > 8
  // The extension a window of 2 n0 + p + t - 1 = 7 would take is wrong at heap 9.
  const ImagePeriod short_window{1, 4, 2, 8};
  MisereSums definition(code);
  EXPECT_NE(extended_says_p(q, short_window, {9}), definition.is_p({9}));
  // From heap 41 on the theorem accepts period 4 from 16, and heap 9 is right again.
  const MisereQuotient wider = search_misere_quotient(code, 41);
  const auto period = proved_image_period(code, wider.phi);
  ASSERT_TRUE(period.has_value());
  EXPECT_EQ(period->preperiod, 16u);
  EXPECT_EQ(period->period, 4u);
  EXPECT_EQ(extended_says_p(wider, *period, {9}), definition.is_p({9}));
}

TEST(MiserePeriodicity, EveryAcceptedPeriodHoldsFarPastItsWindow) {
  std::vector<std::string> codes = {"0.333", "0.3003", "0.137"};
  for (unsigned d1 = 0; d1 < 8; ++d1)
    for (unsigned d2 = 0; d2 < 8; ++d2)
      if (d1 != 0 || d2 != 0)
        codes.push_back(d2 == 0 ? fmt::format("0.{}", d1) : fmt::format("0.{}{}", d1, d2));
  QuotientSearchOptions options;
  options.max_quotient_elements = 512;
  std::size_t accepted = 0;
  std::uint64_t compared = 0;
  for (const std::string& text : codes) {
    const OctalCode code(text);
    MisereQuotient q;
    try {
      q = search_misere_quotient(code, 400, options);
    } catch (const std::runtime_error&) {  // no quotient within the limit: nothing to hold
      continue;
    }
    const auto period = proved_image_period(code, q.phi);
    if (!period) continue;
    ++accepted;
    const std::uint64_t far = std::max<std::uint64_t>(10 * period->heaps_needed(), 800);
    const MisereQuotient reference = search_misere_quotient(code, far, options);
    for (std::uint64_t a = 0; a <= far; ++a) {
      ++compared;
      ASSERT_EQ(extended_says_p(q, *period, {a}), reference.says_p(std::vector{a}))
          << text << " heap " << a;
      for (std::uint64_t b = 1; b <= a && a <= 300; ++b) {
        ++compared;
        ASSERT_EQ(extended_says_p(q, *period, {a, b}), reference.says_p(std::vector{a, b}))
            << text << " heaps " << a << " + " << b;
      }
    }
  }
  EXPECT_EQ(accepted, 35u);  // 33 codes of one or two digits (all found but 0.56), 0.333, 0.3003
  EXPECT_GT(compared, 1'000'000u);
}

TEST(MiserePeriodicity, Octal075HasTheEightElementQuotientForEveryHeap) {
  const OctalCode code("0.75");
  const MisereQuotient q = search_misere_quotient(code, 100);
  EXPECT_EQ(q.monoid.size(), 8u);  // Plambeck and Siegel: 8 elements, 2 in P
  std::size_t in_p = 0;
  for (bool p : q.in_p) in_p += p;
  EXPECT_EQ(in_p, 2u);
  const auto period = proved_image_period(code, q.phi);
  ASSERT_TRUE(period.has_value());
  EXPECT_EQ(period->preperiod, 8u);
  EXPECT_EQ(period->period, 2u);
}

smt::ExprPtr claim(const std::string& text) { return smt::parse_expression(text, {"n", "g"}); }

TEST(EventualPeriod, ComparisonsWithConstantsModuliAndGHaveAPeriodAndNAloneHasNone) {
  const EventualPeriod g{71, 12};
  const auto p = eventual_period(*claim("g == 0 <-> (n == 1 || n == 20)"), g);
  ASSERT_TRUE(p.has_value());
  EXPECT_EQ(p->from, 71u);
  EXPECT_EQ(p->period, 12u);
  const auto q = eventual_period(*claim("n >= 100 -> g == (n % 8 < 3)"), g);
  ASSERT_TRUE(q.has_value());
  EXPECT_EQ(q->from, 101u);
  EXPECT_EQ(q->period, 24u);
  EXPECT_FALSE(eventual_period(*claim("g == 0 -> n * n < 1000"), g).has_value());
  EXPECT_FALSE(eventual_period(*claim("g + n > 5"), g).has_value());
  EXPECT_FALSE(eventual_period(*claim("n % 0 == g"), g).has_value());
}

TEST(MisereSequencePeriodic, KaylesPPositionsHoldForEveryNAndMutantsFail) {
  const auto dir = testing::scratch_dir("misere-periodic");
  const auto [run, cert] = testing::certify_text(
      dir, "k",
      "game kayles octal \"0.77\"\n"
      "sequence \"k\" \"t\" game kayles misere last 300\n"
      "  claim \"P\" \"t\": g == 0 <-> (n == 1 || n == 4 || n == 9 || n == 12 || n == 20)\n"
      "  claim \"period\" \"t\": periodic from 21 period 1\n"
      "  claim \"bounded\" \"t\": g == 0 -> n * n < 1000\n"
      "end\n");
  ASSERT_EQ(run.status, 0) << run.out;
  const auto& q = cert.at("sequences").at(0);
  EXPECT_EQ(q.at("quotient").at("periodicity").at("preperiod"), 71);
  EXPECT_EQ(q.at("quotient").at("periodicity").at("period"), 12);
  EXPECT_EQ(q.at("quotient").at("periodicity").at("heaps_needed").at(1), 167);
  EXPECT_EQ(q.at("scope").get<std::string>().rfind("every n, played misère", 0), 0u);
  EXPECT_EQ(q.at("claims").at(0).at("scope").get<std::string>().rfind("every n:", 0), 0u);
  EXPECT_EQ(q.at("claims").at(1).at("scope").get<std::string>().rfind("n = 0..300 only", 0), 0u);
  EXPECT_EQ(q.at("periodicity").at(0).at("status"), "holds");
  EXPECT_EQ(q.at("periodicity").at(0).at("unbounded"), true);
  const auto show = testing::nimcert_in(dir, "show k.cert.json");
  EXPECT_NE(show.out.find("by the misère periodicity theorem"), std::string::npos) << show.out;

  // Mutants: a preperiod one too small, a claim that fails past the computed heaps (heap 301
  // is N), a P-position added, a tail value changed (heap 1000, past last: read under the
  // period), the images' period one shorter, a last below the window (heaps_needed 167).
  const auto [mutants, m] = testing::certify_text(
      dir, "m",
      "game kayles octal \"0.77\"\n"
      "sequence \"k\" \"t\" game kayles misere last 300\n"
      "  claim \"from 20\" \"t\": periodic from 20 period 1\n"
      "  claim \"past last\" \"t\": n >= 301 -> g == 0\n"
      "  claim \"P added\" \"t\": g == 0 <-> (n == 1 || n == 2 || n == 4 || n == 9 || n == 12 || n "
      "== 20)\n"
      "  claim \"tail\" \"t\": n == 1000 -> g == 0\n"
      "  claim \"period one shorter\" \"t\": quotient order 40 p_portion 9 images from 71 period "
      "11\n"
      "end\n"
      "sequence \"short\" \"t\" game kayles misere last 150\n"
      "  claim \"period\" \"t\": periodic from 21 period 1\n"
      "  claim \"late period\" \"t\": periodic from 71 period 12\n"
      "  claim \"P\" \"t\": g == 0 <-> (n == 1 || n == 4 || n == 9 || n == 12 || n == 20)\n"
      "end\n");
  EXPECT_EQ(mutants.status, 1) << mutants.out;
  const auto& k = m.at("sequences").at(0);
  EXPECT_EQ(k.at("periodicity").at(0).at("status"), "fails");
  EXPECT_EQ(k.at("periodicity").at(0).at("counterexample").at("n"), 20);
  EXPECT_EQ(k.at("claims").at(0).at("status"), "fails");
  EXPECT_EQ(k.at("claims").at(0).at("counterexample").at("n"), 301);
  EXPECT_EQ(k.at("claims").at(0).at("counterexample").at("misere_outcome"), "N");
  EXPECT_EQ(k.at("claims").at(1).at("counterexample").at("n"), 2);     // a P-position added
  EXPECT_EQ(k.at("claims").at(2).at("counterexample").at("n"), 1000);  // a tail value changed
  EXPECT_EQ(k.at("checks").at(0).at("status"), "fails");               // the least period is 12
  EXPECT_EQ(k.at("checks").at(0).at("counterexample").at("least_period").at("period"), 12);
  const auto& s = m.at("sequences").at(1);
  EXPECT_FALSE(s.at("quotient").contains("periodicity"));
  EXPECT_EQ(s.at("periodicity").at(0).at("status"), "unknown");
  EXPECT_NE(
      s.at("periodicity").at(0).at("note").get<std::string>().find("not periodic over a window"),
      std::string::npos);
  // Past Guy and Smith's window too (it would read G(0..179)): unknown, not refused.
  EXPECT_EQ(s.at("periodicity").at(1).at("status"), "unknown");
  EXPECT_FALSE(s.at("claims").at(0).contains("scope"));  // n = 0..150, the block's range
  EXPECT_EQ(s.at("scope").get<std::string>().rfind("n = 0..150 only", 0), 0u);
}

}  // namespace
}  // namespace nimcert
