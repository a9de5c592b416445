// Widths solved widest first: a width both solvers prove implies every smaller one, which is
// then never posed; a widest width that is not proved (a time limit, a disagreement, a
// counterexample) implies nothing, and every other width is solved as before.  Solvers are
// scripted by width here, and record the widths they were asked, so that each test fails when
// the implication is drawn from less than both solvers' unsat at the widest width.
#include "checks/widest_first.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <mutex>
#include <fstream>
#include <set>

#include "checks/lemma_check.hpp"
#include "checks/proof_input.hpp"
#include "command_support.hpp"

namespace nimcert {
namespace {

// Answers unsat at every width but those scripted otherwise; records each width asked.
class WidthScriptedSolvers final : public Solvers {
 public:
  std::map<unsigned, std::pair<smt::Answer, smt::Answer>> script;  // width -> (z3, cvc5)

  smt::TwoSolverRun solve(const smt::Query& query, unsigned) const override {
    {
      std::lock_guard lock(mutex_);
      asked_.push_back(query.width);
    }
    smt::TwoSolverRun r;
    r.z3.answer = r.cvc5.answer = smt::Answer::Unsat;
    if (const auto it = script.find(query.width); it != script.end()) {
      r.z3.answer = it->second.first;
      r.cvc5.answer = it->second.second;
    }
    if (r.z3.answer == smt::Answer::Unknown) r.z3.reason = "timeout";
    if (r.z3.answer != r.cvc5.answer && r.z3.answer != smt::Answer::Unknown &&
        r.cvc5.answer != smt::Answer::Unknown)
      r.disagreement = "the solvers disagree";
    return r;
  }
  std::multiset<unsigned> asked() const {
    std::lock_guard lock(mutex_);
    return {asked_.begin(), asked_.end()};
  }

 private:
  mutable std::mutex mutex_;
  mutable std::vector<unsigned> asked_;
};

const char* kShiftLemma = R"(lemma "shift" "x >> 64 is 0 below 2^64"
  vars x
  prove (x >> 64) == 0
  widths 8 16 32 64
  enumerate 0..255
end
)";

LemmaOutcome check(const char* text, const Solvers& solvers, bool unbounded) {
  const smt::ProofFile p = parse_proof_file(text, "w.proof");
  CheckOptions options;
  options.unbounded = unbounded;
  options.solvers = &solvers;
  return check_lemma(p.lemmas.at(0), p.definitions, options);
}

TEST(WidestFirst, AProvedWidestWidthImpliesTheSmallerOnesWhichAreNeverPosed) {
  const WidthScriptedSolvers solvers;
  const LemmaOutcome o = check(kShiftLemma, solvers, false);
  EXPECT_EQ(solvers.asked(), std::multiset<unsigned>{64});
  ASSERT_EQ(o.widths.size(), 4u);
  for (std::size_t i = 0; i < 3; ++i) {
    EXPECT_EQ(o.widths[i].implied_by, 64u) << o.widths[i].width;
    EXPECT_TRUE(o.widths[i].smt2.empty()) << o.widths[i].width;  // no query was posed
  }
  EXPECT_EQ(o.widths[3].implied_by, 0u);
  EXPECT_EQ(o.verdict, Verdict::Holds);
  EXPECT_EQ(o.scope,
            "every variable below 2^w for w in {64} (Z3 and cvc5), hence for w in {8, 16, 32} "
            "too, and every variable below 2^64 (a DRAT proof by CaDiCaL, checked by nimcert's "
            "DRAT and LRAT checkers), and every assignment of [0, 255] (enumeration)");
}

// Neither one solver's unsat nor a time limit at the widest width implies anything: every
// smaller width is solved, and the scope says which were proved and which not.
TEST(WidestFirst, AnUnprovedWidestWidthImpliesNothing) {
  for (const auto& [z3, cvc5] : {std::pair{smt::Answer::Unknown, smt::Answer::Unsat},
                                 std::pair{smt::Answer::Unsat, smt::Answer::Unknown},
                                 std::pair{smt::Answer::Unsat, smt::Answer::Sat}}) {
    WidthScriptedSolvers solvers;
    solvers.script[64] = {z3, cvc5};
    const LemmaOutcome o = check(kShiftLemma, solvers, false);
    EXPECT_EQ(solvers.asked(), (std::multiset<unsigned>{8, 16, 32, 64}));
    for (const WidthOutcome& w : o.widths) EXPECT_EQ(w.implied_by, 0u) << w.width;
    EXPECT_TRUE(o.widths[2].proved());
    EXPECT_FALSE(o.widths[3].proved());
    EXPECT_NE(o.verdict, Verdict::Holds);  // the bounded route alone: w = 64 is not proved
  }
  // With MONA's proof for every natural, the lemma holds; the scope names the widths proved
  // and the one that was not.
  WidthScriptedSolvers solvers;
  solvers.script[64] = {smt::Answer::Unknown, smt::Answer::Unsat};
  const LemmaOutcome o = check(kShiftLemma, solvers, true);
  EXPECT_EQ(o.verdict, Verdict::Fails);  // (x >> 64) == 0 is false at 2^64: MONA says so
  const LemmaOutcome bounded = check(R"(lemma "xor" "a ^ a == 0"
  vars a
  prove (a ^ a) == 0
  widths 8 16 32 64
  enumerate 0..15
end
)",
                                     solvers, true);
  EXPECT_EQ(bounded.verdict, Verdict::Holds);
  EXPECT_EQ(bounded.scope,
            "every natural (MONA and nimcert's automata), and every variable below 2^w for w in {8, 16, 32} (Z3 and "
            "cvc5, tried after MONA's proof under 5000 ms a query), and every assignment of [0, "
            "15] (enumeration); not proved: w = 64: z3 unknown (timeout)");
}

// The real solvers: a statement false from 2^16 on is refuted at w = 32 with a confirmed
// counterexample, and the smaller widths are solved (and proved), not implied.
TEST(WidestFirst, ACounterexampleAtTheWidestWidthLeavesTheSmallerWidthsSolved) {
  const smt::ProofFile p = parse_proof_file(R"(lemma "below" "x < 2^16, falsely"
  vars x
  prove (x >> 16) == 0
  widths 8 16 32
  enumerate 0..255
end
)",
                                            "w.proof");
  CheckOptions options;
  options.unbounded = false;
  const LemmaOutcome o = check_lemma(p.lemmas.at(0), p.definitions, options);
  ASSERT_EQ(o.widths.size(), 3u);
  EXPECT_EQ(o.widths[0].answer, smt::Answer::Unsat);
  EXPECT_EQ(o.widths[1].cvc5.answer, smt::Answer::Unsat);
  EXPECT_EQ(o.widths[1].implied_by, 0u);
  EXPECT_EQ(o.widths[2].answer, smt::Answer::Sat);
  ASSERT_TRUE(o.widths[2].counterexample.has_value());
  EXPECT_GE(o.widths[2].counterexample->at("x"), smt::u128{1} << 16);
  EXPECT_EQ(o.verdict, Verdict::Fails);
}

// The step itself: answers in the order of the widths; a check that may not draw its
// conclusion from the answers (a move encoding that disagrees) implies nothing; a widest width
// with no query proves nothing.
TEST(WidestFirst, SolveWidestFirstKeepsTheOrderAndImpliesOnlyWhenAllowed) {
  auto width = [](unsigned w, std::size_t queries) {
    WidthQueries q{w, {}};
    for (std::size_t i = 0; i < queries; ++i) {
      PendingQuery p;
      p.query.width = w;
      p.query.smt2 =
          fmt::format("(set-info :source |w{} q{}|)\n(set-info :status unknown)\n", w, i);
      q.queries.push_back(std::move(p));
    }
    return q;
  };
  const std::vector<WidthQueries> widths{width(16, 2), width(64, 3), width(8, 1)};
  {
    const WidthScriptedSolvers solvers;
    const std::vector<SolvedWidth> s = solve_widest_first(widths, solvers, 1000, 2, true);
    ASSERT_EQ(s.size(), 3u);
    EXPECT_EQ(s[0].implied_by, 64u);
    EXPECT_EQ(s[1].implied_by, 0u);
    EXPECT_EQ(s[1].answers.size(), 3u);
    EXPECT_EQ(s[2].implied_by, 64u);
    EXPECT_EQ(solvers.asked(), (std::multiset<unsigned>{64, 64, 64}));
  }
  {
    const WidthScriptedSolvers solvers;
    const std::vector<SolvedWidth> s = solve_widest_first(widths, solvers, 1000, 2, false);
    EXPECT_EQ(s[0].answers.size(), 2u);
    EXPECT_EQ(s[0].width, 16u);
    EXPECT_EQ(s[2].answers.size(), 1u);
    EXPECT_EQ(s[2].width, 8u);
    for (const SolvedWidth& w : s) EXPECT_EQ(w.implied_by, 0u);
    EXPECT_EQ(solvers.asked(), (std::multiset<unsigned>{8, 16, 16, 64, 64, 64}));
  }
  {
    const WidthScriptedSolvers solvers;
    const std::vector<SolvedWidth> s =
        solve_widest_first({width(8, 1), width(64, 0)}, solvers, 1000, 2, true);
    EXPECT_EQ(s[0].implied_by, 0u);
    EXPECT_EQ(s[0].answers.size(), 1u);
  }
}

}  // namespace
}  // namespace nimcert

// Issue 51, item 8: a width whose domain lies inside a box that checked the same claim at
// every position is decided by the box, and none of its queries is posed.
namespace nimcert {
namespace {

const char* kCovered = R"proof(game take13 heaps 2
  move "take from x1" for 1 <= t <= 3 when t <= x1 to (x1 - t, x2)
  move "take from x2" for 1 <= t <= 3 when t <= x2 to (x1, x2 - t)
end
def mod4(a, b) = (a % 4) ^ (b % 4)
box "s13" "take 1 to 3 from a heap"
  game take13 size 40
  claim "mod-4" "G = (x1 mod 4) ^ (x2 mod 4)": G == mod4(x1, x2)
end
induction "mod-4" "the Sprague-Grundy value"
  widths 4 5 6
end
)proof";

TEST(CoveringBox, AWidthInsideABoxThatHoldsIsDecidedThereAndNotPosed) {
  const auto dir = testing::scratch_dir("covering-box");
  std::ofstream(dir / "p.proof") << kCovered;
  const testing::CommandResult r = testing::nimcert_in(dir, "certify --no-cache p.proof");
  ASSERT_EQ(r.status, 0) << r.out;
  // D_4 and D_5 (sums below 32) lie inside [0,40]^2; D_6 does not (63 > 40).
  EXPECT_NE(r.out.find("w4 covered by box s13 on [0,40]^2; w5 covered by box s13 on [0,40]^2; "
                       "w6 6/6 unsat"),
            std::string::npos)
      << r.out;
  const auto c = nlohmann::ordered_json::parse(testing::read_text(dir / "p.cert.json"));
  const auto& widths = c["induction"][0]["widths"];
  EXPECT_EQ(widths[0]["covered_by"], "box s13 on [0,40]^2");
  EXPECT_TRUE(widths[0]["obligations"].empty());
  EXPECT_EQ(widths[0]["verdict"], "holds");
  EXPECT_FALSE(widths[2].contains("covered_by"));
  EXPECT_EQ(widths[2]["obligations"].size(), 6u);
  // A claim the box refutes covers nothing: the wrong formula fails, its widths posed.
  std::string wrong = kCovered;
  wrong.replace(wrong.find("(a % 4) ^ (b % 4)"), 17, "(a % 4) | (b % 4)");
  std::ofstream(dir / "p.proof") << wrong;
  const testing::CommandResult w = testing::nimcert_in(dir, "certify --no-cache p.proof");
  EXPECT_EQ(w.status, 1) << w.out;
  EXPECT_EQ(w.out.find("covered by"), std::string::npos) << w.out;
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace nimcert
