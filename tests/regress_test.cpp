// Regression proof files with their expected verdicts inside (tests/regress/*.proof).
//
// Each file says, in its leading comment lines, how it is run and what must come of it, as
// Bitwuzla's regression files carry their (set-info :status): `# run: ARGS` (default `certify
// {} --no-cache`; {} is the file's name), `# expect-exit: N`, and any number of
// `# expect: TEXT`, each a piece of the output that must appear.  The file is copied to a
// folder of its own and run there, with an answer cache of that folder's own.  A file without
// `expect-exit` is a defect of the test tree, not a pass.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "command_support.hpp"

namespace nimcert {
namespace {

namespace fs = std::filesystem;

struct Expectation {
  std::string args = "certify {} --no-cache";
  int exit = -1;
  std::vector<std::string> pieces;
};

Expectation expectation_of(const fs::path& file) {
  Expectation e;
  std::ifstream in(file);
  for (std::string line; std::getline(in, line) && line.rfind("#", 0) == 0;) {
    auto value = [&](const std::string& key) -> std::optional<std::string> {
      const std::string tag = "# " + key + ": ";
      if (line.rfind(tag, 0) != 0) return std::nullopt;
      return line.substr(tag.size());
    };
    if (const auto v = value("run")) e.args = *v;
    if (const auto v = value("expect-exit")) e.exit = std::stoi(*v);
    if (const auto v = value("expect")) e.pieces.push_back(*v);
  }
  return e;
}

std::string with_name(std::string args, const std::string& name) {
  for (std::size_t at; (at = args.find("{}")) != std::string::npos;) args.replace(at, 2, name);
  return args;
}

// The regression files, sorted: one test each, so that CTest spreads them over the cores.
std::vector<fs::path> regression_files() {
  const fs::path folder = fs::path(NIMCERT_SOURCE_DIR) / "tests" / "regress";
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(folder))
    if (entry.path().extension() == ".proof") files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  return files;
}

TEST(Regressions, TheFolderHoldsItsFiles) { EXPECT_GE(regression_files().size(), 30u); }

class Regression : public ::testing::TestWithParam<fs::path> {};

TEST_P(Regression, GivesItsExpectedExitStatusAndOutput) {
  const fs::path& file = GetParam();
  const Expectation e = expectation_of(file);
  ASSERT_NE(e.exit, -1) << "no '# expect-exit: N' line";
  ASSERT_FALSE(e.pieces.empty()) << "no '# expect: TEXT' line";
  const fs::path dir = testing::scratch_dir("regress-" + file.stem().string());
  fs::copy_file(file, dir / file.filename());
  const testing::CommandResult r =
      testing::nimcert_in(dir, with_name(e.args, file.filename().string()));
  EXPECT_EQ(r.status, e.exit) << r.out;
  for (const std::string& piece : e.pieces)
    EXPECT_NE(r.out.find(piece), std::string::npos) << "missing: " << piece << "\n" << r.out;
  fs::remove_all(dir);
}

// Named after the file: "two-wythoff-ostrowski-odd.proof" runs as .../two_wythoff_ostrowski_odd.
INSTANTIATE_TEST_SUITE_P(Regressions, Regression, ::testing::ValuesIn(regression_files()),
                         [](const ::testing::TestParamInfo<fs::path>& info) {
                           std::string name = info.param.stem().string();
                           for (char& c : name)
                             if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
                           return name;
                         });

}  // namespace
}  // namespace nimcert
