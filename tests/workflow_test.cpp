// The certificate workflow: certify, verify and gate on a small proof of their own, with the
// failures they exist to catch (a hand-edited certificate, a forged verdict, a new lemma, a
// truncated file, a time limit reached) and the second solver actually running.
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <signal.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <thread>

#include "base/memory_budget.hpp"
#include "base/sha256.hpp"
#include "certificate/certificate.hpp"
#include "certificate/committed_answers.hpp"
#include "checks/answer_cache.hpp"
#include "checks/lemma_check.hpp"
#include "checks/proof_input.hpp"
#include "claims/manabe_claims.hpp"
#include "command_support.hpp"
#include "engines/cube_engine.hpp"
#include "lang/proof_file.hpp"
#include "solve/cvc5_replay.hpp"
#include "solve/z3_backend.hpp"

namespace nimcert {
namespace {

namespace fs = std::filesystem;
using testing::CommandResult;
using Json = nlohmann::ordered_json;

// A small proof: one claim on a small cube, two lemmas.
const char* kSmallProof = R"(game amalgamation(merge_min = 2)
cube 12
def u(x) = x >> 1
def edge(a, b) = u(a) > 0 && u(b) > 0 && (u(a) & u(b)) == 0
def edges(x1, x2, x3) = edge(x1, x2) + edge(x2, x3) + edge(x1, x3)
def delta(x1, x2, x3) = edges(x1, x2, x3) == 1 || edges(x1, x2, x3) == 2
claim "formula-4" "G = x1 ^ x2 ^ x3 ^ delta": G == x1 ^ x2 ^ x3 ^ delta(x1, x2, x3)
lemma "xor-cancels" "a ^ b ^ b = a"
  vars a b
  prove (a ^ b ^ b) == a
  widths 8 16
  enumerate 0..15
end
lemma "half" "u(2v + 1) = v"
  vars v
  prove u(2 * v + 1) == v
  widths 8 16
  enumerate 0..255
end
)";

class WorkflowTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = testing::scratch_dir(::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::create_directories(dir_ / "certs");
    write(proof(), kSmallProof);
  }
  void TearDown() override { fs::remove_all(dir_); }

  fs::path proof() const { return dir_ / "certs" / "small.proof"; }
  fs::path certificate() const { return dir_ / "certs" / "small.cert.json"; }
  static void write(const fs::path& p, const std::string& text) { std::ofstream(p) << text; }
  static std::string read(const fs::path& p) { return testing::read_text(p); }

  // nimcert run in the scratch folder (so that the default certs/ is the scratch one).
  CommandResult nimcert(const std::string& args) const { return testing::nimcert_in(dir_, args); }
  // Rewrites the certificate with `edit` applied, optionally re-sealing its digest the way a
  // careful forger would.
  void edit_certificate(const std::function<void(Json&)>& edit, bool reseal) const {
    Json c = Json::parse(read(certificate()));
    edit(c);
    if (reseal) c["stable_sha256"] = stable_digest(c);
    write(certificate(), certificate_text(c));
  }

  fs::path dir_;
};

TEST_F(WorkflowTest, GatePassesOnFreshCertificatesAndReportsEveryCheck) {
  ASSERT_EQ(nimcert("certify").status, 0);
  const CommandResult r = nimcert("gate --junit gate.xml --markdown gate.md");
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_EQ(testing::last_line(r.out).rfind("gate: PASS", 0), 0u) << r.out;
  const std::string xml = read(dir_ / "gate.xml");
  // The preset of amalgamation (its moves on the box, the engine, the built-in engine) + 1 claim
  // + 2 lemmas x (w8, implied by w16; w16 x 2 solvers; 1 enumeration; MONA; nimcert's
  // automata; the DRAT proof at w16) = 18 test cases.
  EXPECT_NE(xml.find("tests=\"18\" failures=\"0\""), std::string::npos) << xml;
  EXPECT_NE(xml.find("name=\"lemma half: drat w16\""), std::string::npos) << xml;
  EXPECT_NE(xml.find("name=\"lemma half: w8\""), std::string::npos) << xml;
  EXPECT_EQ(xml.find("name=\"lemma half: z3 w8\""), std::string::npos) << xml;
  EXPECT_NE(xml.find("name=\"rules amalgamation(merge_min=2): the built-in engine\""),
            std::string::npos)
      << xml;
  EXPECT_NE(xml.find("name=\"lemma half: mona, every natural\""), std::string::npos) << xml;
  // Each test case with the time its run recorded (a claim: its cube's).
  EXPECT_NE(xml.find("name=\"lemma half: cvc5 w16\" time=\""), std::string::npos) << xml;
  EXPECT_NE(xml.find("name=\"claim formula-4 on [0,12]^3\" time=\""), std::string::npos) << xml;
  const std::string md = read(dir_ / "gate.md");
  EXPECT_NE(md.find("**gate: PASS"), std::string::npos);
  // Every row with its answer and time, at the terminal's granularity.
  EXPECT_NE(md.find("| small.proof | lemma half: cvc5 w16 | holds | 0."), std::string::npos) << md;
}

TEST_F(WorkflowTest, OnlyClaimsRunsNoSolverWritesNothingAndSaysWhatWasLeft) {
  const CommandResult holds = nimcert("certify --only claims");
  EXPECT_EQ(holds.status, 0) << holds.out;
  EXPECT_FALSE(fs::exists(certificate()));
  EXPECT_EQ(holds.out.find("lemma"), holds.out.find("(--only claims): 2 lemmas not checked") + 19)
      << "no lemma row, only the line saying they were not checked:\n"
      << holds.out;
  EXPECT_EQ(testing::last_line(holds.out),
            "certify: HOLDS (1 proof file; not everything was checked, so no certificate was "
            "written)");
  // A wrong formula: G = x1 ^ x2 ^ x3 fails where delta = 1, counted independently.
  std::string wrong = kSmallProof;
  const std::string claim = "G == x1 ^ x2 ^ x3 ^ delta(x1, x2, x3)";
  wrong.replace(wrong.find(claim), claim.size(), "G == x1 ^ x2 ^ x3");
  write(proof(), wrong);
  std::uint64_t failures = 0;
  for (Heap x = 0; x <= 12; ++x)
    for (Heap y = 0; y <= 12; ++y)
      for (Heap z = 0; z <= 12; ++z) failures += manabe_delta(x, y, z);
  const CommandResult fails = nimcert("certify --only claims");
  EXPECT_EQ(fails.status, 1) << fails.out;
  EXPECT_NE(fails.out.find(fmt::format("fails at {} of 2197 positions, the first 10 (0,2,4) "
                                       "(0,2,5) (0,2,8)",
                                       failures)),
            std::string::npos)
      << fails.out;
  EXPECT_FALSE(fs::exists(certificate()));
  EXPECT_NE(nimcert("certify --only lemmas").status, 0);  // claims is the only part offered
}

TEST_F(WorkflowTest, FailFastStopsAtTheFirstFailingCheckAndWritesNothing) {
  std::string wrong = kSmallProof;
  const std::string claim = "G == x1 ^ x2 ^ x3 ^ delta(x1, x2, x3)";
  wrong.replace(wrong.find(claim), claim.size(), "G == x1 ^ x2 ^ x3");
  write(proof(), wrong);
  const CommandResult r = nimcert("certify --fail-fast");
  EXPECT_EQ(r.status, 1) << r.out;
  EXPECT_NE(r.out.find("fails   claim formula-4"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("lemma"), std::string::npos) << "no lemma ran:\n" << r.out;
  EXPECT_NE(r.out.find("(stopped at the first failing check (--fail-fast))"), std::string::npos)
      << r.out;
  EXPECT_FALSE(fs::exists(certificate()));
  // Without a failure --fail-fast changes nothing: the certificate is written.
  write(proof(), kSmallProof);
  EXPECT_EQ(nimcert("certify --fail-fast").status, 0);
  EXPECT_TRUE(fs::exists(certificate()));
}

TEST_F(WorkflowTest, ShowRendersACertificateAsTextAndMarkdownWithoutRerunningIt) {
  ASSERT_EQ(nimcert("certify").status, 0);
  const Json c = Json::parse(read(certificate()));
  const std::string sha = c["lemmas"][1]["smt"][1]["smt2_sha256"];  // lemma half at w16
  const CommandResult text = nimcert("show certs/small.cert.json");
  EXPECT_EQ(text.status, 0) << text.out;
  for (const std::string& expected :
       {std::string("nimcert certificate: small.proof  [holds]"),
        std::string("claim formula-4  [holds]"), std::string("lemma half  [holds]"),
        std::string("cube [0,12]^3; positions 2197"),
        std::string("Scope: every natural (MONA and nimcert's automata), and every variable "
                    "below 2^w for w in {16} "
                    "(Z3 and cvc5, tried after MONA's proof under 5000 ms a query), hence for w "
                    "in {8} too"),
        std::string("implied by w = 16: its domain (every variable < 2^8) lies inside w = 16's, "
                    "where Z3 and cvc5 proved every query; not solved here")})
    EXPECT_NE(text.out.find(expected), std::string::npos) << expected << "\n" << text.out;
  // The summary first: what holds on which domain, before the statement and the checks.
  const std::size_t summary = text.out.find("\nSummary\n");
  ASSERT_NE(summary, std::string::npos) << text.out;
  EXPECT_LT(summary, text.out.find("\nStatement\n"));
  EXPECT_NE(text.out.find("holds   lemma half", summary), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("holds   claim formula-4", summary), std::string::npos) << text.out;
  // A row of the Queries section: from the file it names to the end of its line.
  const auto row_of = [&](const std::string& file) {
    const std::size_t at = text.out.find(file);
    return at == std::string::npos ? std::string() : text.out.substr(at, text.out.find('\n', at) - at);
  };
  // The query's row: its file and sha256; the DRAT proof's: its file beside the certificate
  // and the SHA-256 of its text.
  EXPECT_NE(row_of("small/half-w16.smt2 ").find(sha), std::string::npos) << text.out;
  const std::string proof_sha = c["lemmas"][1]["drat"]["proof"]["sha256"];
  EXPECT_NE(row_of("small.drat/half-w16.drat (beside the certificate)").find(proof_sha),
            std::string::npos)
      << text.out;
  EXPECT_NE(text.out.find("Routes: Z3 and cvc5 at w = 16 (implying w = 8); a DRAT proof at w = "
                          "16 checked by nimcert; MONA for every natural; nimcert's automata for "
                          "every natural (1 pair of states); the enumeration of [0,255]."),
            std::string::npos)
      << text.out;
  const CommandResult md = nimcert("show --format markdown certs/small.cert.json");
  EXPECT_EQ(md.status, 0);
  EXPECT_NE(md.out.find("### lemma half — **holds**"), std::string::npos) << md.out;
  EXPECT_NE(md.out.find("| lemma half: cvc5 w16 | holds |"), std::string::npos) << md.out;
  // What is shown is what nimcert wrote: an edited certificate is refused.
  edit_certificate([](Json& j) { j["verdict"] = "fails"; }, false);
  EXPECT_EQ(nimcert("show certs/small.cert.json").status, 2);
  EXPECT_NE(nimcert("show --format pdf certs/small.cert.json").status, 0);
}

TEST_F(WorkflowTest, ShowWritesAnHtmlPageThatChromiumRenders) {
  // A failing proof, so that the page has a counterexample to show as tables.
  std::string wrong = kSmallProof;
  const std::string claim = "G == x1 ^ x2 ^ x3 ^ delta(x1, x2, x3)";
  wrong.replace(wrong.find(claim), claim.size(), "G == x1 ^ x2 ^ x3");
  write(proof(), wrong);
  ASSERT_EQ(nimcert("certify").status, 1);
  ASSERT_EQ(nimcert("show --format html -o page.html certs/small.cert.json").status, 0);
  // Headless Chromium parses and lays out the page; --dump-dom prints the DOM it built (the
  // <tbody> it inserts shows that a browser, not this test, read the tables).
  const std::string page = (dir_ / "page.html").string();
  const CommandResult dom = testing::run_command(
      "timeout 120 chromium --headless --no-sandbox --disable-gpu --dump-dom 'file://" + page +
      "' 2>/dev/null");
  ASSERT_EQ(dom.status, 0) << "chromium is needed for this test (scripts/test.sh installs it)";
  for (const std::string& expected :
       {std::string("<tbody>"), std::string("claim formula-4: where it fails"),
        std::string("<span class=\"status fails\">fails</span>"),
        std::string("<td>(0,2,4)</td><td>7</td><td>6</td>"),
        std::string("<span class=\"status holds\">holds</span>")})
    EXPECT_NE(dom.out.find(expected), std::string::npos) << expected << "\n" << dom.out;
  const CommandResult shot = testing::run_command(
      "cd '" + dir_.string() +
      "' && timeout 120 chromium --headless --no-sandbox --disable-gpu --hide-scrollbars "
      "--window-size=1280,2400 --screenshot=page.png 'file://" +
      page + "' >/dev/null 2>&1");
  ASSERT_EQ(shot.status, 0);
  EXPECT_EQ(read(dir_ / "page.png").substr(1, 3), "PNG");
}

TEST_F(WorkflowTest, IncrementalGateReusesUnchangedAnswersAndFullGateReusesNone) {
  ASSERT_EQ(nimcert("certify").status, 0);
  // 2 lemmas x w16 (w8 is implied by it): every answer reused, from the cache certify filled.
  const CommandResult again = nimcert("gate --junit gate.xml --markdown gate.md");
  EXPECT_EQ(again.status, 0) << again.out;
  EXPECT_NE(testing::last_line(again.out).find("; 2 solver answers reused (cache), 0 solved)"),
            std::string::npos)
      << again.out;
  EXPECT_NE(again.out.find("w8 implied by w16; w16 z3 unsat cvc5 unsat; w16 drat checked; "
                           "enumeration 256 cases "
                           "holds; every natural: mona valid; automata checked; answers reused: 1 "
                           "from the cache"),
            std::string::npos)
      << again.out;
  EXPECT_NE(read(dir_ / "gate.xml").find("<system-out>answer reused from cache</system-out>"),
            std::string::npos);
  EXPECT_NE(read(dir_ / "gate.md").find("answer reused from cache"), std::string::npos);
  const CommandResult full = nimcert("gate --full");
  EXPECT_EQ(full.status, 0) << full.out;
  EXPECT_NE(testing::last_line(full.out).find("; 0 solver answers reused, 2 solved)"),
            std::string::npos)
      << full.out;
}

TEST_F(WorkflowTest, IncrementalGateSolvesAChangedLemmaAgainAndOnlyIt) {
  ASSERT_EQ(nimcert("certify").status, 0);
  std::string text = read(proof());
  text.replace(text.find("prove u(2 * v + 1) == v"), 23, "prove u(2 * v + 1) >= v");
  write(proof(), text);
  const CommandResult r = nimcert("gate");
  EXPECT_EQ(r.status, 1) << r.out;  // the lemma's statement drifted
  EXPECT_NE(testing::last_line(r.out).find("; 1 solver answer reused (cache), 1 solved)"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("changed lemma half"), std::string::npos) << r.out;
}

TEST_F(WorkflowTest, IncrementalGateSolvesEverythingForAnotherSolverVersion) {
  ASSERT_EQ(nimcert("certify").status, 0);
  // A cvc5 that says it is another version: no cached answer is of its making.
  fs::create_directories(dir_ / "bin");
  const std::string real = testing::run_command("command -v cvc5").out;
  write(dir_ / "bin" / "cvc5",
        "#!/bin/sh\nif [ \"$1\" = --version ]; then echo 'This is cvc5 version 0.0.1'; exit 0; "
        "fi\nexec " +
            real.substr(0, real.find('\n')) + " \"$@\"\n");
  fs::permissions(dir_ / "bin" / "cvc5", fs::perms::owner_all);
  const CommandResult r = nimcert("gate 2>&1; true; PATH=" + (dir_ / "bin").string() + ":$PATH " +
                                  NIMCERT_BINARY + " gate");
  EXPECT_NE(testing::last_line(r.out).find("; 0 solver answers reused (cache), 2 solved)"),
            std::string::npos)
      << r.out;
}

// A false lemma (a + 1 == a: sat at a = 0), and a true one under the same label, whose
// certificate and cache entry a forger reuses for it.
const char* kFalseLemma = R"(lemma "wrong" "a + 1 == a, falsely"
  vars a
  prove a + 1 == a
  widths 8
  enumerate 0..3
end
)";
const char* kTrueLemmaSameLabel = R"(lemma "wrong" "a + 1 == a, falsely"
  vars a
  prove a + 0 == a
  widths 8
  enumerate 0..3
end
)";

// Issue 25's adversary: a false lemma added together with a certificate that records it as
// proved (both answers unsat, the exported query's digest, the stable digest recomputed).
TEST_F(WorkflowTest, AForgedCertificateIsNeverASourceOfAnswers) {
  ASSERT_EQ(nimcert("certify").status, 0);
  const std::string wrong = kFalseLemma;
  // The forger's certificate: made from a certificate of a true lemma at the same place.
  write(proof(), std::string(kSmallProof) + kTrueLemmaSameLabel);
  ASSERT_EQ(nimcert("certify --no-cache").status, 0);
  write(proof(), std::string(kSmallProof) + wrong);
  const smt::ProofFile p = parse_proof_file(std::string(kSmallProof) + wrong, "small.proof");
  const smt::LemmaSpec& lemma = p.lemmas.back();
  const smt::Query q = lemma_query(lemma, expand_lemma(lemma, p.definitions), 8);
  edit_certificate(
      [&](Json& c) {
        Json& l = c["lemmas"][2];
        l["statement"] = "((a + 1) == a)";
        l.erase("timeout_ms");  // the true lemma's widths ran after MONA's proof, under 5 s
        l["smt"][0]["smt2_sha256"] = Sha256::of(smt::with_status(q.smt2, smt::Answer::Unsat));
      },
      true);
  const CommandResult r = nimcert("gate");
  EXPECT_EQ(r.status, 1) << r.out;
  EXPECT_NE(r.out.find("fails lemma wrong: z3 w8: {\"a\":\"0\"}"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("not reused from certs/small.cert.json (the certificate under review): 1 "
                       "answer solved again, 1 contradicted"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("contradicted: nimcert lemma wrong at width 8: the certificate says z3 "
                       "unsat, cvc5 unsat, the solvers z3 sat, cvc5 sat"),
            std::string::npos)
      << r.out;
}

// A cache entry whose answer was rewritten (by hand, or copied from another cache) does not
// verify under the cache's key: it is ignored and the query solved.
TEST_F(WorkflowTest, APoisonedCacheEntryIsDetectedAndSolvedAgain) {
  write(proof(), kFalseLemma);
  ASSERT_EQ(nimcert("certify").status, 1);  // sat: nothing cached
  // The entry a true lemma's query leaves, moved under the false lemma's key.
  write(proof(), kTrueLemmaSameLabel);
  ASSERT_EQ(nimcert("certify").status, 0);
  // The solvers' entries (MONA's answers and the DRAT routes' outcomes are kept there too).
  std::vector<fs::path> entries;
  for (const auto& e : fs::recursive_directory_iterator(dir_ / ".cache" / "nimcert" / "answers"))
    if (e.is_regular_file() &&
        read(e.path()).find("\"format\":\"nimcert-answer-cache-1\"") != std::string::npos)
      entries.push_back(e.path());
  ASSERT_EQ(entries.size(), 1u);
  const smt::ProofFile p = parse_proof_file(kFalseLemma, "small.proof");
  const smt::Query q = lemma_query(p.lemmas[0], expand_lemma(p.lemmas[0], p.definitions), 8);
  const AnswerCache cache(dir_ / ".cache" / "nimcert", smt::z3_version(), smt::kZ3Seed,
                          smt::cvc5_version("cvc5"));
  EXPECT_EQ(cache.find(q.smt2, 60000), std::nullopt);
  // Forge the entry for the false lemma's query: its key and query digest, the old HMAC.
  Json entry = Json::parse(read(entries[0]));
  const std::string key = cache.key_of(q.smt2, 60000);
  entry["key"] = key;
  entry["query_sha256"] = Sha256::of(q.smt2);
  fs::create_directories(cache.entry_path(key).parent_path());
  write(cache.entry_path(key), entry.dump());
  EXPECT_EQ(cache.find(q.smt2, 60000), std::nullopt);
  EXPECT_EQ(cache.ignored(), 1u);
  write(proof(), kFalseLemma);
  const CommandResult r = nimcert("certify");
  EXPECT_EQ(r.status, 1) << r.out;
  EXPECT_NE(r.out.find("fails lemma wrong: z3 w8: {\"a\":\"0\"}"), std::string::npos) << r.out;
  // A truncated entry is ignored as well.
  write(entries[0], read(entries[0]).substr(0, 40));
  EXPECT_EQ(nimcert("certify certs/small.proof -o other.cert.json").status, 1);
}

// A FIFO (or a folder) where a cache entry or the cache's key should be is never waited on:
// the entry is ignored and the query solved, and certify finishes (it once hung, deaf to
// SIGINT, opening the FIFO for reading).
// Certifying unchanged proofs leaves their certificates as they were, byte for byte (the
// run's timings and commit included), so the main job leaves no diff; a changed proof's
// certificate is written anew.
TEST_F(WorkflowTest, CertifyOnAnUnchangedProofLeavesItsCertificateAsItWas) {
  ASSERT_EQ(nimcert("certify").status, 0);
  const std::string first = read(dir_ / "certs" / "small.cert.json");
  const auto written = fs::last_write_time(dir_ / "certs" / "small.cert.json");
  const CommandResult again = nimcert("certify --no-cache");
  EXPECT_EQ(again.status, 0) << again.out;
  EXPECT_NE(again.out.find("certs/small.proof: holds (certs/small.cert.json unchanged)"),
            std::string::npos)
      << again.out;
  EXPECT_EQ(read(dir_ / "certs" / "small.cert.json"), first);
  EXPECT_EQ(fs::last_write_time(dir_ / "certs" / "small.cert.json"), written);
  // An edited certificate is not "unchanged": it is written anew.
  edit_certificate([](Json& c) { c["lemmas"][1]["enumeration"]["cases"] = 255; }, false);
  EXPECT_EQ(nimcert("certify").status, 0);
  EXPECT_NE(read(dir_ / "certs" / "small.cert.json").find("\"cases\": 256"), std::string::npos);
  // A changed proof: written anew, its new stable part in it.
  std::string text = read(proof());
  text.replace(text.find("prove u(2 * v + 1) == v"), 23, "prove u(2 * v + 1) >= v");
  write(proof(), text);
  const CommandResult changed = nimcert("certify");
  EXPECT_NE(changed.out.find("certs/small.proof: holds (certs/small.cert.json)\n"),
            std::string::npos)
      << changed.out;
  EXPECT_NE(read(dir_ / "certs" / "small.cert.json").find(">= v"), std::string::npos);
}

TEST_F(WorkflowTest, AFifoAtACacheEntryIsIgnoredNeverWaitedOn) {
  write(proof(), kTrueLemmaSameLabel);
  const smt::ProofFile p = parse_proof_file(kTrueLemmaSameLabel, "small.proof");
  const smt::Query q = lemma_query(p.lemmas[0], expand_lemma(p.lemmas[0], p.definitions), 8);
  const fs::path folder = dir_ / ".cache" / "nimcert";
  const AnswerCache cache(folder, smt::z3_version(), smt::kZ3Seed, smt::cvc5_version("cvc5"));
  const fs::path entry = cache.entry_path(cache.key_of(q.smt2, 60000));
  fs::create_directories(entry.parent_path());
  ASSERT_EQ(mkfifo(entry.c_str(), 0600), 0);
  EXPECT_EQ(cache.find(q.smt2, 60000), std::nullopt);
  EXPECT_EQ(cache.ignored(), 1u);
  const CommandResult r = nimcert("certify");
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_NE(testing::last_line(r.out).find("certify: HOLDS"), std::string::npos) << r.out;
  // The key itself a FIFO: refused with its name, never waited on.
  fs::remove_all(folder);
  fs::create_directories(folder);
  ASSERT_EQ(mkfifo((folder / "key").c_str(), 0600), 0);
  const CommandResult k = nimcert("certify");
  EXPECT_EQ(k.status, 2) << k.out;
  EXPECT_NE(k.out.find("key"), std::string::npos) << k.out;
}

TEST_F(WorkflowTest, GateBaseReusesOnlyWhatTheBaseRevisionRecords) {
  // Certified here with the cache: this machine vouches for the certificate it wrote.
  ASSERT_EQ(nimcert("certify").status, 0);
  ASSERT_EQ(testing::run_command("cd " + dir_.string() +
                                 " && git init -q && git add certs && git -c user.name=t -c "
                                 "user.email=t@t commit -qm base")
                .status,
            0);
  std::string text = read(proof());
  text.replace(text.find("prove u(2 * v + 1) == v"), 23, "prove u(2 * v + 1) >= v");
  write(proof(), text);
  const CommandResult r = nimcert("gate --base HEAD");
  EXPECT_EQ(r.status, 1) << r.out;  // the changed lemma drifted
  const std::string base =
      testing::run_command("cd " + dir_.string() + " && git rev-parse --short=12 HEAD").out;
  EXPECT_NE(testing::last_line(r.out).find(
                fmt::format("; 1 solver answer reused (base {} (1 of 1 certificate vouched for "
                            "here), cache), 1 solved)",
                            base.substr(0, 12))),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("answers reused: 1 from base " + base.substr(0, 12)), std::string::npos)
      << r.out;
  EXPECT_EQ(nimcert("gate --base no-such-revision").status, 2);
}

// An answer cvc5 gave under other options is another solver's answer: a base certificate
// that records other options (or none, as before they were recorded) is no source of reuse.
TEST_F(WorkflowTest, GateBaseReusesNoAnswerGivenUnderOtherCvc5Options) {
  ASSERT_EQ(nimcert("certify --no-cache").status, 0);
  const Json c = Json::parse(read(dir_ / "certs" / "small.cert.json"));
  EXPECT_EQ(c["solvers"]["cvc5"]["options"], smt::kCvc5Options);
  const std::string cvc5 = smt::cvc5_version();
  // Two lemmas' w16 answers; their w8 rows are implied by w16 and record no answer to reuse.
  EXPECT_EQ(committed_answers(c, smt::z3_version(), smt::kZ3Seed, cvc5, smt::kCvc5Options).size(),
            2u);
  Json other = c;
  other["solvers"]["cvc5"]["options"] = "--bitblast=eager";
  EXPECT_TRUE(
      committed_answers(other, smt::z3_version(), smt::kZ3Seed, cvc5, smt::kCvc5Options).empty());
  other["solvers"]["cvc5"].erase("options");
  EXPECT_TRUE(
      committed_answers(other, smt::z3_version(), smt::kZ3Seed, cvc5, smt::kCvc5Options).empty());
}

TEST_F(WorkflowTest, ConcurrentRunsShareOneCache) {
  const fs::path cache = dir_ / "shared-cache";
  const std::string run =
      std::string(NIMCERT_BINARY) + " certify --cache " + cache.string() + " certs/small.proof -o ";
  const CommandResult r =
      testing::run_command("cd " + dir_.string() + " && (" + run + "a.cert.json >a.log 2>&1 & " +
                           run + "b.cert.json >b.log 2>&1 & " + run +
                           "c.cert.json >c.log 2>&1 & wait) && cat a.log b.log c.log");
  EXPECT_EQ(r.out.find("ERROR"), std::string::npos) << r.out;
  EXPECT_EQ(read(dir_ / "a.cert.json").size() > 0, true);
  // Every entry verifies afterwards: a fourth run takes both answers from the cache.
  const CommandResult again = nimcert("gate --cache " + cache.string());
  EXPECT_NE(testing::last_line(again.out).find("2 solver answers reused (cache), 0 solved"),
            std::string::npos)
      << again.out;
}

// A certificate made by other solver versions drifts as one entry that names both sets, not
// check by check.
TEST_F(WorkflowTest, GateSaysOtherSolverVersionsInsteadOfDriftEntryByEntry) {
  ASSERT_EQ(nimcert("certify").status, 0);
  edit_certificate([](Json& c) { c["solvers"]["z3"]["version"] = "4.8.11"; }, true);
  const CommandResult r = nimcert("gate");
  EXPECT_EQ(r.status, 1) << r.out;
  EXPECT_NE(r.out.find("changed solvers: other solver versions: the certificate was made by z3 "
                       "4.8.11, cvc5 "),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("this machine has z3 " + smt::z3_version()), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("1 entry drifted"), std::string::npos) << r.out;
}

TEST_F(WorkflowTest, HandEditedCommittedCertificateFailsTheGate) {
  ASSERT_EQ(nimcert("certify").status, 0);
  edit_certificate([](Json& c) { c["lemmas"][1]["enumeration"]["cases"] = 255; }, false);
  const CommandResult r = nimcert("gate --junit gate.xml");
  EXPECT_EQ(r.status, 1) << r.out;
  EXPECT_NE(r.out.find("changed lemma half: /enumeration/cases: 255 -> 256"), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("regenerate with: nimcert certify certs/small.proof"), std::string::npos);
  EXPECT_EQ(testing::last_line(r.out).rfind("gate: FAIL", 0), 0u) << r.out;
  EXPECT_NE(read(dir_ / "gate.xml").find("<failure type=\"drift\""), std::string::npos);
}

TEST_F(WorkflowTest, NewLemmaShowsAsAddedAndFailingProofFailsTheGate) {
  ASSERT_EQ(nimcert("certify").status, 0);
  write(proof(),
        std::string(kSmallProof) + R"(lemma "wrong" "a + 1 > a, falsely claimed as a + 1 == a"
  vars a
  prove a + 1 == a
  widths 8
  enumerate 0..3
end
)");
  const CommandResult r = nimcert("gate");
  EXPECT_EQ(r.status, 1) << r.out;
  EXPECT_NE(r.out.find("added lemma wrong"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("  fails   lemma wrong "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("fails lemma wrong: z3 w8: {\"a\":\"0\"}"), std::string::npos) << r.out;
  // The new lemma's one query is solved; the other two answers are reused.
  EXPECT_NE(r.out.find("gate: FAIL (1 proof file: 1 does not hold, 1 certificate drifted; 2 "
                       "solver answers reused (cache), 1 solved)"),
            std::string::npos)
      << r.out;
}

TEST_F(WorkflowTest, VerifyReproducesAndCatchesTamperedVerdicts) {
  ASSERT_EQ(nimcert("certify").status, 0);
  CommandResult r = nimcert("verify certs/small.cert.json");
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_EQ(testing::last_line(r.out).rfind("verify: VERIFIED", 0), 0u) << r.out;

  // A hand edit that leaves the digest alone is refused on reading.
  const std::string original = read(certificate());
  edit_certificate([](Json& c) { c["lemmas"][0]["verdict"] = "fails"; }, false);
  r = nimcert("verify certs/small.cert.json");
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_NE(r.out.find("edited after nimcert wrote it"), std::string::npos) << r.out;

  // A forgery that re-seals the digest is caught by the re-run.
  write(certificate(), original);
  edit_certificate(
      [](Json& c) {
        c["lemmas"][0]["smt"][1]["z3"] = "sat";  // w16's answer
        c["verdict"] = "fails";
      },
      true);
  r = nimcert("verify certs/small.cert.json");
  EXPECT_EQ(r.status, 1) << r.out;
  EXPECT_NE(r.out.find("changed lemma xor-cancels: /smt/1/z3: \"sat\" -> \"unsat\""),
            std::string::npos)
      << r.out;
  EXPECT_EQ(testing::last_line(r.out).rfind("verify: MISMATCH", 0), 0u) << r.out;
}

TEST_F(WorkflowTest, TruncatedOrForeignCertificatesAreErrors) {
  ASSERT_EQ(nimcert("certify").status, 0);
  const std::string text = read(certificate());
  write(certificate(), text.substr(0, text.size() / 2));
  CommandResult r = nimcert("verify certs/small.cert.json");
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_NE(r.out.find("truncated or malformed JSON"), std::string::npos) << r.out;
  EXPECT_EQ(testing::last_line(r.out).rfind("verify: ERROR", 0), 0u) << r.out;

  write(certificate(), R"({"format": "nimcert-certificate", "format_version": 1})");
  r = nimcert("verify certs/small.cert.json");
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_NE(r.out.find("format version 1"), std::string::npos) << r.out;

  write(certificate(), "[1, 2, 3]");
  r = nimcert("verify certs/small.cert.json");
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_NE(r.out.find("not a nimcert certificate"), std::string::npos) << r.out;
}

TEST_F(WorkflowTest, TwoCertifyRunsHaveIdenticalStableParts) {
  ASSERT_EQ(nimcert("certify -o a.json certs/small.proof").status, 0);
  ASSERT_EQ(nimcert("certify -o b.json certs/small.proof").status, 0);
  const Json a = Json::parse(read(dir_ / "a.json")), b = Json::parse(read(dir_ / "b.json"));
  EXPECT_EQ(certificate_text(stable_part(a)), certificate_text(stable_part(b)));
  EXPECT_EQ(a["stable_sha256"], stable_digest(a));
  // The trust ledger names what each verdict rests on.
  const Json& ledger = a["trust"];
  ASSERT_EQ(ledger.size(), 4u);
  EXPECT_EQ(ledger[0]["check"], "rules amalgamation(merge_min=2)");
  EXPECT_EQ(ledger[0]["rests_on"]["built_in"]["values_compared"], 343u);
  EXPECT_EQ(ledger[1]["check"], "claim formula-4");
  EXPECT_EQ(ledger[1]["rests_on"]["exhaustive"]["positions"], 13u * 13u * 13u);
  EXPECT_EQ(ledger[2]["rests_on"]["cvc5"]["answers"]["w16"], "unsat");
  EXPECT_EQ(ledger[2]["rests_on"]["cvc5"]["options"], smt::kCvc5Options);
  EXPECT_EQ(ledger[2]["rests_on"]["z3"]["answers"]["w16"], "unsat");
  EXPECT_EQ(ledger[2]["rests_on"]["z3"]["answers"]["w8"], "implied by w16");
  EXPECT_EQ(ledger[3]["rests_on"]["enumeration"]["cases"], 256u);
  EXPECT_FALSE(a["solvers"]["cvc5"]["version"].get<std::string>().empty());
}

TEST_F(WorkflowTest, AProofWithoutACommittedCertificateFailsTheGate) {
  const CommandResult r = nimcert("gate");
  EXPECT_EQ(r.status, 1) << r.out;
  EXPECT_NE(r.out.find("certs/small.proof: holds; 1 entry drifted"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("added certificate certs/small.cert.json: no committed certificate"),
            std::string::npos)
      << r.out;
  EXPECT_EQ(testing::last_line(r.out),
            "gate: FAIL (1 proof file: every one holds, 1 certificate drifted; 0 solver answers "
            "reused (cache), 2 solved)");
}

TEST_F(WorkflowTest, ACertificateWhoseProofIsGoneFailsTheGate) {
  ASSERT_EQ(nimcert("certify").status, 0);
  fs::copy_file(certificate(), dir_ / "certs" / "orphan.cert.json");
  const CommandResult r = nimcert("gate");
  EXPECT_EQ(r.status, 1) << r.out;
  EXPECT_NE(r.out.find("certs/orphan.cert.json: its proof file certs/orphan.proof is gone; "
                       "remove it with: git rm certs/orphan.cert.json"),
            std::string::npos)
      << r.out;
  EXPECT_EQ(testing::last_line(r.out),
            "gate: FAIL (1 proof file: every one holds, 1 certificate drifted; 2 solver answers "
            "reused (cache), 0 solved)");
}

TEST_F(WorkflowTest, TimeLimitReachedIsUnknownNeverHolds) {
  // 128-bit division of a 128-bit product: far beyond a 100 ms budget for either solver.
  write(proof(), R"(lemma "division" "x * y / y == x for y > 0"
  vars x y
  assume y > 0
  prove x * y / y == x
  widths 64
  enumerate 0..15
end
)");
  const CommandResult r = nimcert("certify --timeout-ms 100");
  EXPECT_EQ(r.status, 1) << r.out;
  EXPECT_EQ(testing::last_line(r.out), "certify: UNKNOWN (1 proof file)");
  const Json c = Json::parse(read(certificate()));
  EXPECT_EQ(c["lemmas"][0]["smt"][0]["z3"], "unknown") << r.out;
  EXPECT_EQ(c["lemmas"][0]["enumeration"]["verdict"], "holds");
  EXPECT_EQ(c["verdict"], "unknown");
  EXPECT_EQ(c["solvers"]["timeout_ms"], 100);
  // The unknown row names the query to rerun: the file export-smt2 writes, and its digest.
  const std::string sha = c["lemmas"][0]["smt"][0]["smt2_sha256"];
  EXPECT_NE(r.out.find("query small/division-w64.smt2 (sha256 " + sha.substr(0, 12) +
                       "...), which nimcert export-smt2 writes"),
            std::string::npos)
      << r.out;
  ASSERT_EQ(nimcert("export-smt2 --dir exported --timeout-ms 100").status, 0);
  EXPECT_EQ(Sha256::of(read(dir_ / "exported" / "small" / "division-w64.smt2")), sha);
}

TEST_F(WorkflowTest, InterruptedCertifyLeavesNoFile) {
  // A cube big enough to be interrupted mid-sweep.
  const CommandResult start = nimcert(
      "certify --cube 768 certs/small.proof > out.txt & pid=$!; sleep 1; kill -TERM $pid; "
      "wait $pid; echo status=$?");
  EXPECT_NE(start.out.find("status=130"), std::string::npos) << start.out;
  EXPECT_EQ(read(dir_ / "out.txt"), "certify: INTERRUPTED (nothing written)\n");
  for (const auto& entry : fs::directory_iterator(dir_ / "certs"))
    EXPECT_EQ(entry.path().filename(), "small.proof") << "left behind: " << entry.path();
}

TEST(SecondSolver, Cvc5RunsAndRefutesAFalseLemma) {
  smt::LemmaSpec lemma = parse_proof_file(R"(lemma "false" "a ^ 1 == a"
  vars a
  prove (a ^ 1) == a
  widths 8
  enumerate 0..3
end
)",
                                          "inline.proof")
                             .lemmas[0];
  const LemmaOutcome o = check_lemma(lemma, {});
  ASSERT_EQ(o.widths.size(), 1u);
  EXPECT_EQ(o.widths[0].answer, smt::Answer::Sat);
  EXPECT_EQ(o.widths[0].cvc5.answer, smt::Answer::Sat);
  EXPECT_EQ(o.verdict, Verdict::Fails);
  EXPECT_FALSE(smt::cvc5_version().empty());

  CheckOptions missing;
  missing.cvc5_binary = "/nonexistent/cvc5";
  EXPECT_THROW(check_lemma(lemma, {}, missing), std::runtime_error);
}

// cvc5 gets kCvc5QuantifierFreeOption on a QF_BV query and its defaults on a quantified one
// (where it refuses that option): a cvc5 that records its arguments and answers unsat.
TEST(SecondSolver, Cvc5RunsWithItsQuantifierFreeOptionOnlyOnQuantifierFreeQueries) {
  const fs::path dir = fs::temp_directory_path() / fmt::format("nimcert-cvc5-args-{}", getpid());
  fs::create_directories(dir);
  const fs::path binary = dir / "cvc5", log = dir / "arguments";
  std::ofstream(binary) << "#!/bin/sh\necho \"$@\" >>" << log.string() << "\necho unsat\n";
  fs::permissions(binary, fs::perms::owner_all);
  const std::string qf = "(set-logic QF_BV)\n(check-sat)\n", q = "(set-logic BV)\n(check-sat)\n";
  EXPECT_EQ(smt::replay_with_cvc5(qf, 1000, binary.string()).answer, smt::Answer::Unsat);
  EXPECT_EQ(smt::replay_with_cvc5(q, 1000, binary.string()).answer, smt::Answer::Unsat);
  // A label that quotes the other logic does not change the query's.
  const std::string quoted = "(set-logic BV)\n(set-info :source |(set-logic QF_BV)|)\n";
  EXPECT_EQ(smt::replay_with_cvc5(quoted, 1000, binary.string()).answer, smt::Answer::Unsat);
  std::ifstream in(log);
  std::string first, second, third;
  std::getline(in, first);
  std::getline(in, second);
  std::getline(in, third);
  EXPECT_EQ(first, std::string("--lang=smt2 --tlimit-per=1000 ") + smt::kCvc5QuantifierFreeOption);
  EXPECT_EQ(second, "--lang=smt2 --tlimit-per=1000");
  EXPECT_EQ(third, "--lang=smt2 --tlimit-per=1000");
  fs::remove_all(dir);
}

TEST(MemoryBudget, HugeCubeIsRefusedUpFrontWithTheEstimate) {
  EXPECT_GT(CubeEngine::sweep_bytes(4096), std::uint64_t{25} << 30);
  try {
    require_memory(available_memory_bytes() + (std::uint64_t{1} << 30), "the cube [0,4096]^3",
                   "choose a smaller cube");
    FAIL() << "not refused";
  } catch (const ResourceError& e) {
    EXPECT_NE(std::string(e.what()).find("the cube [0,4096]^3 needs about"), std::string::npos);
    EXPECT_NE(std::string(e.what()).find("refusing to start (choose a smaller cube)"),
              std::string::npos);
  }
  EXPECT_NO_THROW(require_memory(1 << 20, "a small cube", "choose a smaller cube"));
}

}  // namespace
}  // namespace nimcert
