// The images of a heap's options (see heap_options.hpp).
#include "engines/misere/heap_options.hpp"

#include <algorithm>
#include <map>
#include <stdexcept>

#include "sys/interrupt.hpp"

namespace nimcert {

namespace {

// Adds the options that remove k stones and leave nothing or one heap; returns whether the
// code lets k stones leave two heaps (whose splits the caller adds).
template <typename Add>
bool add_unsplit_options(const OctalCode& code, std::span<const MonoidElement> phi, std::uint64_t k,
                         Add add) {
  const std::uint64_t n = phi.size();
  const unsigned d = code.digit(k);
  if ((d & 1) && n == k) add(0);
  if ((d & 2) && n > k) add(phi[n - k]);
  return (d & 4) && n >= k + 2;
}

std::vector<MonoidElement> sorted_set(std::vector<MonoidElement> in) {
  std::sort(in.begin(), in.end());
  in.erase(std::unique(in.begin(), in.end()), in.end());
  return in;
}

}  // namespace

std::vector<MonoidElement> HeapOptionImages::plain(const OctalCode& code,
                                                   const FiniteMonoid& monoid,
                                                   std::span<const MonoidElement> phi) {
  std::vector<MonoidElement> in;
  code.for_each_option(phi.size(), [&](std::span<const std::uint64_t> parts) {
    MonoidElement x = 0;
    for (std::uint64_t h : parts) x = monoid.product(x, phi[h]);
    in.push_back(x);
  });
  return sorted_set(std::move(in));
}

void HeapOptionImages::observe(std::span<const MonoidElement> phi) {
  const std::uint64_t a = phi.size() - 1;
  if (observed_ != a)
    throw std::logic_error("HeapOptionImages::observe: the images come in order from 0");
  if (last_break_.empty()) {
    last_break_.resize(kMaxImagePeriod);
    for (std::uint64_t p = 1; p <= kMaxImagePeriod; ++p) last_break_[p - 1] = p - 1;
  }
  for (std::uint64_t p = 1; p <= kMaxImagePeriod && p <= a; ++p)
    if (phi[a] != phi[a - p]) last_break_[p - 1] = a;
  observed_ = a + 1;
}

std::vector<MonoidElement> HeapOptionImages::of_next_heap(
    const Product& product, std::span<const MonoidElement> phi) const {
  const std::uint64_t n = phi.size();
  if (observed_ != n)
    throw std::logic_error("HeapOptionImages::of_next_heap: not every smaller heap observed");
  // The period whose periodic stretch [L, n - 1] leaves the least work, L + p.
  std::uint64_t period = 0, start = n;
  for (std::uint64_t p = 1; p <= kMaxImagePeriod && p < n; ++p) {
    const std::uint64_t l = std::max<std::uint64_t>(1, last_break_[p - 1] + 1 - p);
    if (l + p < start + period) start = l, period = p;
  }
  std::vector<MonoidElement> in;
  auto add = [&](MonoidElement x) { in.push_back(x); };
  for (std::uint64_t k = 1; k <= code_.largest_removal() && k <= n; ++k) {
    if (!add_unsplit_options(code_, phi, k, add)) continue;
    const std::uint64_t s = n - k;
    // Splits with a part below L, one by one (the smaller part first).
    const std::uint64_t below = period == 0 ? s / 2 : std::min(start - 1, s / 2);
    for (std::uint64_t a = 1; a <= below; ++a) add(product(phi[a], phi[s - a]));
    if (period == 0 || start > s / 2) continue;
    if (s + 1 >= 2 * start + period) {  // [L, s - L] holds every residue
      for (std::uint64_t r = 0; r < period; ++r)
        add(product(phi[start + r], phi[start + (s - 2 * start - r) % period]));
    } else {
      for (std::uint64_t a = start; a <= s / 2; ++a) add(product(phi[a], phi[s - a]));
    }
  }
  return sorted_set(std::move(in));
}

HeapLetters heap_letters(const OctalCode& code, const HeapOptionImages::Product& product,
                         std::span<const MonoidElement> phi) {
  HeapLetters out;
  std::map<std::pair<MonoidElement, std::vector<MonoidElement>>, bool> seen;
  HeapOptionImages images(code);
  for (std::uint64_t h = 0; h < phi.size(); ++h) {
    if (h % 4096 == 0) smt::throw_if_interrupted();
    std::vector<MonoidElement> options = images.of_next_heap(product, phi.first(h));
    images.observe(phi.first(h + 1));
    if (options.empty()) {
      if (phi[h] != 0 && !out.moveless_off_identity) out.moveless_off_identity = h;
      continue;
    }
    if (seen.emplace(std::pair(phi[h], options), true).second)
      out.letters.push_back({phi[h], std::move(options), h});
  }
  return out;
}

}  // namespace nimcert
