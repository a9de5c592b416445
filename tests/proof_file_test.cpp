// The committed proof file end to end through the command line: it certifies; its mutants
// (Locke's rule, delta as "one edge") are refuted with counterexamples; a bad proof file is an
// error that writes nothing; export-smt2 writes benchmarks the z3 command line agrees with.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <sstream>

#include "command_support.hpp"

namespace {

namespace fs = std::filesystem;

using nimcert::testing::CommandResult;
using nimcert::testing::run_command;
const auto read = nimcert::testing::read_text;

CommandResult run(const std::string& command) { return run_command(command + " 2>&1"); }

CommandResult nimcert(const std::string& args) {
  return run(std::string(NIMCERT_BINARY) + " " + args);
}

const fs::path kProof = fs::path(NIMCERT_SOURCE_DIR) / "certs" / "manabe-2024.proof";

// The proof text with every `lemma "LABEL" ... end` block dropped whose label is not in `keep`.
std::string only_lemmas(const std::string& text, const std::set<std::string>& keep) {
  std::istringstream in(text);
  std::string out, line;
  bool dropping = false;
  while (std::getline(in, line)) {
    if (line.rfind("lemma \"", 0) == 0) {
      const std::size_t end = line.find('"', 7);
      dropping = !keep.contains(line.substr(7, end - 7));
    }
    if (!dropping) out += line + "\n";
    if (dropping && line == "end") dropping = false;
  }
  return out;
}

class ProofFileTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = nimcert::testing::scratch_dir(
        std::string("proof-") + ::testing::UnitTest::GetInstance()->current_test_info()->name());
  }
  void TearDown() override { fs::remove_all(dir_); }

  // A copy of the committed proof with one piece of text replaced, without its induction step
  // (its mutants have their own tests, in induction_test.cpp) and, when `lemmas` is given,
  // with only the lemmas it names (each solved afresh costs the suite time: the test asks only
  // what the mutant must break).
  fs::path mutant(const std::string& from, const std::string& to,
                  const std::optional<std::set<std::string>>& lemmas = std::nullopt) {
    return mutant({{from, to}}, lemmas);
  }
  // Each `from` replaced at every occurrence (each must occur).
  fs::path mutant(const std::vector<std::pair<std::string, std::string>>& replacements,
                  const std::optional<std::set<std::string>>& lemmas = std::nullopt) {
    std::string text = read(kProof);
    for (const auto& [from, to] : replacements) {
      std::size_t at = text.find(from);
      EXPECT_NE(at, std::string::npos) << from;
      for (; at != std::string::npos; at = text.find(from, at + to.size()))
        text.replace(at, from.size(), to);
    }
    text = text.substr(0, text.find("\ninduction "));
    if (lemmas) text = only_lemmas(text, *lemmas);
    const fs::path p = dir_ / "mutant.proof";
    std::ofstream(p) << text;
    return p;
  }

  fs::path dir_;
};

TEST_F(ProofFileTest, CommittedProofCertifies) {
  const fs::path out = dir_ / "cert.json";
  const CommandResult r = nimcert("certify --cube 24 -o " + out.string() + " " + kProof.string());
  EXPECT_EQ(r.status, 0) << r.out;
  const auto cert = nlohmann::json::parse(read(out));
  EXPECT_EQ(cert["verdict"], "holds");
  EXPECT_EQ(cert["exhaustive"]["N"], 24);
  EXPECT_EQ(cert["lemmas"].size(), 16u);
  for (const auto& lemma : cert["lemmas"]) {
    EXPECT_EQ(lemma["verdict"], "holds") << lemma["label"];
    // Every lemma's widest query also carries a DRAT proof nimcert's checkers accepted.
    EXPECT_EQ(lemma["drat"]["status"], "checked") << lemma["label"];
    EXPECT_EQ(lemma["drat"]["width"], 64) << lemma["label"];
    // Both solvers prove the widest width (64); it implies the smaller ones, not solved.
    const auto& widest = lemma["smt"].back();
    EXPECT_EQ(widest["width"], 64) << lemma["label"];
    EXPECT_EQ(widest["z3"], "unsat") << lemma["label"];
    EXPECT_EQ(widest["cvc5"], "unsat") << lemma["label"];
    for (std::size_t i = 0; i + 1 < lemma["smt"].size(); ++i) {
      EXPECT_EQ(lemma["smt"][i]["implied_by"], 64) << lemma["label"];
      EXPECT_FALSE(lemma["smt"][i].contains("z3")) << lemma["label"];
    }
  }
  // The induction step at w = 64: every obligation unsat for both solvers; the smaller widths
  // follow (D_w ⊂ D_64).
  ASSERT_EQ(cert["induction"].size(), 1u);
  const auto& d = cert["induction"][0];
  EXPECT_EQ(d["verdict"], "holds");
  EXPECT_EQ(d["move_encoding"]["agrees"], true);
  ASSERT_EQ(d["widths"].size(), 5u);
  EXPECT_EQ(d["widths"][4]["obligations"].size(), 9u + 9u + 2u);
  for (const auto& o : d["widths"][4]["obligations"]) {
    EXPECT_EQ(o["z3"], "unsat") << o["obligation"];
    EXPECT_EQ(o["cvc5"], "unsat") << o["obligation"];
  }
  for (std::size_t i = 0; i < 4; ++i) {
    EXPECT_EQ(d["widths"][i]["implied_by"], 64);
    EXPECT_TRUE(d["widths"][i]["obligations"].empty());
    EXPECT_EQ(d["widths"][i]["verdict"], "holds");
  }
  EXPECT_EQ(d["widths"][0]["conclusion"], "G = formula4(x1, x2, x3) on D_4 (D_4 ⊂ D_64)");
  EXPECT_EQ(d["widths"][4]["conclusion"], "G = formula4(x1, x2, x3) on D_64");
  EXPECT_EQ(d["exhaustive"]["status"], "holds");
}

TEST_F(ProofFileTest, LockeRuleRefutesFormula4) {
  const fs::path out = dir_ / "cert.json";
  // Every merge of the declared game with threshold 1 instead of 2: Locke's original rule.
  const fs::path p = mutant({{"x1 >= 2 && x2 >= 2 to", "x1 >= 1 && x2 >= 1 to"},
                             {"x2 >= 2 && x3 >= 2 to", "x2 >= 1 && x3 >= 1 to"},
                             {"x1 >= 2 && x3 >= 2 to", "x1 >= 1 && x3 >= 1 to"}},
                            std::set<std::string>{});  // the cube refutes it; no lemma needed
  const CommandResult r = nimcert("certify --cube 12 -o " + out.string() + " " + p.string());
  EXPECT_EQ(r.status, 1) << r.out;
  const auto cert = nlohmann::json::parse(read(out));
  EXPECT_EQ(cert["verdict"], "fails");
  const auto& cx = cert["exhaustive"]["claims"][0]["counterexample"];
  EXPECT_EQ(cx["position"], nlohmann::json::array({0, 1, 2}));
  EXPECT_EQ(cx["grundy"], 4);
  EXPECT_EQ(cx["claimed"], 3);
}

TEST_F(ProofFileTest, DeltaAsOneEdgeIsRefutedByLemmasAndCube) {
  const fs::path out = dir_ / "cert.json";
  const fs::path p =
      mutant("edges(x1, x2, x3) == 1 || edges(x1, x2, x3) == 2", "edges(x1, x2, x3) == 1",
             std::set<std::string>{"(18)"});
  const CommandResult r = nimcert("certify --cube 16 -o " + out.string() + " " + p.string());
  EXPECT_EQ(r.status, 1) << r.out;
  const auto cert = nlohmann::json::parse(read(out));
  EXPECT_EQ(cert["exhaustive"]["claims"][0]["status"], "fails");
  bool lemma18_fails = false;
  for (const auto& lemma : cert["lemmas"])
    if (lemma["label"] == "(18)") {
      lemma18_fails = lemma["verdict"] == "fails";
      EXPECT_FALSE(lemma["enumeration"]["counterexample"].is_null());
      EXPECT_FALSE(lemma["smt"][0]["counterexample"].is_null());
      EXPECT_EQ(lemma["smt"][0]["z3"], "sat");
      EXPECT_EQ(lemma["smt"][0]["cvc5"], "sat");
    }
  EXPECT_TRUE(lemma18_fails);
}

TEST_F(ProofFileTest, BadProofIsAnErrorAndWritesNothing) {
  const fs::path p =
      mutant("  prove F(x1, x2, x3) == formula4(x1, x2, x3)", "  prove F(x1, x2, x3) == ");
  const fs::path out = dir_ / "cert.json";
  const CommandResult r = nimcert("certify -o " + out.string() + " " + p.string());
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.out.find("mutant.proof:"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find(": expected an expression"), std::string::npos) << r.out;
  EXPECT_FALSE(fs::exists(out));
}

TEST_F(ProofFileTest, ExportedBenchmarksAreSolvedByTheZ3CommandLine) {
  const CommandResult r = nimcert("export-smt2 --dir " + dir_.string() + " " + kProof.string());
  ASSERT_EQ(r.status, 0) << r.out;
  std::size_t files = 0;
  for (const auto& entry : fs::recursive_directory_iterator(dir_)) {
    if (entry.path().extension() != ".smt2") continue;
    ++files;
    const std::string text = read(entry.path());
    EXPECT_NE(text.find("(set-info :status unsat)"), std::string::npos) << entry.path();
    if (files % 4 != 0) continue;  // the z3 binary on every width-64 query (one in four)
    const CommandResult z3 = run("z3 " + entry.path().string());
    EXPECT_EQ(z3.out, "unsat\n") << entry.path();
  }
  EXPECT_EQ(files, 16u * 4u + 5u * 20u);  // lemmas at 4 widths; 20 induction obligations at 5
}

}  // namespace
