// The second route for every natural (issue 49): nimcert's own automata decide every statement
// MONA decides, and the two must agree.  Mutants of the committed proofs (a formula changed, a
// hypothesis dropped, a game rule changed) that MONA refutes are refuted by the automata too,
// and never "hold" when the routes disagree; certify records the automata's evidence and the
// induction obligations' DRAT proofs beside the certificate; `verify --independent` checks all
// of it again with no solver on PATH, refuses a tampered evidence file or record by name, writes
// a missing automata file again, and answers Ctrl-C within a second.
#include <gtest/gtest.h>

#include <chrono>
#include <fstream>
#include <regex>

#include "base/sha256.hpp"
#include "certificate/certificate.hpp"
#include "checks/induction/check.hpp"
#include "checks/lemma_check.hpp"
#include "command_support.hpp"
#include "committed_proof.hpp"
#include "games/registry.hpp"

namespace nimcert {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::ordered_json;

// Every obligation of every induction of the mutant proof, through both routes: none may
// disagree, and the number both refute is returned.
std::size_t refuted_by_both(const smt::ProofFile& proof) {
  std::size_t refuted = 0;
  for (const smt::InductionSpec& spec : proof.inductions) {
    const std::shared_ptr<const Game> game = make_game(spec.game, proof.definitions);
    UnboundedOptions options;
    options.numeration = spec.numeration;
    for (const Obligation& o :
         unbounded_induction_obligations(spec, proof.definitions, *game, "mutant")) {
      const UnboundedOutcome u =
          decide_for_all_naturals(o.variables, o.hypotheses, o.conclusion, o.existentials,
                                  proof.definitions, nullptr, "independent_test", options);
      EXPECT_TRUE(u.in_fragment) << spec.claim << " " << o.name;
      EXPECT_FALSE(u.disagree) << spec.claim << " " << o.name << ": " << u.note;
      EXPECT_TRUE(u.independent.has_value());
      if (!u.independent) continue;
      EXPECT_TRUE(u.independent->checked() || u.independent->counterexample)
          << spec.claim << " " << o.name << ": " << u.independent->status << " "
          << u.independent->note;
      const bool mona_refutes = u.answer == smt::MonaRun::Answer::Counterexample;
      EXPECT_EQ(mona_refutes, u.independent->counterexample.has_value())
          << spec.claim << " " << o.name;
      refuted += mona_refutes && u.independent->counterexample;
    }
  }
  return refuted;
}

TEST(IndependentRoute, MutantsOfTheCommittedInductionsAreRefutedByBothRoutes) {
  // A mutated formula, in binary and in Fibonacci numeration, and a wrong game rule.
  struct Mutant {
    const char* proof;
    const char* from;
    const char* to;
  };
  const Mutant mutants[] = {
      {"manabe-2024.proof", "def formula4(x1, x2, x3) = x1 ^ x2 ^ x3 ^ delta(x1, x2, x3)",
       "def formula4(x1, x2, x3) = x1 ^ x2 ^ x3 ^ delta(x1, x2, x3) ^ (x1 == 5 && x2 == 1)"},
      {"manabe-2024.proof", "def formula4(x1, x2, x3) = x1 ^ x2 ^ x3 ^ delta(x1, x2, x3)",
       "def formula4(x1, x2, x3) = x1 ^ x2 ^ x3"},
      {"subtraction.proof", "def mod4(x1, x2, x3) = (x1 % 4) ^ (x2 % 4) ^ (x3 % 4)",
       "def mod4(x1, x2, x3) = (x1 % 5) ^ (x2 % 4) ^ (x3 % 4)"},
      {"misere-nim.proof",
       "def misere_p3(x1, x2, x3) = if x1 >= 2 || x2 >= 2 || x3 >= 2 then (x1 ^ x2 ^ x3) == 0 "
       "else (x1 ^ x2 ^ x3) == 1",
       "def misere_p3(x1, x2, x3) = if x1 >= 1 || x2 >= 2 || x3 >= 2 then (x1 ^ x2 ^ x3) == 0 "
       "else (x1 ^ x2 ^ x3) == 1"},
      {"wythoff.proof", "(zeck_even(x1) && x2 == zeck_shift(x1))",
       "(!zeck_even(x1) && x2 == zeck_shift(x1))"},
      {"lasker.proof", "def lasker(n) = if n % 4 == 3 then n + 1",
       "def lasker(n) = if n % 4 == 2 then n + 1"},
  };
  for (const Mutant& m : mutants) {
    SCOPED_TRACE(std::string(m.proof) + ": " + m.to);
    const smt::ProofFile proof = testing::mutant(m.proof, m.from, m.to);
    EXPECT_GT(refuted_by_both(proof), 0u);
  }
  // The game's rule changed instead of the formula: subtraction S = {1, 2, 3} with 4 allowed.
  const smt::ProofFile rule = testing::mutant("subtraction.proof", "for 1 <= s <= 3 when s <= x1",
                                              "for 1 <= s <= 4 when s <= x1");
  EXPECT_GT(refuted_by_both(rule), 0u);
}

TEST(IndependentRoute, ALemmaWithoutItsHypothesisIsRefutedByBothRoutes) {
  const smt::ProofFile f = testing::mutant("manabe-2024.proof", "  assume (ui & uj) == 0\n", "");
  for (const smt::LemmaSpec& l : f.lemmas) {
    if (l.label != "(17)") continue;
    const UnboundedOutcome u =
        lemma_for_all_naturals(l, f.definitions, expand_lemma(l, f.definitions), {});
    ASSERT_TRUE(u.independent.has_value());
    ASSERT_TRUE(u.independent->counterexample.has_value()) << u.independent->status;
    // The automata's counterexample is the shortest: it violates the lemma too (re-checked by
    // the exact evaluator before the verdict), and both routes refute.
    EXPECT_FALSE(u.disagree);
    EXPECT_EQ(u.verdict(), Verdict::Fails);
    return;
  }
  FAIL() << "no lemma (17)";
}

TEST(IndependentRoute, CommittedStatementsAreCheckedByBothRoutes) {
  const smt::ProofFile f = testing::mutant("manabe-2024.proof", "", "");
  std::size_t checked = 0;
  for (const smt::LemmaSpec& lemma : f.lemmas) {
    const UnboundedOutcome u =
        lemma_for_all_naturals(lemma, f.definitions, expand_lemma(lemma, f.definitions), {});
    ASSERT_TRUE(u.independent.has_value()) << lemma.label;
    EXPECT_EQ(u.independent->status, IndependentCheck::kChecked)
        << lemma.label << ": " << u.independent->note;
    EXPECT_EQ(u.proved_by(), "MONA and nimcert's automata");
    checked += u.independent->checked();
  }
  EXPECT_EQ(checked, f.lemmas.size());
}

using testing::fake_mona;

UnboundedOutcome decided_with(const std::string& statement, const std::string& mona) {
  UnboundedOptions options;
  options.mona_binary = mona;
  const smt::ExprPtr phi = smt::parse_expression(statement, {"x"});
  return decide_for_all_naturals({"x"}, {}, phi, {}, {}, phi, "independent_test", options);
}

// A goal of several existentials is joined as a balanced tree (MONA's program and the
// automata's union alike): "x = 5y + r for some y", r = 0..4, holds for every x, and with any
// one r left out both routes refute it at x = r, wherever that goal sits in the tree.
TEST(IndependentRoute, EveryGoalOfASplitIntoFiveCountsWhereverItSits) {
  std::vector<smt::Existential> residues;
  for (std::uint64_t r = 0; r < 5; ++r) {
    const smt::ExprPtr y = smt::make_var("y");
    residues.push_back(
        {{"y"},
         smt::make_node(
             smt::Op::Eq,
             {smt::make_var("x"),
              smt::make_node(smt::Op::Add, {smt::make_node(smt::Op::Mul, {smt::make_const(5), y}),
                                            smt::make_const(r)})})});
  }
  auto decide = [](const std::vector<smt::Existential>& goals) {
    return decide_for_all_naturals({"x"}, {}, nullptr, goals, {}, nullptr, "independent_test",
                                   UnboundedOptions{});
  };
  const UnboundedOutcome all = decide(residues);
  EXPECT_EQ(all.answer, smt::MonaRun::Answer::Valid);
  ASSERT_TRUE(all.independent.has_value());
  EXPECT_TRUE(all.independent->checked());
  for (std::size_t left_out = 0; left_out < 5; ++left_out) {
    std::vector<smt::Existential> four = residues;
    four.erase(four.begin() + static_cast<std::ptrdiff_t>(left_out));
    const UnboundedOutcome u = decide(four);
    EXPECT_EQ(u.answer, smt::MonaRun::Answer::Counterexample) << left_out;
    ASSERT_TRUE(u.independent && u.independent->counterexample) << left_out;
    EXPECT_EQ(u.independent->counterexample->at("x"), std::to_string(left_out));
  }
}

TEST(IndependentRoute, WhenTheRoutesDisagreeTheStatementIsUnknownWithBothAnswers) {
  const fs::path dir = testing::scratch_dir("disagree");
  // MONA (a stand-in) says a false statement is valid: the automata's counterexample stands
  // beside it, and the statement neither holds nor fails.
  const UnboundedOutcome wrong_valid =
      decided_with("x + 1 > 2 * x", fake_mona(dir, "Formula is valid\n"));
  EXPECT_EQ(wrong_valid.answer, smt::MonaRun::Answer::Valid);
  ASSERT_TRUE(wrong_valid.independent && wrong_valid.independent->counterexample);
  EXPECT_EQ(wrong_valid.independent->counterexample->at("x"), "1");
  EXPECT_TRUE(wrong_valid.disagree);
  EXPECT_EQ(wrong_valid.verdict(), Verdict::Unknown);
  EXPECT_NE(wrong_valid.note.find("the routes disagree: MONA says valid"), std::string::npos)
      << wrong_valid.note;
  // MONA (a stand-in) gives a counterexample to a true statement: the automata prove it, and
  // again the statement is unknown, not refuted.
  const UnboundedOutcome wrong_refuted = decided_with(
      "x + 1 > x", fake_mona(dir, "A counter-example of least length (3) is:\nV_x = {2}\n"));
  EXPECT_EQ(wrong_refuted.answer, smt::MonaRun::Answer::Counterexample);
  ASSERT_TRUE(wrong_refuted.independent.has_value());
  EXPECT_TRUE(wrong_refuted.independent->checked());
  EXPECT_TRUE(wrong_refuted.disagree);
  EXPECT_FALSE(wrong_refuted.counterexample.has_value());
  EXPECT_EQ(wrong_refuted.verdict(), Verdict::Unknown);
  fs::remove_all(dir);
}

// A lemma, an induction on all of N^2 with its DRAT proofs, and a declared game's rules.
const char* kTake13Proof = R"proof(game take13 heaps 2
  move "take from x1" for 1 <= t <= 3 when t <= x1 to (x1 - t, x2)
  move "take from x2" for 1 <= t <= 3 when t <= x2 to (x1, x2 - t)
end
def mod4(a, b) = (a % 4) ^ (b % 4)
box "s13" "take 1 to 3 from a heap"
  game take13 size 24
  claim "mod-4" "G = (x1 mod 4) ^ (x2 mod 4)": G == mod4(x1, x2)
end
induction "mod-4" "the Sprague-Grundy value on every position"
  widths 8 16
end
lemma "xor twice" "x ^ y ^ y == x"
  vars x y
  prove ((x ^ y) ^ y) == x
  widths 16
  enumerate 0..15
end
)proof";

class VerifyIndependent : public testing::ScratchTest {
 protected:
  virtual const char* proof_text() const { return kTake13Proof; }
  void SetUp() override {
    ScratchTest::SetUp();
    write("p.proof", proof_text());
    const testing::CommandResult r = nimcert("certify --no-cache p.proof");
    ASSERT_EQ(r.status, 0) << r.out;
  }
  Json certificate() const { return Json::parse(testing::read_text(dir_ / "p.cert.json")); }
  // verify --independent with a PATH that holds no solver (only what the shell needs).
  testing::CommandResult verify() const {
    fs::create_directories(dir_ / "no-solvers");
    return testing::run_command("cd " + dir_.string() + " && env PATH=" +
                                (dir_ / "no-solvers").string() + " " + NIMCERT_BINARY +
                                " verify --independent p.cert.json 2>&1");
  }
  // The certificate with its stable digest recomputed: an edit a reader of the certificate
  // alone cannot tell from a genuine one.
  void rewrite(Json c) const {
    c["stable_sha256"] = stable_digest(c);
    std::ofstream(dir_ / "p.cert.json") << certificate_text(c);
  }
};

TEST_F(VerifyIndependent, CertifyRecordsTheEvidenceAndVerifyChecksItWithNoSolver) {
  const Json c = certificate();
  // The lemma: MONA and the automata, its evidence file beside the certificate.
  const Json& x = c["lemmas"][0]["unbounded"]["independent"];
  EXPECT_EQ(x["checker"], "nimcert-automata 1");
  EXPECT_EQ(x["status"], "checked");
  EXPECT_GE(x["states"].get<std::uint64_t>(), 1u);
  const std::string evidence = testing::read_text(dir_ / x["evidence"]["file"].get<std::string>());
  EXPECT_EQ(x["sha256"], Sha256::of(evidence));
  EXPECT_EQ(x["evidence"]["bytes"], evidence.size());
  EXPECT_NE(c["lemmas"][0]["scope"].get<std::string>().find("MONA and nimcert's automata"),
            std::string::npos);
  // The induction: every obligation on N^2 checked by the automata, and the widest width's
  // quantifier-free obligations carry a checked DRAT proof with its CNF kept beside it.
  const Json& u = c["induction"][0]["unbounded"];
  EXPECT_EQ(u["independent"]["status"], "checked");
  EXPECT_EQ(u["independent"]["obligations"], u["obligations"].size());
  std::size_t proofs = 0;
  for (const Json& o : c["induction"][0]["widths"][1]["obligations"]) {
    if (!o.contains("drat")) continue;
    EXPECT_EQ(o["drat"]["width"], 16);
    if (o["drat"]["status"] != "checked") continue;
    ++proofs;
    EXPECT_EQ(o["drat"]["cnf"]["sha256"],
              Sha256::of(testing::read_text(dir_ / o["drat"]["cnf"]["file"].get<std::string>())));
    EXPECT_EQ(o["drat"]["proof"]["sha256"],
              Sha256::of(testing::read_text(dir_ / o["drat"]["proof"]["file"].get<std::string>())));
  }
  EXPECT_GE(proofs, 4u);  // (7), (n), (a) per move kind, (b0)
  // The rules of the declared game.
  EXPECT_EQ(c["rules"][0]["unbounded"]["independent"]["status"], "checked");

  const testing::CommandResult v = verify();
  EXPECT_EQ(v.status, 0) << v.out;
  EXPECT_NE(v.out.find("holds   lemma xor twice (nimcert's automata)"), std::string::npos) << v.out;
  EXPECT_NE(v.out.find("holds   lemma xor twice w16: drat"), std::string::npos) << v.out;
  EXPECT_NE(v.out.find("holds   induction mod-4: (b) every v < F is reached by some move "
                       "(quantified) (nimcert's automata)"),
            std::string::npos)
      << v.out;
  EXPECT_NE(v.out.find("holds   induction mod-4 w16: (a) take from x1: drat"), std::string::npos)
      << v.out;
  EXPECT_NE(v.out.find("holds   rules take13: (7) take from x2 (nimcert's automata)"),
            std::string::npos)
      << v.out;
  EXPECT_NE(testing::last_line(v.out).find("verify --independent: VERIFIED"), std::string::npos)
      << v.out;
}

TEST_F(VerifyIndependent, ATamperedEvidenceFileFailsAndNamesTheEntry) {
  const Json c = certificate();
  const fs::path file = dir_ / c["lemmas"][0]["unbounded"]["independent"]["evidence"]["file"]
                                   .get<std::string>();
  std::string text = testing::read_text(file);
  const std::size_t digit = text.find_last_of("0123456789");
  text[digit] = text[digit] == '0' ? '1' : '0';  // one digit of the last pair, same size
  std::ofstream(file) << text;
  const testing::CommandResult v = verify();
  EXPECT_EQ(v.status, 1) << v.out;
  EXPECT_NE(v.out.find("fails   lemma xor twice (nimcert's automata)"), std::string::npos) << v.out;
  EXPECT_NE(v.out.find("SHA-256 is not the recorded one"), std::string::npos) << v.out;
  EXPECT_NE(testing::last_line(v.out).find("FAILS"), std::string::npos) << v.out;
}

TEST_F(VerifyIndependent, ATamperedRecordFailsAndNamesTheEntry) {
  Json c = certificate();
  // An obligation's pair count, with the certificate's digest made to match.
  Json& o = c["induction"][0]["unbounded"]["obligations"][0];
  const std::string name = o["obligation"];
  o["independent"]["states"] = o["independent"]["states"].get<std::uint64_t>() + 1;
  rewrite(c);
  const testing::CommandResult v = verify();
  EXPECT_EQ(v.status, 1) << v.out;
  EXPECT_NE(v.out.find("fails   induction mod-4: " + name + " (nimcert's automata)"),
            std::string::npos)
      << v.out;
  EXPECT_NE(v.out.find("the certificate records"), std::string::npos) << v.out;
  // A DRAT record whose CNF digest is another's: refused by name too.
  Json d = certificate();
  d["lemmas"][0]["drat"]["cnf"]["sha256"] = std::string(64, '0');
  rewrite(d);
  const testing::CommandResult w = verify();
  EXPECT_EQ(w.status, 1) << w.out;
  EXPECT_NE(w.out.find("fails   lemma xor twice w16: drat"), std::string::npos) << w.out;
}

// Wythoff's P-positions in Fibonacci numeration, for every position: the obligations that
// read no Zeckendorf digits (the rank obligations (7) and (n)) are decided in binary, and the record says so per obligation; verify derives the numeration again
// and refuses a record that names another.
class VerifyNumeration : public VerifyIndependent {
 protected:
  const char* proof_text() const override {
    return "game wythoff heaps 2\n"
           "  move \"reduce x1\" for t < x1 to (t, x2)\n"
           "  move \"reduce x2\" for t < x2 to (x1, t)\n"
           "  move \"reduce both\" for 1 <= s <= x1 when s <= x2 to (x1 - s, x2 - s)\n"
           "  rules widths 8\n"
           "end\n"
           "def wythoff_zeck(x1, x2) = (x1 == 0 && x2 == 0) ||\n"
           "    (zeck_even(x1) && x2 == zeck_shift(x1)) || (zeck_even(x2) && x1 == zeck_shift(x2))\n"
           "box \"w\" \"small\"\n  game wythoff size 30\n"
           "  claim \"p\" \"P\": (G == 0) <-> wythoff_zeck(x1, x2)\nend\n"
           "induction \"p\" \"Wythoff's P-positions\"\n"
           "  numeration fibonacci\n"
           "end\n";
  }
};

TEST_F(VerifyNumeration, ObligationsReadingNoDigitsAreDecidedInBinaryAndRecordedSo) {
  Json c = certificate();
  Json& obligations = c["induction"][0]["unbounded"]["obligations"];
  std::size_t binary = 0, fibonacci = 0;
  for (const Json& o : obligations) {
    const bool rank = o["obligation"].get<std::string>().starts_with("(7)");
    if (o.value("numeration", "") == "binary") {
      ++binary;
    } else {
      ++fibonacci;
      EXPECT_FALSE(rank) << o["obligation"];  // (7) reads no digits
    }
  }
  EXPECT_EQ(binary, 4u);
  EXPECT_EQ(fibonacci, 4u);
  const testing::CommandResult v = verify();
  EXPECT_EQ(v.status, 0) << v.out;
  // A record moved to the named numeration, its digest made to match: refused with its name.
  for (Json& o : obligations)
    if (o.contains("numeration")) {
      o.erase("numeration");
      break;
    }
  rewrite(c);
  const testing::CommandResult w = verify();
  EXPECT_EQ(w.status, 2) << w.out;
  EXPECT_NE(w.out.find("is recorded as decided in the fibonacci numeration; nimcert decides it in "
                       "binary"),
            std::string::npos)
      << w.out;
}

// 0.AB's arithmetic period, decided by the mex recursion: no evidence file is kept, so verify
// derives each statement again from the proof file and the values the engine computes again.
class VerifyMexRecursion : public VerifyIndependent {
 protected:
  const char* proof_text() const override {
    return "game hexab octal \"0.AB\"\n"
           "sequence \"0.AB\" \"t\"\n  game hexab\n  last 40\n"
           "  claim \"ap\" \"t\": periodic from 1 period 1 saltus 1\nend\n";
  }
};

TEST_F(VerifyMexRecursion, EachStatementIsDerivedAgainAndAnEditedRecordFails) {
  const Json c = certificate();
  const Json& obligations = c["sequences"][0]["periodicity"][0]["obligations"];
  ASSERT_EQ(obligations.size(), 6u);  // (a) for five move kinds, (b) on a part
  for (const Json& o : obligations) {
    EXPECT_EQ(o["nimcert_automata"], "checked") << o.dump();
    EXPECT_EQ(o["nimcert_automata_sha256"].get<std::string>().size(), 64u);
    EXPECT_GE(o["nimcert_automata_states"].get<std::uint64_t>(), 1u);
  }
  const testing::CommandResult v = verify();
  EXPECT_EQ(v.status, 0) << v.out;
  EXPECT_NE(v.out.find("holds   sequence 0.AB: ap: (a) remove 2, leave three heaps (nimcert's "
                       "automata)  derived again from the proof file and the values"),
            std::string::npos)
      << v.out;
  EXPECT_NE(testing::last_line(v.out).find("VERIFIED (6 records checked again"), std::string::npos)
      << v.out;
  // One statement's pair count edited, the certificate's digest made to match: refused by name.
  Json edited = certificate();
  Json& o = edited["sequences"][0]["periodicity"][0]["obligations"][4];
  o["nimcert_automata_states"] = o["nimcert_automata_states"].get<std::uint64_t>() + 1;
  rewrite(edited);
  const testing::CommandResult w = verify();
  EXPECT_EQ(w.status, 1) << w.out;
  EXPECT_NE(w.out.find("fails   sequence 0.AB: ap: " + o["obligation"].get<std::string>()),
            std::string::npos)
      << w.out;
  EXPECT_NE(w.out.find("the certificate records"), std::string::npos) << w.out;
  // Values that are not the game's: the claim's statements cannot be derived again.
  Json values = certificate();
  values["sequences"][0]["periodicity"][0]["values_sha256"] = std::string(64, '0');
  rewrite(values);
  const testing::CommandResult x = verify();
  EXPECT_EQ(x.status, 1) << x.out;
  EXPECT_NE(x.out.find("the values G(0..1) computed again are not the recorded ones"),
            std::string::npos)
      << x.out;
}

TEST_F(VerifyIndependent, AMissingAutomataFileIsWrittenAgainAMissingCnfFails) {
  const Json c = certificate();
  fs::remove(dir_ / c["lemmas"][0]["unbounded"]["independent"]["evidence"]["file"]
                        .get<std::string>());
  const testing::CommandResult v = verify();
  EXPECT_EQ(v.status, 0) << v.out;
  EXPECT_NE(v.out.find("(missing; written again by the automata, not kept)"), std::string::npos)
      << v.out;
  fs::remove(dir_ / c["lemmas"][0]["drat"]["cnf"]["file"].get<std::string>());
  const testing::CommandResult w = verify();
  EXPECT_EQ(w.status, 1) << w.out;
  EXPECT_NE(w.out.find("is missing: nimcert certify writes it"), std::string::npos) << w.out;
}

TEST_F(VerifyIndependent, EvidenceOutsideItsFolderIsRefused) {
  Json c = certificate();
  c["lemmas"][0]["unbounded"]["independent"]["evidence"]["file"] = "p.drat/../p.proof";
  rewrite(c);
  const testing::CommandResult v = verify();
  EXPECT_EQ(v.status, 2) << v.out;
  EXPECT_NE(v.out.find("which is not a file of p.drat/"), std::string::npos) << v.out;
}

// A lemma whose automata take seconds to build (a product by 60000 has 60000 carries): MONA is
// given 2 s, and the automata decide it.
const char* kSlowProof = R"(lemma "sixty thousand" "x * 60000 + y == y + x * 60000"
  vars x y
  prove x * 60000 + y == y + x * 60000
  widths 16
  enumerate 0..3
end
)";

TEST(VerifyIndependentInterrupt, CtrlCStopsItWithinASecond) {
  const fs::path dir = testing::scratch_dir("verify-independent-interrupt");
  std::ofstream(dir / "slow.proof") << kSlowProof;
  const testing::CommandResult r =
      testing::nimcert_in(dir, "certify --no-cache --timeout-ms 2000 slow.proof");
  ASSERT_EQ(r.status, 0) << r.out;
  const Json c = Json::parse(testing::read_text(dir / "slow.cert.json"));
  ASSERT_EQ(c["lemmas"][0]["unbounded"]["independent"]["status"], "checked");
  // How long the check takes undisturbed, then interrupted a third of the way in.
  auto timed = [&](const std::string& command) {
    const auto start = std::chrono::steady_clock::now();
    const testing::CommandResult out = testing::run_command("cd " + dir.string() + " && " + command);
    return std::pair{out, std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
                              .count()};
  };
  const auto [whole, whole_seconds] =
      timed(std::string(NIMCERT_BINARY) + " verify --independent slow.cert.json");
  ASSERT_EQ(whole.status, 0) << whole.out;
  ASSERT_GT(whole_seconds, 1.5) << "the check must take long enough to interrupt";
  const double delay = whole_seconds / 3;
  const auto [stopped, stopped_seconds] = timed(
      "(" + std::string(NIMCERT_BINARY) +
      " verify --independent slow.cert.json > out.txt 2>&1 & pid=$!; sleep " +
      std::to_string(delay) + "; kill -INT $pid; wait $pid; echo status=$?)");
  EXPECT_EQ(stopped.out, "status=130\n") << testing::read_text(dir / "out.txt");
  EXPECT_LT(stopped_seconds, delay + 1.0);
  fs::remove_all(dir);
}

}  // namespace
}  // namespace nimcert
