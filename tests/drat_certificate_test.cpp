// The DRAT route in certificates (issue 42): certify records, per lemma, the CNF's and the
// proof's SHA-256 and sizes and keeps the proof beside the certificate; `verify --drat` checks
// them again with nimcert's checkers alone; a proof or CNF with one clause changed is refused,
// a proof over the size limit is "no checked proof (size)" and proves nothing, and a CNF that
// CaDiCaL finds satisfiable where both solvers answered unsat makes the lemma unknown.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

#include "base/sha256.hpp"
#include "blast/bit_blaster.hpp"
#include "certificate/certificate.hpp"
#include "checks/drat_route.hpp"
#include "checks/lemma_check.hpp"
#include "checks/proof_input.hpp"
#include "command_support.hpp"
#include "pipelines/workflow.hpp"
#include "recording_narrator.hpp"
#include "sat/cadical.hpp"

namespace nimcert {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::ordered_json;

using testing::RecordingNarrator;


// Two lemmas whose widest queries need a little search (so their proofs have lemmas).
const char* kLemmas = R"(lemma "and below" "x & y <= x"
  vars x y
  prove (x & y) <= x
  widths 8 16
  enumerate 0..15
end

lemma "xor twice" "x ^ y ^ y == x"
  vars x y
  prove ((x ^ y) ^ y) == x
  widths 16
  enumerate 0..15
end
)";

// x & y <= x at width 12, as a query: unsat, with a proof of some hundreds of lemmas.
const char* kQuery =
    "(set-logic QF_BV)\n(declare-const x (_ BitVec 12))\n(declare-const y (_ BitVec 12))\n"
    "(assert (not (bvule (bvand x y) x)))\n(check-sat)\n";

class DratCertificate : public testing::ScratchTest {
 protected:
  WorkflowOptions options() const {
    WorkflowOptions o;
    o.no_cache = true;
    return o;
  }
  // Certifies kLemmas as lemmas.proof; returns the certificate.
  Json certify_lemmas() {
    const std::string proof = write("lemmas.proof", kLemmas).string();
    RecordingNarrator n;
    const Ending e = certify({proof}, "", options(), n);
    EXPECT_EQ(e.status, 0) << e.line;
    return Json::parse(testing::read_text(dir_ / "lemmas.cert.json"));
  }
  Ending verify_proofs() {
    RecordingNarrator n;
    return verify_drat({(dir_ / "lemmas.cert.json").string()}, options(), n);
  }
  // Writes the certificate back with its stable digest recomputed: an edit a reader of the
  // certificate alone cannot tell from a genuine one.
  void rewrite(Json c) {
    c["stable_sha256"] = stable_digest(c);
    std::ofstream(dir_ / "lemmas.cert.json") << certificate_text(c);
  }
};

TEST_F(DratCertificate, CertifyRecordsCheckedProofsBesideTheCertificateAndVerifyChecksThem) {
  const Json c = certify_lemmas();
  EXPECT_EQ(c["solvers"]["cadical"]["proof_limit_bytes"], std::uint64_t{64} << 20);
  EXPECT_EQ(c["solvers"]["cadical"]["timeout_ms"], 120000);
  EXPECT_EQ(c["solvers"]["cadical"]["conflicts"], 300000);
  ASSERT_EQ(c["lemmas"].size(), 2u);
  const Json& d = c["lemmas"][0]["drat"];
  EXPECT_EQ(d["width"], 16);  // the widest
  EXPECT_EQ(d["status"], "checked");
  EXPECT_EQ(d["proof"]["file"], "lemmas.drat/and-below-w16.drat");
  const std::string proof = testing::read_text(dir_ / "lemmas.drat/and-below-w16.drat");
  EXPECT_EQ(d["proof"]["sha256"], Sha256::of(proof));
  EXPECT_EQ(d["proof"]["bytes"], proof.size());
  EXPECT_GT(d["proof"]["lemmas"].get<std::uint64_t>(), 0u);
  EXPECT_GT(d["cnf"]["clauses"].get<std::uint64_t>(), 0u);
  EXPECT_NE(c["lemmas"][0]["scope"].get<std::string>().find("DRAT proof"), std::string::npos);
  EXPECT_TRUE(c["run"]["lemma_seconds"]["and below"].contains("drat_w16"));
  EXPECT_TRUE(fs::exists(dir_ / "lemmas.drat/xor-twice-w16.drat"));

  const Ending v = verify_proofs();
  EXPECT_EQ(v.status, 0) << v.line;
  EXPECT_EQ(v.line,
            "verify --drat: VERIFIED (2 proofs checked again by nimcert's DRAT and LRAT checkers, "
            "0 refused, 0 without a checked proof; 2 of 2 lemmas carry a checked proof)");

  // Certifying again changes nothing, proofs included (CaDiCaL is deterministic); a file of the
  // user's in the folder is left alone, even one named like a proof.
  std::ofstream(dir_ / "lemmas.drat/notes-w8.drat") << "my notes\n";
  const Json again = certify_lemmas();
  EXPECT_EQ(certificate_text(stable_part(again)), certificate_text(stable_part(c)));
  EXPECT_EQ(testing::read_text(dir_ / "lemmas.drat/and-below-w16.drat"), proof);
  EXPECT_EQ(testing::read_text(dir_ / "lemmas.drat/notes-w8.drat"), "my notes\n");
  // A proof nimcert wrote and no longer writes (its lemma gone) is removed, as listed in the
  // folder's manifest; a link in the folder is never followed.
  const fs::path outside = dir_ / "outside.txt";
  std::ofstream(outside) << "not nimcert's\n";
  fs::create_symlink(outside, dir_ / "lemmas.drat/link-w8.drat");
  std::string text = kLemmas;
  text.erase(text.find("lemma \"xor twice\""));
  write("lemmas.proof", text);
  RecordingNarrator n;
  ASSERT_EQ(certify({(dir_ / "lemmas.proof").string()}, "", options(), n).status, 0);
  EXPECT_FALSE(fs::exists(dir_ / "lemmas.drat/xor-twice-w16.drat"));
  EXPECT_FALSE(fs::exists(dir_ / "lemmas.drat/xor-twice-w16.cnf"));
  EXPECT_TRUE(fs::exists(dir_ / "lemmas.drat/and-below-w16.drat"));
  EXPECT_EQ(testing::read_text(dir_ / "lemmas.drat/notes-w8.drat"), "my notes\n");
  EXPECT_EQ(testing::read_text(outside), "not nimcert's\n");
  EXPECT_TRUE(fs::is_symlink(dir_ / "lemmas.drat/link-w8.drat"));
  const std::string manifest = testing::read_text(dir_ / "lemmas.drat/nimcert-manifest.txt");
  EXPECT_EQ(manifest.rfind("nimcert evidence manifest 1\n", 0), 0u) << manifest;
  EXPECT_NE(manifest.find("and-below-w16.drat\n"), std::string::npos) << manifest;
  EXPECT_EQ(manifest.find("notes"), std::string::npos) << manifest;
}

TEST_F(DratCertificate, AnEvidenceFolderThatIsALinkIsRefused) {
  fs::create_directories(dir_ / "elsewhere");
  fs::create_directory_symlink(dir_ / "elsewhere", dir_ / "lemmas.drat");
  const std::string proof = write("lemmas.proof", kLemmas).string();
  RecordingNarrator n;
  try {
    certify({proof}, "", options(), n);
    FAIL() << "certify wrote into a linked folder";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("is not a folder of nimcert's"), std::string::npos)
        << e.what();
  }
  EXPECT_TRUE(fs::is_empty(dir_ / "elsewhere"));
}

TEST_F(DratCertificate, AProofWithOneClauseChangedIsRefused) {
  const Json c = certify_lemmas();
  const fs::path file = dir_ / "lemmas.drat/and-below-w16.drat";
  const std::string proof = testing::read_text(file);
  // One lemma's first literal negated, the recorded SHA-256 left: refused by its digest.
  std::string changed = proof;
  const std::size_t first = changed.find_first_of("-123456789");
  ASSERT_NE(first, std::string::npos);
  if (changed[first] == '-')
    changed.erase(first, 1);
  else
    changed.insert(first, "-");
  std::ofstream(file) << changed;
  Ending v = verify_proofs();
  EXPECT_EQ(v.status, 1);
  EXPECT_EQ(v.line.rfind("verify --drat: FAILS", 0), 0u) << v.line;

  // Every lemma dropped but the empty clause, and the certificate edited to record that proof
  // (its digest recomputed): the SHA-256 match, and the DRAT checker refuses it.
  const std::string bare = "0\n";
  std::ofstream(file) << bare;
  Json edited = c;
  edited["lemmas"][0]["drat"]["proof"]["sha256"] = Sha256::of(bare);
  edited["lemmas"][0]["drat"]["proof"]["bytes"] = bare.size();
  rewrite(edited);
  RecordingNarrator n;
  v = verify_drat({(dir_ / "lemmas.cert.json").string()}, options(), n);
  EXPECT_EQ(v.status, 1);
  EXPECT_TRUE(n.said("the DRAT checker refuses the proof"));

  // A missing proof file is written again by CaDiCaL (deterministic) and checked: it is the
  // recorded proof byte for byte.  With the recorded SHA-256 changed, the regenerated proof is
  // refused.
  fs::remove(file);
  rewrite(c);
  RecordingNarrator again;
  v = verify_drat({(dir_ / "lemmas.cert.json").string()}, options(), again);
  EXPECT_EQ(v.status, 0) << v.line;
  EXPECT_TRUE(again.said("(missing; regenerated by CaDiCaL, not kept)"));
  EXPECT_FALSE(fs::exists(file));  // verify writes nothing
  edited = c;
  edited["lemmas"][0]["drat"]["proof"]["sha256"] = Sha256::of("another proof");
  rewrite(edited);
  EXPECT_EQ(verify_proofs().status, 1);
  // A certificate that points a lemma at another lemma's proof file (digests and all) is
  // refused by the name alone.
  edited = c;
  edited["lemmas"][0]["drat"]["proof"] = c["lemmas"][1]["drat"]["proof"];
  rewrite(edited);
  EXPECT_EQ(verify_proofs().status, 1);
  rewrite(c);
  EXPECT_EQ(verify_proofs().status, 0);
}

// A certificate with no lemmas has no DRAT proof to check: verify --drat examined zero proofs,
// and zero never verifies.
TEST_F(DratCertificate, NoRecordedProofNeverVerifies) {
  const std::string proof = write("nim.proof",
                                  "box \"nim-2\" \"two heaps\"\n  game nim(heaps = 2)\n  size 7\n"
                                  "  claim \"xor\" \"G = x1 ^ x2\": G == x1 ^ x2\nend\n")
                                .string();
  RecordingNarrator n;
  ASSERT_EQ(certify({proof}, "", options(), n).status, 0);
  const Ending v = verify_drat({(dir_ / "nim.cert.json").string()}, options(), n);
  EXPECT_EQ(v.status, 1);
  EXPECT_EQ(v.line,
            "verify --drat: UNKNOWN (0 proofs checked again by nimcert's DRAT and LRAT checkers, 0 "
            "refused, 0 without a checked proof; 0 of 0 lemmas carry a checked proof; no proof to "
            "check, so nothing verified)");
  EXPECT_TRUE(n.said("no DRAT proof recorded"));
}

// The gate holds the proof files beside a certificate to the fresh proofs: one changed is drift;
// one missing is not (the folder may be left out of git).
TEST_F(DratCertificate, TheGateReportsAChangedProofFileAsDrift) {
  certify_lemmas();
  const std::string proof = (dir_ / "lemmas.proof").string();
  {
    RecordingNarrator n;
    EXPECT_EQ(gate({proof}, options(), n).status, 0);
  }
  const fs::path file = dir_ / "lemmas.drat/xor-twice-w16.drat";
  std::ofstream(file, std::ios::app) << "0\n";
  {
    RecordingNarrator n;
    const Ending g = gate({proof}, options(), n);
    EXPECT_EQ(g.status, 1) << g.line;
    EXPECT_TRUE(n.said("1 entry drifted"));
  }
  fs::remove(file);
  RecordingNarrator n;
  EXPECT_EQ(gate({proof}, options(), n).status, 0);
}

TEST_F(DratCertificate, ACnfWithOneClauseChangedIsRefused) {
  const DratRoute route = drat_route(kQuery, DratOptions{});
  ASSERT_TRUE(route.checked()) << route.status << ": " << route.note;
  const smt::BlastedQuery blasted = smt::blast_smt2(kQuery);
  const std::string dimacs = smt::dimacs_text(blasted.cnf);
  EXPECT_EQ(Sha256::of(dimacs), route.cnf_sha256);
  EXPECT_TRUE(
      recheck_drat_cnf(dimacs, route.proof, route.cnf_sha256, route.proof_sha256).checked());
  EXPECT_TRUE(recheck_drat(kQuery, route.proof, route.cnf_sha256, route.proof_sha256).checked());

  // The assertion's unit clause (the last one) dropped: the CNF is satisfiable now (CaDiCaL
  // says so), and the proof is refused, by the recorded digest and, that digest replaced, by
  // the checker itself.
  smt::Cnf weaker = blasted.cnf;
  weaker.clauses.pop_back();
  const std::string changed = smt::dimacs_text(weaker);
  EXPECT_EQ(smt::solve_with_cadical(changed, 60000).verdict, smt::SatRun::Verdict::Sat);
  const DratRoute by_digest =
      recheck_drat_cnf(changed, route.proof, route.cnf_sha256, route.proof_sha256);
  EXPECT_EQ(by_digest.status, DratRoute::kRefused);
  EXPECT_NE(by_digest.note.find("the CNF's SHA-256 is"), std::string::npos);
  const DratRoute by_checker =
      recheck_drat_cnf(changed, route.proof, Sha256::of(changed), route.proof_sha256);
  EXPECT_EQ(by_checker.status, DratRoute::kRefused);
  EXPECT_NE(by_checker.note.find("refuses"), std::string::npos) << by_checker.note;
}

// Without CaDiCaL a proof with lemmas is an error before any check (exit 2, nothing written),
// never a certificate without its third route.
TEST_F(DratCertificate, MissingCadicalIsAnErrorNeverASkippedRoute) {
  fs::create_directories(dir_ / "bin");
  for (const char* tool : {"cvc5", "mona"}) {
    std::string path = testing::run_command(std::string("command -v ") + tool).out;
    while (!path.empty() && path.back() == '\n') path.pop_back();
    ASSERT_FALSE(path.empty()) << tool;
    fs::create_symlink(path, dir_ / "bin" / tool);
  }
  write("l.proof", kLemmas);
  const auto r =
      testing::run_command("cd " + dir_.string() + " && PATH=" + (dir_ / "bin").string() + " " +
                           NIMCERT_BINARY + " certify l.proof 2>&1");
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_NE(r.out.find("cadical"), std::string::npos) << r.out;
  EXPECT_FALSE(fs::exists(dir_ / "l.cert.json"));
  EXPECT_FALSE(fs::exists(dir_ / "l.drat"));
}

TEST(DratRoute, AProofOverTheLimitIsNoCheckedProofAndProvesNothing) {
  DratOptions small;
  small.proof_limit_bytes = 16;
  const DratRoute route = drat_route(kQuery, small);
  EXPECT_EQ(route.status, DratRoute::kSize);
  EXPECT_FALSE(route.checked());
  EXPECT_GT(route.proof_bytes, 16u);
  EXPECT_TRUE(route.proof.empty());  // nothing to keep beside a certificate

  // In a lemma: the solvers' proof stands, and the scope does not name a DRAT proof.
  const smt::ProofFile p = parse_proof_file(kLemmas, "t.proof");
  CheckOptions options;
  options.unbounded = false;
  options.drat = small;
  const LemmaOutcome o = check_lemma(p.lemmas[0], p.definitions, options);
  ASSERT_TRUE(o.drat.has_value());
  EXPECT_EQ(o.drat->status, DratRoute::kSize);
  EXPECT_EQ(o.verdict, Verdict::Holds);
  EXPECT_EQ(o.scope.find("DRAT"), std::string::npos) << o.scope;
}

// CaDiCaL out of time (64-bit products commute: easy for Z3's rewriting, hard for any CNF):
// "no checked proof (time)", never checked, and no proof kept.
TEST(DratRoute, ATimeOutIsNoCheckedProof) {
  DratOptions quick;
  quick.timeout_ms = 300;
  const DratRoute route = drat_route(
      "(declare-const a (_ BitVec 64))\n(declare-const b (_ BitVec 64))\n"
      "(assert (not (= (bvmul a b) (bvmul b a))))\n(check-sat)\n",
      quick);
  EXPECT_EQ(route.status, DratRoute::kTime);
  EXPECT_FALSE(route.checked());
  EXPECT_TRUE(route.proof.empty());
  EXPECT_NE(route.note.find("300 ms"), std::string::npos) << route.note;
}

// The limit that decides is on conflicts: the same query stopped at 1000 conflicts, twice, the
// same outcome and note (no wall clock involved), and without that limit CaDiCaL proves it.
TEST(DratRoute, TheConflictLimitGivesTheSameOutcomeEveryTime) {
  // x * 7 == 7 * x at 12 bits: a multiplier CaDiCaL needs some thousands of conflicts for.
  const std::string query =
      "(declare-const a (_ BitVec 12))\n(declare-const b (_ BitVec 12))\n"
      "(assert (not (= (bvmul a b) (bvmul b a))))\n(check-sat)\n";
  DratOptions few;
  few.conflicts = 1000;
  const DratRoute first = drat_route(query, few), second = drat_route(query, few);
  EXPECT_EQ(first.status, DratRoute::kTime);
  EXPECT_EQ(first.note, "CaDiCaL stopped at its limit of 1000 conflicts");
  EXPECT_EQ(second.status, first.status);
  EXPECT_EQ(second.note, first.note);
  DratOptions enough;
  enough.conflicts = 10'000'000;
  const DratRoute proved = drat_route(
      "(declare-const a (_ BitVec 4))\n(declare-const b (_ BitVec 4))\n"
      "(assert (not (= (bvmul a b) (bvmul b a))))\n(check-sat)\n",
      enough);
  EXPECT_EQ(proved.status, DratRoute::kChecked) << proved.note;
}

// Solvers that answer unsat on every query: a false lemma "proved" by them.
class ProvingEverything final : public Solvers {
 public:
  smt::TwoSolverRun solve(const smt::Query&, unsigned) const override {
    smt::TwoSolverRun r;
    r.z3.answer = smt::Answer::Unsat;
    r.cvc5.answer = smt::Answer::Unsat;
    return r;
  }
};

TEST(DratRoute, ASatisfiableCnfWhereBothSolversSaidUnsatMakesTheLemmaUnknown) {
  // x | y <= x is false (x = 0, y = 1); the enumeration is kept out of it (its range holds no
  // counterexample: 0..0), so only the DRAT route can object.
  const smt::ProofFile p = parse_proof_file(R"(lemma "or below" "x | y <= x"
  vars x y
  prove (x | y) <= x
  widths 8
  enumerate 0..0
end
)",
                                            "t.proof");
  const ProvingEverything lying;
  CheckOptions options;
  options.unbounded = false;
  options.solvers = &lying;
  const LemmaOutcome o = check_lemma(p.lemmas[0], p.definitions, options);
  ASSERT_TRUE(o.drat.has_value());
  EXPECT_EQ(o.drat->status, DratRoute::kSat);
  EXPECT_EQ(o.verdict, Verdict::Unknown);

  // The route off: the lying solvers and the empty enumeration would carry it.
  options.drat.enabled = false;
  EXPECT_EQ(check_lemma(p.lemmas[0], p.definitions, options).verdict, Verdict::Holds);
}

}  // namespace
}  // namespace nimcert
