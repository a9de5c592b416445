// The README's examples run as printed: the ten-line first proof and the output of `certify`
// on it, the same proof with the claim written wrongly and the output of `--only claims`, and
// every `grundy` line of "Using nimcert" whose comment gives the value.  The README is read
// from the source tree, so an example edited there is the example tested.  Times differ from
// run to run and are matched as any time; "..." in a printed line stands for any text.
#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include "command_support.hpp"

namespace nimcert {
namespace {

namespace fs = std::filesystem;

std::string readme() { return testing::read_text(NIMCERT_SOURCE_DIR "/README.md"); }

// The indented block (4 spaces, blank lines inside allowed) after the first line containing
// `after`, without its indentation.
std::vector<std::string> block_after(const std::string& text, const std::string& after) {
  std::istringstream in(text);
  std::string line;
  bool found = false, started = false;
  std::vector<std::string> out;
  while (std::getline(in, line)) {
    if (!found) {
      found = line.find(after) != std::string::npos;
      continue;
    }
    const bool indented = line.rfind("    ", 0) == 0;
    if (!started && !indented) continue;
    if (started && !indented && !line.empty()) break;
    started = true;
    if (indented) out.push_back(line.substr(4));
  }
  EXPECT_TRUE(found) << "no line with " << after;
  return out;
}

// A printed line as a pattern: any time for "0.00 s", any text for "...", any run of spaces
// for the column padding.
std::regex pattern(const std::string& printed) {
  std::string p;
  for (std::size_t i = 0; i < printed.size(); ++i) {
    if (printed.compare(i, 3, "...") == 0) {
      p += ".*";
      i += 2;
    } else if (printed[i] == ' ') {
      p += " +";
      while (i + 1 < printed.size() && printed[i + 1] == ' ') ++i;
    } else if (std::isdigit(static_cast<unsigned char>(printed[i])) &&
               std::regex_search(printed.substr(i), std::regex("^[0-9]+\\.[0-9]{2} s"))) {
      p += "[0-9]+\\.[0-9]{2} s";
      while (printed[i] != 's') ++i;
    } else {
      if (std::strchr("\\^$.|?*+()[]{}", printed[i])) p += '\\';
      p += printed[i];
    }
  }
  return std::regex(p);
}

void expect_printed(const std::vector<std::string>& printed, const std::string& out) {
  std::vector<std::string> lines;
  std::istringstream in(out);
  for (std::string l; std::getline(in, l);) lines.push_back(l);
  ASSERT_EQ(lines.size(), printed.size()) << out;
  for (std::size_t i = 0; i < printed.size(); ++i)
    EXPECT_TRUE(std::regex_match(lines[i], pattern(printed[i])))
        << "printed: " << printed[i] << "\nactual:  " << lines[i];
}

TEST(Readme, TheFirstProofAndItsOutputsAreAsPrinted) {
  const std::string text = readme();
  const auto dir = testing::scratch_dir("readme");
  std::string proof;
  for (const std::string& l : block_after(text, "Ten lines, `first.proof`:")) proof += l + "\n";
  ASSERT_NE(proof.find("claim \"xor\""), std::string::npos);
  std::ofstream(dir / "first.proof") << proof;
  const auto holds = testing::nimcert_in(dir, "certify first.proof");
  EXPECT_EQ(holds.status, 0) << holds.out;
  expect_printed(block_after(text, "the SMT solvers\"; a test runs this example"),
                 holds.out);
  EXPECT_TRUE(fs::exists(dir / "first.cert.json"));
  EXPECT_TRUE(fs::exists(dir / "first.drat" / "cancel-w16.drat"));  // as the README says

  const std::string wrong = std::regex_replace(proof, std::regex("G == x1 \\^ x2"), "G == x1 | x2");
  ASSERT_NE(wrong, proof);
  std::ofstream(dir / "first.proof") << wrong;
  const auto fails = testing::nimcert_in(dir, "certify first.proof --only claims");
  EXPECT_EQ(fails.status, 1) << fails.out;
  expect_printed(block_after(text, "says how wrong it is:"), fails.out);
  fs::remove_all(dir);
}

TEST(Readme, EveryGrundyLineGivesTheValueItsCommentSays) {
  const std::regex line("build/checker/nimcert (grundy [^#]*?) +# ([0-9]+)( .*)?");
  std::size_t checked = 0;
  for (const std::string& l : block_after(readme(), "## Using nimcert")) {
    std::smatch m;
    if (!std::regex_match(l, m, line)) continue;
    const auto r = testing::run_command(std::string("cd " NIMCERT_SOURCE_DIR " && ") +
                                        NIMCERT_BINARY + " " + m[1].str() + " 2>&1");
    EXPECT_EQ(r.status, 0) << l << ": " << r.out;
    EXPECT_EQ(r.out, m[2].str() + "\n") << l;
    ++checked;
  }
  EXPECT_EQ(checked, 5u);
}

}  // namespace
}  // namespace nimcert
