// Misère sequences past the quotient search's stop (issue 50, items 4 and 6): where no quotient
// is found within its limits, heap n's misère outcome for n = 0..last comes from the
// definition over canonical sums, and a block whose definition too passes its limit is that
// block's unknown, never the whole file's error.
//
// Dawson's Kayles (0.07), whose misère quotient is not known to be finite: its single heaps to
// 60 are held against a plain recursion written from the code's digits (plain_misere.hpp: "take
// two adjacent pins", i.e. remove 2 stones and leave 0, 1 or 2 heaps), which keeps every heap
// (no heap dropped) and shares no code with the engines; a claim with one P-heap dropped is
// refuted at that heap with its options, each N by the definition.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <vector>

#include "checks/misere_sequence.hpp"
#include "checks/proof_check.hpp"
#include "command_support.hpp"
#include "plain_misere.hpp"
#include "engines/misere/quotient_search.hpp"

namespace nimcert {
namespace {

// Misère Dawson's Kayles by the definition, every heap kept: the plain recursion of
// plain_misere.hpp on the code 0.07 (remove 2 stones, leave 0, 1 or 2 heaps).
testing::PlainMisere plain_dawson() { return testing::PlainMisere(testing::octal_moves({0, 7})); }

// The single heaps of 0..60 that are misère P-positions of Dawson's Kayles: the definition's,
// the plain recursion's to 44 below, and the list to 100 in ../shared/reference/math.md,
// section 7 (2 3 7 8 12 16 17 21 22 26 30 31 35 36 40 45 49 50 54 55 59 63 ...).
const std::vector<std::uint64_t> kDawsonMisereP = {2,  3,  7,  8,  12, 16, 17, 21, 22, 26, 30,
                                                   31, 35, 36, 40, 45, 49, 50, 54, 55, 59};

std::string dawson_proof(std::uint64_t last, const std::vector<std::uint64_t>& p_heaps) {
  std::string list;
  for (std::uint64_t h : p_heaps) list += (list.empty() ? "n == " : " || n == ") + std::to_string(h);
  return "game dawson octal \"0.07\"\n"
         "sequence \"dawson-misere\" \"misère Dawson's Kayles, one heap\"\n"
         "  game dawson misere\n"
         "  last " + std::to_string(last) + "\n"
         "  claim \"P-heaps\" \"the P-positions among single heaps\": g == 0 <-> (" + list + ")\n"
         "end\n";
}

SequenceReport check_first_sequence(const std::string& text, const MisereLimits& limits) {
  const ProofSource source = proof_source(text, "dawson.proof");
  return check_misere_sequence(source.proof.sequences.at(0), source.proof.definitions, limits);
}

TEST(MisereByDefinition, DawsonsKaylesToHeap60WhereTheQuotientSearchStops) {
  MisereLimits limits;
  limits.quotient_elements = 64;  // stops within a second (4096 stops at heap 34 in about 15 s)
  const SequenceReport r = check_first_sequence(dawson_proof(60, kDawsonMisereP), limits);
  EXPECT_EQ(r.verdict(), Verdict::Holds);
  EXPECT_TRUE(r.misere);
  EXPECT_TRUE(r.by_definition);
  EXPECT_TRUE(r.stopped.empty()) << r.stopped;
  EXPECT_EQ(r.quotient.at("found"), false);
  const std::string why = r.quotient.at("search_stopped");
  EXPECT_NE(why.find("misère quotient search for 0.07: at heap "), std::string::npos) << why;
  EXPECT_NE(why.find("at heap 25: "), std::string::npos) << why;
  EXPECT_NE(why.find("more than 64"), std::string::npos) << why;
  // The last quotient found is named: heaps 0..24, 24 elements.
  EXPECT_NE(why.find("the quotient of heaps 0..24 has 24 elements, 5 in P"), std::string::npos)
      << why;
  EXPECT_EQ(r.p_heaps, kDawsonMisereP);
  EXPECT_EQ(r.p_count, kDawsonMisereP.size());
  ASSERT_EQ(r.claims.size(), 1u);
  EXPECT_EQ(r.claims[0].verdict, Verdict::Holds);
  EXPECT_EQ(r.claims[0].cases, 61u);
  const std::string values = r.engines.at("values");
  EXPECT_NE(values.find("83038 sums stored"), std::string::npos) << values;
  EXPECT_NE(r.engines.at("proof").get<std::string>().find("single heaps of 0..60 stones only"),
            std::string::npos);
  // The plain recursion, every heap kept, agrees on every heap to 44.
  testing::PlainMisere plain = plain_dawson();
  for (int n = 0; n <= 44; ++n)
    EXPECT_EQ(plain.is_p({n}), std::count(kDawsonMisereP.begin(), kDawsonMisereP.end(),
                                          static_cast<std::uint64_t>(n)) == 1)
        << "heap " << n;
  // And on sums the definition stored on the way: 2 + 2 is N (one move, to 2, which is P).
  EXPECT_FALSE(plain.is_p({2, 2}));
  EXPECT_TRUE(plain.is_p({2, 3, 4}) == plain.is_p({4, 3, 2}));
}

TEST(MisereByDefinition, DawsonsKaylesPartialQuotientOfHeapsTo30HasThePublished360Elements) {
  // Plambeck and Siegel (2008) report the partial quotient Q_30 of Dawson's Kayles with 360
  // elements (../shared/reference/math.md, section 7); one heap more, 31, makes 520.
  const MisereQuotient q30 = search_misere_quotient(OctalCode("0.07"), 30);
  EXPECT_EQ(q30.monoid.size(), 360u);
  EXPECT_EQ(std::count(q30.in_p.begin(), q30.in_p.end(), true), 65);
}

TEST(MisereByDefinition, AClaimWithOnePHeapDroppedIsRefutedThereWithItsOptions) {
  std::vector<std::uint64_t> wrong = kDawsonMisereP;
  wrong.erase(std::find(wrong.begin(), wrong.end(), 45u));
  MisereLimits limits;
  limits.quotient_elements = 64;
  const SequenceReport r = check_first_sequence(dawson_proof(60, wrong), limits);
  EXPECT_EQ(r.verdict(), Verdict::Fails);
  ASSERT_EQ(r.claims.size(), 1u);
  EXPECT_EQ(r.claims[0].verdict, Verdict::Fails);
  const auto& cx = r.claim_counterexamples.at("P-heaps");
  EXPECT_EQ(cx.at("n"), 45);
  EXPECT_EQ(cx.at("misere_outcome"), "P");
  // 45 - 2 = 43 left as one heap or split a + b: 22 options, every one N.
  ASSERT_EQ(cx.at("options_first_32").size(), 22u);
  testing::PlainMisere plain = plain_dawson();
  for (const auto& o : cx.at("options_first_32")) {
    EXPECT_EQ(o.at("misere_outcome"), "N") << o.dump();
    EXPECT_FALSE(plain.is_p(o.at("heaps").get<std::vector<int>>())) << o.dump();
  }
}

TEST(MisereByDefinition, TheDefinitionsLimitIsTheBlocksVerdictAndTheFilesOtherBlocksAreChecked) {
  const std::string text = dawson_proof(200, kDawsonMisereP) +
                           "game kayles octal \"0.77\"\n"
                           "sequence \"kayles-misere\" \"misère Kayles\" game kayles misere "
                           "last 300\n"
                           "  claim \"P\" \"t\": g == 0 <-> (n == 1 || n == 4 || n == 9 || n == "
                           "12 || n == 20)\n"
                           "end\n";
  ProofOptions options;
  options.misere.quotient_elements = 64;
  options.misere.definition_sums = 5000;
  const ProofReport report = check_proof(proof_source(text, "two.proof"), options);
  ASSERT_EQ(report.sequences.size(), 2u);
  const SequenceReport& dawson = report.sequences[0];
  EXPECT_EQ(dawson.verdict(), Verdict::Unknown);
  EXPECT_NE(dawson.stopped.find("the misère quotient search stopped (misère quotient search for "
                                "0.07: at heap "),
            std::string::npos)
      << dawson.stopped;
  EXPECT_NE(dawson.stopped.find("and the definition stopped at heap "), std::string::npos)
      << dawson.stopped;
  EXPECT_NE(dawson.stopped.find("more than 5000 sums to store"), std::string::npos)
      << dawson.stopped;
  ASSERT_EQ(dawson.claims.size(), 1u);
  EXPECT_EQ(dawson.claims[0].verdict, Verdict::Unknown);
  EXPECT_EQ(dawson.claims[0].cases, 0u);
  EXPECT_EQ(dawson.claims[0].note.rfind("not checked: the misère quotient search stopped", 0), 0u)
      << dawson.claims[0].note;
  ASSERT_EQ(dawson.checks.size(), 1u);
  EXPECT_EQ(dawson.checks[0].verdict, Verdict::Unknown);
  // The other block is checked and holds; the file's verdict is the worst, unknown.
  EXPECT_EQ(report.sequences[1].verdict(), Verdict::Holds);
  EXPECT_EQ(report.sequences[1].quotient.at("elements"), 40);
  EXPECT_EQ(report.verdict(), Verdict::Unknown);
}

TEST(MisereByDefinition, CertifyWritesTheScopeAndShowReadsIt) {
  // The command line's own limits: the search stops at heap 34 (a reduced quotient of more
  // than 4096 elements), the definition reaches heap 60.
  const auto dir = testing::scratch_dir("misere-definition");
  std::ofstream(dir / "d.proof") << dawson_proof(60, kDawsonMisereP);
  const auto run = testing::nimcert_in(dir, "certify d.proof");
  ASSERT_EQ(run.status, 0) << run.out;
  std::ifstream in(dir / "d.cert.json");
  const auto cert = nlohmann::json::parse(in);
  const auto& q = cert.at("sequences").at(0);
  EXPECT_EQ(q.at("verdict"), "holds");
  EXPECT_EQ(q.at("quotient").at("found"), false);
  EXPECT_NE(q.at("quotient").at("search_stopped").get<std::string>().find("at heap 34"),
            std::string::npos)
      << q.dump();
  EXPECT_NE(q.at("scope").get<std::string>().find("by the definition on each single heap"),
            std::string::npos)
      << q.at("scope");
  EXPECT_EQ(q.at("p_count"), 21);
  const auto show = testing::nimcert_in(dir, "show d.cert.json");
  EXPECT_EQ(show.status, 0) << show.out;
  EXPECT_NE(show.out.find("no quotient was found"), std::string::npos) << show.out;
}

}  // namespace
}  // namespace nimcert
