// Octal games: the code's reading, the two engines against each other and against values
// known independently (OEIS A002186 Kayles, A002187 Dawson's chess), the Guy-Smith
// periodicity check refusing a wrong preperiod, a wrong period and a window one value short,
// and the committed Kayles and Dawson's Kayles proofs with their mutants.
#include <gtest/gtest.h>

#include <fstream>

#include "checks/periodicity.hpp"
#include "checks/sequence_check.hpp"
#include "committed_proof.hpp"
#include "engines/octal_engine.hpp"

namespace nimcert {
namespace {

using testing::mutant;
using testing::parse_error;

smt::PeriodicClaim periodic(std::uint64_t from, std::uint64_t period, std::uint64_t saltus = 0) {
  smt::PeriodicClaim c;
  c.name = "p";
  c.preperiod = from;
  c.period = period;
  c.saltus = saltus;
  return c;
}

TEST(OctalCode, ReadsDigitsAndRefusesWhatIsNotAFiniteOctalCode) {
  const OctalCode kayles("0.77");
  EXPECT_EQ(kayles.largest_removal(), 2u);
  EXPECT_EQ(kayles.digit(1), 7u);
  EXPECT_EQ(kayles.moves().size(), 6u);
  EXPECT_EQ(OctalCode("0.07").moves(),
            std::vector<std::string>(
                {"remove 2, leave nothing: when x1 == 2 to ()",
                 "remove 2, leave one heap: when x1 >= 3 to (x1 - 2)",
                 "remove 2, leave two heaps: for 1 <= a <= x1 - 3 when x1 >= 4 to (a) + (x1 - 2 "
                 "- a)"}));
  // Hexadecimal digits are codes too (hexadecimal_test.cpp); 'G' and '.' are not digits.
  for (const char* bad : {"0.7G", "44.77", "0.", "0.770", "0.0", ".77", "0.7.", ""})
    EXPECT_THROW(OctalCode{bad}, std::invalid_argument) << bad;
  EXPECT_THROW(OctalCode("0." + std::string(kMaxOctalDigits + 1, '1')), std::invalid_argument);
  EXPECT_NO_THROW(OctalCode("0." + std::string(kMaxOctalDigits, '1')));
}

TEST(OctalEngines, MatchTheValuesKnownIndependently) {
  // OEIS A002186 (Kayles) and A002187 (Dawson's chess, 0.137).
  const OctalValues kayles = {0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4,
                              6, 7, 4, 1, 2, 8, 5, 4, 7, 2, 1, 8, 6, 7, 4, 1, 2, 3, 1, 4, 7, 2};
  const OctalValues dawsons_chess = {0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3,
                                     0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 2, 7, 4, 0, 1, 1, 2, 0, 3};
  for (auto engine : {plain_octal_values, +[](const OctalCode&c, std::uint64_t n) {
                        return octal_values(c, n);
                      }}) {
    EXPECT_EQ(engine(OctalCode("0.77"), kayles.size() - 1), kayles);
    EXPECT_EQ(engine(OctalCode("0.137"), dawsons_chess.size() - 1), dawsons_chess);
  }
  // Dawson's Kayles (0.07) is Dawson's chess shifted by one: G_0.07(n + 1) = G_0.137(n).
  const OctalValues k = octal_values(OctalCode("0.07"), 20000);
  const OctalValues c = octal_values(OctalCode("0.137"), 19999);
  for (std::uint64_t n = 0; n < c.size(); ++n) ASSERT_EQ(k[n + 1], c[n]) << n;
}

TEST(OctalEngines, SparseAgreesWithPlainOnEveryCodeOfAtMostThreeDigitsTo2000) {
  std::uint64_t codes = 0;
  for (int digits = 1; digits <= 3; ++digits) {
    int total = 1;
    for (int i = 0; i < digits; ++i) total *= 8;
    for (int x = 0; x < total; ++x) {
      std::string code = "0.";
      for (int i = digits - 1, y = x; i >= 0; --i) code += char('0' + (y >> (3 * i)) % 8);
      if (code.back() == '0') continue;
      const OctalCode game(code);
      ASSERT_EQ(octal_values(game, 2000), plain_octal_values(game, 2000)) << code;
      ++codes;
    }
  }
  EXPECT_EQ(codes, 7u + 56u + 448u);
}

TEST(Periodicity, KaylesIsPeriodicFrom71AndTheCheckRefusesEveryWrongClaim) {
  const OctalCode kayles("0.77");
  const OctalValues g = octal_values(kayles, 2000);
  const NamedCheck right = check_periodicity(kayles, g, periodic(71, 12));
  EXPECT_EQ(right.verdict, Verdict::Holds);
  EXPECT_EQ(right.record.at("window"), nlohmann::ordered_json::array({71, 2 * 71 + 12 + 2 - 1}));
  EXPECT_EQ(right.record.at("values_needed"), nlohmann::ordered_json::array({0, 167}));
  EXPECT_EQ(right.cases, 2000u - 12 - 71 + 1);
  EXPECT_EQ(check_periodicity(kayles, g, periodic(71, 24)).verdict, Verdict::Holds);
  // The last exceptional value is G(70) = 6: one earlier preperiod fails there, first.
  const NamedCheck early = check_periodicity(kayles, g, periodic(70, 12));
  EXPECT_EQ(early.verdict, Verdict::Fails);
  EXPECT_EQ(early.counterexample.at("n"), 70);
  EXPECT_EQ(early.counterexample.at("G(70)"), 6);
  const NamedCheck period = check_periodicity(kayles, g, periodic(71, 6));
  EXPECT_EQ(period.verdict, Verdict::Fails);
  EXPECT_EQ(period.counterexample.at("n"), 71);
  // The window one value short: not proved (unknown), though it holds on what was computed.
  const OctalValues exact(g.begin(), g.begin() + 168), short_by_one(g.begin(), g.begin() + 167);
  EXPECT_EQ(check_periodicity(kayles, exact, periodic(71, 12)).verdict, Verdict::Holds);
  const NamedCheck too_short = check_periodicity(kayles, short_by_one, periodic(71, 12));
  EXPECT_EQ(too_short.verdict, Verdict::Unknown);
  EXPECT_NE(too_short.note.find("G(0..167)"), std::string::npos) << too_short.note;
  // Nothing to compare never holds.
  EXPECT_EQ(check_periodicity(kayles, g, periodic(1990, 12)).verdict, Verdict::Unknown);
}

TEST(Periodicity, ASaltusHoldsOnTheComputedValuesOnlyAndSaysSo) {
  // 0.3 (remove one stone, or the last one) has G(n) = n mod 2; no game here is arithmetic
  // periodic, so a saltus is tried on values of our own: n itself, saltus p.
  OctalValues n_itself(100);
  for (std::uint32_t n = 0; n < 100; ++n) n_itself[n] = n;
  const NamedCheck c = check_periodicity(OctalCode("0.3"), n_itself, periodic(0, 5, 5));
  EXPECT_EQ(c.verdict, Verdict::Holds);
  EXPECT_EQ(c.record.at("unbounded"), false);
  EXPECT_NE(c.record.at("scope").get<std::string>().find("n = 0..94 only"), std::string::npos);
  EXPECT_EQ(check_periodicity(OctalCode("0.3"), n_itself, periodic(0, 5, 4)).verdict,
            Verdict::Fails);
}

TEST(OctalLanguage, BadCodesPeriodsAndWindowsAreLocatedErrors) {
  const std::string game = "game kayles octal \"0.77\"\n";
  auto sequence = [&](const std::string& body) {
    return game + "sequence \"k\" \"t\"\n  game kayles\n" + body + "end\n";
  };
  EXPECT_NE(parse_error("game k octal \"0.7X\"\nsequence \"k\" \"t\" game k last 9 end\n")
                .find("t.proof:1:14: expected digits 0 to 9 and A to F"),
            std::string::npos);
  EXPECT_NE(parse_error(sequence("  last 200\n  claim \"p\" \"t\": periodic from 71 period 0\n"))
                .find("t.proof:5:42: expected the period p"),
            std::string::npos);
  // The window reads G(0..167): last 166 is one short, and refused at the claim.
  EXPECT_NE(parse_error(sequence("  last 166\n  claim \"p\" \"t\": periodic from 71 period 12\n"))
                .find("t.proof:5:9: expected a sequence long enough for the Guy-Smith window: "
                      "it reads G(0..167) (2 n0 + 2p + t - 1; n0 = 71"),
            std::string::npos);
  EXPECT_EQ(parse_error(sequence("  last 167\n  claim \"p\" \"t\": periodic from 71 period 12\n")),
            "no error");
  EXPECT_NE(parse_error(sequence("  last 80\n  claim \"p\" \"t\": periodic from 71 period 10 "
                                 "saltus 1\n"))
                .find("past last = 80"),
            std::string::npos);
  EXPECT_NE(parse_error(sequence("  last 80\n  claim \"c\" \"t\": f == 0\n")).find("t.proof:5:"),
            std::string::npos);
  EXPECT_NE(parse_error(game + "box \"b\" \"t\" game kayles size 4 claim \"c\" \"t\": G == 0 end\n")
                .find("kayles is an octal game, played by sequence blocks"),
            std::string::npos);
  EXPECT_NE(parse_error(sequence("  last 80\n  claim \"c\" \"t\": g == n\n") +
                        "induction \"c\" \"t\" widths 8 end\n")
                .find("the octal game kayles, whose followers are sums of heaps"),
            std::string::npos);
}

TEST(CommittedOctalProofs, HoldAndTheirMutantsFailAtTheFirstWrongN) {
  const smt::ProofFile kayles = mutant("kayles.proof", "", "");
  const SequenceReport right = check_sequence(kayles.sequences.at(0), kayles.definitions);
  EXPECT_EQ(right.verdict(), Verdict::Holds);
  ASSERT_EQ(right.periodic.size(), 1u);
  EXPECT_EQ(right.periodic[0].record.at("unbounded"), true);
  const smt::ProofFile early = mutant("kayles.proof", "periodic from 71", "periodic from 70");
  const SequenceReport wrong = check_sequence(early.sequences.at(0), early.definitions);
  EXPECT_EQ(wrong.verdict(), Verdict::Fails);
  EXPECT_EQ(wrong.periodic.at(0).counterexample.at("n"), 70);
  const smt::ProofFile dawson =
      mutant("dawsons-kayles.proof", "periodic from 53 period 34", "periodic from 53 period 17");
  const SequenceReport wrong_period = check_sequence(dawson.sequences.at(0), dawson.definitions);
  EXPECT_EQ(wrong_period.verdict(), Verdict::Fails);
  EXPECT_EQ(wrong_period.periodic.at(0).counterexample.at("n"), 53);
}

}  // namespace
}  // namespace nimcert

namespace nimcert {
namespace {

// A file that declares several games and states nothing to check: the data commands play any
// of them by name, an octal one included, and ppos filters by --where.
TEST(SeveralGames, DataCommandsPlayEachDeclaredGameOfAFileWithNothingToCheck) {
  const auto dir = testing::scratch_dir("several-games");
  std::ofstream(dir / "games.proof") << "game kayles octal \"0.77\"\n"
                                        "game s134 heaps 1\n"
                                        "  move \"take 1\" when x1 >= 1 to (x1 - 1)\n"
                                        "  move \"take 3\" when x1 >= 3 to (x1 - 3)\n"
                                        "  move \"take 4\" when x1 >= 4 to (x1 - 4)\n"
                                        "end\n"
                                        "game s134x2 heaps 2\n"
                                        "  move \"a\" for 1 <= t <= x1 when t == 1 || t == 3 || "
                                        "t == 4 to (x1 - t, x2)\n"
                                        "  move \"b\" for 1 <= t <= x2 when t == 1 || t == 3 || "
                                        "t == 4 to (x1, x2 - t)\n"
                                        "end\n";
  using testing::nimcert_in;
  EXPECT_EQ(nimcert_in(dir, "grundy --proof games.proof 70").out, "6\n");  // the file's game
  EXPECT_EQ(nimcert_in(dir, "grundy --proof games.proof --game kayles 83").out, "7\n");
  // S = {1, 3, 4}: g = 0 1 0 1 2 3 2, period 7.
  EXPECT_EQ(nimcert_in(dir, "table --proof games.proof --game s134 --last 7 --csv").out,
            "n,g\n0,0\n1,1\n2,0\n3,1\n4,2\n5,3\n6,2\n7,0\n");
  // Two heaps: G = g(x1) ^ g(x2) is 0 exactly when g(x1) = g(x2).
  EXPECT_EQ(nimcert_in(dir,
                       "ppos --proof games.proof --game s134x2 --size 8 --where "
                       "\"x1 < x2\"")
                .out,
            "x1,x2\n0,2\n0,7\n1,3\n2,7\n4,6\n");
  const auto wrong = nimcert_in(dir, "ppos --proof games.proof --game nim");
  EXPECT_EQ(wrong.status, 2);
  EXPECT_NE(wrong.out.find("--game nim: not a game games.proof declares (it declares: kayles, "
                           "s134, s134x2)"),
            std::string::npos)
      << wrong.out;
  EXPECT_NE(nimcert_in(dir, "ppos --proof games.proof --where \"x2 == 0\"")
                .out.find("--where \"x2 == 0\": <expression>:1:1: expected a variable in scope"),
            std::string::npos);
  // certify still needs something to check.
  EXPECT_NE(nimcert_in(dir, "certify games.proof").out.find("expected something to check"),
            std::string::npos);
}

TEST(SeveralGames, AFurtherGameLineDeclaresAGameUnderANewName) {
  EXPECT_NE(parse_error("game kayles octal \"0.77\"\ngame nim(heaps = 2)\n")
                .find("t.proof:2:6: expected a declared game ('heaps K' or 'octal \"CODE\"')"),
            std::string::npos);
  EXPECT_NE(parse_error("game kayles octal \"0.77\"\ngame kayles octal \"0.07\"\n")
                .find("t.proof:2:6: expected a new game name ('kayles' is declared already)"),
            std::string::npos);
}

}  // namespace
}  // namespace nimcert
