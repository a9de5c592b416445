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
#include "engines/misere/misere_sums.hpp"
#include "engines/misere/outcome_closure.hpp"
#include "sys/interrupt.hpp"

namespace nimcert {

namespace {

// A direct product of an explicit monoid and cyclic ones, held implicitly (its table could
// be far too large), elements numbered in mixed radix with parts[0] most significant.
class ProductMonoid {
 public:
  explicit ProductMonoid(std::vector<FiniteMonoid> parts) : parts_(std::move(parts)) {
    for (const FiniteMonoid& p : parts_) {
      size_ *= p.size();
      if (size_ >= kOutside)
        throw std::runtime_error("misère quotient search: a trial product beyond 2^32 elements");
    }
  }
  std::uint64_t size() const { return size_; }
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
  std::uint64_t size_ = 1;
};

// The local numbers of a trial product's elements met so far: an array over the whole product
// when it is small (the common case: the search asks for them in its innermost loops), else a
// hash map.
class LocalNumbers {
 public:
  explicit LocalNumbers(std::uint64_t product_size) {
    if (product_size <= kArrayUpTo) array_.assign(product_size, kNone);
  }
  std::optional<std::uint32_t> find(MonoidElement x) const {
    if (!array_.empty()) {
      if (x < array_.size() && array_[x] != kNone) return array_[x];
      return std::nullopt;
    }
    const auto at = map_.find(x);
    return at == map_.end() ? std::nullopt : std::optional<std::uint32_t>(at->second);
  }
  void add(MonoidElement x, std::uint32_t id) {
    if (array_.empty())
      map_.emplace(x, id);
    else
      array_.at(x) = id;
  }

 private:
  static constexpr std::uint64_t kArrayUpTo = std::uint64_t{1} << 20;  // 4 MiB
  static constexpr std::uint32_t kNone = ~std::uint32_t{0};
  std::vector<std::uint32_t> array_;
  std::unordered_map<MonoidElement, std::uint32_t> map_;
};

// A heap to free into a cyclic generator of its own.
struct FreedHeap {
  std::uint64_t heap;
  unsigned index, period;
};

class Search {
 public:
  Search(const OctalCode& code, const QuotientSearchOptions& options)
      : code_(code), options_(options), images_(code) {}

  MisereQuotient run(std::uint64_t last);

 private:
  void add_heap(std::uint64_t n);
  bool conservative(std::uint64_t n, const std::vector<MonoidElement>& options);
  void change_presentation(std::uint64_t n);
  MisereQuotient rebuild(const MisereQuotient& from, const std::vector<FreedHeap>& freed);
  MisereQuotient recalibrate(const MisereQuotient& trial, const QuotientFailure& wrong);
  std::optional<QuotientFailure> prove(
      const MisereQuotient& p, std::unique_ptr<OutcomeClosure>& c,
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
  MisereQuotient cur_;
  HeapOptionImages images_;
  std::unique_ptr<OutcomeClosure> closure_;
  // The images already proved for heaps with these options' images.
  std::map<std::vector<MonoidElement>, std::vector<MonoidElement>> by_options_;
  // What the result records of the search beside the quotient.
  std::vector<std::uint64_t> changes_;
  std::uint64_t recalibrations_ = 0;
  // Trial presentations tried at the heap being added, and the most there may be.
  static constexpr std::uint64_t kMaxTrials = 200;
  std::uint64_t trials_ = 0;
  static constexpr std::uint64_t kMaxWork = std::uint64_t{1} << 30;
  std::uint64_t work_ = 0;
};

MisereQuotient Search::run(std::uint64_t last) {
  closure_ = std::make_unique<OutcomeClosure>(cur_.monoid, cur_.in_p);
  for (std::uint64_t n = 0; n <= last; ++n) {
    smt::throw_if_interrupted();
    if (options_.progress) options_.progress(n, cur_.monoid.size());
    try {
      add_heap(n);
    } catch (const std::length_error& e) {  // a limit: the quotient may well be infinite
      // cur_ is still the quotient of heaps 0..n-1 (a failed heap changes nothing).
      const auto in_p = std::count(cur_.in_p.begin(), cur_.in_p.end(), true);
      throw QuotientSearchStopped(
          fmt::format("misère quotient search for {}: at heap {}: {} (the misère quotients of "
                      "many octal games are infinite; this one was not found within the limit; "
                      "the quotient of heaps 0..{} has {} elements, {} in P)",
                      code_.text(), n, e.what(), n - 1, cur_.monoid.size(), in_p),
          n);
    } catch (const smt::Interrupted&) {
      throw;
    } catch (const QuotientSearchStopped&) {
      throw;
    } catch (const std::runtime_error& e) {  // no recalibration mends a sum at heap n
      throw QuotientSearchStopped(fmt::format("{} (at heap {})", e.what(), n), n);
    }
  }
  cur_.changes = std::move(changes_);
  cur_.recalibrations = recalibrations_;
  cur_.work = work_;
  return std::move(cur_);
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
  bool heap_in_p = true;
  for (MonoidElement o : options) heap_in_p = heap_in_p && !cur_.in_p[o];
  for (MonoidElement x = 0; x < cur_.monoid.size(); ++x) {
    const HeapLetter letter{x, options, n};
    // (P) first, cheaply, before the walk is copied and extended by the heap.
    if (cur_.in_p[x] != heap_in_p || !closure_->p_holds(letter)) continue;
    auto trial = std::make_unique<OutcomeClosure>(*closure_);
    const std::uint64_t before = trial->work();
    const bool wrong = trial->add(letter).has_value();
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
    const MisereQuotient& p, std::unique_ptr<OutcomeClosure>& closure,
    std::map<std::vector<MonoidElement>, std::vector<MonoidElement>>& by_options) {
  closure = std::make_unique<OutcomeClosure>(p.monoid, p.in_p);
  by_options.clear();
  const HeapLetters heaps = heap_letters(
      code_, [&](MonoidElement x, MonoidElement y) { return p.monoid.product(x, y); }, p.phi);
  for (const HeapLetter& letter : heaps.letters) {
    const std::uint64_t before = closure->work();
    auto wrong = closure->add(letter);
    spend(closure->work() - before);
    if (wrong) return wrong;
    by_options[letter.options].push_back(letter.image);
  }
  return std::nullopt;
}

void Search::change_presentation(std::uint64_t n) {
  MisereQuotient from = cur_;
  from.phi.push_back(0);  // heap n, about to be freed
  trials_ = 0;
  MisereQuotient trial = rebuild(from, {FreedHeap{n, 2, 2}});
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
  changes_.push_back(n);
}

MisereQuotient Search::rebuild(const MisereQuotient& from, const std::vector<FreedHeap>& freed) {
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
  const std::vector<HeapLetter> letters = heap_letters(code_, times, phi).letters;

  // The P-portion: each element's outcome read off its least sum (by stones), whose options'
  // images all have smaller least sums and are marked first.
  LocalNumbers local(product.size());
  std::vector<MonoidElement> element;
  std::vector<std::vector<std::uint32_t>> option_set;  // of the least sum, local numbers
  std::vector<bool> in_p;
  using Entry = std::tuple<std::uint64_t, MonoidElement, std::uint32_t, std::uint32_t>;
  std::priority_queue<Entry, std::vector<Entry>, std::greater<>> queue;
  constexpr std::uint32_t kRoot = ~std::uint32_t{0};
  queue.emplace(0, 0, kRoot, 0);
  const auto local_of = [&](MonoidElement x) {
    const std::optional<std::uint32_t> at = local.find(x);
    if (!at)
      throw std::logic_error("misère quotient search: an option's image was not marked first");
    return *at;
  };
  while (!queue.empty()) {
    const auto [stones, x, parent, letter] = queue.top();
    queue.pop();
    if (local.find(x)) continue;
    if (element.size() % 4096 == 0) smt::throw_if_interrupted();
    if (element.size() >= options_.max_trial_elements)
      throw std::length_error(fmt::format("a trial product reaches more than {} elements",
                                          options_.max_trial_elements));
    std::vector<std::uint32_t> set;
    if (parent != kRoot) {
      for (std::uint32_t t : option_set[parent])
        set.push_back(local_of(product.product(element[t], letters[letter].image)));
      for (MonoidElement o : letters[letter].options)
        set.push_back(local_of(product.product(element[parent], o)));
      std::sort(set.begin(), set.end());
      set.erase(std::unique(set.begin(), set.end()), set.end());
    }
    bool p = !set.empty();
    for (std::uint32_t t : set) p = p && !in_p[t];
    const auto id = static_cast<std::uint32_t>(element.size());
    local.add(x, id);
    element.push_back(x);
    option_set.push_back(std::move(set));
    in_p.push_back(p);
    for (std::uint32_t l = 0; l < letters.size(); ++l)
      queue.emplace(stones + letters[l].heap, product.product(x, letters[l].image), id, l);
  }

  std::vector<MonoidElement> generators;
  for (const HeapLetter& l : letters) generators.push_back(l.image);
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
  MisereQuotient out;
  out.monoid = reduced.monoid;
  out.in_p = reduced.in_p;
  out.phi.resize(phi.size());
  for (std::uint64_t h = 0; h < phi.size(); ++h) {
    const std::optional<std::uint32_t> at = local.find(phi[h]);
    out.phi[h] = at ? reduced.class_of[*at] : 0;  // no move: identity
  }
  return out;
}

MisereQuotient Search::recalibrate(const MisereQuotient& trial, const QuotientFailure& wrong) {
  const bool said_p = wrong.image_in_p;
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
      MisereQuotient candidate = rebuild(trial, freed);
      if (candidate.says_p(wrong.heaps) != said_p) {
        recalibrations_ += k;
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
  throw std::runtime_error(
      fmt::format("misère quotient search for {}: no recalibration mends the sum {} ({})",
                  code_.text(), sum_text(wrong.heaps), wrong.why));
}

}  // namespace

MisereQuotient search_misere_quotient(const OctalCode& code, std::uint64_t last,
                                      const QuotientSearchOptions& options) {
  return Search(code, options).run(last);
}

}  // namespace nimcert
