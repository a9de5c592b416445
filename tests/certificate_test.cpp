// The certificate and the command line: deterministic stable part, atomic writing, the
// documented exit statuses, and the values the CLI prints.
#include "certificate.hpp"

#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "atomic_file.hpp"
#include "manabe_claims.hpp"

namespace nimcert {
namespace {

namespace fs = std::filesystem;

struct CommandResult {
  int status;
  std::string out;
};

CommandResult run(const std::string& args) {
  const std::string command = std::string(NIMCERT_BINARY) + " " + args + " 2>/dev/null";
  FILE* pipe = popen(command.c_str(), "r");
  std::string out;
  std::array<char, 4096> buffer;
  while (std::size_t n = fread(buffer.data(), 1, buffer.size(), pipe)) out.append(buffer.data(), n);
  const int status = pclose(pipe);
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, out};
}

std::string read(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

fs::path scratch_dir(const std::string& name) {
  fs::path d =
      fs::temp_directory_path() / ("nimcert-test-" + name + "-" + std::to_string(getpid()));
  fs::remove_all(d);
  fs::create_directories(d);
  return d;
}

TEST(AtomicFile, ReplacesWholeAndLeavesNoTemporary) {
  const fs::path dir = scratch_dir("atomic");
  write_file_atomically(dir / "a.json", "first\n");
  write_file_atomically(dir / "a.json", "second\n");
  EXPECT_EQ(read(dir / "a.json"), "second\n");
  EXPECT_EQ(std::distance(fs::directory_iterator(dir), fs::directory_iterator()), 1);
  EXPECT_THROW(write_file_atomically(dir / "missing" / "a.json", "x"), std::runtime_error);
  fs::remove_all(dir);
}

TEST(Cli, GrundyPrintsTheValue) {
  EXPECT_EQ(run("grundy 2 4 0").out, "7\n");
  EXPECT_EQ(run("grundy 2 4 8").out, "14\n");
  EXPECT_EQ(run("grundy --merge-min 1 0 1 2").out, "4\n");
  EXPECT_EQ(run("grundy --game nim --heaps 4 1 2 4 8").out, "15\n");
}

TEST(Cli, UsageErrorsExitTwo) {
  EXPECT_EQ(run("").status, 2);
  EXPECT_EQ(run("grundy 1 2").status, 2);  // wrong heap count
  EXPECT_EQ(run("grundy --game chess 1 2 3").status, 2);
  EXPECT_EQ(run("frobnicate").status, 2);
  EXPECT_EQ(run("certify --help").status, 0);
}

TEST(Cli, TablePrintsTheTwoHeapSlice) {
  const std::string csv = run("table --size 5 --csv").out;
  EXPECT_EQ(csv,
            "x\\y,0,1,2,3,4\n0,0,1,2,3,4\n1,1,0,3,2,5\n2,2,3,0,1,7\n3,3,2,1,0,6\n4,4,5,7,6,0\n");
}

TEST(Cli, CertifyRefusesAnUnwritableCertificate) {
  const fs::path dir = scratch_dir("certify");
  const std::string proof = std::string(NIMCERT_SOURCE_DIR) + "/certs/manabe-2024.proof";
  // A certificate that cannot be written is an error (status 2), and leaves nothing behind.
  EXPECT_EQ(run("certify --cube 4 -o " + (dir / "no" / "x.json").string() + " " + proof).status, 2);
  EXPECT_FALSE(fs::exists(dir / "no"));
  EXPECT_EQ(run("certify " + (dir / "missing.proof").string()).status, 2);
  fs::remove_all(dir);
}

}  // namespace
}  // namespace nimcert
