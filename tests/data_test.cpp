// table and ppos, run as a user runs them: one-heap sequences as b-files, slices of games of
// more than three heaps, a claim compared with the true values (counted independently here),
// P-position lists and heat-map pictures, and the located errors of bad requests.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <algorithm>
#include <sstream>

#include "claims/manabe_claims.hpp"
#include "command_support.hpp"

namespace nimcert {
namespace {

namespace fs = std::filesystem;
using testing::CommandResult;

class DataTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = testing::scratch_dir(::testing::UnitTest::GetInstance()->current_test_info()->name());
  }
  void TearDown() override { fs::remove_all(dir_); }
  CommandResult nimcert(const std::string& args) const { return testing::nimcert_in(dir_, args); }
  fs::path dir_;
};

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

TEST_F(DataTest, AOneHeapGameIsAnOeisBFile) {
  // Maximum Nim with f(n) = n / 2: g_n = mex{g_{n-k} : 1 <= k <= n / 2}, by hand here.
  std::vector<unsigned> g;
  for (unsigned n = 0; n <= 40; ++n) {
    std::vector<bool> seen(64, false);
    for (unsigned k = 1; k <= n / 2; ++k) seen[g[n - k]] = true;
    unsigned m = 0;
    while (seen[m]) ++m;
    g.push_back(m);
  }
  const CommandResult r = nimcert("table --game maximum-nim --rule 'n / 2' --last 40 --bfile");
  ASSERT_EQ(r.status, 0) << r.out;
  const auto lines = lines_of(r.out);
  ASSERT_EQ(lines.size(), 42u) << r.out;
  EXPECT_EQ(lines[0].rfind("# G(n) of maximum-nim", 0), 0u);
  for (unsigned n = 0; n <= 40; ++n) EXPECT_EQ(lines[n + 1], fmt::format("{} {}", n, g[n]));
  EXPECT_EQ(lines_of(nimcert("table --game maximum-nim --rule 'n / 2' --last 3 --csv").out),
            (std::vector<std::string>{"n,g", "0,0", "1,0", "2,1", "3,0"}));
}

TEST_F(DataTest, ASliceOfAFourHeapGameFixesTheOtherHeaps) {
  const CommandResult r = nimcert("table --game nim --heaps 4 --size 5 --fix x3=6 --fix x4=3 --csv");
  ASSERT_EQ(r.status, 0) << r.out;
  const auto lines = lines_of(r.out);
  ASSERT_EQ(lines.size(), 6u) << r.out;
  EXPECT_EQ(lines[0], "x1\\x2,0,1,2,3,4");
  for (unsigned a = 0; a < 5; ++a) {
    std::string expected = std::to_string(a);
    for (unsigned b = 0; b < 5; ++b) expected += "," + std::to_string(a ^ b ^ 6 ^ 3);
    EXPECT_EQ(lines[a + 1], expected);
  }
  // Rows and columns along other heaps: x4 down, x2 across, x1 = 1 and x3 = 2.
  const CommandResult t = nimcert("table --game nim --heaps 4 --size 3 --axes 4 2 --fix x1=1 --fix x3=2 --tsv");
  EXPECT_EQ(lines_of(t.out), (std::vector<std::string>{"x4\\x2\t0\t1\t2", "0\t3\t2\t1",
                                                        "1\t2\t3\t0", "2\t1\t0\t3"}))
      << t.out;
}

TEST_F(DataTest, DiffMarksExactlyWhereAClaimFailsOnTheSlice) {
  // The wrong formula G = x1 ^ x2 ^ x3 for Manabe's game fails where delta = 1 (formula (4)).
  std::ofstream(dir_ / "wrong.proof") << "game amalgamation(merge_min = 2)\ncube 4\n"
                                         "claim \"xor\" \"not formula (4)\": G == x1 ^ x2 ^ x3\n";
  std::uint64_t expected = 0;
  for (Heap x = 0; x < 16; ++x)
    for (Heap y = 0; y < 16; ++y) expected += manabe_delta(x, y, 0);
  ASSERT_GT(expected, 0u);
  const CommandResult r = nimcert("table --proof wrong.proof --diff xor --size 16 --png d.png");
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find(fmt::format("claim xor fails at {} of 256 positions of this slice",
                                   expected)),
            std::string::npos)
      << r.out;
  // (2, 4, 0): G = 7 (formula (4): 2 ^ 4 ^ 1), the claim says 6.
  const auto lines = lines_of(r.out);
  EXPECT_NE(lines[4].find(" 7:6 "), std::string::npos) << lines[4];
  const CommandResult csv = nimcert("table --proof wrong.proof --diff xor --size 16 --csv");
  const auto rows = lines_of(csv.out);
  EXPECT_EQ(rows[0], "x1,x2,x3,g,claimed,holds");
  EXPECT_EQ(rows[1 + 2 * 16 + 4], "2,4,0,7,6,no");
  EXPECT_EQ(std::count_if(rows.begin(), rows.end(),
                          [](const std::string& l) { return l.ends_with(",no"); }),
            static_cast<std::ptrdiff_t>(expected));
  // The picture: a PNG, and another one than the same slice without the marks.
  ASSERT_EQ(nimcert("table --proof wrong.proof --size 16 --png plain.png").status, 0);
  const std::string marked = testing::read_text(dir_ / "d.png"),
                    plain = testing::read_text(dir_ / "plain.png");
  EXPECT_EQ(marked.substr(0, 4), "\x89PNG");
  EXPECT_EQ(plain.substr(0, 4), "\x89PNG");
  EXPECT_NE(marked, plain);
  EXPECT_NE(nimcert("table --proof wrong.proof --diff nosuch").out.find(
                "no claim \"nosuch\" in the proof file (its claims: xor)"),
            std::string::npos);
}

TEST_F(DataTest, PPositionsOfABox) {
  const CommandResult r = nimcert("ppos --game nim --heaps 3 --size 4");
  ASSERT_EQ(r.status, 0) << r.out;
  std::vector<std::string> expected{"x1,x2,x3"};
  for (unsigned a = 0; a < 4; ++a)
    for (unsigned b = 0; b < 4; ++b)
      for (unsigned c = 0; c < 4; ++c)
        if ((a ^ b ^ c) == 0) expected.push_back(fmt::format("{},{},{}", a, b, c));
  EXPECT_EQ(lines_of(r.out), expected);
  EXPECT_EQ(lines_of(nimcert("ppos --game nim --heaps 2 --size 3 --tsv").out),
            (std::vector<std::string>{"x1\tx2", "0\t0", "1\t1", "2\t2"}));
}

TEST_F(DataTest, BadRequestsAreLocatedErrors) {
  EXPECT_EQ(nimcert("table --game nim --heaps 2 --fix x3=1").status, 2);
  EXPECT_NE(nimcert("table --game nim --heaps 4 --fix x3").out.find(
                "--fix x3: expected xI=V, such as x3=4"),
            std::string::npos);
  EXPECT_NE(nimcert("table --game nim --heaps 4 --fix x3=99999").out.find("at most 4096"),
            std::string::npos);
  EXPECT_NE(nimcert("table --game nim --heaps 3 --bfile").out.find("--bfile is for one-heap games"),
            std::string::npos);
  EXPECT_EQ(nimcert("table --csv --tsv").status, 2);
}

}  // namespace
}  // namespace nimcert
