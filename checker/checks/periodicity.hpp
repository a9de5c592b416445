// Periodicity of an octal game's values, proved for every n by the Guy-Smith theorem.
//
// The theorem (R. K. Guy and C. A. B. Smith, "The G-values of various games", Proc. Cambridge
// Philos. Soc. 52 (1956); Winning Ways, chapter 4): for an octal game with a finite code of t
// digits (no move removes more than t stones, and a move leaves at most two heaps), if
// G(n + p) = G(n) for every n with n0 <= n < 2 n0 + p + t, then G(n + p) = G(n) for every
// n >= n0.  The check reads that window on exactly computed values G(0 .. 2 n0 + 2p + t - 1),
// and every further computed value as well; a claim whose window is not covered by the
// values is never proved.  Arithmetic periodicity (a saltus s: G(n + p) = G(n) + s) is not
// covered by the theorem and holds on the computed values only, which its scope says.
#pragma once

#include <cstdint>

#include "base/outcome.hpp"
#include "engines/octal_engine.hpp"
#include "games/octal_code.hpp"
#include "lang/proof_file.hpp"

namespace nimcert {

// The last n the theorem needs G of: 2 n0 + 2p + t - 1 (no overflow for n0, p < 2^40 and
// t <= kMaxOctalDigits).
std::uint64_t guy_smith_last(std::uint64_t preperiod, std::uint64_t period,
                             std::uint64_t largest_removal);

// The claim on G(0..g.size() - 1): a NamedCheck named as the claim, whose record holds the
// theorem, its hypotheses as checked, the window and the scope.
NamedCheck check_periodicity(const OctalCode& code, const OctalValues& g,
                             const smt::PeriodicClaim& claim);

}  // namespace nimcert
