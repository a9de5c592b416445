// The certificate and the command line: deterministic stable part, atomic writing, the
// documented exit statuses, and the values the CLI prints.
#include "certificate/certificate.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "base/atomic_file.hpp"
#include "certificate/certificate_file.hpp"
#include "certificate/entries.hpp"
#include "certificate/reports.hpp"
#include "command_support.hpp"
#include "committed_proof.hpp"

namespace nimcert {
namespace {

namespace fs = std::filesystem;

using testing::CommandResult;
using testing::scratch_dir;
const auto read = testing::read_text;

CommandResult nimcert_run(const std::string& args) {
  return testing::run_command(std::string(NIMCERT_BINARY) + " " + args + " 2>/dev/null");
}

const std::string kManabeProof = std::string(NIMCERT_SOURCE_DIR) + "/certs/manabe-2024.proof";

TEST(Certificate, StablePartIsIdenticalAcrossRuns) {
  // One check of every kind (cube claim, lemma, box, sequence, induction), certified twice in
  // this process: only the run object may differ.
  const fs::path dir = scratch_dir("stable");
  const fs::path proof = dir / "every-kind.proof";
  std::ofstream(proof) << R"proof(game amalgamation(merge_min = 2)
cube 10
claim "conjecture-1" "floor(G/2) = floor((x1 ^ x2 ^ x3)/2)": G / 2 == (x1 ^ x2 ^ x3) / 2
lemma "(15)" "u + w = (u ^ w) + 2 (u & w)"
  vars u w
  prove u + w == (u ^ w) + 2 * (u & w)
  widths 8 16
  enumerate 0..63
end
box "nim-2" "Bouton"
  game nim(heaps = 2)
  size 12
  claim "xor-2" "t": G == x1 ^ x2
  claim "positive" "t": x1 >= 1 && x2 == 0 -> G == x1
end
sequence "half" "f = (n - 1) / 2"
  rule "(n - 1) / 2"
  last 200
  claim "zeros" "t": (g == 0) <-> ((n & (n - 1)) == 0)
  check "lemma-2.1"
end
induction "xor-2" "seed 002"
  witness "reduce x1" t = x1 ^ (x1 ^ x2) ^ v
  witness "reduce x2" t = x2 ^ (x1 ^ x2) ^ v
  widths 4 8
end
)proof";
  const auto a = make_certificate(check_proof(proof.string(), {}), RunInfo{1.0});
  const auto b = make_certificate(check_proof(proof.string(), {}), RunInfo{2.0});
  EXPECT_NE(certificate_text(a), certificate_text(b));  // the timings differ
  EXPECT_EQ(certificate_text(stable_part(a)), certificate_text(stable_part(b)));
  EXPECT_EQ(a["stable_sha256"], b["stable_sha256"]);
  EXPECT_EQ(a["verdict"], "holds");
  EXPECT_EQ(a["exhaustive"]["positions"], 11u * 11u * 11u);
  EXPECT_EQ(a["boxes"][0]["claims"][1]["premise_cases"], 12u);
  EXPECT_EQ(a["induction"][0]["widths"][1]["conclusion"], "G = (x1 ^ x2) on D_8");
  // The rules of the two built-in games (the cube's and the box's), claims, lemma, box,
  // sequence, induction.
  EXPECT_EQ(a["trust"].size(), 2u + 1u + 1u + 2u + 2u + 1u);
  EXPECT_FALSE(stable_part(a).contains("run"));
  fs::remove_all(dir);
}

// Found by the certificate-reader fuzzer: a number too large for any JSON type ended the
// process (nlohmann's out_of_range escaped); it is a refused certificate like any other.
TEST(CertificateFile, ANumberOutOfRangeIsAMalformedCertificateNotACrash) {
  const std::string crash = testing::read_text(
      NIMCERT_SOURCE_DIR "/tests/fuzz/regressions/certificate-number-overflow.json");
  ASSERT_FALSE(crash.empty());
  for (const std::string& text : {crash, std::string(R"({"format": 1E7777777777777777777})")}) {
    try {
      parse_certificate(text, "x.cert.json");
      ADD_FAILURE() << "accepted";
    } catch (const CertificateError& e) {
      EXPECT_NE(std::string(e.what()).find("x.cert.json: not a certificate (truncated or malformed "
                                           "JSON): [json.exception.out_of_range.406] number "
                                           "overflow"),
                std::string::npos)
          << e.what();
    }
  }
}

TEST(Reports, AnObligationThatDidNotHoldNamesTheDefinitionsOfFCheckedOnlyBelow2ToTheW) {
  // Levine's (3) has F = x1 >> (v2_ladder(x1) + 1); the lemma tying v2_ladder to v2 is a
  // shift by a computed amount, outside MONA's fragment, so checked below 2^64 only.  An
  // obligation of (3) that did not hold says so; the same obligation holding says nothing.
  using Json = nlohmann::ordered_json;
  Json c = Json::parse(testing::committed("levine-2004.cert.json"));
  auto detail_of = [&](const std::string& name) {
    for (const CheckRow& r : check_rows(c))
      if (r.name == name) return r.detail;
    ADD_FAILURE() << "no row " << name;
    return std::string();
  };
  Json* obligation = nullptr;
  for (Json& d : c["induction"])
    if (d["claim"] == "(3)") obligation = &d["widths"].back()["obligations"][0];
  ASSERT_NE(obligation, nullptr);
  const std::string row = "induction (3) w64: " + (*obligation)["obligation"].get<std::string>();
  const std::string note = "F uses v2_ladder, which lemma v2 ladder checks only below 2^64";
  EXPECT_EQ(detail_of(row).find(note), std::string::npos) << detail_of(row);
  (*obligation)["z3"] = "unknown";
  EXPECT_NE(detail_of(row).find(note), std::string::npos) << detail_of(row);
}

// Found by the certificate-reader fuzzer once it also built the report rows: on JSON with no
// "proof", check_rows read a missing key through const operator[] (an assertion, undefined
// behaviour in a release build).  Every walker over certificate JSON reads keys with at():
// a missing one is a json exception the command line reports, never a crash.
TEST(CertificateFile, WalkersOverJsonWithoutItsKeysThrowAndDoNotCrash) {
  using Json = nlohmann::ordered_json;
  const Json empty = Json::parse(testing::read_text(
      NIMCERT_SOURCE_DIR "/tests/fuzz/regressions/certificate-empty-object.json"));
  EXPECT_THROW(check_rows(empty), Json::exception);
  const Json no_n = Json::parse(R"({"exhaustive": {"claims": []}, "lemmas": []})");
  EXPECT_THROW(entries_of(no_n), Json::exception);
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
  EXPECT_EQ(nimcert_run("grundy 2 4 0").out, "7\n");
  EXPECT_EQ(nimcert_run("grundy 2 4 8").out, "14\n");
  EXPECT_EQ(nimcert_run("grundy --merge-min 1 0 1 2").out, "4\n");
  EXPECT_EQ(nimcert_run("grundy --game nim --heaps 4 1 2 4 8").out, "15\n");
}

TEST(Cli, UsageErrorsExitTwo) {
  EXPECT_EQ(nimcert_run("").status, 2);
  EXPECT_EQ(nimcert_run("grundy 1 2").status, 2);  // wrong heap count
  EXPECT_EQ(nimcert_run("grundy --game chess 1 2 3").status, 2);
  EXPECT_EQ(nimcert_run("frobnicate").status, 2);
  EXPECT_EQ(nimcert_run("certify --help").status, 0);
}

TEST(Cli, TablePrintsTheTwoHeapSlice) {
  const std::string csv = nimcert_run("table --size 5 --csv").out;
  EXPECT_EQ(csv,
            "x1\\x2,0,1,2,3,4\n0,0,1,2,3,4\n1,1,0,3,2,5\n2,2,3,0,1,7\n3,3,2,1,0,6\n4,4,5,7,6,0\n");
}

TEST(Cli, CertifyRefusesAnUnwritableCertificate) {
  const fs::path dir = scratch_dir("certify");
  const std::string proof = kManabeProof;
  // A certificate that cannot be written is an error (status 2), and leaves nothing behind.
  EXPECT_EQ(
      nimcert_run("certify --cube 4 -o " + (dir / "no" / "x.json").string() + " " + proof).status,
      2);
  EXPECT_FALSE(fs::exists(dir / "no"));
  EXPECT_EQ(nimcert_run("certify " + (dir / "missing.proof").string()).status, 2);
  fs::remove_all(dir);
}

}  // namespace
}  // namespace nimcert
