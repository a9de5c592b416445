// What the package installs besides the binary: the manual page names every subcommand that
// `nimcert --help` lists (a new subcommand without a line there fails here), and `cmake
// --install` puts the binary, the manual page and the documentation under the prefix, where
// the binary runs from any folder: the documentation in the repository's layout, with the
// example proofs and the committed proofs, every relative link of it resolving there.
#include <gtest/gtest.h>

#include <regex>
#include <sstream>

#include "command_support.hpp"

namespace nimcert {
namespace {

namespace fs = std::filesystem;

std::vector<std::string> subcommands() {
  const testing::CommandResult help = testing::run_command(std::string(NIMCERT_BINARY) + " --help");
  std::vector<std::string> out;
  std::istringstream lines(help.out);
  bool listed = false;
  for (std::string line; std::getline(lines, line);) {
    if (line == "Subcommands:") {
      listed = true;
      continue;
    }
    std::smatch m;
    static const std::regex entry("^  ([a-z0-9-]+) ");
    if (listed && std::regex_search(line, m, entry)) out.push_back(m[1]);
  }
  return out;
}

TEST(Package, TheManualPageNamesEverySubcommand) {
  const std::vector<std::string> names = subcommands();
  ASSERT_GE(names.size(), 10u);
  std::string page = testing::read_text(fs::path(NIMCERT_SOURCE_DIR) / "docs" / "nimcert.1");
  // troff writes a hyphen as \-.
  for (std::size_t at; (at = page.find("\\-")) != std::string::npos;) page.replace(at, 2, "-");
  for (const std::string& name : names)
    EXPECT_TRUE(page.find(".B " + name) != std::string::npos ||
                page.find("\\fB" + name) != std::string::npos)
        << name << " is not in docs/nimcert.1";
}

TEST(Package, CmakeInstallGivesABinaryThatRunsFromAnyFolder) {
  const fs::path prefix = testing::scratch_dir("install-prefix");
  const fs::path build = fs::path(NIMCERT_BINARY).parent_path().parent_path();
  const testing::CommandResult install = testing::run_command(
      "cmake --install " + build.string() + " --prefix " + prefix.string() + " 2>&1");
  ASSERT_EQ(install.status, 0) << install.out;
  EXPECT_TRUE(fs::exists(prefix / "bin" / "nimcert"));
  EXPECT_TRUE(fs::exists(prefix / "share" / "man" / "man1" / "nimcert.1"));
  const fs::path doc = prefix / "share" / "doc" / "nimcert";
  EXPECT_TRUE(fs::exists(doc / "README.md"));
  EXPECT_TRUE(fs::exists(doc / "docs" / "proof-language.md"));
  // Example proofs: docs/examples and the committed proofs with their certificates.
  EXPECT_TRUE(fs::exists(doc / "docs" / "examples" / "merge-min-3.proof"));
  EXPECT_TRUE(fs::exists(doc / "certs" / "manabe-2024.proof"));
  EXPECT_TRUE(fs::exists(doc / "certs" / "manabe-2024.cert.json"));
  // Every relative link of every installed Markdown file resolves in the installed tree.
  std::size_t links = 0;
  for (const auto& entry : fs::recursive_directory_iterator(doc)) {
    if (entry.path().extension() != ".md") continue;
    const std::string text = testing::read_text(entry.path());
    static const std::regex link(R"(\]\(([^)#\s]+)(#[^)]*)?\))");
    for (auto it = std::sregex_iterator(text.begin(), text.end(), link);
         it != std::sregex_iterator(); ++it) {
      const std::string target = (*it)[1];
      if (target.find("://") != std::string::npos || target.rfind("mailto:", 0) == 0) continue;
      ++links;
      EXPECT_TRUE(fs::exists(entry.path().parent_path() / target))
          << fs::relative(entry.path(), doc).string() << " links to " << target
          << ", which is not installed";
    }
  }
  EXPECT_GE(links, 10u);
  const fs::path elsewhere = testing::scratch_dir("install-elsewhere");
  std::ofstream(elsewhere / "x.proof") << "lemma \"t\" \"t\" vars a prove (a ^ a) == 0 "
                                          "enumerate 0..3 end\n";
  const testing::CommandResult run = testing::run_command(
      "cd " + elsewhere.string() + " && " + (prefix / "bin" / "nimcert").string() +
      " certify x.proof --no-cache 2>&1");
  EXPECT_EQ(run.status, 0) << run.out;
  EXPECT_NE(run.out.find("certify: HOLDS (1 proof file)"), std::string::npos) << run.out;
  fs::remove_all(prefix);
  fs::remove_all(elsewhere);
}

}  // namespace
}  // namespace nimcert
