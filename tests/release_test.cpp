// nimcert's release workflow (.github/workflows/release.yml), played in a scratch tree so that
// it cannot rot: its shell step is read from the workflow itself (the lines between
// `# step: package` and `# end step`) and run as the job would run it, on a tag.  The two scripts
// it calls are stood in for by ones that record their arguments and write a package file (the
// real ones build and install the package: CI runs them, scripts/package-check.sh).  A tag that
// is not the version of CMakeLists.txt is refused before anything is built.
#include <gtest/gtest.h>

#include <fstream>
#include <regex>

#include "command_support.hpp"

namespace nimcert {
namespace {

namespace fs = std::filesystem;

// The lines of the step `name` in the release workflow, dedented.
std::string workflow_step(const std::string& name) {
  return testing::marked_step(
      fs::path(NIMCERT_SOURCE_DIR) / ".github" / "workflows" / "release.yml", name);
}

// The version CMakeLists.txt gives the project.
std::string project_version() {
  const std::string text = testing::read_text(fs::path(NIMCERT_SOURCE_DIR) / "CMakeLists.txt");
  std::smatch m;
  EXPECT_TRUE(std::regex_search(text, m, std::regex(R"(project\(nimcert VERSION ([0-9.]+) )")));
  return m[1];
}

class Release : public testing::ScratchTest {
 protected:
  void SetUp() override {
    ScratchTest::SetUp();
    fs::copy_file(fs::path(NIMCERT_SOURCE_DIR) / "CMakeLists.txt", dir_ / "CMakeLists.txt");
    fs::create_directories(dir_ / "scripts");
    // package.sh writes the package into the folder it runs in; package-check.sh is handed it.
    std::ofstream(dir_ / "scripts" / "package.sh")
        << "echo \"package.sh in $(basename \"$(pwd)\")\" >> " << (dir_ / "calls").string() << "\n"
        << "version=$(sed -n 's/^project(nimcert VERSION \\([0-9.]*\\) .*/\\1/p' ../CMakeLists.txt)\n"
        << "echo deb > nimcert_${version}_amd64.deb\n";
    std::ofstream(dir_ / "scripts" / "package-check.sh")
        << "echo \"package-check.sh $1\" >> " << (dir_ / "calls").string() << "\n"
        << "test -f \"$1\"\n";
  }
  testing::CommandResult run_step(const std::string& tag) const {
    std::ofstream(dir_ / "step.sh") << "set -e\n" << workflow_step("package");
    return testing::run_command("cd " + dir_.string() + " && GITHUB_REF_NAME=" + tag +
                                " bash step.sh 2>&1");
  }
};

TEST_F(Release, ATagOfTheProjectVersionBuildsChecksAndHashesThePackage) {
  const std::string version = project_version();
  const testing::CommandResult r = run_step("v" + version);
  ASSERT_EQ(r.status, 0) << r.out;
  const std::string deb = "dist/nimcert_" + version + "_amd64.deb";
  EXPECT_EQ(testing::read_text(dir_ / "calls"),
            "package.sh in dist\npackage-check.sh " + deb + "\n");
  // The hash names the file as a user downloads it, beside the package.
  const std::string file = "nimcert_" + version + "_amd64.deb";
  const std::string hash = testing::read_text(dir_ / (deb + ".sha256"));
  EXPECT_EQ(hash.size(), 64 + 2 + file.size() + 1) << hash;
  EXPECT_EQ(testing::run_command("cd " + (dir_ / "dist").string() + " && sha256sum -c " + file +
                                 ".sha256")
                .status,
            0);
}

TEST_F(Release, ATagThatIsNotTheProjectVersionIsRefusedBeforeAnythingIsBuilt) {
  const testing::CommandResult r = run_step("v99.0.0");
  EXPECT_NE(r.status, 0);
  EXPECT_NE(r.out.find("release: the tag v99.0.0 is not the version of CMakeLists.txt"),
            std::string::npos)
      << r.out;
  EXPECT_FALSE(fs::exists(dir_ / "calls"));
}

}  // namespace
}  // namespace nimcert
