// No output destroys an input: every command that writes refuses (exit status 2, the input
// untouched) an output that is the same file as what it reads, however the path is spelt (the
// same name, "./" and "../", a symbolic link, a hard link); and discover's two targets (G and
// the P-positions) write files of different names.
#include <gtest/gtest.h>
#include <unistd.h>

#include "pipelines/output_paths.hpp"
#include "command_support.hpp"

namespace nimcert {
namespace {

namespace fs = std::filesystem;
using testing::last_line;
using testing::read_text;

const char* kNim = R"(box "nim-2" "Bouton: two heaps"
  game nim(heaps = 2)
  size 7
  claim "xor" "G = x1 ^ x2": G == x1 ^ x2
end
)";

class OutputPaths : public testing::ScratchTest {
 protected:
  // Runs the command, expects exit status 2 naming the overwrite, and the file unchanged.
  void refused(const std::string& args, const std::string& input) {
    const std::string before = read_text(dir_ / input);
    const testing::CommandResult r = nimcert(args);
    EXPECT_EQ(r.status, 2) << args << "\n" << r.out;
    EXPECT_NE(last_line(r.out).find("(they are the same file); name another output"),
              std::string::npos)
        << args << "\n" << r.out;
    EXPECT_EQ(read_text(dir_ / input), before) << args;
    // Printed once: the summary line is the only line.
    EXPECT_EQ(r.out.find('\n'), r.out.size() - 1) << r.out;
  }
};

TEST_F(OutputPaths, EveryCommandRefusesToWriteOverItsInputBySameFileNotSameName) {
  write("nim.proof", kNim);
  fs::create_directories(dir_ / "sub");
  refused("certify nim.proof -o nim.proof --no-cache", "nim.proof");
  refused("certify nim.proof -o ./nim.proof --no-cache", "nim.proof");
  refused("certify nim.proof -o sub/../nim.proof --no-cache", "nim.proof");
  ASSERT_EQ(link((dir_ / "nim.proof").c_str(), (dir_ / "hard.json").c_str()), 0);
  refused("certify nim.proof -o hard.json --no-cache", "nim.proof");
  refused("certify nim.proof --junit nim.proof --no-cache", "nim.proof");
  ASSERT_EQ(nimcert("certify nim.proof --no-cache").status, 0);
  refused("show nim.cert.json -o nim.cert.json", "nim.cert.json");
  fs::create_symlink("nim.cert.json", dir_ / "link.json");
  refused("show link.json -o nim.cert.json", "nim.cert.json");
  refused("gate nim.proof --markdown nim.cert.json --no-cache", "nim.cert.json");
  refused("verify nim.cert.json --junit nim.proof", "nim.proof");
  refused("verify nim.cert.json --markdown link.json", "nim.cert.json");
  write("game.proof", "game nim(heaps = 2)\n");
  refused("discover game.proof -o game.proof --no-cache", "game.proof");
  refused("discover game.proof --automaton -o game.proof", "game.proof");
  // A different file of the same content is no input: written.
  write("copy.proof", kNim);
  EXPECT_EQ(nimcert("show nim.cert.json -o copy.proof").status, 0);
}

TEST(OutputPathsUnit, TwoOutputsOfOneFileAreRefusedAndDistinctFilesPass) {
  const fs::path dir = testing::scratch_dir("output-paths-unit");
  std::ofstream(dir / "in.proof") << "x";
  const std::string in = (dir / "in.proof").string();
  EXPECT_NO_THROW(refuse_outputs_over_inputs({{(dir / "a.json").string(), "certificate"}},
                                             {{in, "proof file"}}));
  // Neither written yet: compared by their canonical paths.
  try {
    refuse_outputs_over_inputs({{(dir / "a.json").string(), "certificate"},
                                {(dir / "." / "a.json").string(), "JUnit report"}},
                               {{in, "proof file"}});
    ADD_FAILURE() << "two outputs of one file were not refused";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("the JUnit report and the certificate"),
              std::string::npos)
        << e.what();
  }
  EXPECT_THROW(refuse_outputs_over_inputs({{in, "certificate"}}, {{in, "proof file"}}),
               std::invalid_argument);
  fs::remove_all(dir);
}

// discover --automaton for G and then for the P-positions writes two certificates.
TEST_F(OutputPaths, DiscoverWritesGAndThePPositionsToFilesOfTheirOwn) {
  write("nim2.proof", "game nim(heaps = 2)\n");
  const testing::CommandResult g = nimcert("discover nim2.proof --automaton --box 7");
  ASSERT_EQ(g.status, 0) << g.out;
  EXPECT_NE(last_line(g.out).find("wrote nim2.automaton.json"), std::string::npos) << g.out;
  const std::string first = read_text(dir_ / "nim2.automaton.json");
  const testing::CommandResult p = nimcert("discover nim2.proof --automaton --p-positions --box 7");
  ASSERT_EQ(p.status, 0) << p.out;
  EXPECT_NE(last_line(p.out).find("wrote nim2.p-positions.automaton.json"), std::string::npos)
      << p.out;
  EXPECT_EQ(read_text(dir_ / "nim2.automaton.json"), first);
  EXPECT_NE(read_text(dir_ / "nim2.p-positions.automaton.json").find("\"target\": \"p-positions\""),
            std::string::npos);
}

}  // namespace
}  // namespace nimcert
