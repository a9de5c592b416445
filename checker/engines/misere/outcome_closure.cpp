// The states of a candidate misère quotient, walked and checked (see outcome_closure.hpp).
#include "engines/misere/outcome_closure.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <stdexcept>

#include "sys/interrupt.hpp"

namespace nimcert {

namespace {

constexpr std::uint32_t kNoParent = ~std::uint32_t{0};

void put(std::uint64_t* set, MonoidElement x) { set[x / 64] |= std::uint64_t{1} << (x % 64); }

}  // namespace

OutcomeClosure::OutcomeClosure(const FiniteMonoid& monoid, std::vector<bool> in_p,
                               std::uint64_t max_states)
    : monoid_(monoid),
      in_p_(std::move(in_p)),
      max_states_(max_states),
      words_((monoid.size() + 63) / 64) {
  if (in_p_.size() != monoid_.size())
    throw std::invalid_argument("OutcomeClosure: a P-portion of another size than the monoid");
  taken_by_element_.resize(monoid_.size());
  reached_.assign(monoid_.size(), false);
  reached_[0] = true;
  // The empty sum: the identity, no option.
  x_.push_back(0);
  sets_.assign(words_, 0);
  parent_.push_back(kNoParent);
  via_.push_back(0);
  read_.push_back(0);
  superseded_.push_back(false);
  stones_.push_back(0);
  pending_.emplace(0, 0);
}

std::vector<std::uint64_t> OutcomeClosure::sum_of(std::uint32_t state) const {
  std::vector<std::uint64_t> heaps;
  for (std::uint32_t s = state; parent_[s] != kNoParent; s = parent_[s])
    heaps.push_back(letters_[via_[s]].heap);
  std::sort(heaps.begin(), heaps.end());
  return heaps;
}

bool OutcomeClosure::dominated(MonoidElement x, const std::vector<std::uint64_t>& set) const {
  work_ += taken_by_element_[x].size();
  for (std::uint32_t s : taken_by_element_[x]) {
    const std::uint64_t* other = &sets_[std::size_t{s} * words_];
    bool inside = true;
    for (std::size_t w = 0; w < words_ && inside; ++w) inside = (other[w] & ~set[w]) == 0;
    if (inside) return true;
  }
  return false;
}

std::optional<QuotientFailure> OutcomeClosure::check_p(std::uint32_t state,
                                                       std::size_t letter) const {
  const HeapLetter& l = letters_[letter];
  const MonoidElement x = x_[state];
  const std::optional<MonoidElement> o = option_into_p(x, l);
  if (!o) return std::nullopt;
  QuotientFailure f;
  f.heaps = sum_of(state);
  f.heaps.insert(std::upper_bound(f.heaps.begin(), f.heaps.end(), l.heap), l.heap);
  f.image_in_p = true;
  f.why = fmt::format(
      "its image {} is in P, and the move in heap {} to an option of image {} leaves a sum of "
      "image {}, also in P",
      monoid_.product(x, l.image), l.heap, *o, monoid_.product(x, *o));
  return f;
}

std::optional<MonoidElement> OutcomeClosure::option_into_p(MonoidElement x,
                                                           const HeapLetter& letter) const {
  if (!in_p_[monoid_.product(x, letter.image)]) return std::nullopt;
  for (MonoidElement o : letter.options)
    if (in_p_[monoid_.product(x, o)]) return o;
  return std::nullopt;
}

bool OutcomeClosure::p_holds(const HeapLetter& letter) const {
  for (MonoidElement x = 0; x < reached_.size(); ++x)
    if (reached_[x] && option_into_p(x, letter)) return false;
  return true;
}

std::optional<QuotientFailure> OutcomeClosure::add(const HeapLetter& letter) {
  if (letter.options.empty())
    throw std::invalid_argument("OutcomeClosure::add: a heap with no move is not read");
  for (MonoidElement o : letter.options)
    if (o >= monoid_.size()) throw std::invalid_argument("OutcomeClosure::add: no such element");
  if (letter.image >= monoid_.size())
    throw std::invalid_argument("OutcomeClosure::add: no such element");
  if (in_p_[0]) {
    QuotientFailure f;
    f.why = "the identity, the image of a sum with no move, is in P (misère: no move wins)";
    return f;
  }
  letters_.push_back(letter);
  // Every state taken so far is read on the new letter, and (P) checked for it.
  pending_ = {};
  for (std::uint32_t s = 0; s < x_.size(); ++s)
    if (!superseded_[s]) pending_.emplace(stones_[s], s);
  return take_all();
}

std::optional<QuotientFailure> OutcomeClosure::take_all() {
  std::vector<std::uint64_t> set(words_);
  while (!pending_.empty()) {
    smt::throw_if_interrupted();
    const std::uint32_t s = pending_.top().second;
    pending_.pop();
    if (superseded_[s]) continue;  // a state with the same element and a smaller set reads on
    for (std::size_t l = read_[s]; l < letters_.size(); ++l) {
      ++work_;
      if (auto f = check_p(s, l)) return f;
      const HeapLetter& letter = letters_[l];
      const MonoidElement x = x_[s];
      const MonoidElement y = monoid_.product(x, letter.image);
      std::fill(set.begin(), set.end(), 0);
      const std::uint64_t* from = &sets_[std::size_t{s} * words_];
      for (std::size_t w = 0; w < words_; ++w)
        for (std::uint64_t bits = from[w]; bits; bits &= bits - 1) {
          const auto t = static_cast<MonoidElement>(w * 64 + std::countr_zero(bits));
          put(set.data(), monoid_.product(t, letter.image));
        }
      for (MonoidElement o : letter.options) put(set.data(), monoid_.product(x, o));
      if (dominated(y, set)) continue;
      // (N) at the new state: its set is nonempty (the letter has options).
      if (!in_p_[y]) {
        bool meets = false;
        for (std::size_t w = 0; w < words_ && !meets; ++w)
          for (std::uint64_t bits = set[w]; bits && !meets; bits &= bits - 1)
            meets = in_p_[w * 64 + std::countr_zero(bits)];
        if (!meets) {
          QuotientFailure f;
          f.heaps = sum_of(s);
          f.heaps.insert(std::upper_bound(f.heaps.begin(), f.heaps.end(), letter.heap),
                         letter.heap);
          f.image_in_p = false;
          f.why = fmt::format(
              "its image {} is outside P, and no move leaves a sum whose image is "
              "in P",
              y);
          return f;
        }
      }
      if (x_.size() >= max_states_)
        throw std::length_error(
            fmt::format("the walk over the quotient's states passes {} states", max_states_));
      const auto fresh = static_cast<std::uint32_t>(x_.size());
      x_.push_back(y);
      reached_[y] = true;
      sets_.insert(sets_.end(), set.begin(), set.end());
      parent_.push_back(s);
      via_.push_back(static_cast<std::uint32_t>(l));
      read_.push_back(0);
      // The states of y whose sets contain the new one's are superseded: whatever they read
      // on is dominated by what the new state reads on alike.
      std::vector<std::uint32_t>& same = taken_by_element_[y];
      std::erase_if(same, [&](std::uint32_t m) {
        const std::uint64_t* other = &sets_[std::size_t{m} * words_];
        for (std::size_t w = 0; w < words_; ++w)
          if (set[w] & ~other[w]) return false;
        superseded_[m] = true;
        return true;
      });
      superseded_.push_back(false);
      same.push_back(fresh);
      stones_.push_back(stones_[s] + letter.heap);
      pending_.emplace(stones_.back(), fresh);
    }
    read_[s] = static_cast<std::uint32_t>(letters_.size());
  }
  return std::nullopt;
}

}  // namespace nimcert
