// The bottom-up formula search (see formula_search.hpp).
#include "discovery/formula_search.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <functional>
#include <random>
#include <unordered_map>

#include "eval/evaluator.hpp"
#include "sys/interrupt.hpp"

namespace nimcert {

namespace {

using smt::Op;
using Lane = std::uint32_t;  // an expression's value at one sample (values above are dropped)
constexpr std::uint64_t kLaneMax = 0xffffffffu;
constexpr std::size_t kMaxSamples = 1024;  // one batch of the compiled evaluator
constexpr std::size_t kMaxArity = 4;       // of the definitions that take part

std::vector<std::string> heap_names(std::size_t k) {
  std::vector<std::string> names;
  for (std::size_t i = 1; i <= k; ++i) names.push_back(fmt::format("x{}", i));
  return names;
}

bool matches(std::uint64_t claimed, std::uint64_t value, FitTarget target) {
  return target == FitTarget::Value ? claimed == value : (claimed != 0) == (value == 0);
}

// The positions the pruning compares on: every position whose heaps are all at most 2, then
// positions drawn by a fixed-seed generator (the same on every machine).
std::vector<std::size_t> initial_samples(const FittingTable& table, std::size_t count) {
  std::vector<std::size_t> chosen;
  std::vector<bool> taken(table.positions(), false);
  for (std::size_t j = 0; j < table.positions(); ++j) {
    bool small = true;
    for (const auto& column : table.columns) small = small && column[j] <= 2;
    if (small && chosen.size() < count) chosen.push_back(j), taken[j] = true;
  }
  std::mt19937_64 draw(20261203);
  for (std::size_t tries = 0; chosen.size() < std::min(count, table.positions()); ++tries) {
    const std::size_t j = static_cast<std::size_t>(draw() % table.positions());
    if (!taken[j]) chosen.push_back(j), taken[j] = true;
  }
  return chosen;
}

std::uint64_t hash_of(const Lane* v, std::size_t n) {
  std::uint64_t h = 0x9e3779b97f4a7c15ull;
  for (std::size_t i = 0; i < n; ++i) {
    h ^= v[i] + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
    h *= 0xff51afd7ed558ccdull;
  }
  return h ^ (h >> 33);
}

// A definition of the file as a compiled function of its parameters.
struct Callable {
  std::string name;
  std::size_t arity;
  smt::Program program;
};

// The operators of the grammar that take one expression (a constant operand folded in).
struct UnaryOp {
  Op op;
  std::uint64_t constant;
};
const UnaryOp kUnary[] = {{Op::Mod, 2}, {Op::Mod, 3}, {Op::Mod, 4}, {Op::Mod, 5}, {Op::Mod, 6},
                          {Op::Mod, 8}, {Op::Div, 2}, {Op::Div, 3}, {Op::Div, 4}, {Op::Shl, 1},
                          {Op::Add, 1}, {Op::Sub, 1}, {Op::Eq, 0}};
// Of two: the commutative ones are built once per unordered pair.
const Op kCommutative[] = {Op::BitXor, Op::BitAnd, Op::BitOr, Op::Add, Op::Eq};
const Op kOrdered[] = {Op::Sub, Op::Lt, Op::Le};

// a op b exactly on naturals, as the proof language defines them; nullopt above 2^32 - 1.
std::optional<std::uint64_t> apply(Op op, std::uint64_t a, std::uint64_t b) {
  std::uint64_t r = 0;
  switch (op) {
    case Op::Add:
      r = a + b;
      break;
    case Op::Sub:
      r = a > b ? a - b : 0;
      break;
    case Op::Mod:
      r = b == 0 ? a : a % b;
      break;
    case Op::Div:
      r = b == 0 ? 0 : a / b;
      break;
    case Op::Shl:
      r = b >= 32 ? (a == 0 ? 0 : kLaneMax + 1) : a << b;
      break;
    case Op::BitXor:
      r = a ^ b;
      break;
    case Op::BitAnd:
      r = a & b;
      break;
    case Op::BitOr:
      r = a | b;
      break;
    case Op::Eq:
      r = a == b;
      break;
    case Op::Lt:
      r = a < b;
      break;
    case Op::Le:
      r = a <= b;
      break;
    default:
      throw std::logic_error("formula search: an operator outside the grammar");
  }
  if (r > kLaneMax) return std::nullopt;
  return r;
}

// Every way to write `total` as an ordered sum of `parts` positive parts.
std::vector<std::vector<unsigned>> compositions(unsigned total, std::size_t parts) {
  if (parts == 1) return {{total}};
  std::vector<std::vector<unsigned>> out;
  for (unsigned first = 1; first + parts - 1 <= total; ++first)
    for (auto rest : compositions(total - first, parts - 1)) {
      rest.insert(rest.begin(), first);
      out.push_back(std::move(rest));
    }
  return out;
}

// One run of the enumeration on fixed samples.  It ends with a formula that matches the whole
// table, a position to add to the samples, or the limits reached.
class Enumeration {
 public:
  Enumeration(const FittingTable& table, const std::vector<Callable>& callables,
              const smt::Definitions& definitions, FitTarget target, const SearchLimits& limits,
              const std::vector<std::size_t>& samples)
      : table_(table),
        callables_(callables),
        definitions_(definitions),
        target_kind_(target),
        limits_(limits),
        lanes_(samples.size()) {
    for (std::size_t j : samples) {
      const std::uint64_t v = table.values[j];
      target_.push_back(target == FitTarget::Value ? static_cast<Lane>(v) : Lane{v == 0});
    }
    for (const auto& column : table.columns)
      for (std::size_t j : samples) inputs_.push_back(static_cast<Lane>(column[j]));
    scratch_.resize(lanes_);
    data_.reserve(std::min<std::size_t>(limits.max_pool, 1 << 20) * lanes_);
  }

  enum class End { Found, Refine, Exhausted };
  End run() {
    for (unsigned s = 1; s <= limits_.max_size; ++s) {
      by_size_.emplace_back();
      build_level(s);
      if (end_) return *end_;
      if (full_) {
        stopped_ =
            fmt::format("{} expressions kept (the limit) while building size {}", exprs_.size(), s);
        return End::Exhausted;
      }
      complete_size_ = s;
    }
    stopped_ = fmt::format("every expression up to size {} (--max-size)", limits_.max_size);
    return End::Exhausted;
  }

  smt::ExprPtr formula() const { return found_; }
  unsigned size() const { return found_size_; }
  std::size_t refine_at() const { return refine_at_; }
  std::uint64_t built() const { return built_; }
  std::uint64_t kept() const { return exprs_.size(); }
  unsigned complete_size() const { return complete_size_; }
  const std::string& stopped() const { return stopped_; }

 private:
  const Lane* lanes_of(std::size_t i) const { return data_.data() + i * lanes_; }
  bool done() const { return end_.has_value(); }

  // Every expression of size s, each offered once.
  void build_level(unsigned s) {
    if (s == 1) {
      for (std::size_t h = 0; h < table_.heaps(); ++h) {
        const Lane* in = inputs_.data() + h * lanes_;
        std::copy(in, in + lanes_, scratch_.begin());
        offer(smt::make_var(fmt::format("x{}", h + 1)), 1);
      }
      for (std::uint64_t c = 0; c <= 3; ++c) {
        std::fill(scratch_.begin(), scratch_.end(), c);
        offer(smt::make_const(c), 1);
      }
      return;
    }
    for (std::size_t i : by_size_[s - 2]) {  // one operator on an expression of size s - 1
      for (const UnaryOp& u : kUnary) {
        if (!compute(i, [&](std::uint64_t a) { return apply(u.op, a, u.constant); })) continue;
        offer(smt::make_node(u.op, {exprs_[i], smt::make_const(u.constant)}), s);
        if (done()) return;
      }
    }
    for (unsigned s1 = 1; s1 + 1 < s; ++s1) {  // two expressions of sizes s1 + s2 = s - 1
      const unsigned s2 = s - 1 - s1;
      for (std::size_t ia = 0; ia < by_size_[s1 - 1].size(); ++ia) {
        smt::throw_if_interrupted();
        const std::size_t a = by_size_[s1 - 1][ia];
        for (std::size_t ib = 0; ib < by_size_[s2 - 1].size(); ++ib) {
          const std::size_t b = by_size_[s2 - 1][ib];
          if (s1 < s2 || (s1 == s2 && ia <= ib))
            for (Op op : kCommutative) {
              if (!combine(op, a, b)) continue;
              offer(smt::make_node(op, {exprs_[a], exprs_[b]}), s);
              if (done()) return;
            }
          for (Op op : kOrdered) {
            if (a == b || !combine(op, a, b)) continue;
            offer(smt::make_node(op, {exprs_[a], exprs_[b]}), s);
            if (done()) return;
          }
        }
      }
    }
    build_conditionals(s);
    if (done()) return;
    build_calls(s);
  }

  // if c then a else b, c a condition (0 or 1 at every sample), sizes summing to s - 1.
  void build_conditionals(unsigned s) {
    for (unsigned sc = 1; sc + 2 < s; ++sc)
      for (unsigned sa = 1; sc + sa + 1 < s; ++sa) {
        const unsigned sb = s - 1 - sc - sa;
        for (std::size_t c : by_size_[sc - 1]) {
          if (!condition_[c]) continue;
          smt::throw_if_interrupted();
          for (std::size_t a : by_size_[sa - 1])
            for (std::size_t b : by_size_[sb - 1]) {
              if (a == b) continue;
              const Lane *lc = lanes_of(c), *la = lanes_of(a), *lb = lanes_of(b);
              for (std::size_t j = 0; j < lanes_; ++j) scratch_[j] = lc[j] ? la[j] : lb[j];
              offer(smt::make_node(Op::Ite, {exprs_[c], exprs_[a], exprs_[b]}), s);
              if (done()) return;
            }
        }
      }
  }

  // f(e1, ..., em) for each definition f of m <= 4 parameters, argument sizes summing to s - 1.
  void build_calls(unsigned s) {
    for (const Callable& f : callables_) {
      if (f.arity > s - 1) continue;
      for (const std::vector<unsigned>& sizes : compositions(s - 1, f.arity)) {
        std::vector<std::size_t> at(f.arity, 0);
        bool empty = false;
        for (std::size_t p = 0; p < f.arity; ++p) empty = empty || by_size_[sizes[p] - 1].empty();
        if (!empty) do {
            smt::throw_if_interrupted();
            std::vector<std::size_t> args;
            for (std::size_t p = 0; p < f.arity; ++p) args.push_back(by_size_[sizes[p] - 1][at[p]]);
            if (call(f, args)) {
              std::vector<smt::ExprPtr> exprs;
              for (std::size_t a : args) exprs.push_back(exprs_[a]);
              offer(smt::make_call(f.name, exprs), s);
              if (done()) return;
            }
          } while (next_tuple(at, sizes));
      }
    }
  }

  // The next argument tuple in odometer order; false after the last.
  bool next_tuple(std::vector<std::size_t>& at, const std::vector<unsigned>& sizes) const {
    for (std::size_t p = at.size(); p-- > 0;) {
      if (++at[p] < by_size_[sizes[p] - 1].size()) return true;
      at[p] = 0;
    }
    return false;
  }

  template <class F>
  bool compute(std::size_t i, F f) {
    const Lane* a = lanes_of(i);
    for (std::size_t j = 0; j < lanes_; ++j) {
      const auto r = f(a[j]);
      if (!r) return false;
      scratch_[j] = static_cast<Lane>(*r);
    }
    return true;
  }
  bool combine(Op op, std::size_t a, std::size_t b) {
    const Lane *la = lanes_of(a), *lb = lanes_of(b);
    for (std::size_t j = 0; j < lanes_; ++j) {
      const auto r = apply(op, la[j], lb[j]);
      if (!r) return false;
      scratch_[j] = static_cast<Lane>(*r);
    }
    return true;
  }
  bool call(const Callable& f, const std::vector<std::size_t>& args) {
    wide_in_.assign(args.size(), std::vector<std::uint64_t>(lanes_));
    std::vector<const std::uint64_t*> in;
    for (std::size_t p = 0; p < args.size(); ++p) {
      std::copy(lanes_of(args[p]), lanes_of(args[p]) + lanes_, wide_in_[p].begin());
      in.push_back(wide_in_[p].data());
    }
    wide_out_.resize(lanes_);
    std::vector<std::uint64_t*> out = {wide_out_.data()};
    if (!f.program.run<std::uint64_t>(lanes_, in, out)) return false;
    for (std::size_t j = 0; j < lanes_; ++j) {
      if (wide_out_[j] > kLaneMax) return false;
      scratch_[j] = static_cast<Lane>(wide_out_[j]);
    }
    return true;
  }

  // The expression whose sample values are in scratch_: kept when no kept one has them, and
  // tried as a formula (alone, and xored with a kept one).
  void offer(const smt::ExprPtr& e, unsigned size) {
    ++built_;
    const std::uint64_t h = hash_of(scratch_.data(), lanes_);
    const bool fresh = !index_.contains(h);
    // A 64-bit collision of two different vectors drops the second: a gap in the search, never
    // a wrong formula (every candidate is evaluated on the whole table).
    if (!fresh) return;
    try_candidate(e, size, scratch_.data());
    if (done()) return;
    if (target_kind_ == FitTarget::Value) {
      meet_in_the_middle(e, size);
      if (done()) return;
    }
    if (exprs_.size() >= limits_.max_pool) {
      full_ = true;
      return;
    }
    index_.emplace(h, static_cast<std::uint32_t>(exprs_.size()));
    data_.insert(data_.end(), scratch_.begin(), scratch_.end());
    exprs_.push_back(e);
    sizes_.push_back(size);
    by_size_[size - 1].push_back(exprs_.size() - 1);
    condition_.push_back(
        std::all_of(scratch_.begin(), scratch_.end(), [](Lane v) { return v <= 1; }));
  }

  // A top-level operator met in the middle: e op b is a candidate when the kept b has the
  // values that make it the target at every sample.  For G = e ^ b, b = G ^ e; for G = e + b,
  // b = G - e (where e <= G at every sample); for G = e - b, b = e - G (where e >= G).  Each
  // candidate is evaluated on the whole table, so a partner found by its samples decides nothing.
  void meet_in_the_middle(const smt::ExprPtr& e, unsigned size) {
    bool below = true, above = true;
    for (std::size_t j = 0; j < lanes_; ++j) {
      below = below && scratch_[j] <= target_[j];
      above = above && scratch_[j] >= target_[j];
    }
    try_partner(Op::BitXor, e, size, [&](Lane v, Lane t) { return Lane(v ^ t); });
    if (!done() && below)
      try_partner(Op::Add, e, size, [&](Lane v, Lane t) { return Lane(t - v); });
    if (!done() && above)
      try_partner(Op::Sub, e, size, [&](Lane v, Lane t) { return Lane(v - t); });
  }
  template <class Partner>
  void try_partner(Op op, const smt::ExprPtr& e, unsigned size, Partner partner) {
    partner_.resize(lanes_);
    for (std::size_t j = 0; j < lanes_; ++j) partner_[j] = partner(scratch_[j], target_[j]);
    const auto it = index_.find(hash_of(partner_.data(), lanes_));
    if (it == index_.end() || sizes_[it->second] + size + 1 > limits_.max_size ||
        !std::equal(partner_.begin(), partner_.end(), lanes_of(it->second)))
      return;
    try_formula(smt::make_node(op, {e, exprs_[it->second]}), size + sizes_[it->second] + 1);
  }

  void try_candidate(const smt::ExprPtr& e, unsigned size, const Lane* v) {
    if (target_kind_ == FitTarget::Value) {
      if (std::equal(v, v + lanes_, target_.begin())) try_formula(e, size);
      return;
    }
    bool nonzero = true, zero = true;  // P = e, or P = (e == 0)
    for (std::size_t j = 0; j < lanes_; ++j) {
      nonzero = nonzero && (v[j] != 0) == (target_[j] != 0);
      zero = zero && (v[j] == 0) == (target_[j] != 0);
    }
    if (nonzero) try_formula(e, size);
    if (!done() && zero) try_formula(smt::make_node(Op::Eq, {e, smt::make_const(0)}), size + 1);
  }

  // A candidate that matches the samples: on the whole table, or its first failure refines.
  void try_formula(const smt::ExprPtr& f, unsigned size) {
    if (size > limits_.max_size || limits_.excluded.contains(smt::to_string(*f))) return;
    const auto miss = first_mismatch(table_, definitions_, f, target_kind_);
    if (miss) {
      refine_at_ = *miss;
      end_ = End::Refine;
      return;
    }
    found_ = f;
    found_size_ = size;
    end_ = End::Found;
  }

  const FittingTable& table_;
  const std::vector<Callable>& callables_;
  const smt::Definitions& definitions_;
  FitTarget target_kind_;
  const SearchLimits& limits_;
  std::size_t lanes_;
  std::vector<Lane> target_, inputs_, scratch_, partner_;
  std::vector<std::vector<std::uint64_t>> wide_in_;
  std::vector<std::uint64_t> wide_out_;
  // The pool: expression i has lanes_of(i), size sizes_[i]; by_size_[s - 1] lists size s.
  std::vector<Lane> data_;
  std::vector<smt::ExprPtr> exprs_;
  std::vector<unsigned> sizes_;
  std::vector<bool> condition_;
  std::vector<std::vector<std::size_t>> by_size_;
  std::unordered_map<std::uint64_t, std::uint32_t> index_;
  bool full_ = false;
  std::optional<End> end_;
  smt::ExprPtr found_;
  unsigned found_size_ = 0, complete_size_ = 0;
  std::size_t refine_at_ = 0;
  std::uint64_t built_ = 0;
  std::string stopped_;
};

std::vector<Callable> callables_of(const smt::Definitions& definitions) {
  std::vector<Callable> out;
  for (const auto& [name, d] : definitions) {
    if (d.parameters.empty() || d.parameters.size() > kMaxArity) continue;
    const smt::ExprPtr body = smt::expand(d.body, definitions);
    out.push_back({name, d.parameters.size(), smt::Program(d.parameters, {body})});
  }
  return out;
}

}  // namespace

std::optional<std::size_t> first_mismatch(const FittingTable& table,
                                          const smt::Definitions& definitions,
                                          const smt::ExprPtr& formula, FitTarget target) {
  const smt::Program program(heap_names(table.heaps()), {smt::expand(formula, definitions)});
  constexpr std::size_t kBatch = 1024;
  std::vector<std::uint64_t> result(kBatch);
  std::vector<std::uint64_t*> out = {result.data()};
  for (std::size_t start = 0; start < table.positions(); start += kBatch) {
    const std::size_t n = std::min(kBatch, table.positions() - start);
    std::vector<const std::uint64_t*> in;
    for (const auto& column : table.columns) in.push_back(column.data() + start);
    if (program.run<std::uint64_t>(n, in, out)) {
      for (std::size_t j = 0; j < n; ++j)
        if (!matches(result[j], table.values[start + j], target)) return start + j;
      continue;
    }
    for (std::size_t j = start; j < start + n; ++j) {  // some lane overflowed: find it
      std::vector<std::uint64_t> one, value(1);
      for (const auto& column : table.columns) one.push_back(column[j]);
      if (!program.run_one<std::uint64_t>(one, value) ||
          !matches(value[0], table.values[j], target))
        return j;
    }
  }
  return std::nullopt;
}

SearchResult search_formula(const FittingTable& table, const smt::Definitions& definitions,
                            FitTarget target, const SearchLimits& limits) {
  if (table.positions() == 0 || table.heaps() == 0)
    throw std::invalid_argument("formula search: an empty table fits everything");
  const std::vector<Callable> callables = callables_of(definitions);
  std::vector<std::size_t> samples = initial_samples(table, limits.initial_samples);
  SearchResult result;
  while (true) {
    Enumeration run(table, callables, definitions, target, limits, samples);
    const auto end = run.run();
    result.built += run.built();
    result.kept = run.kept();
    result.complete_size = run.complete_size();
    result.samples = samples.size();
    if (end == Enumeration::End::Found) {
      result.formula = run.formula();
      result.size = run.size();
      return result;
    }
    if (end == Enumeration::End::Exhausted) {
      result.stopped = run.stopped();
      return result;
    }
    if (result.refinements == limits.max_refinements || samples.size() == kMaxSamples) {
      result.stopped = fmt::format("{} refinements of the samples (the limit)", result.refinements);
      return result;
    }
    ++result.refinements;
    samples.push_back(run.refine_at());
  }
}

}  // namespace nimcert
