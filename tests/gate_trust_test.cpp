// The gate trusts only what this machine checked: a parent commit nobody gated is solved again.
//
// The scenario of issue 38: a commit adds a false lemma (a * b != 391, false at 17 * 23, which
// its enumeration does not reach) with a certificate whose answers were forged unsat (made
// here by solvers that say unsat to everything, as a forger's tool would), and a harmless
// commit follows.  On a fresh clone, CI's gate (scripts/ci-gate.sh, which .ci/run runs) must
// not take the parent's answers: it says the base is not trusted, solves the query, and fails
// with the counterexample.  Where this machine did gate the base, its answers are reused and
// the gate says why.
#include <gtest/gtest.h>

#include "certificate/certificate.hpp"
#include "pipelines/steps.hpp"
#include "command_support.hpp"
#include "forging_solvers.hpp"

namespace nimcert {
namespace {

namespace fs = std::filesystem;
using testing::CommandResult;
using testing::last_line;
using testing::run_command;

const char* kTrue = R"(lemma "cancel" "a ^ b ^ b = a"
  vars a b
  prove (a ^ b ^ b) == a
  widths 8 16
  enumerate 0..15
end
)";

const char* kFalse = R"(lemma "no-391" "a * b != 391, falsely: 17 * 23 = 391"
  vars a b
  prove a * b != 391
  widths 8 16
  enumerate 0..15
end
)";

using testing::AlwaysUnsat;

class GateTrust : public testing::ScratchTest {
 protected:
  CommandResult in(const fs::path& where, const std::string& command) const {
    return run_command("cd " + where.string() + " && " + command + " 2>&1");
  }
  void commit(const std::string& message) const {
    ASSERT_EQ(in(repo(), "git add -A && git -c user.name=t -c user.email=t@t commit -qm '" +
                             message + "'")
                  .status,
              0);
  }
  // scripts/ci-gate.sh run in `where` with the cache folder `cache`.
  CommandResult ci_gate(const fs::path& where, const fs::path& cache) const {
    return in(where, "XDG_CACHE_HOME=" + cache.string() + " NIMCERT=" + NIMCERT_BINARY +
                         " bash " + NIMCERT_SOURCE_DIR + "/scripts/ci-gate.sh");
  }
  fs::path repo() const { return dir_ / "repo"; }
};

TEST_F(GateTrust, AForgedParentCommitIsSolvedAgainOnAFreshClone) {
  fs::create_directories(repo() / "certs");
  std::ofstream(repo() / "certs" / "small.proof") << kTrue;
  ASSERT_EQ(in(repo(), "git init -q && XDG_CACHE_HOME=" + (dir_ / "author-cache").string() + " " +
                           NIMCERT_BINARY + " certify")
                .status,
            0);
  commit("a true lemma, certified");
  // The forged parent: the false lemma, its certificate answered by a tool that says unsat.
  const std::string proof = std::string(kTrue) + kFalse;
  std::ofstream(repo() / "certs" / "small.proof") << proof;
  const AlwaysUnsat forger;
  ProofOptions options;
  options.lemma.solvers = &forger;
  // Without the DRAT route, which would find the false lemma's CNF satisfiable and leave it
  // unknown: a forger writes what it likes, and the gate must not rely on that route alone.
  options.lemma.drat.enabled = false;
  const Json forged =
      certify_one(proof_source(proof, (repo() / "certs" / "small.proof").string()), options);
  ASSERT_EQ(forged.at("verdict"), "holds");
  ASSERT_EQ(forged.at("lemmas").at(1).at("smt").at(0).at("implied_by"), 16);  // w8 "implied"
  std::ofstream(repo() / "certs" / "small.cert.json") << certificate_text(forged);
  commit("add lemma no-391");
  std::ofstream(repo() / "README") << "a harmless commit\n";
  commit("harmless");

  // CI on a fresh clone: the parent is not trusted, the query solved, the lemma fails.
  ASSERT_EQ(in(dir_, "git clone -q repo clone").status, 0);
  const CommandResult r = ci_gate(dir_ / "clone", dir_ / "ci-cache");
  EXPECT_EQ(r.status, 1) << r.out;
  EXPECT_EQ(last_line(r.out).rfind("gate: FAIL", 0), 0u) << r.out;
  EXPECT_NE(r.out.find("certs/small.cert.json (stable_sha256 "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find(") not trusted: no certify or passing gate on this machine produced or "
                       "checked it, so its answers are solved again"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("  fails   lemma no-391"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("contradicted"), std::string::npos) << r.out;
  EXPECT_NE(last_line(r.out).find("0 solver answers reused"), std::string::npos) << r.out;

  // The author's own machine never vouched for the forged certificate either.
  const CommandResult author = ci_gate(repo(), dir_ / "author-cache");
  EXPECT_EQ(author.status, 1) << author.out;
  EXPECT_NE(author.out.find("  fails   lemma no-391"), std::string::npos) << author.out;
}

TEST_F(GateTrust, ABaseThisMachineGatedIsReusedAndTheGateSaysWhy) {
  fs::create_directories(repo() / "certs");
  std::ofstream(repo() / "certs" / "small.proof") << kTrue;
  const fs::path cache = dir_ / "cache";
  ASSERT_EQ(in(repo(), "git init -q && XDG_CACHE_HOME=" + cache.string() + " " + NIMCERT_BINARY +
                           " certify --no-cache")
                .status,
            0);
  commit("base");
  std::ofstream(repo() / "README") << "a harmless commit\n";
  commit("harmless");
  // Not yet vouched for (certified without the cache): solved again.
  const CommandResult first = ci_gate(repo(), cache);
  EXPECT_EQ(first.status, 0) << first.out;
  EXPECT_NE(first.out.find(") not trusted: "), std::string::npos) << first.out;
  EXPECT_NE(last_line(first.out).find("; 0 solver answers reused"), std::string::npos)
      << first.out;
  // That passing gate vouched for the certificate (the same at HEAD~1 and HEAD): now trusted.
  std::ofstream(repo() / "README") << "another harmless commit\n";
  commit("another");
  const CommandResult second = in(repo(), "XDG_CACHE_HOME=" + (dir_ / "cache").string() + " " +
                                              NIMCERT_BINARY + " gate --base HEAD~1");
  EXPECT_EQ(second.status, 0) << second.out;
  EXPECT_NE(second.out.find(") trusted: this machine's nimcert gated it as "
                            "certs/small.cert.json"),
            std::string::npos)
      << second.out;
  EXPECT_NE(second.out.find("answers reused: 1 from base"), std::string::npos) << second.out;
  // --no-cache reads no record: the base is not trusted, and the gate says so.
  const CommandResult none = in(repo(), std::string(NIMCERT_BINARY) + " gate --no-cache --base HEAD~1");
  EXPECT_EQ(none.status, 0) << none.out;
  EXPECT_NE(none.out.find("not trusted: with --no-cache no record of what this machine gated is "
                          "read"),
            std::string::npos)
      << none.out;
}

}  // namespace
}  // namespace nimcert
