// Periodicity of an octal game's values, proved for every n by the Guy-Smith theorem, or by
// the subtraction-game theorem when the code is a subtraction game's (every digit 0 or 3).
//
// The subtraction-game theorem (Winning Ways, chapter 4; docs/mathematics.md, section 5):
// for a subtraction set S with largest element t, if G(n + p) = G(n) for n0 <= n <= n0 + t - 1
// (a window as long as t), then for every n >= n0.  Its window is shorter than Guy and
// Smith's, which also holds for these codes; the check reads the shorter one.
//
// The theorem (R. K. Guy and C. A. B. Smith, "The G-values of various games", Proc. Cambridge
// Philos. Soc. 52 (1956); Winning Ways, chapter 4), in the exact form nimcert checks
// (docs/mathematics.md, section 5, derives it): for an octal game 0.d1...dt (t digits, d_t
// nonzero, no digit before the point), if G(n + p) = G(n) for every n of the window
// n0 <= n <= 2 n0 + p + t - 1, and also for n = p + t when n0 = 0 and d_t allows two heaps
// but not one (bit 4 without bit 2), then G(n + p) = G(n) for every n >= n0.  The extra n is
// not a refinement: without it "0.4" with period 1 from 0 holds on the usual window while
// G(3) = 1 != G(2) = 0, since the split (p) + (p) of 2p + t has no partner (p) + (0) among
// the followers of p + t.  The check reads the window on exactly computed values and every
// further computed value as well; a claim whose window is not covered by the values is never
// proved.  Neither theorem speaks of a saltus s (G(n + p) = G(n) + s) or of a hexadecimal
// code (a move leaving three heaps): those claims are decided for every n by the mex recursion
// (checks/arithmetic_periodicity.hpp), or hold on the computed values only, which their scope
// says.
#pragma once

#include <cstdint>

#include "base/outcome.hpp"
#include "checks/unbounded.hpp"
#include "engines/octal_engine.hpp"
#include "games/octal_code.hpp"
#include "lang/proof_file.hpp"

namespace nimcert {

// The n the theorem needs G(n + p) = G(n) at: n = first..last, every one of them.
struct PeriodicityWindow {
  // MexRecursion: no window theorem; the claim's formula reads G(0..n0 + p - 1), and the
  // claim is compared on one whole period at least.
  enum class Theorem { GuySmith, Subtraction, MexRecursion };
  Theorem theorem = Theorem::GuySmith;
  std::uint64_t first = 0, last = 0, period = 1;
  // The preperiod-0 case above: last is p + t, one past the usual window.
  bool extended = false;
  // The last n whose value the window reads.
  std::uint64_t values_last() const { return last + period; }
};

// Whether no window theorem covers a periodicity claim of `code` with this saltus (a saltus, a
// hexadecimal code, or CGSuite's d0 or constraints on the parts: Guy and Smith's proof pairs a
// split of n + p with one of n, which a constraint on the parts may forbid), so that the mex
// recursion decides it (checks/arithmetic_periodicity.hpp).
bool decided_by_mex_recursion(const OctalCode& code, std::uint64_t saltus);

// The SHA-256 of G(0..last) as little-endian uint32, as a periodicity record holds it
// (`values_sha256`), and `verify --independent` compares it.
std::string values_sha256(const OctalValues& g, std::uint64_t last);

// The window for the claim "period p from n0, saltus s" of `code`: the mex recursion's values
// when decided_by_mex_recursion (a saltus, or a hexadecimal code), else by the subtraction-game
// theorem for a subtraction code and by Guy and Smith's for another octal code (no overflow for
// n0, p < 2^40 and t <= kMaxOctalDigits).
PeriodicityWindow periodicity_window(const OctalCode& code, std::uint64_t preperiod,
                                     std::uint64_t period, std::uint64_t saltus);

// The claim on G(0..g.size() - 1): a NamedCheck named as the claim, whose record holds the
// theorem, its hypotheses as checked, the window and the scope.  A claim no window theorem
// covers is posed to MONA (`mona`; null or disabled: it holds on the computed values only).
NamedCheck check_periodicity(const OctalCode& code, const OctalValues& g,
                             const smt::PeriodicClaim& claim,
                             const UnboundedOptions* mona = nullptr);

}  // namespace nimcert
