// Interrupts (issue 13): the first SIGINT, SIGTERM or SIGHUP stops certify at once, whatever
// it is doing (a solver query, the cube sweep, an enumeration), writes no certificate and no
// report, leaves the existing certificate byte for byte as it was, prints one summary line and
// exits 130.  An interrupted query is never an "unknown" that the run goes on with.
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>

#include "command_support.hpp"

namespace nimcert {
namespace {

namespace fs = std::filesystem;

const char* kQuick = R"(lemma "xor" "a ^ a == 0"
  vars a
  prove (a ^ a) == 0
  widths 8
  enumerate 0..15
end
)";

class InterruptTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = testing::scratch_dir(::testing::UnitTest::GetInstance()->current_test_info()->name());
    // The existing certificate, from a quick proof; the slow proof then takes its place.
    write(kQuick);
    const auto r = run("certify p.proof > /dev/null");
    ASSERT_EQ(r.status, 0) << r.out;
    existing_ = testing::read_text(certificate());
    ASSERT_FALSE(existing_.empty());
  }
  void TearDown() override { fs::remove_all(dir_); }

  void write(const std::string& text) const { std::ofstream(dir_ / "p.proof") << text; }
  fs::path certificate() const { return dir_ / "p.cert.json"; }
  testing::CommandResult run(const std::string& args) const {
    return testing::run_command("cd " + dir_.string() + " && " + NIMCERT_BINARY + " " + args);
  }

  // certify on the slow proof with reports asked for, `signal` after `delay` seconds; checks
  // the refusal and that nothing changed.
  void expect_interrupted(const std::string& options, const char* signal, double delay) {
    const auto start = std::chrono::steady_clock::now();
    // (A non-interactive shell starts a background job with SIGINT ignored; nimcert watches
    // SIGINT all the same.)
    const auto r = testing::run_command(
        "cd " + dir_.string() + " && (" + NIMCERT_BINARY + " certify " + options +
        " --junit j.xml --markdown s.md p.proof > out.txt 2> err.txt & pid=$!; sleep " +
        std::to_string(delay) + "; kill -" + signal + " $pid; wait $pid; echo status=$?)");
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    EXPECT_EQ(r.out, "status=130\n") << testing::read_text(dir_ / "err.txt");
    EXPECT_EQ(testing::read_text(dir_ / "out.txt"), "certify: INTERRUPTED (nothing written)\n");
    EXPECT_EQ(testing::read_text(certificate()), existing_);
    EXPECT_FALSE(fs::exists(dir_ / "j.xml"));
    EXPECT_FALSE(fs::exists(dir_ / "s.md"));
    for (const auto& entry : fs::directory_iterator(dir_))  // no temporary file left behind
      EXPECT_NE(entry.path().filename().string()[0], '.') << entry.path();
    EXPECT_LT(seconds, delay + 5) << "the run did not stop at once";
  }

  fs::path dir_;
  std::string existing_;
};

TEST_F(InterruptTest, DuringASolverQuery) {
  // 128-bit division of a 128-bit product: minutes for either solver.
  write(R"(lemma "division" "x * y / y == x for y > 0"
  vars x y
  assume y > 0
  prove x * y / y == x
  widths 64
  enumerate 0..15
end
)");
  expect_interrupted("--timeout-ms 600000", "INT", 2);
}

TEST_F(InterruptTest, DuringTheCube) {
  write(
      "game amalgamation(merge_min = 2)\ncube 1024\nclaim \"c\" \"conjecture 1\": G / 2 == "
      "(x1 ^ x2 ^ x3) / 2\n");
  expect_interrupted("", "TERM", 1.5);
}

TEST_F(InterruptTest, DuringAnEnumeration) {
  // 1.6e10 assignments: several seconds even as machine code.
  write(R"(lemma "sum" "a + b + c >= a"
  vars a b c
  prove a + b + c >= a
  widths 8
  enumerate 0..2500
end
)");
  expect_interrupted("", "HUP", 3);
}

TEST_F(InterruptTest, DuringAnOctalSequenceOfABillionValues) {
  // 4 GB of values: once zero-filled before the first one was computed (13 s, deaf to the
  // signal); now the memory is taken as the values are written, and the loop polls.
  write(R"(game kayles octal "0.77"
sequence "k" "Kayles to 10^9"
  game kayles
  last 1000000000
  claim "c" "t": g <= 8
end
)");
  expect_interrupted("", "INT", 1.5);
}

}  // namespace
}  // namespace nimcert
