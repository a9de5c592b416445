// The misère periodicity theorem for an octal game's heap images, and what it proves for every
// n: the outcome of every sum of heaps of any size, and the periodicity claims of a misère
// sequence (docs/mathematics.md, section 7, derives it).
//
// The theorem, in the form nimcert checks: let a candidate (Q, P, phi(0..N)) for an octal game
// 0.d1...dt (d_t nonzero, no digit before the point) pass the proof of
// misere_quotient_proof.hpp for heaps 0..N, and let n0 >= 0 and p >= 1 be such that
// phi(n + p) = phi(n) for every n0 <= n <= N - p, with N >= 2 max(n0, 1) + 2p + t - 1.
// Extend phi by phi(n) = phi(n - p) for n > N.  Then every heap n > N has the image and the
// options' images of heap n - p, hence of some heap of at most N stones: no heap brings a
// letter the proof's walk has not read, and for every sum W of heaps of any size, W is a
// misère P-position exactly when the product of its heaps' images lies in P.  The max(n0, 1)
// is not a refinement but the edge case: with n0 = 0 the larger part a of a split of a heap
// of at least 2p + t stones may be exactly p, whose partner (a - p) + b is no split.
//
// Plambeck and Siegel ("Misère quotients for impartial games", JCTA 115 (2008)) prove a
// periodicity theorem for quotients of this kind, and Siegel's MisereSolver reads heaps
// 0..2 n0 + 2p + t + 1 in its check; the window here is derived afresh from the proof of
// section 7 and is never shorter than the one the derivation needs.
#pragma once

#include <cstdint>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <span>
#include <vector>

#include "base/outcome.hpp"
#include "engines/misere/finite_monoid.hpp"
#include "games/octal_code.hpp"
#include "lang/proof_file.hpp"

namespace nimcert {

// Heap images periodic from `preperiod` with `period`, read on heaps 0..last, where last is at
// least heaps_needed(): the theorem's hypotheses, as checked.
struct ImagePeriod {
  std::uint64_t preperiod = 0, period = 1;
  std::uint64_t t = 0;     // the most stones a move removes
  std::uint64_t last = 0;  // the heaps read, 0..last
  // The theorem's least last: 2 max(n0, 1) + 2p + t - 1.
  std::uint64_t heaps_needed() const;
};

// The last heap the theorem must read for images periodic from n0 with period p (no overflow for
// n0, p < 2^60 and t <= kMaxOctalDigits).
std::uint64_t misere_window_last(std::uint64_t t, std::uint64_t n0, std::uint64_t p);

// The least period p, with its least n0, for which phi(0..last) meets the theorem's hypotheses;
// none when no period does (the images are not periodic over a window that fits in 0..last).
std::optional<ImagePeriod> proved_image_period(const OctalCode& code,
                                               std::span<const MonoidElement> phi);

// Heap n's image for every n under the theorem: phi(n) up to last, phi(n - k p) beyond.
MonoidElement image_of_heap(std::span<const MonoidElement> phi, const ImagePeriod& period,
                            std::uint64_t n);

// The certificate's record of the theorem as applied: its statement, hypotheses and scope.
nlohmann::ordered_json image_period_record(const OctalCode& code, const ImagePeriod& period);

// A misère sequence's outcomes for every n, when the theorem applies: heap n's outcome (0 at P,
// 1 at N) at any n, periodic from `preperiod` with `period` (the images' period).
struct EveryOutcome {
  std::function<std::uint32_t(std::uint64_t)> at;
  std::uint64_t preperiod = 0, period = 1;
};

// The claim "g(n + p) = g(n) for every n >= n0" on the outcomes g(0..last): checked at every
// computed n, and for every n when `every` is given (else unknown past the computed outcomes,
// saying why: `why_bounded`); a failure's counterexample is `counterexample(n)` at its n.
NamedCheck check_misere_periodicity(
    std::span<const std::uint32_t> g, const EveryOutcome* every, const std::string& why_bounded,
    const smt::PeriodicClaim& claim,
    const std::function<nlohmann::ordered_json(std::uint64_t)>& counterexample);

}  // namespace nimcert
