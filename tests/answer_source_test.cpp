// A certificate is byte for byte the same whichever source gave its answers: the solvers
// (fresh), the local answer cache, or a base revision's certificate.
//
// Scripted solvers give each kind of answer a real run gives, with the notes real runs write:
// unsat, sat (a model that re-checks), unknown (Z3 incomplete, cvc5 unsat) and a time-out
// (Z3 "timeout", cvc5 "answered unknown (time limit ...)").  The same proof is certified
// fresh, then from the cache that run filled, then from the first certificate as a base; the
// three certificates' stable parts must be equal, and the scope of the lemma whose width timed
// out must name both solvers' notes in every one (it once read "(timeout)" fresh and
// "(timeout; cvc5 answered unknown ...)" reused, so every gate of such a file drifted).
#include <gtest/gtest.h>

#include <atomic>
#include <filesystem>
#include <fstream>

#include "certificate/certificate.hpp"
#include "certificate/committed_answers.hpp"
#include "certificate/drift.hpp"
#include "checks/reusing_solvers.hpp"
#include "pipelines/steps.hpp"
#include "command_support.hpp"
#include "solve/cvc5_replay.hpp"
#include "solve/z3_backend.hpp"

namespace nimcert {
namespace {

const char* kFourKinds = R"(lemma "proved" "a ^ a == 0"
  vars a
  prove (a ^ a) == 0
  widths 8 16
  enumerate 0..15
end
lemma "refuted" "a != 7, false at 7, which the enumeration does not reach"
  vars a
  prove a != 7
  widths 8 16
  enumerate 0..3
end
lemma "unknown" "(a & a) == a, Z3 incomplete"
  vars a
  prove (a & a) == a
  widths 8 16
  enumerate 0..15
end
lemma "timeout" "(a | 0) == a, both solvers at their time limit"
  vars a
  prove (a | 0) == a
  widths 8 16
  enumerate 0..15
end
)";

// Answers by the lemma the query's :source line names, as the real solvers word them.
class FourKinds final : public Solvers {
 public:
  smt::TwoSolverRun solve(const smt::Query& query, unsigned timeout_ms) const override {
    ++solved;
    smt::TwoSolverRun r;
    r.cvc5.answered = true;
    auto is = [&](const char* label) {
      return query.smt2.find(std::string("lemma ") + label + " ") != std::string::npos;
    };
    if (is("proved")) {
      r.z3.answer = r.cvc5.answer = smt::Answer::Unsat;
    } else if (is("refuted")) {
      r.z3.answer = r.cvc5.answer = smt::Answer::Sat;
      r.z3.model = {{"a", 7}};
    } else if (is("unknown")) {
      r.z3.reason = "incomplete";
      r.cvc5.answer = smt::Answer::Unsat;
    } else if (is("timeout")) {
      r.z3.reason = "timeout";
      r.cvc5.note = "cvc5 answered unknown (time limit " + std::to_string(timeout_ms) + " ms)";
    } else {
      ADD_FAILURE() << "a query of no lemma here: " << query.smt2.substr(0, 200);
    }
    return r;
  }
  mutable std::atomic<int> solved{0};
};

class AnswerSource : public testing::ScratchTest {
 protected:
  Json certify(const Solvers& solvers) {
    const ProofSource source = proof_source(kFourKinds, (dir_ / "four.proof").string());
    ProofOptions options;
    options.lemma.solvers = &solvers;
    options.lemma.unbounded = false;  // the solvers' answers alone decide every width
    return certify_one(source, options);
  }
  AnswerCache cache() const {
    return AnswerCache(dir_ / "cache", smt::z3_version(), smt::kZ3Seed,
                       smt::cvc5_version(smt::kCvc5Binary));
  }
};

TEST_F(AnswerSource, ACertificateIsTheSameFreshFromTheCacheAndFromABase) {
  const FourKinds solvers;
  const AnswerCache filled = cache();
  const ReusingSolvers fresh(solvers, {}, &filled);
  const Json a = certify(fresh);
  // Each lemma's widest width is solved; only the proved one implies its smaller width.
  EXPECT_EQ(fresh.solved(), 7u);
  EXPECT_EQ(fresh.reused(), 0u);
  const Json& timeout = a.at("lemmas").at(3);
  ASSERT_EQ(timeout.at("label"), "timeout");
  EXPECT_EQ(timeout.at("smt").at(1).at("note"),
            "timeout; cvc5 answered unknown (time limit 60000 ms)");
  EXPECT_EQ(a.at("lemmas").at(1).at("verdict"), "fails");
  EXPECT_EQ(a.at("lemmas").at(2).at("smt").at(0).at("note"), "incomplete");

  // From the cache: every unsat and unknown answer (5 queries); the sat is solved again.
  const AnswerCache warm = cache();
  const FourKinds counting;
  const ReusingSolvers from_cache(counting, {}, &warm);
  const Json b = certify(from_cache);
  EXPECT_EQ(from_cache.reused(), 5u);
  EXPECT_EQ(counting.solved.load(), 2);  // the refuted lemma's two widths

  // From the first certificate as a base revision's.
  const FourKinds again;
  const ReusingSolvers from_base(
      again,
      {{"base 000000000000",
        committed_answers(a, smt::z3_version(), smt::kZ3Seed, smt::cvc5_version(smt::kCvc5Binary),
                          smt::kCvc5Options)}});
  const Json c = certify(from_base);
  EXPECT_EQ(from_base.reused(), 5u);
  EXPECT_EQ(again.solved.load(), 2);

  const std::string stable_a = stable_part(a).dump(2), stable_b = stable_part(b).dump(2),
                    stable_c = stable_part(c).dump(2);
  EXPECT_EQ(stable_a, stable_b);
  EXPECT_EQ(stable_a, stable_c);
  EXPECT_EQ(a.at("stable_sha256"), b.at("stable_sha256"));
  EXPECT_EQ(a.at("stable_sha256"), c.at("stable_sha256"));
  EXPECT_TRUE(compare_certificates(a, b).empty());
  EXPECT_TRUE(compare_certificates(a, c).empty());
}

// Drift names where two long texts part, not the same prefix twice.
TEST(DriftMessages, ShowWhereTwoLongValuesDiffer) {
  const std::string common(80, 'x');
  const Json before = {{"lemmas", Json::array()}, {"scope", common + " (timeout)"}};
  const Json after = {{"lemmas", Json::array()},
                      {"scope", common + " (timeout; cvc5 answered unknown (time limit 60000 ms))"}};
  const std::vector<Drift> drift = compare_certificates(before, after);
  ASSERT_EQ(drift.size(), 1u);
  EXPECT_EQ(drift[0].detail,
            "/: at character 90: ...xxxxxxxxxxx (timeout)\" -> ...xxxxxxxxxxx (timeout; cvc5 "
            "answered unknown (time limit 6000...")
      << drift[0].detail;
}

}  // namespace
}  // namespace nimcert
