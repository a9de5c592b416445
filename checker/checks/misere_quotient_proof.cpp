// The proof of a misère quotient (see misere_quotient_proof.hpp).
#include "checks/misere_quotient_proof.hpp"

#include <fmt/format.h>

#include "engines/misere/heap_options.hpp"
#include "engines/misere/outcome_closure.hpp"

namespace nimcert {

QuotientProof prove_misere_quotient(const OctalCode& code, const MisereQuotient& candidate,
                                    std::uint64_t last) {
  QuotientProof proof;
  const FiniteMonoid& monoid = candidate.monoid;
  const auto refuse = [&](std::string why) {
    proof.failure = std::move(why);
    return proof;
  };
  if (candidate.phi.size() != last + 1)
    return refuse(
        fmt::format("images of {} heaps, not of heaps 0..{}", candidate.phi.size(), last));
  if (candidate.in_p.size() != monoid.size())
    return refuse("a P-portion of another size than the monoid");
  if (std::string law = monoid.law_failure(); !law.empty()) return refuse(law);
  for (std::uint64_t h = 0; h <= last; ++h)
    if (candidate.phi[h] >= monoid.size())
      return refuse(fmt::format("heap {} maps to {}, not an element", h, candidate.phi[h]));

  const HeapLetters heaps = heap_letters(
      code, [&](MonoidElement x, MonoidElement y) { return monoid.product(x, y); }, candidate.phi);
  if (heaps.moveless_off_identity)  // the empty game, which only the identity may stand for
    return refuse(fmt::format("heap {} has no move but maps to {}, not the identity",
                              *heaps.moveless_off_identity,
                              candidate.phi[*heaps.moveless_off_identity]));
  OutcomeClosure closure(monoid, candidate.in_p);
  for (const HeapLetter& letter : heaps.letters)
    if (auto wrong = closure.add(letter)) {
      proof.wrong_sum = wrong->heaps;
      return refuse(wrong->why);
    }
  proof.holds = true;
  proof.heaps = last + 1;
  proof.letters = closure.letters();
  proof.states = closure.states();
  proof.elements_reached = closure.elements_reached();
  return proof;
}

}  // namespace nimcert
