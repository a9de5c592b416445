// The misère quotient search, heap by heap (see quotient_search.hpp).
#include "engines/misere/quotient_search.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <memory>
#include <optional>
#include <queue>
#include <stdexcept>
#include <tuple>
#include <unordered_map>

#include "engines/misere/heap_options.hpp"
#include "engines/misere/outcome_closure.hpp"
#include "sys/interrupt.hpp"

namespace nimcert {

namespace {

// A candidate for heaps 0..n: monoid, P-portion, images.
struct Presentation {
  FiniteMonoid monoid;
  std::vector<bool> in_p{false};
  std::vector<MonoidElement> phi;
  bool image_in_p(const std::vector<std::uint64_t>& heaps) const {
    MonoidElement x = 0;
    for (std::uint64_t h : heaps) x = monoid.product(x, phi[h]);
    return in_p[x];
  }
};

// A direct product of an explicit monoid and cyclic ones, held implicitly (its table could
// be far too large), elements numbered in mixed radix with parts[0] most significant.
class ProductMonoid {
 public:
  explicit ProductMonoid(std::vector<FiniteMonoid> parts) : parts_(std::move(parts)) {
    std::uint64_t size = 1;
    for (const FiniteMonoid& p : parts_) {
      size *= p.size();
      if (size >= kOutside)
        throw std::runtime_error("misère quotient search: a trial product beyond 2^32 elements");
    }
  }
  MonoidElement product(MonoidElement x, MonoidElement y) const {
    MonoidElement out = 0, scale = 1;
    for (std::size_t i = parts_.size(); i-- > 0;) {
      const auto m = static_cast<MonoidElement>(parts_[i].size());
      out += parts_[i].product(x % m, y % m) * scale;
      x /= m, y /= m, scale *= m;
    }
    return out;
  }
  // The element that is `value` in part i and the identity elsewhere.
  MonoidElement unit(std::size_t i, MonoidElement value) const {
    MonoidElement scale = 1;
    for (std::size_t j = parts_.size(); j-- > i + 1;)
      scale *= static_cast<MonoidElement>(parts_[j].size());
    return value * scale;
  }

 private:
  std::vector<FiniteMonoid> parts_;
};

// A heap to free into a cyclic generator of its own.
struct FreedHeap {
  std::uint64_t heap;
  unsigned index, period;
};

// The letters of heaps 1..n (distinct image and options), in the order of their least heap.
struct Letters {
  std::vector<MonoidElement> image;
  std::vector<std::vector<MonoidElement>> options;
  std::vector<std::uint64_t> heap;
};
Letters letters_of(const OctalCode& code, const HeapOptionImages::Product& product,
                   const std::vector<MonoidElement>& phi) {
  Letters out;
  std::map<std::pair<MonoidElement, std::vector<MonoidElement>>, bool> seen;
  HeapOptionImages images(code);
  for (std::uint64_t h = 0; h < phi.size(); ++h) {
    std::vector<MonoidElement> o =
        images.of_next_heap(product, std::span(phi.data(), static_cast<std::size_t>(h)));
    images.observe(std::span(phi.data(), static_cast<std::size_t>(h + 1)));
    if (o.empty() || !seen.emplace(std::pair(phi[h], o), true).second) continue;
    out.image.push_back(phi[h]);
    out.options.push_back(std::move(o));
    out.heap.push_back(h);
  }
  return out;
}

class Search {
 public:
  Search(const OctalCode& code, const QuotientSearchOptions& options)
      : code_(code), options_(options), images_(code) {}

  MisereQuotient run(std::uint64_t last);

 private:
  void add_heap(std::uint64_t n);
  bool conservative(std::uint64_t n, const std::vector<MonoidElement>& options);
  void change_presentation(std::uint64_t n);
  Presentation rebuild(const Presentation& from, const std::vector<FreedHeap>& freed);
  Presentation recalibrate(const Presentation& trial, const QuotientFailure& wrong);
  std::optional<QuotientFailure> prove(
      const Presentation& p, std::unique_ptr<OutcomeClosure>& c,
      std::map<std::vector<MonoidElement>, std::vector<MonoidElement>>& by_options);
  // Counts the proof walks' work (letters read, sets compared), in all; past kMaxWork,
  // std::length_error.
  void spend(std::uint64_t work) {
    work_ += work;
    if (work_ > kMaxWork)
      throw std::length_error(fmt::format(
          "the proof walks of the search did more than {} steps (letters read, sets compared)",
          kMaxWork));
  }

  const OctalCode code_;
  const QuotientSearchOptions& options_;
  Presentation cur_;
  HeapOptionImages images_;
  std::unique_ptr<OutcomeClosure> closure_;
  // The images already proved for heaps with these options' images.
  std::map<std::vector<MonoidElement>, std::vector<MonoidElement>> by_options_;
  MisereQuotient out_;
  // Trial presentations tried at the heap being added, and the most there may be.
  static constexpr std::uint64_t kMaxTrials = 200;
  std::uint64_t trials_ = 0;
  static constexpr std::uint64_t kMaxWork = std::uint64_t{1} << 30;
  std::uint64_t work_ = 0;
};

MisereQuotient Search::run(std::uint64_t last) {
  closure_ = std::make_unique<OutcomeClosure>(cur_.monoid, cur_.in_p);
  for (std::uint64_t n = 0; n <= last; ++n) {
    if (n % 4096 == 0) {
      smt::throw_if_interrupted();
      if (options_.progress) options_.progress(n);
    }
    try {
      add_heap(n);
    } catch (const std::length_error& e) {  // a limit: the quotient may well be infinite
      throw std::runtime_error(fmt::format(
          "misère quotient search for {}: at heap {}: {} (the misère quotients of many octal "
          "games are infinite; this one was not found within the limit)",
          code_.text(), n, e.what()));
    }
  }
  out_.monoid = cur_.monoid;
  out_.in_p = cur_.in_p;
  out_.phi = cur_.phi;
  out_.work = work_;
  return std::move(out_);
}

void Search::add_heap(std::uint64_t n) {
  const std::vector<MonoidElement> options = images_.of_next_heap(cur_.monoid, cur_.phi);
  if (options.empty()) {  // no move: the heap is the empty game
    cur_.phi.push_back(0);
  } else if (auto known = by_options_.find(options); known != by_options_.end()) {
    cur_.phi.push_back(known->second.front());
  } else if (!conservative(n, options)) {
    change_presentation(n);
    return;  // every image renumbered and observed
  }
  images_.observe(cur_.phi);
}

bool Search::conservative(std::uint64_t n, const std::vector<MonoidElement>& options) {
  const FiniteMonoid& m = cur_.monoid;
  bool heap_in_p = true;
  for (MonoidElement o : options) heap_in_p = heap_in_p && !cur_.in_p[o];
  const std::vector<MonoidElement> reached = closure_->reached();
  for (MonoidElement x = 0; x < m.size(); ++x) {
    if (cur_.in_p[x] != heap_in_p) continue;
    // (P) first, cheaply: no sum whose image is in P may have an option whose image is.
    const bool p_holds = std::none_of(reached.begin(), reached.end(), [&](MonoidElement y) {
      return cur_.in_p[m.product(y, x)] &&
             std::any_of(options.begin(), options.end(),
                         [&](MonoidElement o) { return cur_.in_p[m.product(y, o)]; });
    });
    if (!p_holds) continue;
    auto trial = std::make_unique<OutcomeClosure>(*closure_);
    const std::uint64_t before = trial->work();
    const bool wrong = trial->add(HeapLetter{x, options, n}).has_value();
    spend(trial->work() - before);
    if (wrong) continue;
    closure_ = std::move(trial);
    by_options_[options].push_back(x);
    cur_.phi.push_back(x);
    return true;
  }
  return false;
}

std::optional<QuotientFailure> Search::prove(
    const Presentation& p, std::unique_ptr<OutcomeClosure>& closure,
    std::map<std::vector<MonoidElement>, std::vector<MonoidElement>>& by_options) {
  closure = std::make_unique<OutcomeClosure>(p.monoid, p.in_p);
  by_options.clear();
  const Letters letters = letters_of(
      code_, [&](MonoidElement x, MonoidElement y) { return p.monoid.product(x, y); }, p.phi);
  for (std::size_t l = 0; l < letters.image.size(); ++l) {
    const std::uint64_t before = closure->work();
    auto wrong = closure->add({letters.image[l], letters.options[l], letters.heap[l]});
    spend(closure->work() - before);
    if (wrong) return wrong;
    by_options[letters.options[l]].push_back(letters.image[l]);
  }
  return std::nullopt;
}

void Search::change_presentation(std::uint64_t n) {
  Presentation from = cur_;
  from.phi.push_back(0);  // heap n, about to be freed
  trials_ = 0;
  Presentation trial = rebuild(from, {FreedHeap{n, 2, 2}});
  for (;;) {
    smt::throw_if_interrupted();
    std::unique_ptr<OutcomeClosure> closure;
    std::map<std::vector<MonoidElement>, std::vector<MonoidElement>> by_options;
    const std::optional<QuotientFailure> wrong = prove(trial, closure, by_options);
    if (!wrong) {
      cur_ = std::move(trial);
      closure_ = std::move(closure);
      by_options_ = std::move(by_options);
      break;
    }
    trial = recalibrate(trial, *wrong);
  }
  images_.clear();
  for (std::uint64_t h = 0; h <= n; ++h)
    images_.observe(std::span(cur_.phi.data(), static_cast<std::size_t>(h + 1)));
  out_.changes.push_back(n);
}

Presentation Search::rebuild(const Presentation& from, const std::vector<FreedHeap>& freed) {
  if (++trials_ > kMaxTrials)
    throw std::length_error(fmt::format("{} trial presentations and none is right", kMaxTrials));
  const auto is_freed = [&](std::uint64_t h) {
    return std::any_of(freed.begin(), freed.end(), [&](const FreedHeap& f) { return f.heap == h; });
  };
  std::vector<MonoidElement> kept;
  for (std::uint64_t h = 0; h < from.phi.size(); ++h)
    if (!is_freed(h)) kept.push_back(from.phi[h]);
  const Submonoid base = generated_submonoid(from.monoid, kept);
  std::vector<FiniteMonoid> parts{base.monoid};
  for (const FreedHeap& f : freed) parts.push_back(FiniteMonoid::cyclic(f.index, f.period));
  const ProductMonoid product(std::move(parts));
  const HeapOptionImages::Product times = [&](MonoidElement x, MonoidElement y) {
    return product.product(x, y);
  };
  std::vector<MonoidElement> phi(from.phi.size());
  for (std::uint64_t h = 0; h < phi.size(); ++h)
    phi[h] = product.unit(0, base.renumber[from.phi[h]]);
  for (std::size_t i = 0; i < freed.size(); ++i) phi[freed[i].heap] = product.unit(i + 1, 1);
  const Letters letters = letters_of(code_, times, phi);

  // The P-portion: each element's outcome read off its least sum (by stones), whose options'
  // images all have smaller least sums and are marked first.
  std::unordered_map<MonoidElement, std::uint32_t> local;
  std::vector<MonoidElement> element;
  std::vector<std::vector<std::uint32_t>> option_set;  // of the least sum, local numbers
  std::vector<bool> in_p;
  using Entry = std::tuple<std::uint64_t, MonoidElement, std::uint32_t, std::uint32_t>;
  std::priority_queue<Entry, std::vector<Entry>, std::greater<>> queue;
  constexpr std::uint32_t kRoot = ~std::uint32_t{0};
  queue.emplace(0, 0, kRoot, 0);
  const auto local_of = [&](MonoidElement x) {
    const auto at = local.find(x);
    if (at == local.end())
      throw std::logic_error("misère quotient search: an option's image was not marked first");
    return at->second;
  };
  while (!queue.empty()) {
    const auto [stones, x, parent, letter] = queue.top();
    queue.pop();
    if (local.count(x)) continue;
    if (element.size() % 4096 == 0) smt::throw_if_interrupted();
    if (element.size() >= options_.max_trial_elements)
      throw std::length_error(fmt::format("a trial product reaches more than {} elements",
                                          options_.max_trial_elements));
    std::vector<std::uint32_t> set;
    if (parent != kRoot) {
      for (std::uint32_t t : option_set[parent])
        set.push_back(local_of(product.product(element[t], letters.image[letter])));
      for (MonoidElement o : letters.options[letter])
        set.push_back(local_of(product.product(element[parent], o)));
      std::sort(set.begin(), set.end());
      set.erase(std::unique(set.begin(), set.end()), set.end());
    }
    bool p = !set.empty();
    for (std::uint32_t t : set) p = p && !in_p[t];
    const auto id = static_cast<std::uint32_t>(element.size());
    local.emplace(x, id);
    element.push_back(x);
    option_set.push_back(std::move(set));
    in_p.push_back(p);
    for (std::uint32_t l = 0; l < letters.image.size(); ++l)
      queue.emplace(stones + letters.heap[l], product.product(x, letters.image[l]), id, l);
  }

  std::vector<MonoidElement> generators = letters.image;
  std::sort(generators.begin(), generators.end());
  generators.erase(std::unique(generators.begin(), generators.end()), generators.end());
  std::vector<std::vector<MonoidElement>> step(generators.size(),
                                               std::vector<MonoidElement>(element.size()));
  for (std::size_t g = 0; g < generators.size(); ++g)
    for (std::size_t x = 0; x < element.size(); ++x)
      step[g][x] = local_of(product.product(element[x], generators[g]));
  const ReducedMonoid reduced = reduce_by_p(
      element.size(), in_p, step,
      [&](MonoidElement a, MonoidElement b) {
        return local_of(product.product(element[a], element[b]));
      },
      options_.max_quotient_elements);
  Presentation out;
  out.monoid = reduced.monoid;
  out.in_p = reduced.in_p;
  out.phi.resize(phi.size());
  for (std::uint64_t h = 0; h < phi.size(); ++h) {
    const auto at = local.find(phi[h]);
    out.phi[h] = at == local.end() ? 0 : reduced.class_of[at->second];  // no move: identity
  }
  return out;
}

Presentation Search::recalibrate(const Presentation& trial, const QuotientFailure& wrong) {
  const bool said_p = trial.image_in_p(wrong.heaps);
  std::vector<std::uint64_t> heaps;
  for (std::uint64_t h : wrong.heaps)
    if (heaps.empty() || heaps.back() != h) heaps.push_back(h);
  const std::size_t count = heaps.size();
  for (std::size_t k = 1; k <= count && k <= 8; ++k) {
    // Every k of the sum's heaps, in lexicographic order.
    std::vector<std::size_t> pick(k);
    for (std::size_t i = 0; i < k; ++i) pick[i] = i;
    for (;;) {
      std::vector<FreedHeap> freed;
      for (std::size_t i : pick) {
        const std::uint64_t h = heaps[i];
        const FiniteMonoid::Powers powers = trial.monoid.powers(trial.phi[h]);
        const auto copies =
            static_cast<unsigned>(std::count(wrong.heaps.begin(), wrong.heaps.end(), h));
        const unsigned index = std::max(powers.index, copies > 0 ? copies - 1 : 0);
        const unsigned period =
            std::max({2u, powers.period, index > 4 ? 2 * ((index - 4) / 2) : 0u});
        freed.push_back({h, index, period});
      }
      Presentation candidate = rebuild(trial, freed);
      if (candidate.image_in_p(wrong.heaps) != said_p) {
        out_.recalibrations += k;
        return candidate;
      }
      // The next k-subset.
      std::size_t i = k;
      while (i > 0 && pick[i - 1] == count - k + i - 1) --i;
      if (i == 0) break;
      ++pick[i - 1];
      for (std::size_t j = i; j < k; ++j) pick[j] = pick[j - 1] + 1;
    }
  }
  std::string sum;
  for (std::uint64_t h : wrong.heaps) sum += (sum.empty() ? "" : " + ") + std::to_string(h);
  throw std::runtime_error(
      fmt::format("misère quotient search for {}: no recalibration mends the sum {} ({})",
                  code_.text(), sum, wrong.why));
}

}  // namespace

MisereQuotient search_misere_quotient(const OctalCode& code, std::uint64_t last,
                                      const QuotientSearchOptions& options) {
  return Search(code, options).run(last);
}

}  // namespace nimcert
