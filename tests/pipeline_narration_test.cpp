// The pipelines run in-process, without the command line: certify and gate tell their lines,
// tables and drift to the narrator they are given, in order, and end with the status and the
// summary line the command prints; a wrong claim ends in status 1 with the failing check in the
// table it narrated, and bad input is thrown, never narrated as a verdict.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "command_support.hpp"
#include "pipelines/workflow.hpp"
#include "recording_narrator.hpp"

namespace nimcert {
namespace {

namespace fs = std::filesystem;

using testing::RecordingNarrator;

std::string nim_box(const std::string& formula) {
  return "box \"nim-2\" \"Bouton: two heaps\"\n  game nim(heaps = 2)\n  size 7\n"
         "  claim \"xor\" \"G = " +
         formula + "\": G == " + formula + "\nend\n";
}

class PipelineNarration : public testing::ScratchTest {
 protected:
  WorkflowOptions options() const {
    WorkflowOptions o;
    o.no_cache = true;
    return o;
  }
};

TEST_F(PipelineNarration, CertifyAndGateTellTheNarratorAndEndWithTheirSummaryLine) {
  const std::string proof = write("nim.proof", nim_box("x1 ^ x2")).string();
  RecordingNarrator certified;
  const Ending c = certify({proof}, "", options(), certified);
  EXPECT_EQ(c.status, 0);
  EXPECT_EQ(c.line, "certify: HOLDS (1 proof file)");
  ASSERT_EQ(certified.lines.size(), 1u);
  EXPECT_EQ(certified.lines[0], proof + ": holds (" + (dir_ / "nim.cert.json").string() + ")");
  ASSERT_EQ(certified.tables.size(), 1u);
  EXPECT_EQ(certified.tables[0]["verdict"], "holds");
  EXPECT_TRUE(fs::exists(dir_ / "nim.cert.json"));

  RecordingNarrator gated;
  const Ending g = gate({proof}, options(), gated);
  EXPECT_EQ(g.status, 0) << g.line;
  EXPECT_EQ(g.line,
            "gate: PASS (1 proof file, 4 checks hold, certificates up to date; 0 solver answers "
            "reused (no source), 0 solved)");
  ASSERT_EQ(gated.drifts.size(), 1u);
  EXPECT_TRUE(gated.drifts[0].empty());

  // The claim mutated (x1 + x2 for x1 ^ x2): the gate fails, the table it was told holds the
  // failing check, and the committed certificate has drifted.
  write("nim.proof", nim_box("x1 + x2"));
  RecordingNarrator failed;
  const Ending f = gate({proof}, options(), failed);
  EXPECT_EQ(f.status, 1);
  EXPECT_EQ(f.line.rfind("gate: FAIL (1 proof file: 1 does not hold, 1 certificate drifted", 0),
            0u)
      << f.line;
  ASSERT_EQ(failed.tables.size(), 1u);
  EXPECT_EQ(failed.tables[0]["verdict"], "fails");
  ASSERT_EQ(failed.drifts.size(), 1u);
  EXPECT_FALSE(failed.drifts[0].empty());
}

TEST_F(PipelineNarration, BadInputIsThrownNotNarrated) {
  const std::string proof = write("bad.proof", "box \"b\" \"x\"\n  game nim(heaps = 2)\n").string();
  RecordingNarrator n;
  EXPECT_THROW(certify({proof}, "", options(), n), std::exception);
  EXPECT_TRUE(n.lines.empty());
  EXPECT_TRUE(n.tables.empty());
  EXPECT_FALSE(fs::exists(dir_ / "bad.cert.json"));
}

}  // namespace
}  // namespace nimcert
