// Exhaustive blocks reused from the local cache (issue 52, item 1): a warm run takes an
// unchanged cube's, box's or sequence's report from the cache, and its certificate is the cold
// run's, byte for byte.  What the key leaves out can change nothing: an edited claim, game,
// definition, range or option, another binary, an edited or foreign entry are each a miss, and
// the block is computed again (a mutant then fails with its counterexample, computed now).
#include "checks/reusing_exhaustive.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "certificate/certificate.hpp"
#include "certificate/kinds/kinds.hpp"
#include "checks/answer_cache.hpp"
#include "checks/exhaustive_record.hpp"
#include "command_support.hpp"
#include "committed_proof.hpp"

namespace nimcert {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::ordered_json;

// A cube over nim's three heaps with a claim through a definition, a box, a sequence of
// Kayles, and a lemma (which no exhaustive block reads).
const std::string kProof = R"(game nim(heaps = 3)
cube 12
def xor3(a, b, c) = a ^ b ^ c
claim "xor" "G is the xor of the heaps": G == xor3(x1, x2, x3)

game kayles octal "0.77"

box "nim-2" "two heaps"
  game nim(heaps = 2)
  size 20
  claim "xor-2" "G = x1 ^ x2": G == x1 ^ x2
end

sequence "kayles" "Kayles to 2000"
  game kayles
  last 2000
  claim "period 12 from 71" "Guy and Smith": periodic from 71 period 12
end

lemma "self" "a ^ a = 0"
  vars a
  prove (a ^ a) == 0
  widths 8
  enumerate 0..15
end
)";

using testing::replaced;

class ReusingExhaustiveBlocks : public testing::ScratchTest {
 protected:
  AnswerCache cache() const { return AnswerCache(dir_ / "cache", "z3", 0, "cvc5"); }
  // The claims of `text` checked (no solver runs) with reports reused through `reuse`.
  static ProofReport check(const std::string& text, const ReusingExhaustive* reuse,
                           ProofOptions options = {}) {
    options.claims_only = true;
    options.exhaustive = reuse;
    return check_proof(proof_source(text, "t.proof"), options);
  }
  static std::string stable(const ProofReport& report) {
    return certificate_text(stable_part(make_certificate(report, RunInfo{})));
  }
};

TEST_F(ReusingExhaustiveBlocks, AWarmRunReusesEveryBlockAndWritesTheColdCertificate) {
  const AnswerCache c = cache();
  const ReusingExhaustive cold(c, "build-a");
  const ProofReport first = check(kProof, &cold);
  EXPECT_EQ(first.verdict(), Verdict::Holds);
  EXPECT_TRUE(first.reused.empty());
  EXPECT_EQ(cold.computed(), 3u);
  EXPECT_EQ(cold.reused(), 0u);

  const ReusingExhaustive warm(c, "build-a");
  const ProofReport second = check(kProof, &warm);
  EXPECT_EQ(second.reused,
            (std::vector<std::string>{"exhaustive", "box nim-2", "sequence kayles"}));
  EXPECT_EQ(warm.reused(), 3u);
  EXPECT_EQ(warm.computed(), 0u);
  EXPECT_EQ(stable(second), stable(first));
  EXPECT_EQ(stable(check(kProof, nullptr)), stable(first));  // and a run without a cache
  // The run says which blocks came from the cache, and every row of theirs says so.
  const Json certificate = make_certificate(second, RunInfo{});
  EXPECT_EQ(certificate.at("run").at("reused"),
            (Json{{"exhaustive", "cache"}, {"box nim-2", "cache"}, {"sequence kayles", "cache"}}));
  std::size_t marked = 0;
  for (const Entry& e : entries_of(certificate))
    for (const EntryRow& r : e.rows) marked += r.reused_from == "cache";
  EXPECT_EQ(marked, 3u);  // claim xor, box claim xor-2, the sequence's periodicity
  EXPECT_FALSE(make_certificate(first, RunInfo{}).at("run").contains("reused"));
}

TEST_F(ReusingExhaustiveBlocks, AnEditedBlockIsComputedAgainAndAMutantFailsWithItsCounterexample) {
  const AnswerCache c = cache();
  const ReusingExhaustive fill(c, "build-a");
  check(kProof, &fill);

  // A wrong box claim: the box alone is computed, and fails at its first position.
  {
    const ReusingExhaustive warm(c, "build-a");
    const ProofReport r = check(replaced(kProof, "G == x1 ^ x2", "G == x1 | x2"), &warm);
    EXPECT_EQ(r.reused, (std::vector<std::string>{"exhaustive", "sequence kayles"}));
    ASSERT_EQ(r.boxes.size(), 1u);
    EXPECT_EQ(r.boxes[0].verdict(), Verdict::Fails);
    ASSERT_TRUE(r.boxes[0].claims[0].counterexample);
    EXPECT_EQ(r.boxes[0].claims[0].counterexample->position, (Position{1, 1}));
    EXPECT_EQ(warm.computed(), 1u);
  }
  // A wrong period: the sequence is computed and fails.
  {
    const ReusingExhaustive warm(c, "build-a");
    const ProofReport r = check(replaced(kProof, "from 71 period 12", "from 70 period 12"), &warm);
    EXPECT_EQ(r.reused, (std::vector<std::string>{"exhaustive", "box nim-2"}));
    EXPECT_EQ(r.sequences.at(0).verdict(), Verdict::Fails);
  }
  // A definition the cube's claim calls: every block is computed (each reads every def), and
  // the cube's claim fails at (3,0,0), where the mutant claims 2 and G is 3.
  {
    const ReusingExhaustive warm(c, "build-a");
    const ProofReport r = check(replaced(kProof, "= a ^ b ^ c", "= a ^ b ^ c ^ (a == 3)"), &warm);
    EXPECT_TRUE(r.reused.empty());
    ASSERT_TRUE(r.cube);
    EXPECT_EQ(r.cube->verdict(), Verdict::Fails);
    ASSERT_TRUE(r.cube->claims[0].counterexample);
    EXPECT_EQ(r.cube->claims[0].counterexample->position, (Position{3, 0, 0}));
    EXPECT_EQ(r.cube->claims[0].counterexample->grundy, 3u);
  }
  // A larger cube through the option, or a larger box: computed again, and holds.
  {
    const ReusingExhaustive warm(c, "build-a");
    ProofOptions options;
    options.cube = 13;
    const ProofReport r = check(replaced(kProof, "size 20", "size 21"), &warm, options);
    EXPECT_EQ(r.reused, (std::vector<std::string>{"sequence kayles"}));
    EXPECT_EQ(r.cube->n, 13u);
    EXPECT_EQ(r.boxes.at(0).positions, 22u * 22u);
    EXPECT_EQ(r.verdict(), Verdict::Holds);
  }
  // A lemma's text is no block's input: everything is reused.
  {
    const ReusingExhaustive warm(c, "build-a");
    const ProofReport r = check(replaced(kProof, "enumerate 0..15", "enumerate 0..31"), &warm);
    EXPECT_EQ(r.reused.size(), 3u);
  }
  // A failing block is never kept: its mutant is computed again on the next run too.
  {
    const ReusingExhaustive again(c, "build-a");
    check(replaced(kProof, "G == x1 ^ x2", "G == x1 | x2"), &again);
    EXPECT_EQ(again.computed(), 1u);
  }
}

TEST_F(ReusingExhaustiveBlocks, AnotherBinaryOrAnEditedOrForeignEntryIsAMiss) {
  const AnswerCache c = cache();
  const ReusingExhaustive fill(c, "build-a");
  const ProofReport cold = check(kProof, &fill);

  const ReusingExhaustive other(c, "build-b");  // another binary's engines
  EXPECT_TRUE(check(kProof, &other).reused.empty());

  // The box's entry edited by hand (its positions), its HMAC left: a miss, computed again.
  const ProofSource source = proof_source(kProof, "t.proof");
  const fs::path entry = c.entry_path(fill.key_of(box_inputs(source, 0)));
  ASSERT_TRUE(fs::exists(entry));
  std::string text = testing::read_text(entry.string());
  text = replaced(text, "\"positions\":441", "\"positions\":442");
  std::ofstream(entry) << text;
  const ReusingExhaustive warm(c, "build-a");
  ProofReport r = check(kProof, &warm);
  EXPECT_EQ(r.reused, (std::vector<std::string>{"exhaustive", "sequence kayles"}));
  EXPECT_EQ(r.boxes.at(0).positions, 441u);
  EXPECT_GE(c.ignored(), 1u);

  // An entry signed by this cache that does not read as a report that holds (no case
  // examined): refused, and the block computed.
  Json record = exhaustive_record(cold.boxes.at(0));
  record["claims"][0]["cases"] = 0;
  c.store_exhaustive(fill.key_of(box_inputs(source, 0)), record);
  const ReusingExhaustive refused(c, "build-a");
  r = check(kProof, &refused);
  EXPECT_EQ(r.reused, (std::vector<std::string>{"exhaustive", "sequence kayles"}));
  EXPECT_EQ(r.boxes.at(0).verdict(), Verdict::Holds);

  // A certificate's own record is never an entry: a cache with another key ignores it.
  const AnswerCache foreign(dir_ / "foreign", "z3", 0, "cvc5");
  fs::create_directories(foreign.entry_path("x").parent_path().parent_path());
  fs::copy(dir_ / "cache" / "answers", dir_ / "foreign" / "answers",
           fs::copy_options::recursive | fs::copy_options::overwrite_existing);
  const ReusingExhaustive elsewhere(foreign, "build-a");
  EXPECT_TRUE(check(kProof, &elsewhere).reused.empty());
}

TEST_F(ReusingExhaustiveBlocks, EachBlocksInputsAreItsTextTheGamesDefinitionsAndOptions) {
  const ProofSource source = proof_source(kProof, "t.proof");
  const ProofSource other_sequence =
      proof_source(replaced(kProof, "last 2000", "last 2001"), "t.proof");
  const ProofSource moved = proof_source("\n# a comment\n" + kProof, "t.proof");
  ProofOptions options;
  EXPECT_EQ(box_inputs(other_sequence, 0), box_inputs(source, 0));
  EXPECT_NE(sequence_inputs(other_sequence, 0, options), sequence_inputs(source, 0, options));
  EXPECT_EQ(cube_inputs(other_sequence, options), cube_inputs(source, options));
  // Lines moved down: the same inputs (no report records a line).
  EXPECT_EQ(box_inputs(moved, 0), box_inputs(source, 0));
  // The cube's option and the misère limits are inputs.
  ProofOptions larger;
  larger.cube = 12;
  EXPECT_NE(cube_inputs(source, larger), cube_inputs(source, options));
  larger.misere.quotient_elements = 4097;
  EXPECT_NE(sequence_inputs(source, 0, larger), sequence_inputs(source, 0, options));
  // The box's text is its own, from its keyword to the next declaration.
  const std::string box = box_inputs(source, 0);
  EXPECT_NE(box.find("box \"nim-2\""), std::string::npos);
  EXPECT_NE(box.find("def xor3"), std::string::npos);
  EXPECT_NE(box.find("game kayles octal"), std::string::npos);
  EXPECT_EQ(box.find("sequence \"kayles\""), std::string::npos);
  EXPECT_EQ(box.find("lemma"), std::string::npos);
}

// The commands: certify and gate take the blocks from the cache and say so in every reused row
// and in their last lines; --no-cache and gate --full compute them all.
TEST_F(ReusingExhaustiveBlocks, CertifyAndGateSayWhatTheyReusedAndFullRunsReuseNothing) {
  const std::string blocks = kProof.substr(0, kProof.find("lemma \"self\""));  // no solver
  write("t.proof", blocks);
  const testing::CommandResult cold = nimcert("certify t.proof");
  ASSERT_EQ(cold.status, 0) << cold.out;
  EXPECT_EQ(cold.out.find("reused from the cache"), std::string::npos) << cold.out;
  const Json first = Json::parse(testing::read_text((dir_ / "t.cert.json").string()));

  const testing::CommandResult warm = nimcert("certify t.proof");
  ASSERT_EQ(warm.status, 0) << warm.out;
  EXPECT_NE(warm.out.find("t.cert.json unchanged"), std::string::npos) << warm.out;
  EXPECT_NE(warm.out.find("exhaustive blocks: 3 reused from the cache"), std::string::npos)
      << warm.out;
  std::size_t rows = 0;
  for (std::size_t at = 0;
       (at = warm.out.find("cache (this binary's report on", at)) != std::string::npos; ++at)
    ++rows;
  EXPECT_EQ(rows, 3u) << warm.out;  // claim xor, box claim xor-2, the sequence's period
  EXPECT_EQ(stable_part(Json::parse(testing::read_text((dir_ / "t.cert.json").string()))),
            stable_part(first));

  for (const std::string full : {"certify --no-cache t.proof", "gate --full t.proof"}) {
    const testing::CommandResult r = nimcert(full);
    EXPECT_EQ(r.status, 0) << full << "\n" << r.out;
    EXPECT_EQ(r.out.find("reused from the cache"), std::string::npos) << full << "\n" << r.out;
  }
  const testing::CommandResult gate = nimcert("gate t.proof");
  EXPECT_EQ(gate.status, 0) << gate.out;
  EXPECT_NE(gate.out.find("exhaustive blocks: 3 reused from the cache"), std::string::npos)
      << gate.out;
}

TEST(ExhaustiveRecord, OnlyAReportThatHoldsIsKept) {
  CubeReport failing;
  failing.n = 2;
  failing.positions = 27;
  ClaimOutcome claim;
  claim.name = "c";
  claim.cases = 27;
  claim.failures.add({1, 0, 0});
  settle_claim(claim);
  failing.claims.push_back(claim);
  EXPECT_THROW(exhaustive_record(failing), std::logic_error);
  EXPECT_THROW(exhaustive_record(CubeReport{}), std::logic_error);  // no position: unknown
}

// On the committed proofs, the record read back gives the certificate's own JSON for every
// box and sequence: misère quotients, Levine's named checks, Guy-Smith windows, boxes' checks.
TEST(ExhaustiveRecord, ReadsBackToTheSameCertificateOnCommittedProofs) {
  std::size_t blocks = 0;
  for (const std::string name : {"levine-2004.proof", "misere-kayles.proof", "wythoff.proof",
                                 "misere-nim.proof", "lasker.proof", "kayles.proof"}) {
    ProofOptions options;
    options.claims_only = true;
    const ProofReport report = check_proof(proof_source(testing::committed(name), name), options);
    for (const BoxReport& b : report.boxes) {
      if (b.verdict() != Verdict::Holds) continue;
      BoxReport back;
      read_exhaustive_record(exhaustive_record(b), back);
      back.seconds = b.seconds;
      EXPECT_EQ(box_json(back), box_json(b)) << name << " " << b.name;
      ++blocks;
    }
    for (const SequenceReport& q : report.sequences) {
      SequenceReport back;
      read_exhaustive_record(exhaustive_record(q), back);
      back.seconds = q.seconds;
      EXPECT_EQ(sequence_json(back), sequence_json(q)) << name << " " << q.name;
      ++blocks;
    }
  }
  EXPECT_GE(blocks, 15u);
}

}  // namespace
}  // namespace nimcert
