// The misère quotient's reduced form (see misere_reduced.hpp).
#include "checks/misere_reduced.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>

#include "sys/interrupt.hpp"

namespace nimcert {

ReducedQuotient prove_reduced(const FiniteMonoid& monoid, const std::vector<bool>& in_p,
                              std::span<const MonoidElement> heap_images) {
  ReducedQuotient r;
  const std::size_t size = monoid.size();
  std::vector<MonoidElement> letters(heap_images.begin(), heap_images.end());
  std::sort(letters.begin(), letters.end());
  letters.erase(std::unique(letters.begin(), letters.end()), letters.end());

  // (a): the elements the letters reach from the identity.
  const Submonoid reached = generated_submonoid(monoid, letters);
  r.elements_reached = reached.monoid.size();
  if (r.elements_reached != size) {
    const auto missing =
        std::find(reached.renumber.begin(), reached.renumber.end(), kOutside) -
        reached.renumber.begin();
    r.failure = fmt::format("element {} is the image of no sum ({} of {} reached)", missing,
                            r.elements_reached, size);
    return r;
  }

  // (b): the partitions of rounds 0, 1, ... until nothing splits.
  std::vector<std::vector<MonoidElement>> rounds;
  rounds.emplace_back(size);
  for (std::size_t x = 0; x < size; ++x) rounds[0][x] = in_p[x] ? 1 : 0;
  std::size_t classes = std::set<bool>(in_p.begin(), in_p.end()).size();
  for (;;) {
    smt::throw_if_interrupted();
    const std::vector<MonoidElement>& last = rounds.back();
    std::map<std::vector<MonoidElement>, MonoidElement> numbering;
    std::vector<MonoidElement> next(size), signature(letters.size() + 1);
    for (std::size_t x = 0; x < size; ++x) {
      signature[0] = last[x];
      for (std::size_t i = 0; i < letters.size(); ++i)
        signature[i + 1] = last[monoid.product(static_cast<MonoidElement>(x), letters[i])];
      next[x] =
          numbering.emplace(signature, static_cast<MonoidElement>(numbering.size())).first->second;
    }
    if (numbering.size() == classes) break;
    classes = numbering.size();
    rounds.push_back(std::move(next));
  }
  r.pairs = static_cast<std::uint64_t>(size) * (size - 1) / 2;
  r.rounds = rounds.size() - 1;
  if (classes != size) {
    const std::vector<MonoidElement>& final_classes = rounds.back();
    std::map<MonoidElement, MonoidElement> first;
    for (std::size_t x = 0; x < size; ++x) {
      const auto [at, fresh] = first.emplace(final_classes[x], static_cast<MonoidElement>(x));
      if (!fresh) {
        r.failure = fmt::format(
            "elements {} and {} are told apart by no product of heap images: {} classes of {} "
            "elements",
            at->second, x, classes, size);
        return r;
      }
    }
  }

  // The separating product of a pair: while round 0 (P) does not split it, a letter that
  // splits it at the round before the one that does, and on with the letter's products.
  const auto separating = [&](MonoidElement x, MonoidElement y) {
    MonoidElement z = 0;
    for (;;) {
      std::size_t k = 0;
      while (rounds[k][x] == rounds[k][y]) ++k;  // some round splits distinct elements
      if (k == 0) return z;
      for (MonoidElement g : letters)
        if (rounds[k - 1][monoid.product(x, g)] != rounds[k - 1][monoid.product(y, g)]) {
          x = monoid.product(x, g), y = monoid.product(y, g), z = monoid.product(z, g);
          break;
        }
    }
  };
  if (size <= kRecordedSeparations)
    for (MonoidElement x = 0; x < size; ++x)
      for (MonoidElement y = x + 1; y < size; ++y) {
        const MonoidElement z = separating(x, y);
        if (in_p[monoid.product(x, z)] == in_p[monoid.product(y, z)]) {
          r.failure =
              fmt::format("internal error: the product {} does not separate {} from {}", z, x, y);
          return r;
        }
        r.separations.push_back({x, y, z});
      }
  r.holds = true;
  return r;
}

}  // namespace nimcert
