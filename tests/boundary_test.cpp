// The input boundary (issue 13): every number is range-checked where it is read, nothing that
// examined no case holds, errors carry file:line:col, outputs are checked before any work, and
// the boundary's old failures (a wrapped range that "held" with 0 cases, a narrowed game
// parameter, a rule checked only up to `last`, a crash on deep nesting) are each refused with
// their exact message, exit status 2, and no file written.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "checks/lemma_check.hpp"
#include "checks/named/named_checks.hpp"
#include "checks/proof_check.hpp"
#include "checks/proof_input.hpp"
#include "command_support.hpp"
#include "engines/sequence_engine.hpp"
#include "games/one_heap.hpp"
#include "games/registry.hpp"

namespace nimcert {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::ordered_json;
using testing::CommandResult;

// A scratch folder with a proof file, and nimcert run there.
class InputBoundary : public testing::ScratchTest {
 protected:
  // The proof's parse error, or "accepted".
  static std::string parse_error(const std::string& text) {
    try {
      parse_proof_file(text, "t.proof");
    } catch (const smt::ParseError& e) {
      return e.what();
    }
    return "accepted";
  }
  std::size_t files() const {
    return static_cast<std::size_t>(
        std::distance(fs::directory_iterator(dir_), fs::directory_iterator()));
  }
};

const std::string kSmallClaim =
    "game nim(heaps = 3)\ncube 6\nclaim \"xor\" \"Bouton\": G == x1 ^ x2 ^ x3\n";

// --- numbers at the boundary ---

TEST_F(InputBoundary, AWholeRangeEnumerationIsRefusedWithItsEstimateNotHeldWithNoCases) {
  write("wide.proof", R"(lemma "small" "every x is below 2^40, falsely"
  vars x
  prove x < 1099511627776
  widths 8
  enumerate 0..18446744073709551615
end
)");
  const CommandResult r = nimcert("certify wide.proof");
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_NE(r.out.find("wide.proof:5:16: lemma \"small\": enumerating [0, 18446744073709551615]^1 "
                       "(1.84e+19 assignments) would take about"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("hours here, more than the 1 allowed; refusing to start"), std::string::npos)
      << r.out;
  EXPECT_EQ(testing::last_line(r.out).rfind("certify: ERROR (", 0), 0u) << r.out;
  EXPECT_FALSE(fs::exists(dir_ / "wide.cert.json"));
}

TEST_F(InputBoundary, ARangeEndingAtTwoToThe64MinusOneIsEnumeratedExactly) {
  const smt::ProofFile p = parse_proof_file(R"(lemma "top" "the top six naturals below 2^64"
  vars x
  assume x >= 18446744073709551610
  prove x + 0 >= 18446744073709551610
  widths 64
  enumerate 18446744073709551610..18446744073709551615
end
)",
                                            "t.proof");
  const EnumerationOutcome e =
      enumerate_lemma(p.lemmas[0].variables, expand_lemma(p.lemmas[0], {}).implication,
                      p.lemmas[0].low, p.lemmas[0].high, 2);
  EXPECT_EQ(e.verdict, Verdict::Holds);
  EXPECT_EQ(e.cases, 6u);
  EXPECT_EQ(e.premise_cases, 6u);
}

TEST_F(InputBoundary, AGameParameterBeyondItsTypeIsALocatedErrorNotNarrowed) {
  EXPECT_EQ(parse_error("game amalgamation(merge_min = 4294967298)\ncube 4\nclaim \"c\" \"t\": G "
                        "== 0\n"),
            "t.proof:1:6: expected a game nimcert knows: parameter merge_min = 4294967298 is out "
            "of range: a natural number from 1 to 4294967295");
  EXPECT_EQ(parse_error("box \"b\" \"t\"\n  game nim(heaps = 9)\n  size 3\nend\n"),
            "t.proof:2:8: expected a game nimcert knows: parameter heaps = 9 is out of range: a "
            "natural number from 1 to 8");
  const CommandResult r = nimcert("grundy --merge-min 4294967298 0 1 2");
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_NE(r.out.find("parameter merge_min = 4294967298 is out of range: a natural number from 1 "
                       "to 4294967295"),
            std::string::npos)
      << r.out;
}

TEST_F(InputBoundary, BoxSideSequenceEndCubeAndCasesAreRangeChecked) {
  EXPECT_EQ(parse_error("box \"b\" \"t\"\n  game nim(heaps = 2)\n  size 4294967301\nend\n"),
            "t.proof:3:8: expected the box side B from 1 to 4294967294, not 4294967301");
  EXPECT_EQ(
      parse_error("sequence \"s\" \"t\"\n  rule \"n / 2\"\n  last 18446744073709551615\nend\n"),
      "t.proof:3:8: expected the last n from 1 to 4294967294, not 18446744073709551615");
  EXPECT_EQ(parse_error("game nim(heaps = 3)\ncube 5000\nclaim \"c\" \"t\": G == 0\n"),
            "t.proof:2:6: expected the cube size N from 1 to 4096, not 5000");
  EXPECT_EQ(parse_error("lemma \"l\" \"t\" vars a prove a == a widths 8 8 enumerate 0..1 end"),
            "t.proof:1:44: expected each width once (8 is listed already)");
  const CommandResult cube = nimcert("certify --cube 5000 x.proof");
  EXPECT_EQ(cube.status, 2) << cube.out;
  EXPECT_NE(cube.out.find("--cube: Value 5000 not in range 1 to 4096"), std::string::npos)
      << cube.out;
  EXPECT_EQ(nimcert("certify --timeout-ms 0 x.proof").status, 2);
  // CaDiCaL's conflict limit: 0 (which solve_with_cadical reads as no limit at all) and values
  // past 2 * 10^9, or past 2^64, are refused, the option named.
  for (const char* conflicts : {"0", "2000000001", "18446744073709551616"}) {
    const CommandResult r =
        nimcert(std::string("certify --drat-conflicts ") + conflicts + " x.proof");
    EXPECT_EQ(r.status, 2) << conflicts << ": " << r.out;
    EXPECT_NE(r.out.find("--drat-conflicts"), std::string::npos) << r.out;
  }
}

TEST_F(InputBoundary, ACaseRangeAtTheTopOfTheNaturalsEndsInsteadOfLooping) {
  // One case, d = 2^64 - 1: it cannot cover the values of v, so the step is not proved; what
  // matters is that it is posed once and the check ends.
  const smt::ProofFile p = parse_proof_file(R"(box "b" "t"
  game nim(heaps = 2)
  size 3
  claim "xor" "t": G == x1 ^ x2
end
induction "xor" "t"
  case d = 0 in 18446744073709551615..18446744073709551615
  witness "reduce x1" t = x1 ^ (x1 ^ x2) ^ v
  witness "reduce x2" t = x2 ^ (x1 ^ x2) ^ v
  widths 4
end
)",
                                            "t.proof");
  const auto game = make_game(p.inductions[0].game, p.definitions);
  const InductionOutcome d = check_induction(p.inductions[0], p.definitions, *game, {});
  ASSERT_EQ(d.widths.size(), 1u);
  EXPECT_EQ(d.widths[0].obligations.back().name,
            "(b cases) 18446744073709551615 <= d <= 18446744073709551615 for every v < F");
  EXPECT_EQ(d.widths[0].verdict, Verdict::Unknown);
  // MONA proves the claim on all of N^2 without the split: that proof stands alone.
  EXPECT_EQ(d.unbounded->verdict, Verdict::Holds);
  EXPECT_EQ(d.verdict, Verdict::Holds);
}

TEST_F(InputBoundary, DeepNestingIsALocatedErrorNotACrash) {
  const std::string deep = std::string(3000, '(') + "a" + std::string(3000, ')');
  EXPECT_EQ(
      parse_error("lemma \"l\" \"t\" vars a prove " + deep + " == 0 widths 8 enumerate 0..1 end"),
      "t.proof:1:284: expected at most 256 expressions nested inside one another");
  std::string chain = "a";
  for (int i = 0; i < 5000; ++i) chain += " + a";
  EXPECT_NE(
      parse_error("lemma \"l\" \"t\" vars a prove " + chain + " == 0 widths 8 enumerate 0..1 end")
          .find(": expected an expression at most 4096 operators deep"),
      std::string::npos);
  std::string nots(3000, '!');
  EXPECT_NE(parse_error("lemma \"l\" \"t\" vars a prove " + nots + "a widths 8 enumerate 0..1 end")
                .find("at most 256 expressions nested"),
            std::string::npos);
}

TEST_F(InputBoundary, GrundyOnLargePositionsUsesTheSequenceEngineOrRefuses) {
  // A million-stone heap of Maximum Nim: the sequence engine, not a million-deep recursion.
  const CommandResult one = nimcert("grundy --game maximum-nim --rule \"n / 3\" 1000000");
  EXPECT_EQ(one.status, 0) << one.out;
  const Sequence g = maximum_nim(Rule("n / 3", {}).table(1000000));
  EXPECT_EQ(one.out, std::to_string(g.back()) + "\n");
  const CommandResult huge =
      nimcert("grundy --game nim --heaps 3 4000000000 4000000000 4000000000");
  EXPECT_EQ(huge.status, 2) << huge.out;
  EXPECT_NE(huge.out.find("needs about"), std::string::npos) << huge.out;
  EXPECT_NE(huge.out.find("refusing to start"), std::string::npos) << huge.out;
  const CommandResult wide = nimcert("grundy 5000 1 1");
  EXPECT_EQ(wide.status, 2) << wide.out;
  EXPECT_NE(wide.out.find("the cube engine computes positions with heaps up to 4096, not 5000"),
            std::string::npos)
      << wide.out;
  EXPECT_EQ(nimcert("grundy 4294967296 1 1").status, 2);
}

// --- no vacuous verdict ---

TEST_F(InputBoundary, AFileWithNothingToCheckOrNoFileAtAllIsAnError) {
  write("empty.proof", "# only a comment\n");
  CommandResult r = nimcert("certify empty.proof");
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_EQ(testing::last_line(r.out),
            "certify: ERROR (empty.proof:2:1: expected something to check: the file states no "
            "claim, lemma, box, sequence or induction)");
  fs::create_directories(dir_ / "folder.proof");
  r = nimcert("certify folder.proof");
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_EQ(testing::last_line(r.out),
            "certify: ERROR (folder.proof: not a regular file (a proof file is a text file))");
  EXPECT_EQ(files(), 2u);  // nothing written
}

TEST_F(InputBoundary, TopLevelClaimsNeedACubeAndAThreeHeapGame) {
  EXPECT_EQ(parse_error("game nim(heaps = 3)\nclaim \"c\" \"t\": G == x1 ^ x2 ^ x3\n"),
            "t.proof:2:1: expected a line 'cube N' for the top-level claims: they are checked at "
            "every position of [0,N]^3, and without one nothing would be");
  EXPECT_EQ(parse_error("game nim(heaps = 2)\ncube 4\nclaim \"c\" \"t\": G == x1 ^ x2\n"),
            "t.proof:3:1: expected a three-heap game for a top-level claim (it is checked on the "
            "cube [0,N]^3; nim has 2 heaps: state the claim in a box)");
}

TEST_F(InputBoundary, AClaimWhoseHypothesisNeverHoldsIsUnknownWithTheCount) {
  const smt::ProofFile p = parse_proof_file(R"(box "b" "t"
  game nim(heaps = 2)
  size 5
  claim "never" "vacuous": x1 > 10 -> G == 99
  claim "xor" "Bouton": G == x1 ^ x2
end
)",
                                            "t.proof");
  const BoxReport r = check_box(p.boxes[0], p.definitions);
  EXPECT_EQ(r.claims[0].verdict, Verdict::Unknown);
  EXPECT_EQ(r.claims[0].cases, 36u);
  EXPECT_EQ(r.claims[0].premise_cases, 0u);
  EXPECT_EQ(r.claims[0].note,
            "the claim's hypothesis holds at no position examined: nothing was checked");
  EXPECT_EQ(r.claims[1].verdict, Verdict::Holds);
  EXPECT_EQ(r.claims[1].cases, 36u);
  EXPECT_FALSE(r.claims[1].premise_cases.has_value());
  EXPECT_EQ(r.verdict(), Verdict::Unknown);
}

TEST_F(InputBoundary, AFailingBoxClaimCountsItsFailuresAndShowsTheFirstTen) {
  // On Nim with two heaps, G = x1 ^ x2; "G == x1 | x2" fails exactly where x1 & x2 != 0, which
  // on [0,5]^2 is 36 - 3^2 * ... counted here by hand: the pairs with a common bit.
  const smt::ProofFile p = parse_proof_file(R"(box "b" "t"
  game nim(heaps = 2)
  size 5
  claim "or" "false: G is the xor, not the or": G == x1 | x2
end
)",
                                            "t.proof");
  std::vector<std::vector<std::uint64_t>> expected;
  for (std::uint64_t a = 0; a <= 5; ++a)
    for (std::uint64_t b = 0; b <= 5; ++b)
      if ((a & b) != 0) expected.push_back({a, b});
  const BoxReport r = check_box(p.boxes[0], p.definitions);
  const ClaimOutcome& c = r.claims[0];
  EXPECT_EQ(c.verdict, Verdict::Fails);
  EXPECT_EQ(c.cases, 36u);
  EXPECT_EQ(c.failures.count, expected.size());
  expected.resize(FailureTally::kKept);
  EXPECT_EQ(c.failures.first, expected);
  ASSERT_TRUE(c.counterexample.has_value());
  EXPECT_EQ(c.counterexample->position, (Position{1, 1}));
}

TEST_F(InputBoundary, ALemmaWhoseHypothesesNeverHoldIsUnknown) {
  const smt::ProofFile p = parse_proof_file(R"(lemma "vacuous" "nothing is below zero"
  vars x
  assume x < 0
  prove x == 12345
  widths 8
  enumerate 0..100
end
)",
                                            "t.proof");
  const LemmaOutcome o = check_lemma(p.lemmas[0], p.definitions);
  EXPECT_EQ(o.widths[0].answer, smt::Answer::Unsat);  // vacuously, as far as the solvers go
  EXPECT_EQ(o.enumeration.cases, 101u);
  EXPECT_EQ(o.enumeration.premise_cases, 0u);
  EXPECT_EQ(o.enumeration.verdict, Verdict::Unknown);
  EXPECT_EQ(o.enumeration.note,
            "the hypotheses hold at no assignment of the range: nothing was checked");
  EXPECT_EQ(o.verdict, Verdict::Unknown);
}

TEST_F(InputBoundary, TheCertificateRecordsTheCasesOfEveryCheck) {
  write("small.proof", kSmallClaim + R"(lemma "xor" "a ^ a == 0"
  vars a
  assume a > 3
  prove (a ^ a) == 0
  widths 8
  enumerate 0..9
end
sequence "half" "f = n / 2"
  rule "n / 2"
  last 100
  claim "g" "g is bounded": g <= n
  check "theorem-4.4"
end
)");
  const CommandResult r = nimcert("certify small.proof");
  ASSERT_EQ(r.status, 0) << r.out;
  const Json c = Json::parse(testing::read_text(dir_ / "small.cert.json"));
  EXPECT_EQ(c["format_version"], 6);
  EXPECT_EQ(c["exhaustive"]["claims"][0]["cases"], 343u);
  EXPECT_EQ(c["lemmas"][0]["enumeration"]["cases"], 10u);
  EXPECT_EQ(c["lemmas"][0]["enumeration"]["premise_cases"], 6u);
  EXPECT_EQ(c["sequences"][0]["claims"][0]["cases"], 101u);
  EXPECT_EQ(c["sequences"][0]["checks"][0]["cases"], 101u);
  EXPECT_EQ(testing::last_line(r.out), "certify: HOLDS (1 proof file)");
}

// --- rules proved where they are used ---

TEST_F(InputBoundary, AOneHeapRuleBeyondLastIsRefutedInTheInduction) {
  // f(n) = n + 1 from n = 2000 on breaks 0 <= f(n) <= n; the sequence stops at 1000, so only
  // the induction's (r) can see it, and it must: no "G = x1 on D_16".
  const smt::ProofFile p = parse_proof_file(R"(sequence "all" "remove any number"
  rule "if n < 2000 then n else n + 1"
  last 1000
  claim "g" "g_n = n": g == n
end
induction "g" "t"
  witness "remove k" k = x1 - v
  widths 16
end
)",
                                            "t.proof");
  const auto game = make_game(p.inductions[0].game, p.definitions);
  const InductionOutcome d = check_induction(p.inductions[0], p.definitions, *game, {});
  const ObligationOutcome& r = d.widths.at(0).obligations.at(0);
  EXPECT_EQ(r.name, "(r) f(x1) <= x1");
  EXPECT_EQ(r.z3, smt::Answer::Sat);
  ASSERT_TRUE(r.counterexample.has_value());
  EXPECT_GE((*r.counterexample)["position"][0].get<unsigned>(), 2000u);
  EXPECT_FALSE(r.refutes);
  EXPECT_EQ(d.widths[0].verdict, Verdict::Unknown);
  EXPECT_EQ(d.verdict, Verdict::Unknown);
}

TEST_F(InputBoundary, TheMoveEncodingIsComparedWithTheFollowersAtCertifyTime) {
  write("nim.proof", R"(box "b" "t"
  game nim(heaps = 3)
  size 4
  claim "xor" "t": G == x1 ^ x2 ^ x3
end
induction "xor" "t"
  witness "reduce x1" t = x1 ^ (x1 ^ x2 ^ x3) ^ v
  witness "reduce x2" t = x2 ^ (x1 ^ x2 ^ x3) ^ v
  witness "reduce x3" t = x3 ^ (x1 ^ x2 ^ x3) ^ v
  widths 4
end
)");
  ASSERT_EQ(nimcert("certify nim.proof").status, 0);
  const Json c = Json::parse(testing::read_text(dir_ / "nim.cert.json"));
  const Json& m = c["induction"][0]["move_encoding"];
  EXPECT_EQ(m["compared_on"], "[0,6]^3");
  EXPECT_EQ(m["positions"], 343u);
  EXPECT_EQ(m["followers"], 343u * 9u);  // 3 * 3 reductions on average
  EXPECT_EQ(m["agrees"], true);
  const Json& ledger = c["trust"].back()["rests_on"]["move_encoding"]["cross_checked"];
  EXPECT_EQ(ledger["positions"], 343u);
  EXPECT_EQ(ledger["against"], "the game's follower enumeration, at certify time");
}

// --- parser: reserved words, duplicates, slips ---

TEST_F(InputBoundary, SmtLibWordsAreRefusedAsNames) {
  EXPECT_EQ(parse_error("lemma \"l\" \"t\" vars and b prove b == b widths 8 enumerate 0..1 end"),
            "t.proof:1:20: expected a variable name: 'and' is an SMT-LIB reserved word or theory "
            "symbol, which the exported queries could not declare");
  EXPECT_EQ(parse_error("def bvadd(x) = x\nlemma \"l\" \"t\" vars b prove b == b widths 8 "
                        "enumerate 0..1 end"),
            "t.proof:1:5: expected a definition name: 'bvadd' is an SMT-LIB reserved word or "
            "theory symbol, which the exported queries could not declare");
  EXPECT_NE(parse_error("lemma \"l\" \"t\" vars _ prove _ == _ widths 8 enumerate 0..1 end")
                .find("'_' is an SMT-LIB reserved word"),
            std::string::npos);
}

TEST_F(InputBoundary, DuplicateNamesAreLocatedErrors) {
  const std::string lemma = "lemma \"l\" \"t\" vars a prove a == a widths 8 enumerate 0..1 end\n";
  EXPECT_EQ(parse_error(lemma + lemma),
            "t.proof:2:7: expected a lemma label not used before (\"l\" is)");
  EXPECT_EQ(parse_error(kSmallClaim + "claim \"xor\" \"again\": G == G\n"),
            "t.proof:4:7: expected a claim name not used before (\"xor\" is)");
  const std::string box = "box \"b\" \"t\"\n  game nim(heaps = 2)\n  size 3\nend\n";
  EXPECT_EQ(parse_error(box + box),
            "t.proof:5:5: expected a block name not used before (\"b\" is)");
  EXPECT_EQ(
      parse_error("sequence \"s\" \"t\"\n  rule \"n / 2\"\n  last 10\n  check \"theorem-4.4\"\n"
                  "  check \"theorem-4.4\"\nend\n"),
      "t.proof:5:9: expected each check once (\"theorem-4.4\" is listed already)");
}

TEST_F(InputBoundary, CommonSlipsGetAHint) {
  EXPECT_EQ(parse_error("lemma \"l\" \"t\" vars a prove a = 0 widths 8 enumerate 0..1 end"),
            "t.proof:1:30: expected an operator: '=' is not one (compare with '==')");
  EXPECT_EQ(
      parse_error("lemma \"l\" \"t\" vars a b prove a == 0 and b == 0 widths 8 enumerate 0..1 end"),
      "t.proof:1:37: expected an operator: write '&&' for 'and'");
  EXPECT_EQ(parse_error("lemma \"l\" \"t\" vars a b prove not a widths 8 enumerate 0..1 end"),
            "t.proof:1:30: expected an expression: write '!' for 'not'");
  EXPECT_EQ(parse_error("lemma \"l\" \"t\"\n  vars a b\n  assme a > b\n  prove a > 0\n  widths 8\n"
                        "  enumerate 0..1\nend\n"),
            "t.proof:3:3: expected 'assume' after the variables: 'assme' was taken as a variable");
  EXPECT_EQ(parse_error("lema \"l\""),
            "t.proof:1:1: expected game, cube, def, claim, lemma, box, sequence or induction "
            "(did you mean 'lemma'?)");
}

// --- every proof-file error located, even those found with the games ---

TEST_F(InputBoundary, UnknownGamesAndParametersNameWhatExists) {
  EXPECT_EQ(parse_error("game amalgamaton(merge_min = 2)\ncube 4\nclaim \"c\" \"t\": G == 0\n"),
            "t.proof:1:6: expected a game nimcert knows: unknown game 'amalgamaton' (did you mean "
            "'amalgamation'?) (known: amalgamation, nim, serial-nim, maximum-nim, minimum-nim)");
  EXPECT_EQ(parse_error("game amalgamation(merge_mn = 2)\ncube 4\nclaim \"c\" \"t\": G == 0\n"),
            "t.proof:1:6: expected a game nimcert knows: game amalgamation has no parameter "
            "merge_mn (did you mean 'merge_min'?) (its parameters: merge_min)");
  EXPECT_EQ(
      parse_error("sequence \"s\" \"t\"\n  rule \"n / 2\"\n  last 10\n  check \"lemma-21\"\nend\n"),
      "t.proof:4:9: expected a sequence check nimcert knows, not \"lemma-21\" (did you mean "
      "'lemma-2.1'?) (known: lemma-2.1, self-similarity, proposition-2.3, proposition-3.2, "
      "triangle-8, theorem-4.4, minimum-nim-q)");
}

TEST_F(InputBoundary, ErrorsFoundWithTheGamesAreLocated) {
  EXPECT_EQ(parse_error("box \"b\" \"t\"\n  game amalgamation(merge_min = 2)\n  size 3\nend\n"),
            "t.proof:2:8: expected a game whose moves never raise a heap in a box "
            "(amalgamation(merge_min=2) can raise one, so its followers leave the box: state its "
            "claims at top level, on a cube)");
  EXPECT_EQ(
      parse_error(
          "sequence \"s\" \"t\"\n  rule \"n +\"\n  last 10\n  claim \"c\" \"t\": g <= n\nend\n")
          .rfind("t.proof:2:8: expected the rule \"n +\" is not an expression of n: ", 0),
      0u);
}

TEST_F(InputBoundary, EveryFileIsParsedBeforeAnyCheckAndEveryErrorReported) {
  write("good.proof", kSmallClaim);
  write("bad.proof",
        "lemma \"l\" \"t\" vars a prove a = 0 widths 8 enumerate 0..1 end\n"
        "box \"b\" \"t\"\n  game nim(heaps = 9)\n  size 3\nend\n");
  const CommandResult r = nimcert("certify good.proof bad.proof");
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_NE(r.out.find("bad.proof:1:30: expected an operator"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("bad.proof:3:8: expected a game nimcert knows"), std::string::npos) << r.out;
  EXPECT_EQ(testing::last_line(r.out),
            "certify: ERROR (2 errors in the proof files, nothing checked)");
  EXPECT_FALSE(fs::exists(dir_ / "good.cert.json"));  // not even the good one
}

// --- outputs checked up front ---

TEST_F(InputBoundary, OutputsAreCheckedBeforeAnyWork) {
  write("ok.txt", kSmallClaim);
  CommandResult r = nimcert("certify ok.txt");
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_EQ(testing::last_line(r.out),
            "certify: ERROR (ok.txt: a proof file's name ends in .proof (its certificate is "
            "written beside it as NAME.cert.json; or name one with -o))");
  EXPECT_FALSE(fs::exists(dir_ / "ok.cert.json"));
  write("ok.proof", kSmallClaim);
  fs::create_directories(dir_ / "out");
  r = nimcert("certify -o out ok.proof");
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_EQ(testing::last_line(r.out),
            "certify: ERROR (out: the certificate would replace a folder)");
  r = nimcert("certify --junit missing/j.xml ok.proof");
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_EQ(testing::last_line(r.out),
            "certify: ERROR (missing/j.xml: the JUnit report's folder missing does not exist)");
  r = nimcert("gate --markdown missing/s.md ok.proof");
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_EQ(testing::last_line(r.out),
            "gate: ERROR (missing/s.md: the Markdown report's folder missing does not exist)");
  EXPECT_FALSE(fs::exists(dir_ / "ok.cert.json"));
}

// The documentation's table of named checks is the tables' own text, row for row.
TEST(NamedChecks, TheDocumentationListsEveryCheckWithItsStatement) {
  const std::string doc =
      testing::read_text(std::string(NIMCERT_SOURCE_DIR) + "/docs/proof-language.md");
  std::size_t rows = 0;
  auto expect_row = [&](const char* block, const char* name, const char* statement) {
    const std::string row = fmt::format("| {} | `{}` | {} |", block, name, statement);
    EXPECT_NE(doc.find(row), std::string::npos) << row;
    ++rows;
  };
  for (const auto& k : box_checks()) expect_row("box", k.name, k.statement);
  for (const auto& k : sequence_checks()) expect_row("sequence", k.name, k.statement);
  EXPECT_EQ(rows, 8u);
}

}  // namespace
}  // namespace nimcert
