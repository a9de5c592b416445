// Proof-file claims on the cube (claims/proof_claims.hpp): each row is evaluated once for its
// x and y and in 32-bit lanes where every value the claim computes stays below 2^32, else in
// 64-bit lanes.  Both ways are held to the plain value here: a claim that needs 64 bits (a
// product by 2^40) holds and its mutant fails at its first position, and so does a mutant of a
// 32-bit claim, each with the claimed value a hand check reads.
#include "claims/proof_claims.hpp"

#include <gtest/gtest.h>

#include "checks/cube_check.hpp"
#include "checks/proof_input.hpp"
#include "games/registry.hpp"

namespace nimcert {
namespace {

// The cube's report; with `machine_code`, each claim first prepared as for a cube too large for
// the batch evaluator, and `native` says which claims then ran as machine code.
CubeReport cube_of(const std::string& text, bool machine_code = false,
                   std::vector<bool>* native = nullptr) {
  const smt::ProofFile proof = parse_proof_file(text, "claims.proof");
  const std::unique_ptr<Game> game = make_game(proof.game, proof.definitions);
  const auto claims = proof_claims(proof);
  std::vector<const CubeClaim*> pointers;
  for (const auto& c : claims) {
    const bool compiled = machine_code && c->prepare(std::uint64_t{1} << 40);
    if (native) native->push_back(compiled);
    pointers.push_back(c.get());
  }
  return check_cube(*game, proof.cube, pointers);
}

const char* const kClaimsText =
    "game nim(heaps = 3)\ncube 9\n"
    "claim \"wide\" \"needs 64 bits\": (G * 1099511627776) / 1099511627776 == x1 ^ x2 ^ x3\n"
    "claim \"wide-mutant\" \"wrong where x1 = 4\": "
    "(G * 1099511627776) / 1099511627776 == x1 ^ x2 ^ x3 ^ (x1 == 4)\n"
    "claim \"narrow\" \"Bouton\": G == x1 ^ x2 ^ x3\n"
    "claim \"narrow-mutant\" \"wrong at (3, 0, 5) on\": G == x1 ^ x2 ^ x3 ^ (x1 == 3 && x3 == "
    "5)\n"
    "claim \"implication\" \"P-positions\": x1 ^ x2 ^ x3 == 0 -> G == 0\n";

TEST(ProofClaims, ClaimsInSixtyFourAndThirtyTwoBitLanesHoldAndTheirMutantsFailWhereTheyShould) {
  const CubeReport r = cube_of(kClaimsText);
  EXPECT_EQ(r.positions, 1000u);
  ASSERT_EQ(r.claims.size(), 5u);
  EXPECT_EQ(r.claims[0].verdict, Verdict::Holds);
  EXPECT_EQ(r.claims[0].cases, 1000u);
  EXPECT_EQ(r.claims[1].verdict, Verdict::Fails);
  ASSERT_TRUE(r.claims[1].counterexample.has_value());
  EXPECT_EQ(r.claims[1].counterexample->position, (Position{4, 0, 0}));
  EXPECT_EQ(r.claims[1].counterexample->grundy, 4u);
  EXPECT_FALSE(r.claims[1].counterexample->claimed.has_value());  // not of the form G == F
  EXPECT_EQ(r.claims[2].verdict, Verdict::Holds);
  EXPECT_EQ(r.claims[3].verdict, Verdict::Fails);
  ASSERT_TRUE(r.claims[3].counterexample.has_value());
  EXPECT_EQ(r.claims[3].counterexample->position, (Position{3, 0, 5}));
  EXPECT_EQ(r.claims[3].counterexample->grundy, 6u);
  EXPECT_EQ(r.claims[3].counterexample->claimed, std::optional<Value>{7});
  EXPECT_EQ(r.claims[4].verdict, Verdict::Holds);
  // x1 ^ x2 ^ x3 = 0 on [0,9]^3: x3 = x1 ^ x2 <= 9, 10 * 10 pairs less those whose xor passes 9.
  std::uint64_t premises = 0;
  for (Heap a = 0; a <= 9; ++a)
    for (Heap b = 0; b <= 9; ++b) premises += (a ^ b) <= 9;
  EXPECT_EQ(r.claims[4].premise_cases, std::optional<std::uint64_t>{premises});
}

// Claims prepared for a large cube run as machine code where their values fit 32 bits (the
// wide ones stay with the batch evaluator), and give the same report: the same verdicts,
// cases, premise counts and counterexamples, the mutants refuted at the same positions.
TEST(ProofClaims, MachineCodeRowsGiveTheBatchEvaluatorsReportMutantsIncluded) {
  std::vector<bool> native;
  const CubeReport batch = cube_of(kClaimsText);
  const CubeReport machine = cube_of(kClaimsText, true, &native);
  EXPECT_EQ(native, (std::vector<bool>{false, false, true, true, true}));
  EXPECT_EQ(machine.positions, 1000u);
  EXPECT_EQ(machine.table_sha256, batch.table_sha256);
  ASSERT_EQ(machine.claims.size(), batch.claims.size());
  for (std::size_t c = 0; c < batch.claims.size(); ++c) {
    const ClaimOutcome &m = machine.claims[c], &b = batch.claims[c];
    EXPECT_EQ(m.verdict, b.verdict) << b.name;
    EXPECT_EQ(m.cases, b.cases) << b.name;
    EXPECT_EQ(m.premise_cases, b.premise_cases) << b.name;
    EXPECT_EQ(m.failures.count, b.failures.count) << b.name;
    ASSERT_EQ(m.counterexample.has_value(), b.counterexample.has_value()) << b.name;
    if (b.counterexample) {
      EXPECT_EQ(m.counterexample->position, b.counterexample->position) << b.name;
      EXPECT_EQ(m.counterexample->claimed, b.counterexample->claimed) << b.name;
    }
  }
  EXPECT_EQ(machine.claims[3].verdict, Verdict::Fails);
  ASSERT_TRUE(machine.claims[3].counterexample.has_value());
  EXPECT_EQ(machine.claims[3].counterexample->position, (Position{3, 0, 5}));
  EXPECT_EQ(machine.claims[4].verdict, Verdict::Holds);
  EXPECT_GT(machine.claims[4].premise_cases.value_or(0), 0u);
}

}  // namespace
}  // namespace nimcert
