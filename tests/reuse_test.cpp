// MONA's answers and the DRAT route's outcomes reused from the local cache (issue 51, item 2):
// a warm certify runs MONA and CaDiCaL only for what changed, and its certificate is the cold
// one's.  The cache's entries are signed and keyed by everything the outcome depends on: an
// edited entry, an altered proof text, another MONA version are each a miss, never an answer.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "base/sha256.hpp"
#include "checks/answer_cache.hpp"
#include "checks/reusing_mona.hpp"
#include "command_support.hpp"

namespace nimcert {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::ordered_json;

class Reuse : public testing::ScratchTest {
 protected:
  AnswerCache cache() const { return AnswerCache(dir_ / "cache", "z3", 0, "cvc5"); }
  // A binary named `name` in dir_/bin that logs its arguments to dir_/NAME.log and runs the
  // real one.
  void wrap(const std::string& name) const {
    fs::create_directories(dir_ / "bin");
    const fs::path p = dir_ / "bin" / name;
    std::ofstream(p) << "#!/bin/sh\necho \"$@\" >> " << (dir_ / (name + ".log")).string()
                     << "\nexec /usr/bin/" << name << " \"$@\"\n";
    fs::permissions(p, fs::perms::owner_all);
  }
  // Runs of `name` on a program or CNF so far (its version queries not counted).
  std::size_t runs(const std::string& name) const {
    std::ifstream in(dir_ / (name + ".log"));
    std::size_t n = 0;
    for (std::string line; std::getline(in, line);)
      n += name == "mona" ? line.find("-q -s") != std::string::npos
                          : line.find("--no-binary") != std::string::npos;
    return n;
  }
  testing::CommandResult certify(const std::string& args) const {
    return testing::run_command("cd " + dir_.string() + " && PATH=" + (dir_ / "bin").string() +
                                ":$PATH XDG_CACHE_HOME=" + (dir_ / ".cache").string() + " " +
                                NIMCERT_BINARY + " certify " + args + " 2>&1");
  }
};

smt::MonaQuery query(const std::string& text) {
  smt::MonaQuery q;
  q.variables = {"a", "b"};
  q.text = text;
  return q;
}

TEST_F(Reuse, MonasAnswersRoundTripSignedAndKeyedByEverythingTheyDependOn) {
  const AnswerCache c = cache();
  smt::MonaRun valid;
  valid.answer = smt::MonaRun::Answer::Valid;
  valid.states = 12;
  valid.bdd_nodes = 40;
  valid.seconds = 13.5;
  c.store_mona(query("program 1"), 60000, 1 << 30, "1.4-18", valid);
  const std::optional<smt::MonaRun> back = c.find_mona(query("program 1"), 60000, 1 << 30, "1.4-18");
  ASSERT_TRUE(back);
  EXPECT_EQ(back->answer, smt::MonaRun::Answer::Valid);
  EXPECT_EQ(back->states, 12u);
  EXPECT_EQ(back->bdd_nodes, 40u);
  EXPECT_EQ(back->seconds, 0);  // nothing ran
  // Another program, version, limit or numeration: no answer.
  EXPECT_FALSE(c.find_mona(query("program 2"), 60000, 1 << 30, "1.4-18"));
  EXPECT_FALSE(c.find_mona(query("program 1"), 60000, 1 << 30, "1.4-17"));
  EXPECT_FALSE(c.find_mona(query("program 1"), 5000, 1 << 30, "1.4-18"));
  EXPECT_FALSE(c.find_mona(query("program 1"), 60000, 1 << 20, "1.4-18"));
  smt::MonaQuery fibonacci = query("program 1");
  fibonacci.numeration = smt::Numeration::Fibonacci;
  EXPECT_FALSE(c.find_mona(fibonacci, 60000, 1 << 30, "1.4-18"));

  // A counterexample keeps its values (the caller re-checks them as a fresh one's).
  smt::MonaRun refuted;
  refuted.answer = smt::MonaRun::Answer::Counterexample;
  refuted.counterexample = {{"a", "18446744073709551616"}, {"b", "0"}};
  c.store_mona(query("program 3"), 60000, 1 << 30, "1.4-18", refuted);
  const auto cx = c.find_mona(query("program 3"), 60000, 1 << 30, "1.4-18");
  ASSERT_TRUE(cx);
  EXPECT_EQ(cx->answer, smt::MonaRun::Answer::Counterexample);
  EXPECT_EQ(cx->counterexample, refuted.counterexample);

  // "valid" written over "counterexample" by hand: the signature fails, the entry is ignored.
  const fs::path entry = c.entry_path(c.mona_key_of(query("program 3"), 60000, 1 << 30, "1.4-18"));
  std::string text = testing::read_text(entry);
  const auto at = text.find("\"counterexample\",");
  ASSERT_NE(at, std::string::npos) << text;
  text.replace(at, std::string("\"counterexample\",").size(), "\"valid\",");
  std::ofstream(entry) << text;
  EXPECT_FALSE(c.find_mona(query("program 3"), 60000, 1 << 30, "1.4-18"));
  EXPECT_EQ(c.ignored(), 1u);
}

TEST_F(Reuse, ADratRoutesTextsAreReadBackOnlyWithTheRecordedDigests) {
  const AnswerCache c = cache();
  DratRoute route;
  route.status = DratRoute::kChecked;
  route.proof = "1 0\n0\n";
  route.cnf = "p cnf 1 2\n1 0\n-1 0\n";
  // The digests as the route computes them.
  route.proof_sha256 = Sha256::of(route.proof);
  route.proof_bytes = route.proof.size();
  route.cnf_sha256 = Sha256::of(route.cnf);
  route.cnf_bytes = route.cnf.size();
  route.lemmas = 1;
  route.core_lemmas = 1;
  const DratOptions options;
  c.store_drat("(assert false)", options, "cadical 1; nimcert x", route);
  std::optional<DratRoute> back = c.find_drat("(assert false)", options, "cadical 1; nimcert x");
  ASSERT_TRUE(back);
  EXPECT_EQ(back->status, DratRoute::kChecked);
  EXPECT_EQ(back->proof, route.proof);
  EXPECT_EQ(back->cnf, route.cnf);
  EXPECT_EQ(back->lemmas, 1u);
  // Another build of the checkers, another limit: no outcome.
  EXPECT_FALSE(c.find_drat("(assert false)", options, "cadical 1; nimcert y"));
  DratOptions tighter = options;
  tighter.check_visits = 1000;
  EXPECT_FALSE(c.find_drat("(assert false)", tighter, "cadical 1; nimcert x"));
  DratOptions fewer = options;  // CaDiCaL's conflict limit is part of the key too
  fewer.conflicts = options.conflicts - 1;
  EXPECT_FALSE(c.find_drat("(assert false)", fewer, "cadical 1; nimcert x"));
  // The proof text altered (same length): a miss, so the route runs again.
  const fs::path proof = dir_ / "cache" / "texts" / route.proof_sha256.substr(0, 2) /
                         route.proof_sha256;
  ASSERT_TRUE(fs::exists(proof));
  std::ofstream(proof) << "2 0\n0\n";
  EXPECT_FALSE(c.find_drat("(assert false)", options, "cadical 1; nimcert x"));
  fs::remove(proof);
  EXPECT_FALSE(c.find_drat("(assert false)", options, "cadical 1; nimcert x"));
}

TEST(RecordedMona, ABaseCertificatesValidAnswersAndItsMonaVersion) {
  const Json c = Json::parse(R"({"solvers": {"mona": {"version": "1.4-18"}},
    "lemmas": [{"unbounded": {"mona_sha256": "aa", "answer": "valid",
                              "largest_automaton": {"states": 7, "bdd_nodes": 9}}},
               {"unbounded": {"mona_sha256": "bb", "answer": "counterexample"}}],
    "induction": [{"unbounded": {"obligations": [{"mona_sha256": "cc", "answer": "valid"}]}}]})");
  const RecordedMonaAnswers r = recorded_mona_answers(c);
  EXPECT_EQ(r.mona_version, "1.4-18");
  ASSERT_EQ(r.valid.size(), 2u);
  EXPECT_EQ(r.valid.at("aa").states, 7u);
  EXPECT_EQ(r.valid.at("aa").answer, smt::MonaRun::Answer::Valid);
  EXPECT_TRUE(r.valid.count("cc"));
  EXPECT_FALSE(r.valid.count("bb"));  // only "valid" is taken from a base
  EXPECT_TRUE(recorded_mona_answers(Json::parse(R"({"lemmas": []})")).valid.empty());
}

// A three-heap induction and a lemma: the warm certify after one lemma is added runs MONA and
// CaDiCaL for that lemma only, and everything else in the certificate is as the cold run wrote.
TEST_F(Reuse, AWarmCertifyRunsMonaAndCadicalOnlyForWhatChanged) {
  wrap("mona");
  wrap("cadical");
  const std::string proof = R"P(game take13 heaps 3
  move "take from x1" for 1 <= t <= 3 when t <= x1 to (x1 - t, x2, x3)
  move "take from x2" for 1 <= t <= 3 when t <= x2 to (x1, x2 - t, x3)
  move "take from x3" for 1 <= t <= 3 when t <= x3 to (x1, x2, x3 - t)
end
def mod4(a, b, c) = (a % 4) ^ (b % 4) ^ (c % 4)
box "s13" "take 1 to 3 from a heap"
  game take13 size 8
  claim "mod-4" "G = (x1 mod 4) ^ (x2 mod 4) ^ (x3 mod 4)": G == mod4(x1, x2, x3)
end
induction "mod-4" "the value, by induction on the rank"
  widths 8
end
lemma "xor" "a ^ a == 0"
  vars a
  prove (a ^ a) == 0
  widths 8 16
  enumerate 0..15
end
)P";
  write("p.proof", proof);
  const testing::CommandResult cold = certify("p.proof");
  ASSERT_EQ(cold.status, 0) << cold.out;
  const std::size_t mona_cold = runs("mona"), cadical_cold = runs("cadical");
  EXPECT_GE(mona_cold, 8u);  // the lemma and the induction's obligations
  EXPECT_GE(cadical_cold, 5u);
  const Json first = Json::parse(testing::read_text(dir_ / "p.cert.json"));

  write("p.proof", proof + R"(lemma "or" "a | a == a"
  vars a
  prove (a | a) == a
  widths 8 16
  enumerate 0..15
end
)");
  const testing::CommandResult warm = certify("p.proof");
  ASSERT_EQ(warm.status, 0) << warm.out;
  EXPECT_EQ(runs("mona") - mona_cold, 1u) << warm.out;        // the new lemma's statement
  EXPECT_EQ(runs("cadical") - cadical_cold, 1u) << warm.out;  // its widest width's CNF
  EXPECT_NE(warm.out.find(fmt::format("MONA: {} answers reused from the cache, 1 decided now",
                                      mona_cold)),
            std::string::npos)
      << warm.out;
  const Json second = Json::parse(testing::read_text(dir_ / "p.cert.json"));
  EXPECT_EQ(first.at("induction").dump(), second.at("induction").dump());
  EXPECT_EQ(first.at("lemmas").at(0).dump(), second.at("lemmas").at(0).dump());
  ASSERT_EQ(second.at("lemmas").size(), 2u);
  EXPECT_EQ(second.at("lemmas").at(1).at("drat").at("status"), "checked");
  // The evidence beside it is there and is what the certificate records.
  const testing::CommandResult verify = testing::run_command(
      "cd " + dir_.string() + " && " + NIMCERT_BINARY + " verify --independent p.cert.json 2>&1");
  EXPECT_EQ(verify.status, 0) << verify.out;

  // The gate takes MONA's answers and the DRAT routes from the same cache: nothing runs.
  const std::size_t mona_before_gate = runs("mona"), cadical_before_gate = runs("cadical");
  const testing::CommandResult gate = testing::run_command(
      "cd " + dir_.string() + " && PATH=" + (dir_ / "bin").string() + ":$PATH XDG_CACHE_HOME=" +
      (dir_ / ".cache").string() + " " + NIMCERT_BINARY + " gate p.proof 2>&1");
  EXPECT_EQ(gate.status, 0) << gate.out;
  EXPECT_NE(gate.out.find(fmt::format("MONA: {} answers reused from the same sources, 0 decided now",
                                      mona_cold + 1)),
            std::string::npos)
      << gate.out;
  EXPECT_EQ(runs("mona"), mona_before_gate);
  EXPECT_EQ(runs("cadical"), cadical_before_gate);

  // --no-cache: everything runs again.
  const testing::CommandResult cold_again = certify("--no-cache p.proof");
  ASSERT_EQ(cold_again.status, 0) << cold_again.out;
  EXPECT_GE(runs("mona"), 2 * mona_cold + 1);
}

}  // namespace
}  // namespace nimcert
