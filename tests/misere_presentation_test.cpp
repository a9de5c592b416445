// The misère quotient as papers print it (issue 50, item 2): presentations worked by hand on
// cyclic monoids and a direct product, misère Kayles' quotient presented and the presentation
// checked against its table, mutants of a presentation refused (a relation dropped, a relation's
// right side changed), and the heap images' observed period.
#include <gtest/gtest.h>

#include <fstream>

#include "checks/misere_quotient_record.hpp"
#include "checks/misere_sequence.hpp"
#include "command_support.hpp"
#include "committed_proof.hpp"
#include "engines/misere/presentation.hpp"
#include "engines/misere/quotient_search.hpp"

namespace nimcert {
namespace {

TEST(Presentation, ACyclicMonoidIsOneGeneratorAndOneRelation) {
  // a^4 = a^2: the elements 1, a, a^2, a^3; heap 0 the identity, heap 1 a, heap 2 a^2.
  const FiniteMonoid c = FiniteMonoid::cyclic(2, 2);
  const std::vector<MonoidElement> images{0, 1, 2};
  const Presentation p = present(c, images);
  ASSERT_EQ(p.generators.size(), 1u);
  EXPECT_EQ(p.generators[0].name, "a");
  EXPECT_EQ(p.generators[0].heap, 1u);
  EXPECT_EQ(relation_texts(p), (std::vector<std::string>{"a^4 = a^2"}));
  EXPECT_EQ(word_text(p, p.normal_form[3]), "a^3");
  EXPECT_EQ(word_text(p, p.normal_form[0]), "1");
  EXPECT_EQ(presentation_failure(c, p), "");
}

TEST(Presentation, TwoInvolutionsAreTheKleinGroup) {
  // C(0,2) x C(0,2): the pair (x, y) is x * 2 + y; heap 1 is (1,0) = 2, heap 2 is (0,1) = 1,
  // heap 3 is (1,1) = 3, already a b.
  const FiniteMonoid v = FiniteMonoid::cyclic(0, 2).times(FiniteMonoid::cyclic(0, 2));
  const std::vector<MonoidElement> images{0, 2, 1, 3};
  const Presentation p = present(v, images);
  ASSERT_EQ(p.generators.size(), 2u);
  EXPECT_EQ(p.generators[1].heap, 2u);
  EXPECT_EQ(relation_texts(p), (std::vector<std::string>{"a^2 = 1", "b^2 = 1"}));
  EXPECT_EQ(word_text(p, p.normal_form[3]), "a b");
  EXPECT_EQ(p.elements.size(), 4u);
  EXPECT_EQ(presentation_failure(v, p), "");
}

TEST(Presentation, KaylesQuotientIsPresentedAndMutantsAreRefused) {
  const MisereQuotient q = search_misere_quotient(OctalCode("0.77"), 200);
  ASSERT_EQ(q.monoid.size(), 40u);
  const Presentation p = present(q.monoid, q.phi);
  EXPECT_EQ(p.elements.size(), 40u);
  EXPECT_EQ(presentation_failure(q.monoid, p), "");
  // Heap 1 (one pin, a) is the first generator; a^2 = 1 (two single pins cancel, as in Nim).
  EXPECT_EQ(p.generators.at(0).heap, 1u);
  const std::vector<std::string> relations = relation_texts(p);
  ASSERT_FALSE(relations.empty());
  EXPECT_EQ(relations.front(), "a^2 = 1");
  // A relation dropped: some product no longer reaches its element's word.
  Presentation dropped = p;
  dropped.relations.pop_back();
  EXPECT_NE(presentation_failure(q.monoid, dropped), "");
  // A relation's right side changed to another element's word.
  Presentation changed = p;
  changed.relations.front().right = p.normal_form[p.generators.at(0).element];  // a^2 = a
  EXPECT_NE(presentation_failure(q.monoid, changed), "");
}

TEST(ObservedPeriod, TheLeastPeriodWithTwoWholePeriodsSeen) {
  const std::vector<MonoidElement> tail{0, 1, 2, 1, 2, 1, 2};
  const auto p = observed_period(tail);
  ASSERT_TRUE(p.has_value());
  EXPECT_EQ(p->from, 1u);
  EXPECT_EQ(p->period, 2u);
  EXPECT_FALSE(observed_period(std::vector<MonoidElement>{0, 1, 2, 3}).has_value());
  // One period and a half is not enough.
  EXPECT_FALSE(observed_period(std::vector<MonoidElement>{5, 1, 2, 3, 1, 2}).has_value());
}

TEST(QuotientRecord, MisereKaylesRecordsItsPresentationTableAndImages) {
  const MisereQuotient q = search_misere_quotient(OctalCode("0.77"), 300);
  const nlohmann::ordered_json r = quotient_record(q);
  EXPECT_EQ(r.at("words").size(), 40u);
  EXPECT_EQ(r.at("p_words").size(), 9u);
  ASSERT_EQ(r.at("table").size(), 40u);
  EXPECT_EQ(r.at("table").at(0).at(7), 7);  // the identity's row
  const auto& images = r.at("heap_images");
  ASSERT_TRUE(images.contains("observed_period"));
  const std::uint64_t from = images.at("observed_period").at("from");
  const std::uint64_t period = images.at("observed_period").at("period");
  EXPECT_EQ(images.at("words").size(), from + period);
  EXPECT_EQ(images.at("words").at(0), "1");
  EXPECT_EQ(images.at("words").at(1), "a");
  EXPECT_NE(images.at("observed_period").at("scope").get<std::string>().find(
                "no periodicity theorem is applied"),
            std::string::npos);
  // The words name the elements the table multiplies: heap 1 twice is the identity.
  const std::size_t a = std::find(r.at("words").begin(), r.at("words").end(), "a") -
                        r.at("words").begin();
  EXPECT_EQ(r.at("table").at(a).at(a), 0);
}

}  // namespace
}  // namespace nimcert
