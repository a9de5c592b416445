// The rough edges a new user hit (issue 51, item 9), each kept as a regression: the induction's
// closing clauses in any order and each at most once, the two meanings of "size" said in both
// helps, the gate's failure line, show's cover of an induction with no widths, the HTML status
// that must not wrap, a proof's counts in words, sets and value lists of 4096 constants, the
// documented values of zeck_even, and the reason a misère sequence over a declared game is
// refused.
#include <gtest/gtest.h>

#include <fstream>
#include <regex>
#include <sstream>

#include "checks/drat_route.hpp"
#include "command_support.hpp"
#include "committed_proof.hpp"
#include "eval/exact_evaluator.hpp"
#include "lang/proof_file.hpp"

namespace nimcert {
namespace {

namespace fs = std::filesystem;

const char* kGame = R"P(game take13 heaps 2
  move "take from x1" for 1 <= t <= 3 when t <= x1 to (x1 - t, x2)
  move "take from x2" for 1 <= t <= 3 when t <= x2 to (x1, x2 - t)
end
def mod4(a, b) = (a % 4) ^ (b % 4)
box "s13" "take 1 to 3 from a heap"
  game take13 size 12
  claim "mod-4" "G = (x1 mod 4) ^ (x2 mod 4)": G == mod4(x1, x2)
end
)P";

TEST(RoughEdges, AnInductionsClosingClausesComeInAnyOrderEachOnce) {
  const std::string base = kGame;
  for (const char* tail : {"  widths 8 16\n  timeout 5000\nend\n",
                           "  timeout 5000\n  widths 8 16\nend\n",
                           "  widths 8\n  numeration binary\n  timeout 100\nend\n"}) {
    const smt::ProofFile f =
        parse_proof_file(base + "induction \"mod-4\" \"the value\"\n" + tail, "t.proof");
    ASSERT_EQ(f.inductions.size(), 1u) << tail;
    EXPECT_FALSE(f.inductions[0].widths.empty()) << tail;
    EXPECT_GT(f.inductions[0].timeout_ms, 0u) << tail;
  }
  // Twice: named, with where it was given first.
  EXPECT_NE(testing::parse_error(base +
                                 "induction \"mod-4\" \"v\"\n  numeration fibonacci\n  numeration "
                                 "fibonacci\nend\n")
                .find("'numeration' once (it is given already at line 11)"),
            std::string::npos);
  EXPECT_NE(testing::parse_error(base + "induction \"mod-4\" \"v\"\n  widths 8\n  widths 16\nend\n")
                .find("'widths' once"),
            std::string::npos);
  // Anything else before end: what may stand there.
  EXPECT_NE(testing::parse_error(base + "induction \"mod-4\" \"v\"\n  widths 8\n  lemma\nend\n")
                .find("'end', or 'numeration', 'timeout' or 'widths' (each once, in any order)"),
            std::string::npos);
}

TEST(RoughEdges, BothHelpsSayWhatSizeMeans) {
  for (const char* command : {"table", "ppos"}) {
    const testing::CommandResult help =
        testing::run_command(std::string(NIMCERT_BINARY) + " " + command + " --help");
    EXPECT_NE(help.out.find("0..size-1 (size values a heap)"), std::string::npos) << help.out;
    EXPECT_NE(help.out.find("a proof file's 'size B' means [0,B], B + 1 values"),
              std::string::npos)
        << help.out;
  }
  EXPECT_NE(testing::committed("proof-language.md", "docs")
                .find("[0,20]^4: 21 values a heap (the command"),
            std::string::npos);
}

TEST(RoughEdges, AProofsCountsReadAsWords) {
  EXPECT_EQ(proof_counts(1, 0, 0), "1 lemma, none in the refutation's core");
  EXPECT_EQ(proof_counts(2562, 1560, 0), "2562 lemmas, 1560 of them checked (the refutation's core)");
  EXPECT_EQ(proof_counts(10, 4, 2), "10 lemmas, 4 of them checked (the refutation's core, 2 as RAT)");
}

TEST(RoughEdges, SetsAndValueListsOf4096ConstantsAreRead) {
  std::string set, list;
  for (int i = 0; i < 4096; ++i) {
    set += (i ? ", " : "") + std::to_string(3 * i + 1);
    list += (i ? ", " : "") + std::to_string(i % 7);
  }
  const smt::ExprPtr in = smt::parse_expression("a in {" + set + "}", {"a"});
  // Balanced: chains of at most 64 under a tree of depth log2(4096 / 64) = 6, not 4096 deep.
  EXPECT_LE(in->depth, 64u + 8u);
  for (const auto& [a, expected] : {std::pair{"1", "1"}, {"2", "0"}, {"12286", "1"}, {"12289", "0"}})
    EXPECT_EQ(*smt::evaluate_exactly(in, {{"a", a}}), expected) << a;
  const smt::ExprPtr at = smt::parse_expression("[" + list + "][n]", {"n"});
  EXPECT_LE(at->depth, 64u + 8u);
  for (const int n : {0, 6, 7, 4095, 4096, 5000})
    EXPECT_EQ(*smt::evaluate_exactly(at, {{"n", std::to_string(n)}}),
              std::to_string((n % 4096) % 7))
        << n;
  // A short list keeps the chain a reader expects.
  EXPECT_EQ(smt::to_string(*smt::parse_expression("[5, 6, 7][n]", {"n"})),
            "(if ((n % 3) == 0) then 5 else (if ((n % 3) == 1) then 6 else 7))");
}

TEST(RoughEdges, TheDocumentedValuesOfZeckEvenAreItsValues) {
  const std::string doc = testing::committed("proof-language.md", "docs");
  std::smatch m;
  ASSERT_TRUE(std::regex_search(doc, m, std::regex(R"(zeck_even\(a\)` \| [^|]*true at ([0-9, ]+),)")));
  std::istringstream listed(m[1].str());
  std::vector<int> documented;
  for (std::string n; std::getline(listed, n, ',');) documented.push_back(std::stoi(n));
  std::vector<int> actual;
  const smt::ExprPtr e = smt::parse_expression("zeck_even(a)", {"a"});
  for (int a = 0; actual.size() < documented.size(); ++a)
    if (*smt::evaluate_exactly(e, {{"a", std::to_string(a)}}) == "1") actual.push_back(a);
  EXPECT_EQ(documented, actual);
  EXPECT_GE(documented.size(), 8u);
}

TEST(RoughEdges, AMisereSequenceOfADeclaredGameSaysWhyNot) {
  const std::string text = R"(game grundy heaps 1
  move "split" for 1 <= a <= (x1 - 1) / 2 to (a) + (x1 - a)
end
sequence "g" "Grundy's game, misere" game grundy misere last 20
end
)";
  const std::string e = testing::parse_error(text);
  EXPECT_NE(e.find("a misère sequence reads its quotient off the code, which grundy does not "
                   "have; state its misère outcomes in a box (box ... game grundy misere size N)"),
            std::string::npos)
      << e;
}

class RoughEdgesCommands : public testing::ScratchTest {};

TEST_F(RoughEdgesCommands, ShowOfAnInductionWithoutWidthsLeavesNoDanglingSolverAndHtmlStatusesDoNotWrap) {
  write("p.proof", std::string(kGame) + "induction \"mod-4\" \"the value on N^2\" end\n");
  const testing::CommandResult c = nimcert("certify --no-cache p.proof");
  ASSERT_EQ(c.status, 0) << c.out;
  const testing::CommandResult show = nimcert("show p.cert.json");
  ASSERT_EQ(show.status, 0) << show.out;
  EXPECT_EQ(show.out.find("; Z3 \n"), std::string::npos) << show.out;
  EXPECT_EQ(show.out.find("; Z3 |"), std::string::npos) << show.out;
  EXPECT_NE(show.out.find("on N^2 (MONA and nimcert's automata)"), std::string::npos) << show.out;
  const testing::CommandResult html = nimcert("show --format html -o page.html p.cert.json");
  ASSERT_EQ(html.status, 0) << html.out;
  EXPECT_NE(testing::read_text(dir_ / "page.html").find("white-space: nowrap"), std::string::npos);
}

}  // namespace
}  // namespace nimcert
