// A misère quotient as papers print it (see presentation.hpp).
#include "engines/misere/presentation.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>

namespace nimcert {

namespace {

using Word = Presentation::Word;

unsigned degree(const Word& w) {
  unsigned d = 0;
  for (unsigned e : w) d += e;
  return d;
}

// The monomial order: degree first, then the exponent of the last generator, of the one
// before it, and so on.
bool smaller(const Word& u, const Word& v) {
  if (degree(u) != degree(v)) return degree(u) < degree(v);
  for (std::size_t i = u.size(); i-- > 0;)
    if (u[i] != v[i]) return u[i] < v[i];
  return false;
}

std::string generator_name(std::size_t i) {
  return i < 26 ? std::string(1, static_cast<char>('a' + i)) : fmt::format("g{}", i + 1);
}

// Every element the generators reach from the identity.
std::vector<bool> reached_by(const FiniteMonoid& m, const std::vector<MonoidElement>& gens) {
  std::vector<bool> reached(m.size(), false);
  std::vector<MonoidElement> todo{0};
  reached[0] = true;
  while (!todo.empty()) {
    const MonoidElement x = todo.back();
    todo.pop_back();
    for (MonoidElement g : gens) {
      const MonoidElement y = m.product(x, g);
      if (!reached[y]) {
        reached[y] = true;
        todo.push_back(y);
      }
    }
  }
  return reached;
}

}  // namespace

Presentation present(const FiniteMonoid& monoid, std::span<const MonoidElement> heap_images) {
  Presentation p;
  std::vector<MonoidElement> gens;
  std::vector<bool> reached = reached_by(monoid, gens);
  for (std::uint64_t n = 0; n < heap_images.size(); ++n) {
    const MonoidElement x = heap_images[n];
    if (reached[x]) continue;
    p.generators.push_back({generator_name(gens.size()), n, x});
    gens.push_back(x);
    reached = reached_by(monoid, gens);
  }
  const std::size_t k = gens.size();
  p.normal_form.assign(monoid.size(), Word());
  std::vector<bool> seen(monoid.size(), false);
  std::map<Word, MonoidElement> normal;  // the normal forms found, with their elements
  std::vector<Word> frontier{Word(k, 0)};
  normal.emplace(frontier.front(), 0);
  seen[0] = true;
  p.normal_form[0] = frontier.front();
  p.elements.push_back(0);
  while (!frontier.empty()) {
    // Every word of the next degree that a normal form times a generator gives, least first.
    std::vector<Word> candidates;
    for (const Word& w : frontier)
      for (std::size_t g = 0; g < k; ++g) {
        Word c = w;
        ++c[g];
        candidates.push_back(std::move(c));
      }
    std::sort(candidates.begin(), candidates.end(), smaller);
    candidates.erase(std::unique(candidates.begin(), candidates.end()), candidates.end());
    std::vector<Word> next;
    for (const Word& c : candidates) {
      // A normal form's divisors are normal forms: a word with another divisor is neither a
      // normal form nor a corner.
      bool corner_or_normal = true;
      std::optional<MonoidElement> element;
      for (std::size_t g = 0; g < k && corner_or_normal; ++g) {
        if (c[g] == 0) continue;
        Word d = c;
        --d[g];
        const auto at = normal.find(d);
        if (at == normal.end()) corner_or_normal = false;
        else if (!element) element = monoid.product(at->second, gens[g]);
      }
      if (!corner_or_normal) continue;
      if (!seen[*element]) {
        seen[*element] = true;
        p.normal_form[*element] = c;
        p.elements.push_back(*element);
        normal.emplace(c, *element);
        next.push_back(c);
      } else {
        p.relations.push_back({c, p.normal_form[*element]});
      }
    }
    frontier = std::move(next);
  }
  return p;
}

std::string word_text(const Presentation& p, const Word& w) {
  std::string out;
  for (std::size_t g = 0; g < w.size(); ++g) {
    if (w[g] == 0) continue;
    if (!out.empty()) out += ' ';
    out += p.generators[g].name;
    if (w[g] > 1) out += fmt::format("^{}", w[g]);
  }
  return out.empty() ? "1" : out;
}

std::vector<std::string> relation_texts(const Presentation& p) {
  std::vector<std::string> out;
  for (const Presentation::Relation& r : p.relations)
    out.push_back(word_text(p, r.left) + " = " + word_text(p, r.right));
  return out;
}

std::optional<Word> rewrite(const Presentation& p, Word w, std::uint64_t steps) {
  for (std::uint64_t s = 0; s < steps; ++s) {
    const auto divides = [&](const Word& left) {
      for (std::size_t g = 0; g < w.size(); ++g)
        if (left[g] > w[g]) return false;
      return true;
    };
    const auto r = std::find_if(p.relations.begin(), p.relations.end(),
                                [&](const Presentation::Relation& r) { return divides(r.left); });
    if (r == p.relations.end()) return w;
    for (std::size_t g = 0; g < w.size(); ++g) w[g] = w[g] - r->left[g] + r->right[g];
  }
  return std::nullopt;
}

std::string presentation_failure(const FiniteMonoid& monoid, const Presentation& p) {
  for (MonoidElement x : p.elements)
    for (std::size_t g = 0; g < p.generators.size(); ++g) {
      Word w = p.normal_form[x];
      ++w[g];
      const MonoidElement want = monoid.product(x, p.generators[g].element);
      const std::optional<Word> got = rewrite(p, w);
      if (!got || *got != p.normal_form[want])
        return fmt::format("{} rewrites to {}, not to {}", word_text(p, w),
                           got ? word_text(p, *got) : "no word within the steps allowed",
                           word_text(p, p.normal_form[want]));
    }
  return "";
}

}  // namespace nimcert
