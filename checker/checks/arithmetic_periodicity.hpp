// Periodicity and arithmetic periodicity, g(n + p) = g(n) + s for every n >= n0, of an octal or
// hexadecimal game, proved for every n by the mex recursion decided in Büchi arithmetic, where
// no window theorem applies: a saltus s > 0 (any s, not only powers of two), and every code
// with a digit that leaves three heaps (docs/mathematics.md, section 5, "The mex recursion").
//
// The claim determines a closed formula from the values computed: F(n) = g(n) for n < n0, and
// F(n) = s * ((n - n0) / p) + g(n0 + (n - n0) mod p) for n >= n0.  F = g on every n exactly when
// F satisfies the definition of g at every n >= 1 (strong induction on n: every move lowers the
// heap, and a follower of parts is worth the xor of their values, Sprague-Grundy):
//  (a) no follower Y of n has F(Y) = F(n): one obligation per move kind of the code;
//  (b) every v < F(n) is F(Y) for some follower Y of n.
// Each is a statement of Presburger arithmetic with xor, posed for all naturals to MONA and to
// nimcert's own automata (checks/unbounded.hpp), never to a bounded solver.  (b) is first posed
// on a part of the followers (one heap, two heaps, and three heaps a + b + b, worth F(a)): a
// part that reaches every v proves (b), since the other followers only add values; when it does
// not, (b) is posed over every follower.  Nothing here reads a counterexample as a refutation:
// the computed values decide failure (checks/periodicity.hpp), and a statement MONA refutes or
// does not decide leaves the claim holding on the computed values only, which its scope says.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "checks/unbounded.hpp"
#include "engines/split_engine.hpp"
#include "games/octal_code.hpp"

namespace nimcert {

struct MexObligation {
  std::string name;  // "(a) remove 2, leave three heaps", "(b) every v < F(n), on a + b + b"
  UnboundedOutcome outcome;
};

struct MexRecursionProof {
  std::vector<MexObligation> obligations;  // in the order posed
  bool proved = false;                     // (a) for every move kind and (b), for every n
  std::string formula;                     // F, as the certificate records it
  std::string why_not;                     // when not proved: the first obligation not proved
};

// F for the claim on the computed values g (g.size() >= n0 + p).
smt::Definitions mex_recursion_formula(const OctalValues& g, std::uint64_t preperiod,
                                       std::uint64_t period, std::uint64_t saltus);

// One statement of the recursion: "for all variables: hypotheses -> conclusion (or an
// existential)", over F's definitions.
struct MexStatement {
  std::string name;
  std::vector<std::string> variables;
  std::vector<smt::ExprPtr> hypotheses;
  smt::ExprPtr conclusion;
  std::vector<smt::Existential> existentials;
};

// Every statement the recursion may pose, in the order posed: (a) per move kind, then (b) on a
// part of the followers, then (b) on every follower when the part is only a part (a code with
// three-heap moves).  The certify route and `verify --independent` both build them here.
struct MexStatements {
  smt::Definitions definitions;  // F: ap, and ap_low and ap_pre where needed
  std::vector<MexStatement> a;
  MexStatement b_part;
  std::optional<MexStatement> b_every;
};
MexStatements mex_recursion_statements(const OctalCode& code, const OctalValues& g,
                                       std::uint64_t preperiod, std::uint64_t period,
                                       std::uint64_t saltus);

// Poses (a) and (b) for `code` and F; stops at the first obligation not proved.
MexRecursionProof prove_by_mex_recursion(const OctalCode& code, const OctalValues& g,
                                         std::uint64_t preperiod, std::uint64_t period,
                                         std::uint64_t saltus, const UnboundedOptions& options);

}  // namespace nimcert
