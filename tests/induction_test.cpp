// The symbolic induction step: the move encodings agree with the follower enumerations, the
// committed induction for formula (4) holds at small widths, and its mutants (F without delta,
// a witness hint left out, Locke's merge threshold) are refuted with confirmed positions.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <set>

#include "amalgamation.hpp"
#include "certificate.hpp"
#include "command_support.hpp"
#include "induction_check.hpp"
#include "nim.hpp"
#include "one_heap.hpp"
#include "proof_file.hpp"
#include "serial_nim.hpp"
#include "z3_backend.hpp"

namespace nimcert {
namespace {

using Json = nlohmann::ordered_json;

// The followers of every position of [0,b]^k as the Z3 translation of the move encoding
// says (each move kind, each parameter value below b + 1), against for_each_follower.
void expect_encoding_matches_followers(const Game& game, Heap b) {
  const std::size_t k = game.heap_count();
  const auto moves = game.symbolic_moves();
  ASSERT_FALSE(moves.empty());
  std::vector<std::vector<smt::u128>> assignments;  // (x1..xk, t)
  std::vector<Position> positions;
  Position p = Position::zeros(k);
  for (;;) {
    positions.push_back(p);
    for (Heap t = 0; t <= b; ++t) {
      std::vector<smt::u128> a(p.begin(), p.end());
      a.push_back(t);
      assignments.push_back(a);
    }
    std::size_t i = k;
    while (i > 0 && p[i - 1] == b) p[--i] = 0;
    if (i == 0) break;
    ++p[i - 1];
  }
  std::vector<std::string> vars = position_variables(k);
  vars.push_back("t");
  std::vector<std::set<std::vector<Heap>>> symbolic(positions.size());
  for (const SymbolicMove& m : moves) {
    ASSERT_LE(m.parameters.size(), 1u);
    std::map<std::string, smt::ExprPtr> as_t;  // the move's one parameter is called t here
    for (const std::string& name : m.parameters) as_t[name] = smt::make_var("t");
    const auto legal = smt::evaluate_with_z3(smt::substitute(m.guard, as_t), vars, 8, assignments);
    std::vector<std::vector<smt::u128>> heaps;
    for (const smt::ExprPtr& r : m.result)
      heaps.push_back(smt::evaluate_with_z3(smt::substitute(r, as_t), vars, 8, assignments));
    for (std::size_t a = 0; a < assignments.size(); ++a) {
      if (!legal[a]) continue;
      std::vector<Heap> y;
      for (std::size_t i = 0; i < k; ++i) y.push_back(static_cast<Heap>(heaps[i][a]));
      symbolic[a / (b + 1)].insert(y);
    }
  }
  std::size_t moves_seen = 0;
  for (std::size_t i = 0; i < positions.size(); ++i) {
    std::set<std::vector<Heap>> enumerated;
    game.for_each_follower(positions[i], [&](const Position& y) {
      enumerated.insert(std::vector<Heap>(y.begin(), y.end()));
    });
    EXPECT_EQ(symbolic[i], enumerated) << game.describe() << " at position " << i;
    moves_seen += enumerated.size();
  }
  EXPECT_GT(moves_seen, positions.size());
}

TEST(MoveEncoding, AmalgamationMatchesFollowers) {
  expect_encoding_matches_followers(Amalgamation(2), 5);
  expect_encoding_matches_followers(Amalgamation(1), 4);
  expect_encoding_matches_followers(Amalgamation(3), 4);
}
TEST(MoveEncoding, LevineAndSerialNimMatchFollowers) {
  const smt::Definitions none;
  expect_encoding_matches_followers(
      OneHeapGame(OneHeapGame::Kind::Maximum, Rule("(n - 1) / 2", none)), 40);
  expect_encoding_matches_followers(
      OneHeapGame(OneHeapGame::Kind::Minimum, Rule("(n - 1) / 2", none)), 40);
  expect_encoding_matches_followers(SerialNim(3), 5);
}

TEST(MoveEncoding, NimMatchesFollowers) {
  expect_encoding_matches_followers(Nim(3), 5);
  expect_encoding_matches_followers(Nim(2), 6);
}

class InductionTest : public ::testing::Test {
 protected:
  // The committed proof, with `from` replaced by `to`, and its induction at the widths given.
  InductionOutcome run(const std::string& from, const std::string& to, std::vector<unsigned> widths,
                       Heap merge_min = 2) {
    std::string text =
        testing::read_text(std::string(NIMCERT_SOURCE_DIR) + "/certs/manabe-2024.proof");
    if (!from.empty()) {
      const auto at = text.find(from);
      EXPECT_NE(at, std::string::npos) << from;
      text.replace(at, from.size(), to);
    }
    const smt::ProofFile proof = smt::parse_proof(text, "manabe-2024.proof");
    EXPECT_EQ(proof.inductions.size(), 1u);
    smt::InductionSpec spec = proof.inductions.at(0);
    spec.widths = std::move(widths);
    const Amalgamation game(merge_min);
    return check_induction(spec, proof.definitions, game, {});
  }

  // The first obligation that failed, over all widths.
  static const ObligationOutcome* first_failure(const InductionOutcome& d) {
    for (const auto& w : d.widths)
      for (const auto& o : w.obligations)
        if (o.counterexample) return &o;
    return nullptr;
  }
};

TEST_F(InductionTest, Formula4HoldsOnSmallDomains) {
  const InductionOutcome d = run("", "", {4, 8});
  EXPECT_EQ(d.verdict, smt::Verdict::Holds);
  ASSERT_EQ(d.widths.size(), 2u);
  // (7) and (a) for 3 reductions and 6 merges, (b0), (b).
  EXPECT_EQ(d.widths[0].obligations.size(), 9u + 9u + 2u);
  for (const auto& o : d.widths[1].obligations) {
    EXPECT_EQ(o.z3, smt::Answer::Unsat) << o.name;
    EXPECT_EQ(o.cvc5.answer, smt::Answer::Unsat) << o.name;
  }
  EXPECT_EQ(d.hints.size(), 15u);
}

TEST_F(InductionTest, WithoutHintsCompletenessIsQuantifiedAndHolds) {
  std::string hints;
  const std::string text =
      testing::read_text(std::string(NIMCERT_SOURCE_DIR) + "/certs/manabe-2024.proof");
  const auto from = text.find("  # v < 2q:"), to = text.find("  widths 4 8 16 32 64\nend");
  ASSERT_NE(from, std::string::npos);
  const InductionOutcome d = run(text.substr(from, to - from), "", {4});
  EXPECT_FALSE(d.hinted);
  EXPECT_EQ(d.verdict, smt::Verdict::Holds);
}

TEST_F(InductionTest, FormulaWithoutDeltaIsRefuted) {
  const InductionOutcome d = run("def formula4(x1, x2, x3) = x1 ^ x2 ^ x3 ^ delta(x1, x2, x3)",
                                 "def formula4(x1, x2, x3) = x1 ^ x2 ^ x3", {4});
  EXPECT_EQ(d.verdict, smt::Verdict::Fails);
  const ObligationOutcome* o = first_failure(d);
  ASSERT_NE(o, nullptr);
  EXPECT_EQ(o->name.rfind("(a) merge", 0), 0u) << o->name;
  const Json& cx = *o->counterexample;
  // The follower with the same value, found by the game's own enumeration.
  ASSERT_FALSE(cx["followers_with_F_equal"].empty()) << cx.dump();
  const Json& x = cx["position"];
  const Json& y = cx["followers_with_F_equal"][0]["position"];
  EXPECT_EQ(x[0].get<unsigned>() ^ x[1].get<unsigned>() ^ x[2].get<unsigned>(),
            y[0].get<unsigned>() ^ y[1].get<unsigned>() ^ y[2].get<unsigned>());
  EXPECT_NE(cx["grundy"], cx["F"]) << cx.dump();  // the reference engine: G(X) != F(X)
  // The certificate shows it.
  const Json entry = induction_json(d, nullptr);
  EXPECT_EQ(entry["verdict"], "fails");
  EXPECT_EQ(entry["widths"][0]["conclusion"], "not proved");
  bool shown = false;
  for (const Json& ob : entry["widths"][0]["obligations"])
    shown = shown || ob["counterexample"] == cx;
  EXPECT_TRUE(shown);
}

TEST_F(InductionTest, MissingWitnessHintIsRefuted) {
  // (The hints "t = x_i - 1" of (19) may go: with v / 2 = q the hint of (8)-(10) gives the
  // same t.  The half-heap move with low bit 0 may not.)
  const InductionOutcome d =
      run("  witness \"reduce x1\" t = 2 * (u(x1) ^ q(x1, x2, x3) ^ (v / 2))\n", "", {4});
  EXPECT_EQ(d.verdict, smt::Verdict::Fails);
  const ObligationOutcome* o = first_failure(d);
  ASSERT_NE(o, nullptr);
  EXPECT_EQ(o->name.rfind("(b)", 0), 0u) << o->name;
  const Json& cx = *o->counterexample;
  // Formula (4) is true, so some follower does reach v: the hints, not F, are at fault.
  EXPECT_FALSE(cx["followers_reaching_v"].empty()) << cx.dump();
  EXPECT_EQ(cx["grundy"], cx["F"]) << cx.dump();
  EXPECT_NE(cx["confirmed_by"].get<std::string>().find("hints are incomplete"), std::string::npos);
}

TEST_F(InductionTest, LockeMergeThresholdIsRefuted) {
  const InductionOutcome d = run("", "", {4}, 1);
  EXPECT_EQ(d.verdict, smt::Verdict::Fails);
  const ObligationOutcome* o = first_failure(d);
  ASSERT_NE(o, nullptr);
  EXPECT_EQ(o->name.rfind("(a) merge", 0), 0u) << o->name;
  const Json& cx = *o->counterexample;
  EXPECT_FALSE(cx["followers_with_F_equal"].empty()) << cx.dump();
  EXPECT_NE(cx["grundy"], cx["F"]) << cx.dump();
}

TEST_F(InductionTest, UnknownMoveInAHintIsAnError) {
  EXPECT_THROW(run("witness \"merge x1+x3 -> x3\"", "witness \"merge x3+x1 -> x3\"", {4}),
               std::invalid_argument);
}

TEST(InductionParse, ClaimMustBeAFormula) {
  const char* text = R"(game amalgamation(merge_min = 2)
cube 4
claim "parity" "G is even or odd": G % 2 < 2
induction "parity" "not a formula"
  widths 4
end
)";
  try {
    smt::parse_proof(text, "p.proof");
    FAIL() << "accepted";
  } catch (const smt::ParseError& e) {
    EXPECT_NE(std::string(e.what()).find("p.proof:4:11: expected a claim of the form G == F"),
              std::string::npos)
        << e.what();
  }
}

}  // namespace
}  // namespace nimcert
