// The CI recipe of docs/ci.md, played in scratch repositories so that it cannot rot.
//
// The recipe's shell steps are read from docs/ci.md itself (the lines between `# step: NAME`
// and `# end step`) and run as the workflow would run them, with `nimcert` on PATH, a
// GITHUB_STEP_SUMMARY file and the answer cache a job restores: the protected branch's push
// (certify, the certificates unchanged, gate --full), then pull requests gated against their
// merge base: one that edits a lemma honestly passes, reusing main's answers because main's
// push vouched for them; one that adds a forged certificate (a false lemma with unsat
// answers) fails, its summary saying so.  And a push of a proof without its certificate fails
// (the old step, `git diff --exit-code`, let it through), with the reports and the evidence
// folders where the recipe's .gitignore keeps them out of git.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "certificate/certificate.hpp"
#include "pipelines/steps.hpp"
#include "command_support.hpp"
#include "forging_solvers.hpp"

namespace nimcert {
namespace {

namespace fs = std::filesystem;
using testing::CommandResult;
using testing::read_text;
using testing::run_command;

// The lines of the step `name` in docs/ci.md, dedented.
std::string recipe_step(const std::string& name) {
  return testing::marked_step(fs::path(NIMCERT_SOURCE_DIR) / "docs" / "ci.md", name);
}

const char* kLemma = R"(lemma "cancel" "a ^ b ^ b = a"
  vars a b
  prove (a ^ b ^ b) == a
  widths 8 16
  enumerate 0..15
end
lemma "shift" "a << 1 is twice a"
  vars a
  prove (a << 1) == 2 * a
  widths 8 16
  enumerate 0..15
end
)";

using testing::AlwaysUnsat;

class CiRecipe : public testing::ScratchTest {
 protected:
  void SetUp() override {
    testing::ScratchTest::SetUp();
    fs::create_directories(dir_ / "bin");
    fs::create_symlink(NIMCERT_BINARY, dir_ / "bin" / "nimcert");  // as the package installs it
  }
  CommandResult sh(const fs::path& where, const std::string& script,
                   const std::string& env = "") const {
    std::ofstream(dir_ / "step.sh") << "set -e\n" << script;
    return run_command("cd " + where.string() + " && export PATH=" + (dir_ / "bin").string() +
                       ":$PATH " + env + " && bash " + (dir_ / "step.sh").string() + " 2>&1");
  }
  void git(const fs::path& where, const std::string& args) const {
    ASSERT_EQ(run_command("cd " + where.string() + " && git -c user.name=t -c user.email=t@t " +
                          args + " 2>&1")
                  .status,
              0)
        << args;
  }
  // The proofs repository dir_/origin on main: proofs/small.proof (kLemma) certified by its
  // author (a cache of the author's own) and committed with its certificate, beside `gitignore`.
  fs::path committed_origin(const std::string& gitignore, const std::string& message) const {
    const fs::path origin = dir_ / "origin";
    fs::create_directories(origin / "proofs");
    std::ofstream(origin / "proofs" / "small.proof") << kLemma;
    if (!gitignore.empty()) std::ofstream(origin / ".gitignore") << gitignore;
    git(origin, "init -q -b main");
    EXPECT_EQ(run_command("cd " + origin.string() + " && XDG_CACHE_HOME=" +
                          (dir_ / "author").string() + " " + NIMCERT_BINARY +
                          " certify proofs/small.proof >/dev/null")
                  .status,
              0);
    git(origin, "add -A");
    git(origin, "commit -qm '" + message + "'");
    return origin;
  }
  // The pull-request step with main's saved cache restored (a copy: a PR saves nothing).
  CommandResult gate_pull_request(const fs::path& clone) const {
    fs::remove_all(dir_ / "pr-cache");
    fs::copy(dir_ / "main-cache", dir_ / "pr-cache", fs::copy_options::recursive);
    return sh(clone, recipe_step("gate-pull-request"),
              "XDG_CACHE_HOME=" + (dir_ / "pr-cache").string() +
                  " GITHUB_STEP_SUMMARY=" + (dir_ / "pr-summary.md").string() +
                  " BASE_BRANCH=main");
  }
};

TEST_F(CiRecipe, PushThenPullRequestsGatedAgainstTheirMergeBase) {
  // The proofs repository, with main's push job.
  const fs::path origin = committed_origin("", "the first lemma");
  ASSERT_FALSE(HasFailure());
  const CommandResult push =
      sh(origin, recipe_step("push-to-main"),
         "XDG_CACHE_HOME=" + (dir_ / "main-cache").string() +
             " GITHUB_STEP_SUMMARY=" + (dir_ / "push-summary.md").string());
  ASSERT_EQ(push.status, 0) << push.out;
  EXPECT_NE(read_text(dir_ / "push-summary.md").find("gate: PASS"), std::string::npos);

  // A pull request that edits one lemma and certifies it honestly: PASS, the unchanged
  // lemma's answer taken from the merge base, which main's push vouched for.
  git(dir_, "clone -q origin honest");
  const fs::path honest = dir_ / "honest";
  git(honest, "checkout -qb edit");
  std::string text = read_text(honest / "proofs" / "small.proof");
  text.replace(text.find("prove (a << 1) == 2 * a"), 23, "prove (a << 1) >= a");
  std::ofstream(honest / "proofs" / "small.proof") << text;
  ASSERT_EQ(run_command("cd " + honest.string() + " && XDG_CACHE_HOME=" +
                        (dir_ / "contributor").string() + " " + NIMCERT_BINARY +
                        " certify proofs/small.proof >/dev/null")
                .status,
            0);
  git(honest, "commit -qam 'a weaker lemma'");
  const CommandResult pass = gate_pull_request(honest);
  EXPECT_EQ(pass.status, 0) << pass.out;
  EXPECT_NE(pass.out.find(") trusted: this machine's nimcert gated it"), std::string::npos)
      << pass.out;
  EXPECT_NE(pass.out.find("answers reused: 1 from base"), std::string::npos) << pass.out;
  EXPECT_NE(read_text(dir_ / "pr-summary.md").find("gate: PASS"), std::string::npos);
  EXPECT_TRUE(fs::exists(honest / ".nimcert" / "gate-junit.xml"));

  // A pull request of two commits: a false lemma with a forged certificate, then a harmless
  // commit.  The merge base is main's commit, never the forged parent: the lemma is solved,
  // fails, and the summary says so.
  git(dir_, "clone -q origin forged");
  const fs::path forged = dir_ / "forged";
  git(forged, "checkout -qb forge");
  const std::string proof = std::string(kLemma) + R"(lemma "no-391" "falsely: 17 * 23 = 391"
  vars a b
  prove a * b != 391
  widths 8 16
  enumerate 0..15
end
)";
  std::ofstream(forged / "proofs" / "small.proof") << proof;
  const AlwaysUnsat forger;
  ProofOptions options;
  options.lemma.solvers = &forger;
  options.lemma.drat.enabled = false;  // which would leave the lemma unknown: forged "holds"
  std::ofstream(forged / "proofs" / "small.cert.json") << certificate_text(
      certify_one(proof_source(proof, (forged / "proofs" / "small.proof").string()), options));
  git(forged, "commit -qam 'a lemma, certified'");
  std::ofstream(forged / "NOTES") << "harmless\n";
  git(forged, "add -A");
  git(forged, "commit -qm 'notes'");
  const CommandResult fail = gate_pull_request(forged);
  EXPECT_EQ(fail.status, 1) << fail.out;
  EXPECT_NE(fail.out.find("  fails   lemma no-391"), std::string::npos) << fail.out;
  const std::string summary = read_text(dir_ / "pr-summary.md");
  EXPECT_NE(summary.find("gate: FAIL"), std::string::npos) << summary;
  EXPECT_NE(summary.find("no-391"), std::string::npos) << summary;
}

// The push step before issue 51: `git diff --exit-code` does not see a certificate that certify
// wrote as an untracked file.
const char* kOldPushStep = R"(nimcert certify proofs/*.proof
git diff --exit-code -- proofs
status=0
nimcert gate proofs/*.proof --full --junit gate-junit.xml --markdown gate-summary.md || status=$?
cat gate-summary.md >> "$GITHUB_STEP_SUMMARY"
exit $status
)";

TEST_F(CiRecipe, APushOfAProofWithoutItsCertificateFailsAndTheReportsAreIgnored) {
  // The repository's .gitignore, as the recipe gives it.
  const fs::path origin =
      committed_origin(recipe_step("gitignore"), "a lemma and its certificate");
  ASSERT_FALSE(HasFailure());
  // A second proof committed without its certificate.
  std::ofstream(origin / "proofs" / "second.proof") << R"(lemma "or" "a | a = a"
  vars a
  prove (a | a) == a
  widths 8
  enumerate 0..15
end
)";
  git(origin, "add proofs/second.proof");
  git(origin, "commit -qm 'a second proof, its certificate forgotten'");
  const std::string env = "XDG_CACHE_HOME=" + (dir_ / "main-cache").string() +
                          " GITHUB_STEP_SUMMARY=" + (dir_ / "push-summary.md").string();
  // The old step passes (the hole: every later pull request would then fail) ...
  git(dir_, "clone -q origin old");
  const CommandResult old = sh(dir_ / "old", kOldPushStep, env);
  EXPECT_EQ(old.status, 0) << old.out;
  // ... the recipe's step fails and names the certificate to commit.
  git(dir_, "clone -q origin new");
  const CommandResult push = sh(dir_ / "new", recipe_step("push-to-main"), env);
  EXPECT_EQ(push.status, 1) << push.out;
  EXPECT_NE(push.out.find("?? proofs/second.cert.json"), std::string::npos) << push.out;
  // Committed, the push passes; its reports and the evidence folders are ignored by git.
  git(dir_ / "new", "add proofs/second.cert.json");
  git(dir_ / "new", "commit -qm 'the certificate'");
  const CommandResult again = sh(dir_ / "new", recipe_step("push-to-main"), env);
  EXPECT_EQ(again.status, 0) << again.out;
  EXPECT_TRUE(fs::exists(dir_ / "new" / ".nimcert" / "gate-junit.xml"));
  EXPECT_TRUE(fs::exists(dir_ / "new" / "proofs" / "second.drat"));
  const CommandResult status = run_command("cd " + (dir_ / "new").string() +
                                           " && git status --porcelain --untracked-files=all");
  EXPECT_EQ(status.out, "") << status.out;
}

}  // namespace
}  // namespace nimcert
