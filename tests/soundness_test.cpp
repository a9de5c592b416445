// The findings of the adversarial review of the newest surfaces (issue 24), each kept as a
// regression with the verdict and exit status it must give: constants that reach MONA, a
// declared parameter's last value and its width in the bounded induction, position counts that
// wrapped, choices that ignored Ctrl-C, the memory estimate of one-heap boxes, a certificate
// copied beside another proof, export names that collided, MONA's verdict on its first line,
// and the rules (n) and (7) posed on N^k.  Each test failed before its fix.
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <set>

#include "base/position_count.hpp"
#include "certificate/query_names.hpp"
#include "checks/induction/check.hpp"
#include "checks/induction/move_check.hpp"
#include "checks/proof_input.hpp"
#include "command_support.hpp"
#include "engines/box_engine.hpp"
#include "games/declared_game.hpp"
#include "games/nim.hpp"
#include "games/registry.hpp"
#include "lang/proof_file.hpp"
#include "nim_with_extra_move.hpp"
#include "ws1s/mona.hpp"
#include "ws1s/translation.hpp"

namespace nimcert {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::ordered_json;

using Soundness = testing::ScratchTest;

// --- 1, 2: constants that reach MONA ---

smt::MonaQuery mona_of(const std::string& statement) {
  const smt::ProofFile f = parse_proof_file(
      "lemma \"l\" \"t\" vars x prove " + statement + " widths 8 enumerate 0..1 end", "m.proof");
  const smt::LemmaSpec& l = f.lemmas.at(0);
  return smt::make_mona_query(l.variables, l.hypotheses, l.conclusion, {}, f.definitions, "t");
}

TEST(MonaConstants, EveryConstantAboveTheLimitIsRefusedWhereItStands) {
  // Past MONA's 32-bit integers (2^31 aborts it, 2^32 + 5 reads as 5) and past 2^20 (where a
  // right shift used to become 0), and just past the documented limit.
  const std::uint64_t limit = smt::kMonaLargestInteger;
  for (std::uint64_t k :
       {limit + 1, std::uint64_t{1} << 20, (std::uint64_t{1} << 31) - 1, std::uint64_t{1} << 31,
        std::uint64_t{1} << 32, (std::uint64_t{1} << 32) + 5, std::uint64_t{1} << 63, UINT64_MAX}) {
    for (const char* form : {"(x >> {}) == 0", "(x >> {}) < 1", "(x << {}) >= x",
                             "x + (x >> {}) == x", "(x >> {}) != 0 || x >= 0"}) {
      const std::string statement = fmt::format(fmt::runtime(form), k);
      try {
        const smt::MonaQuery q = mona_of(statement);
        ADD_FAILURE() << statement << " was translated:\n" << q.text;
      } catch (const smt::OutsideFragment& e) {
        EXPECT_NE(std::string(e.what()).find(fmt::format("the constant {} is above {}", k, limit)),
                  std::string::npos)
            << e.what();
        EXPECT_EQ(e.where.line, 1);
        EXPECT_GE(e.where.column, 30) << statement;  // at the shift, inside the statement
      }
    }
  }
}

TEST(MonaConstants, TheLimitItselfIsWrittenAsItStands) {
  const std::uint64_t limit = smt::kMonaLargestInteger;
  EXPECT_NE(mona_of(fmt::format("(x >> {}) == 0", limit)).text.find(fmt::format("i < {}", limit)),
            std::string::npos);
  EXPECT_NE(mona_of(fmt::format("(x >> {}) < 1", limit)).text.find(fmt::format("i + {} in", limit)),
            std::string::npos);
  EXPECT_NE(
      mona_of(fmt::format("(x << {}) >= x", limit)).text.find(fmt::format("i + {} in", limit)),
      std::string::npos);
}

TEST(MonaConstants, AShiftNearTheEdgeIsDecidedAndRefutedAtItsLeastCounterexample) {
  // (x >> 12) == 0 is false first at 2^12, which the exact evaluator confirms.
  const smt::MonaRun run = smt::run_mona(mona_of("(x >> 12) == 0"), 60000, std::uint64_t{2} << 30);
  ASSERT_EQ(run.answer, smt::MonaRun::Answer::Counterexample) << run.note;
  EXPECT_EQ(run.counterexample.at("x"), "4096");
}

TEST_F(Soundness, ALemmaShiftingPastTheLimitHoldsOnlyOnItsWidths) {
  write("a.proof",
        "lemma \"big-shift\" \"t\" vars x prove (x >> 1048576) < 1 widths 8 enumerate 0..3 end\n");
  const auto r = nimcert("certify a.proof -o a.cert.json");
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("every natural: (x >> 1048576) is not in the unbounded fragment: the constant 1048576 is above 4096"), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("scope of lemma big-shift: every variable below 2^w for w in {8}"),
            std::string::npos)
      << r.out;
  EXPECT_EQ(r.out.find("every natural (MONA)"), std::string::npos) << r.out;
  const Json c = Json::parse(testing::read_text(dir_ / "a.cert.json"));
  EXPECT_EQ(c["lemmas"][0]["unbounded"]["answer"], "not in the unbounded fragment");
  EXPECT_EQ(c["lemmas"][0]["unbounded"]["at"], "a.proof:1:39");
}

TEST_F(Soundness, AnInductionShiftingPastTheLimitIsNotClaimedOnEveryPosition) {
  write("c.proof", R"(game one heaps 1
  move "take" for t < x1 to (t)
end
def f(x1) = x1 + (x1 >> 1048576)
box "b" "one heap"
  game one size 20
  claim "f" "G = f": G == f(x1)
end
induction "f" "t"
  widths 8
end
)");
  const auto r = nimcert("certify c.proof -o c.cert.json");
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("G = f(x1) on D_8 (z3, cvc5)"), std::string::npos) << r.out;
  // The game's rules hold on N^1 (MONA); the claim does not, as f shifts past the limit.
  EXPECT_NE(r.out.find("every move lowers the rank and leads to a position, on N^1 (mona; automata checked)"),
            std::string::npos)
      << r.out;
  EXPECT_EQ(r.out.find("G = f(x1) on N^1"), std::string::npos) << r.out;
  const Json c = Json::parse(testing::read_text(dir_ / "c.cert.json"));
  EXPECT_EQ(c["induction"][0]["unbounded"]["answer"], "not in the unbounded fragment");
}

// --- 9: MONA's verdict on its first line ---

using testing::fake_mona;

TEST_F(Soundness, MonasVerdictIsReadOnItsFirstLineToo) {
  const smt::MonaQuery q = mona_of("x == x");
  EXPECT_EQ(smt::run_mona(q, 10000, 0, fake_mona(dir_, "Formula is valid\n")).answer,
            smt::MonaRun::Answer::Valid);
  const smt::MonaRun cx = smt::run_mona(
      q, 10000, 0, fake_mona(dir_, "A counter-example of least length (3) is:\nV_x = {2}\n"));
  ASSERT_EQ(cx.answer, smt::MonaRun::Answer::Counterexample);
  EXPECT_EQ(cx.counterexample.at("x"), "4");
  // A program line echoed by the trace is not a verdict.
  EXPECT_EQ(smt::run_mona(q, 10000, 0, fake_mona(dir_, "  # Formula is valid\n")).answer,
            smt::MonaRun::Answer::Unknown);
}

// --- 3: a parameter's last value ---

std::unique_ptr<DeclaredGame> game_declared_by(const std::string& text) {
  const smt::ProofFile f = parse_proof_file(
      text + "lemma \"t\" \"t\" vars a prove a == a widths 8 enumerate 0..1 end\n", "g.proof");
  return std::make_unique<DeclaredGame>(f.game.declaration, f.definitions);
}

const char* kLastChoice = R"(game lastchoice heaps 1
  move "take two" when x1 >= 2 to (x1 - 2)
  move "last" for 18446744073709551615 <= c <= 18446744073709551615 when x1 == 3 to (x1 - 1)
end
)";

TEST(DeclaredParameters, AnInclusiveBoundOf2To64Minus1KeepsItsLastChoiceOnBothRoutes) {
  const auto g = game_declared_by(kLastChoice);
  std::set<Position> plain;
  g->for_each_follower(Position{3}, [&](const Position& q) { plain.insert(q); });
  EXPECT_EQ(plain, (std::set<Position>{Position{1}, Position{2}}));
  std::vector<std::vector<Position>> row;
  g->followers_of_row(Position{0}, 5, row);
  EXPECT_EQ(std::set<Position>(row[3].begin(), row[3].end()), plain);
  EXPECT_EQ(BoxValues(*g, 4).values(), (std::vector<Value>{0, 0, 1, 2, 0}));
}

TEST_F(Soundness, TheBoxSeesTheLastChoiceThatTheSolversSee) {
  write("l.proof", std::string(kLastChoice) + R"(box "b" "t"
  game lastchoice size 6
  claim "half" "G = floor(x1 / 2) mod 2": G == (x1 / 2) % 2
end
)");
  const auto r = nimcert("certify l.proof -o l.cert.json");
  EXPECT_EQ(r.status, 1) << r.out;
  EXPECT_NE(
      r.out.find(
          "fails at 1 of 7 positions, at (3); counterexample: {\"position\":[3],\"grundy\":2"),
      std::string::npos)
      << r.out;
}

// --- 4: a parameter's width in the bounded induction ---

TEST_F(Soundness, AParameterOf2To32IsNotCutToTheWidth) {
  write("d.proof", R"(game far heaps 1
  move "take one" when x1 >= 1 to (x1 - 1)
  move "far" for 4294967296 <= c <= 4294967296 when x1 == 41 to (x1 - 2)
end
box "b" "t"
  game far size 40
  claim "f" "G = f": G == x1 % 2
end
induction "f" "t"
  widths 8 32 64
end
)");
  const auto r = nimcert("certify d.proof -o d.cert.json");
  EXPECT_EQ(r.status, 1) << r.out;
  EXPECT_EQ(r.out.find("on D_32"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("unknown induction f w32: (p) far: c < 2^w"), std::string::npos) << r.out;
  // At w = 64 the parameter fits, and the move is seen: G(41) = 2, F(41) = 1.
  EXPECT_NE(r.out.find("fails induction f w64: (a) far: {\"position\":[41],\"parameters\":{\"c\":"
                       "4294967296},\"F\":1,\"grundy\":2"),
            std::string::npos)
      << r.out;
}

// Nim, with a move encoding that claims one more move, at a parameter of 2^32.
testing::NimWithExtraMove nim_with_far_encoding() {
  SymbolicMove far = symbolic_move("far", {"c"}, {"4294967296"}, 3, "c == 4294967296 && x1 == 1",
                                   {"x1 + 1", "x2", "x3"});
  far.ranges[0].low = smt::make_const(std::uint64_t{1} << 32);
  return testing::NimWithExtraMove(std::move(far));
}

TEST(MoveEncoding, TheCrossCheckTriesEveryDeclaredChoiceNotOnlyUpToTheStones) {
  const testing::NimWithExtraMove game = nim_with_far_encoding();
  const MoveCheck m = check_move_encoding(game, game.symbolic_moves(), 3);
  EXPECT_FALSE(m.agrees);
  EXPECT_EQ(m.disagreement["position"], Json::array({1, 0, 0})) << m.disagreement.dump();
  EXPECT_EQ(m.disagreement["only_in_the_move_encoding"], Json::array({Json::array({2, 0, 0})}));
}

// --- 6: position counts ---

TEST(PositionCounts, ABoxOf2To64PositionsHasNoCount) {
  EXPECT_EQ(box_position_count(std::vector<Heap>(8, 255)), std::nullopt);
  EXPECT_EQ(box_position_count(std::vector<Heap>(8, 254)),
            std::optional<std::uint64_t>(17878103347812890625ull));  // 255^8
  EXPECT_EQ(box_position_count({0xffffffffu, 0xffffffffu}), std::nullopt);
  EXPECT_EQ(box_position_count({0xffffffffu, 0xfffffffeu}),
            std::optional<std::uint64_t>(0xffffffff00000000ull));
}

// Eight heaps, plain Nim on every asked position (its merge needs heaps of 300), and a game that
// raises a heap, so the reference engine computes it.
std::string wide_game() {
  std::string text = "game wide heaps 8\n";
  for (int i = 1; i <= 8; ++i) {
    std::string result;
    for (int j = 1; j <= 8; ++j)
      result += fmt::format("{}{}", j > 1 ? ", " : "", j == i ? "t" : fmt::format("x{}", j));
    text += fmt::format("  move \"reduce x{0}\" for t < x{0} to ({1})\n", i, result);
  }
  text += "  move \"merge\" when x1 >= 300 && x2 >= 300 to (x1 + x2, 0, x3, x4, x5, x6, x7, x8)\n";
  return text + "end\nlemma \"t\" \"t\" vars a prove a == a widths 8 enumerate 0..1 end\n";
}

TEST_F(Soundness, PositionCountsThatWouldWrapAreRefused) {
  write("wide.proof", wide_game());
  auto r = nimcert("grundy --proof wide.proof 255 255 255 255 255 255 255 255");
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_NE(r.out.find("the 2^64 or more positions of wide"), std::string::npos) << r.out;
  r = nimcert("grundy --proof wide.proof 255 255 255 255 255 255 255 767");
  EXPECT_EQ(r.status, 2) << r.out;
  r = nimcert("ppos --proof wide.proof --size 256");
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_NE(r.out.find("2^64 or more positions"), std::string::npos) << r.out;
  r = nimcert("grundy --proof wide.proof 3 5 0 0 0 0 0 7");
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_EQ(r.out, "1\n");  // 3 ^ 5 ^ 7
}

// --- 7: interrupts and the rules check's limit ---

const char* kHugeChoice = R"(game huge heaps 1
  move "take" for t < x1 to (t)
  move "far" for c < 4294967296 when c == x1 + 4000000000 to (x1 - 1)
end
box "b" "t"
  game huge size 3
  claim "id" "G = x1": G == x1
end
)";

TEST_F(Soundness, ARulesCheckBeyondItsLimitIsRefusedAtTheMove) {
  write("huge.proof", kHugeChoice);
  const auto r = nimcert("certify huge.proof -o huge.cert.json");
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_NE(r.out.find(fmt::format("huge.proof:3:8: expected rules that make a game: move \"far\" "
                                   "at (0): the rules check's limit of {} parameter choices",
                                   kRulesCheckChoices)),
            std::string::npos)
      << r.out;
  EXPECT_FALSE(fs::exists(dir_ / "huge.cert.json"));
}

TEST_F(Soundness, CtrlCStopsAParameterWith2To32ChoicesAtOnePosition) {
  write("huge.proof", kHugeChoice);
  const auto start = std::chrono::steady_clock::now();
  const auto r = testing::run_command("cd " + dir_.string() + " && (" + NIMCERT_BINARY +
                                      " grundy --proof huge.proof 3 2>&1 & pid=$!; sleep 1; "
                                      "kill -INT $pid; wait $pid; echo \"exit $?\")");
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_NE(r.out.find("grundy: INTERRUPTED"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("exit 130"), std::string::npos) << r.out;
  EXPECT_LT(seconds, 30.0);  // not the 12 hours of the 2^32 choices
}

// --- 8: the memory estimate ---

// The peak resident set of a shell command, in bytes (its children's, through wait4).
std::uint64_t peak_bytes(const std::string& command) {
  const pid_t pid = fork();
  if (pid == 0) {
    execl("/bin/sh", "sh", "-c", command.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  int status = 0;
  struct rusage usage {};
  wait4(pid, &status, 0, &usage);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << command;
  return static_cast<std::uint64_t>(usage.ru_maxrss) * 1024;
}

TEST_F(Soundness, TheOneHeapBoxEstimateIsNotBelowTheMeasuredPeak) {
  write("sub.proof", R"(game sub heaps 1
  move "take" for 1 <= s <= 3 when s <= x1 to (x1 - s)
end
lemma "t" "t" vars a prove a == a widths 8 enumerate 0..1 end
)");
  const std::string run =
      "cd " + dir_.string() + " && " + NIMCERT_BINARY + " grundy --proof sub.proof {} >/dev/null";
  const Heap small = 1000, large = 20000000;
  const std::uint64_t base = peak_bytes(fmt::format(fmt::runtime(run), small));
  const std::uint64_t peak = peak_bytes(fmt::format(fmt::runtime(run), large));
  const std::uint64_t growth = peak > base ? peak - base : 0;
  const std::uint64_t estimate = BoxValues::bytes({large}) - BoxValues::bytes({small});
  // The table is really there (4 bytes a position), and nothing beyond the estimate is: the
  // follower lists of the one row used 184 bytes a position.
  EXPECT_GE(growth, estimate / 2) << growth << " " << estimate;
  EXPECT_LE(growth, estimate + (std::uint64_t{16} << 20)) << growth << " " << estimate;
}

TEST_F(Soundness, ABoxTooLargeForTheMachineIsRefusedBeforeAllocating) {
  write("two.proof", R"(game two heaps 2
  move "take" for t < x1 to (t, x2)
end
lemma "t" "t" vars a prove a == a widths 8 enumerate 0..1 end
)");
  const std::uint64_t peak = peak_bytes("cd " + dir_.string() + " && " + NIMCERT_BINARY +
                                        " grundy --proof two.proof 200000 200000 >/dev/null "
                                        "2>&1; test $? -eq 2");
  EXPECT_LT(peak, std::uint64_t{64} << 20);
  const auto r = nimcert("grundy --proof two.proof 200000 200000");
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_NE(r.out.find("refusing to start"), std::string::npos) << r.out;
}

// --- 9: verify's proof, export names ---

TEST_F(Soundness, VerifyRefusesACertificateCopiedFromAnotherProof) {
  write("one.proof", "lemma \"a\" \"t\" vars x prove x + 0 == x widths 8 enumerate 0..3 end\n");
  write("two.proof", "lemma \"a\" \"t\" vars x prove x + 1 == x widths 8 enumerate 0..3 end\n");
  ASSERT_EQ(nimcert("certify one.proof -o one.cert.json").status, 0);
  fs::copy_file(dir_ / "one.cert.json", dir_ / "two.cert.json");
  const auto r = nimcert("verify two.cert.json");
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_NE(r.out.find("two.cert.json: it is the certificate of one.proof, not of the proof "
                       "beside it"),
            std::string::npos)
      << r.out;
  // The proof beside its own certificate, edited since: its hash drifts.
  write("one.proof", "lemma \"a\" \"t\" vars x prove x + 0 >= x widths 8 enumerate 0..3 end\n");
  const auto edited = nimcert("verify one.cert.json");
  EXPECT_EQ(edited.status, 1) << edited.out;
  EXPECT_NE(edited.out.find("changed proof: /sha256"), std::string::npos) << edited.out;
}

TEST(ExportNames, LabelsThatDifferInPunctuationGetDistinctStems) {
  const std::vector<std::string> stems =
      lemma_file_stems(std::vector<std::string>{"a b", "a-b", "a-b-2", "(a) b"});
  EXPECT_EQ(stems, (std::vector<std::string>{"a-b", "a-b-2", "a-b-2-2", "a-b-3"}));
}

TEST_F(Soundness, ExportRefusesTwoQueriesForOneFileAndWritesNothing) {
  write("p.proof", R"(game g heaps 1
  move "take 1" when x1 >= 1 to (x1 - 1)
  move "take-1" when x1 >= 2 to (x1 - 2)
end
box "b" "t"
  game g size 8
  claim "f" "t": G == x1 % 3
end
induction "f" "t"
  widths 8
end
)");
  for (const char* command : {"export-smt2 --dir out p.proof", "export-mona --dir out p.proof"}) {
    const auto r = nimcert(command);
    EXPECT_EQ(r.status, 2) << command << ": " << r.out;
    EXPECT_NE(r.out.find(" take 1"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find(" take-1"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("would both be written to induction-f-"), std::string::npos) << r.out;
    EXPECT_FALSE(fs::exists(dir_ / "out" / "p")) << command;
  }
}

// --- 9: (n) and (7) on N^k ---

TEST(RulesOnEveryPosition, ASubtractionExactOnlyBelow2To64IsRefutedOnNk) {
  const smt::ProofFile f = parse_proof_file(R"(game odd heaps 1
  move "take one" when x1 >= 1 to (x1 - 1)
  move "wrap" when (x1 >> 64) != 0 && x1 % 2 == 1 to (x1 - (x1 + 1))
end
box "b" "t"
  game odd size 10
  claim "parity" "G = x1 mod 2": G == x1 % 2
end
induction "parity" "t"
  widths 8
end
)",
                                            "odd.proof");
  const auto game = make_game(f.inductions.at(0).game, f.definitions);
  const InductionOutcome d = check_induction(f.inductions.at(0), f.definitions, *game, {});
  ASSERT_TRUE(d.unbounded.has_value());
  ASSERT_TRUE(d.unbounded->in_fragment) << d.unbounded->outside;
  const UnboundedObligation* exact = nullptr;
  for (const UnboundedObligation& o : d.unbounded->obligations)
    if (o.name == "(n) wrap") exact = &o;
  ASSERT_NE(exact, nullptr);
  EXPECT_EQ(exact->outcome.answer, smt::MonaRun::Answer::Counterexample);
  EXPECT_NE(d.unbounded->verdict, Verdict::Holds);
  EXPECT_NE(d.verdict, Verdict::Holds);
}

}  // namespace
}  // namespace nimcert
