// Helpers for tests that drive the nimcert binary: run a command, read a file, make a
// scratch folder.  Shared by the command-line test files.
#pragma once

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

namespace nimcert::testing {

struct CommandResult {
  int status;       // exit status, -1 when the command did not exit normally
  std::string out;  // what it wrote to stdout (and stderr, if redirected there)
};

inline CommandResult run_command(const std::string& command) {
  FILE* pipe = popen(command.c_str(), "r");
  std::string out;
  std::array<char, 4096> buffer;
  while (std::size_t n = fread(buffer.data(), 1, buffer.size(), pipe)) out.append(buffer.data(), n);
  const int status = pclose(pipe);
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, out};
}

inline std::string read_text(const std::filesystem::path& p) {
  std::ifstream in(p);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// nimcert run in `dir` (so that its certs/ is the default set), stderr with stdout, with an
// answer cache of the folder's own (dir/.cache/nimcert), so that no test reuses another's.
inline CommandResult nimcert_in(const std::filesystem::path& dir, const std::string& args) {
  return run_command("cd " + dir.string() + " && export XDG_CACHE_HOME=" +
                     (dir / ".cache").string() + " && " + NIMCERT_BINARY + " " + args + " 2>&1");
}

// A proof text written to dir/STEM.proof and certified there: the run, and the certificate it
// wrote (null when it wrote none).
struct Certified {
  CommandResult run;
  nlohmann::json certificate;
};
inline Certified certify_text(const std::filesystem::path& dir, const std::string& stem,
                              const std::string& text) {
  std::ofstream(dir / (stem + ".proof")) << text;
  Certified c{nimcert_in(dir, "certify " + stem + ".proof"), nullptr};
  if (std::filesystem::exists(dir / (stem + ".cert.json")))
    c.certificate = nlohmann::json::parse(read_text(dir / (stem + ".cert.json")));
  return c;
}

// The last line of an output: the summary line of certify, verify and gate.
inline std::string last_line(const std::string& out) {
  std::string s = out;
  while (!s.empty() && s.back() == '\n') s.pop_back();
  return s.substr(s.rfind('\n') + 1);
}

// The lines between "# step: NAME" and "# end step" in `file` (docs/ci.md's recipe, the release
// workflow), dedented to the marker's indentation: the shell a test then plays.
inline std::string marked_step(const std::filesystem::path& file, const std::string& name) {
  std::ifstream in(file);
  std::string line, out;
  std::size_t indent = std::string::npos;
  bool inside = false;
  while (std::getline(in, line)) {
    const std::size_t at = line.find_first_not_of(' ');
    const std::string text = at == std::string::npos ? "" : line.substr(at);
    if (text == "# step: " + name) {
      inside = true;
      indent = at;
      continue;
    }
    if (inside && text == "# end step") return out;
    if (inside) out += (line.size() > indent ? line.substr(indent) : "") + "\n";
  }
  ADD_FAILURE() << file.string() << " has no step " << name;
  return "";
}

// An empty folder of its own under the system's temporary folder.
inline std::filesystem::path scratch_dir(const std::string& name) {
  std::filesystem::path d = std::filesystem::temp_directory_path() /
                            ("nimcert-test-" + name + "-" + std::to_string(getpid()));
  std::filesystem::remove_all(d);
  std::filesystem::create_directories(d);
  return d;
}

// A test with a scratch folder of its own (named after the test, removed after it), files
// written into it and nimcert run in it.
class ScratchTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = scratch_dir(::testing::UnitTest::GetInstance()->current_test_info()->name());
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  std::filesystem::path write(const std::string& name, const std::string& text) const {
    const std::filesystem::path p = dir_ / name;
    std::ofstream(p) << text;
    return p;
  }
  CommandResult nimcert(const std::string& args) const { return nimcert_in(dir_, args); }

  std::filesystem::path dir_;
};

// A stand-in for MONA in `dir` that prints `output` whatever it is asked; its path.
inline std::string fake_mona(const std::filesystem::path& dir, const std::string& output) {
  const std::filesystem::path script = dir / "fake-mona";
  std::ofstream(script) << "#!/bin/sh\ncat <<'EOF'\n" << output << "EOF\n";
  std::filesystem::permissions(script, std::filesystem::perms::owner_all);
  return script.string();
}

}  // namespace nimcert::testing
