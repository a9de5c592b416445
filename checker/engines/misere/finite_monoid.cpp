// Finite commutative monoids (see finite_monoid.hpp).
#include "engines/misere/finite_monoid.hpp"

#include <fmt/format.h>

#include <map>
#include <stdexcept>

#include "sys/interrupt.hpp"

namespace nimcert {

FiniteMonoid::FiniteMonoid() = default;

FiniteMonoid FiniteMonoid::cyclic(unsigned index, unsigned period) {
  if (period == 0) throw std::invalid_argument("a cyclic monoid needs a period of at least 1");
  FiniteMonoid m;
  m.size_ = index + period;
  m.table_.resize(m.size_ * m.size_);
  for (unsigned k = 0; k < m.size_; ++k)
    for (unsigned l = 0; l < m.size_; ++l) {
      unsigned e = k + l;
      if (e >= index + period) e = index + (e - index) % period;
      m.table_[k * m.size_ + l] = e;
    }
  return m;
}

FiniteMonoid FiniteMonoid::from_table(std::size_t size, std::vector<MonoidElement> table) {
  if (size == 0 || table.size() != size * size)
    throw std::invalid_argument(
        fmt::format("a monoid table of {} entries for {} elements", table.size(), size));
  for (MonoidElement e : table)
    if (e >= size)
      throw std::invalid_argument(fmt::format("a monoid table names element {} of {}", e, size));
  FiniteMonoid m;
  m.size_ = size;
  m.table_ = std::move(table);
  return m;
}

FiniteMonoid FiniteMonoid::times(const FiniteMonoid& other) const {
  FiniteMonoid m;
  m.size_ = size_ * other.size_;
  m.table_.resize(m.size_ * m.size_);
  for (MonoidElement x = 0; x < m.size_; ++x)
    for (MonoidElement y = 0; y < m.size_; ++y)
      m.table_[x * m.size_ + y] = product(x / other.size_, y / other.size_) * other.size_ +
                                  other.product(x % other.size_, y % other.size_);
  return m;
}

FiniteMonoid::Powers FiniteMonoid::powers(MonoidElement x) const {
  std::map<MonoidElement, unsigned> seen;  // x^k -> k
  MonoidElement power = 0;
  for (unsigned k = 0;; ++k) {
    auto [at, fresh] = seen.emplace(power, k);
    if (!fresh) return {at->second, k - at->second};
    power = product(power, x);
  }
}

std::string FiniteMonoid::law_failure() const {
  const auto n = static_cast<MonoidElement>(size_);
  for (MonoidElement x = 0; x < n; ++x)
    if (product(0, x) != x)
      return fmt::format("0 is not the identity: 0 * {} = {}", x, product(0, x));
  for (MonoidElement x = 0; x < n; ++x)
    for (MonoidElement y = x + 1; y < n; ++y)
      if (product(x, y) != product(y, x))
        return fmt::format("not commutative: {} * {} = {}, {} * {} = {}", x, y, product(x, y), y, x,
                           product(y, x));
  for (MonoidElement x = 0; x < n; ++x)
    for (MonoidElement y = 0; y < n; ++y) {
      const MonoidElement xy = product(x, y);
      for (MonoidElement z = 0; z < n; ++z)
        if (product(xy, z) != product(x, product(y, z)))
          return fmt::format("not associative: ({} * {}) * {} = {}, {} * ({} * {}) = {}", x, y, z,
                             product(xy, z), x, y, z, product(x, product(y, z)));
    }
  return {};
}

Submonoid generated_submonoid(const FiniteMonoid& monoid,
                              std::span<const MonoidElement> generators) {
  Submonoid out;
  out.renumber.assign(monoid.size(), kOutside);
  std::vector<MonoidElement> order{0};
  out.renumber[0] = 0;
  for (std::size_t i = 0; i < order.size(); ++i)
    for (MonoidElement g : generators) {
      const MonoidElement y = monoid.product(order[i], g);
      if (out.renumber[y] == kOutside) {
        out.renumber[y] = static_cast<MonoidElement>(order.size());
        order.push_back(y);
      }
    }
  // Closed under the generators, hence under products of its elements (each is a product of
  // generators), so the table restricted to `order` is the submonoid's.
  std::vector<MonoidElement> table(order.size() * order.size());
  for (std::size_t i = 0; i < order.size(); ++i)
    for (std::size_t j = 0; j < order.size(); ++j)
      table[i * order.size() + j] = out.renumber[monoid.product(order[i], order[j])];
  out.monoid = FiniteMonoid::from_table(order.size(), std::move(table));
  return out;
}

ReducedMonoid reduce_by_p(std::size_t count, const std::vector<bool>& in_p,
                          const std::vector<std::vector<MonoidElement>>& step,
                          const std::function<MonoidElement(MonoidElement, MonoidElement)>& product,
                          std::size_t max_classes) {
  // Moore: start from {P, not P}, split by the classes of x * g for every generator g until
  // nothing splits.  Every z is a product of generators, so the fixpoint is the congruence.
  std::vector<MonoidElement> cls(count);
  for (std::size_t x = 0; x < count; ++x) cls[x] = in_p[x] ? 1 : 0;
  std::size_t classes = 0;
  for (;;) {
    std::map<std::vector<MonoidElement>, MonoidElement> signature_class;
    std::vector<MonoidElement> next(count);
    std::vector<MonoidElement> signature(step.size() + 1);
    smt::throw_if_interrupted();
    for (std::size_t x = 0; x < count; ++x) {
      signature[0] = cls[x];
      for (std::size_t g = 0; g < step.size(); ++g) signature[g + 1] = cls[step[g][x]];
      next[x] =
          signature_class.emplace(signature, static_cast<MonoidElement>(signature_class.size()))
              .first->second;
    }
    const bool stable = signature_class.size() == classes;
    classes = signature_class.size();
    cls = std::move(next);
    if (stable) break;
  }
  if (classes > max_classes)
    throw std::length_error(
        fmt::format("the reduced monoid has {} elements, more than {}", classes, max_classes));
  ReducedMonoid out;
  out.class_of = std::move(cls);  // numbered by least element: the map met them in order
  out.in_p.assign(classes, false);
  std::vector<MonoidElement> representative(classes, kOutside);
  for (std::size_t x = 0; x < count; ++x) {
    if (representative[out.class_of[x]] == kOutside)
      representative[out.class_of[x]] = static_cast<MonoidElement>(x);
    out.in_p[out.class_of[x]] = in_p[x];
  }
  // The table of the classes.  The classes form a congruence, so class(x * g) depends on
  // class(x) only (`times[g][c]`), and in a commutative monoid its generators generate,
  // class(x * y) on the classes of x and y.  So with class b reached from the identity's as
  // class(p * g) (a walk over the classes by the generators, p before b), a * b = times[g][a * p]:
  // one lookup an entry.  Should the walk miss a class (the steps do not generate the monoid),
  // every entry is `product` of the classes' least elements, as it is by definition.
  const std::size_t generators = step.size();
  std::vector<MonoidElement> times(generators * classes);
  for (std::size_t g = 0; g < generators; ++g)
    for (std::size_t c = 0; c < classes; ++c)
      times[g * classes + c] = out.class_of[step[g][representative[c]]];
  struct Reached {
    MonoidElement from = kOutside;
    std::size_t by = 0;
  };
  std::vector<Reached> reached(classes);
  std::vector<MonoidElement> walk{0};  // the identity's class
  reached[0].from = 0;
  for (std::size_t i = 0; i < walk.size(); ++i)
    for (std::size_t g = 0; g < generators; ++g) {
      const MonoidElement c = times[g * classes + walk[i]];
      if (reached[c].from != kOutside) continue;
      reached[c] = {walk[i], g};
      walk.push_back(c);
    }
  std::vector<MonoidElement> table(classes * classes);
  const bool walked = walk.size() == classes;
  for (std::size_t a = 0; a < classes; ++a) {
    MonoidElement* row = &table[a * classes];
    if (!walked) {
      for (std::size_t b = 0; b < classes; ++b)
        row[b] = out.class_of[product(representative[a], representative[b])];
      continue;
    }
    row[0] = static_cast<MonoidElement>(a);
    for (std::size_t i = 1; i < walk.size(); ++i) {
      const Reached r = reached[walk[i]];
      row[walk[i]] = times[r.by * classes + row[r.from]];
    }
  }
  out.monoid = FiniteMonoid::from_table(classes, std::move(table));
  return out;
}

}  // namespace nimcert
