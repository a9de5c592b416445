// The proof of a misère quotient (see misere_quotient_proof.hpp).
#include "checks/misere_quotient_proof.hpp"

#include <fmt/format.h>

#include <map>

#include "engines/misere/heap_options.hpp"
#include "engines/misere/outcome_closure.hpp"
#include "sys/interrupt.hpp"

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

  OutcomeClosure closure(monoid, candidate.in_p);
  HeapOptionImages images(code);
  std::map<std::pair<MonoidElement, std::vector<MonoidElement>>, bool> read;
  const std::span<const MonoidElement> phi(candidate.phi);
  for (std::uint64_t h = 0; h <= last; ++h) {
    if (h % 4096 == 0) smt::throw_if_interrupted();
    std::vector<MonoidElement> options = images.of_next_heap(monoid, phi.first(h));
    images.observe(phi.first(h + 1));
    if (options.empty()) {  // no move: the empty game, which only the identity may stand for
      if (candidate.phi[h] != 0)
        return refuse(fmt::format("heap {} has no move but maps to {}, not the identity", h,
                                  candidate.phi[h]));
      continue;
    }
    if (!read.emplace(std::pair(candidate.phi[h], options), true).second) continue;
    if (auto wrong = closure.add(HeapLetter{candidate.phi[h], std::move(options), h})) {
      proof.wrong_sum = wrong->heaps;
      return refuse(wrong->why);
    }
  }
  proof.holds = true;
  proof.heaps = last + 1;
  proof.letters = closure.letters();
  proof.states = closure.states();
  proof.elements_reached = closure.elements_reached();
  return proof;
}

}  // namespace nimcert
