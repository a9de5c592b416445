// Learning an automaton from a table, running it, and writing it for MONA (see automaton.hpp).
#include "discovery/automaton.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <bit>
#include <stdexcept>

#include "sys/interrupt.hpp"

namespace nimcert {

namespace {

constexpr std::uint64_t kDead = ~std::uint64_t{0};  // the value track disagrees with G's bits
// Residuals are compared on c in [0, d)^k with d^k at most this many points.
constexpr std::uint64_t kMaxResidualPoints = 4096;

// A prefix of n letters: the low n bits of every heap (a) and of the value (b).
struct Prefix {
  std::vector<std::uint64_t> a;
  std::uint64_t b = 0;
  unsigned n = 0;
};

class Learner {
 public:
  Learner(const FittingTable& table, FitTarget target, const LearningLimits& limits)
      : table_(table), target_(target), limits_(limits), k_(table.heaps()) {
    side_ = 0;
    for (std::uint64_t x : table.columns[0]) side_ = std::max(side_, x);
    std::uint64_t expected = 1;
    for (std::size_t i = 0; i < k_; ++i) expected *= side_ + 1;
    if (side_ < 3 || expected != table.positions())
      throw std::invalid_argument(
          "learning an automaton: the table must be a whole box [0,B]^k, "
          "B >= 3");
    bits_ = static_cast<unsigned>(std::bit_width(side_ + 1) - 1);  // 2^bits - 1 <= B
    cap_ = 1;
    while (pow_k(cap_ * 2) <= kMaxResidualPoints) cap_ *= 2;
    tracks_ = k_ + (target == FitTarget::Value ? 1 : 0);
  }

  LearningResult run() {
    LearningResult result;
    result.bits = bits_;
    Automaton a;
    a.tracks = tracks_;
    add_state(Prefix{std::vector<std::uint64_t>(k_, 0), 0, 0});
    for (std::size_t q = 0; q < reps_.size(); ++q) {
      smt::throw_if_interrupted();
      a.next.emplace_back(std::size_t{1} << tracks_);
      for (std::uint32_t letter = 0; letter < (1u << tracks_); ++letter) {
        const Prefix child = extend(reps_[q], letter);
        const std::vector<std::uint64_t> r = residual(child);
        std::optional<std::size_t> same;
        for (std::size_t p = 0; p < reps_.size() && !same; ++p) {
          ++compared_;
          if (agree(p, child.n, r)) same = p;
        }
        if (!same) {
          if (bits_ < limits_.min_span || child.n > bits_ - limits_.min_span) {
            result.stopped = fmt::format(
                "the table [0,{}]^{} is too small to tell the states apart: a prefix of {} bits "
                "matches none of the {} states found (a larger --box)",
                side_, k_, child.n, reps_.size());
            result.compared = compared_;
            return result;
          }
          if (reps_.size() == limits_.max_states) {
            result.stopped = fmt::format("no automaton of up to {} states fits the table [0,{}]^{}",
                                         limits_.max_states, side_, k_);
            result.compared = compared_;
            return result;
          }
          same = reps_.size();
          add_state(child);
        }
        a.next[q][letter] = static_cast<std::uint32_t>(*same);
      }
    }
    // A state accepts where its residual at c = 0 does: the prefix itself is (x, G(x)) (for the
    // P-positions, x with G(x) = 0).
    const std::uint64_t accept = target_ == FitTarget::Value ? 0 : 1;
    for (const auto& r : residuals_) a.accepting.push_back(r[0] == accept);
    result.automaton = std::move(a);
    result.compared = compared_;
    return result;
  }

 private:
  std::uint64_t pow_k(std::uint64_t d) const {
    std::uint64_t n = 1;
    for (std::size_t i = 0; i < k_; ++i) n *= d;
    return n;
  }
  // The side of the residual's domain: c in [0, d)^k with x = a + 2^n c inside the table.
  std::uint64_t domain(unsigned n) const { return std::min(std::uint64_t{1} << (bits_ - n), cap_); }

  std::uint64_t value_at(const std::vector<std::uint64_t>& x) const {
    std::uint64_t index = 0;
    for (std::uint64_t h : x) index = index * (side_ + 1) + h;
    return table_.values[index];
  }

  Prefix extend(const Prefix& p, std::uint32_t letter) const {
    Prefix c = p;
    for (std::size_t i = 0; i < k_; ++i)
      if (letter >> i & 1) c.a[i] |= std::uint64_t{1} << p.n;
    if (tracks_ > k_ && (letter >> k_ & 1)) c.b |= std::uint64_t{1} << p.n;
    c.n = p.n + 1;
    return c;
  }

  // The residual on c in [0, domain(n))^k, c in canonical order (the last heap fastest).
  std::vector<std::uint64_t> residual(const Prefix& p) const {
    const std::uint64_t d = domain(p.n);
    std::vector<std::uint64_t> r;
    std::vector<std::uint64_t> c(k_, 0), x(k_);
    const std::uint64_t low = (std::uint64_t{1} << p.n) - 1;
    while (true) {
      for (std::size_t i = 0; i < k_; ++i) x[i] = p.a[i] + (c[i] << p.n);
      const std::uint64_t g = value_at(x);
      if (target_ == FitTarget::PPositions)
        r.push_back(g == 0);
      else
        r.push_back((g & low) == p.b ? g >> p.n : kDead);
      std::size_t i = k_;
      while (i > 0 && ++c[i - 1] == d) c[--i] = 0;
      if (i == 0) break;
    }
    return r;
  }

  // Whether state p's residual equals r (of a prefix of n >= p's letters) where both are known.
  bool agree(std::size_t p, unsigned n, const std::vector<std::uint64_t>& r) const {
    const std::uint64_t d = domain(n), dp = domain(reps_[p].n);
    const std::vector<std::uint64_t>& s = residuals_[p];
    std::vector<std::uint64_t> c(k_, 0);
    for (std::size_t j = 0; j < r.size(); ++j) {
      std::uint64_t index = 0;
      for (std::size_t i = 0; i < k_; ++i) index = index * dp + c[i];
      if (s[index] != r[j]) return false;
      std::size_t i = k_;
      while (i > 0 && ++c[i - 1] == d) c[--i] = 0;
    }
    return true;
  }

  void add_state(const Prefix& p) {
    reps_.push_back(p);
    residuals_.push_back(residual(p));
  }

  const FittingTable& table_;
  FitTarget target_;
  const LearningLimits& limits_;
  std::size_t k_, tracks_ = 0;
  std::uint64_t side_ = 0, cap_ = 1;
  unsigned bits_ = 0;
  std::vector<Prefix> reps_;
  std::vector<std::vector<std::uint64_t>> residuals_;
  std::uint64_t compared_ = 0;
};

// "(i in P_x1) & ~(i in P_x2) & ...": the letter at position `at`.
std::string letter_formula(std::uint32_t letter, const std::vector<std::string>& sets,
                           const std::string& at) {
  std::vector<std::string> parts;
  for (std::size_t t = 0; t < sets.size(); ++t)
    parts.push_back(fmt::format("{}{} in {}", letter >> t & 1 ? "" : "~", at, sets[t]));
  return "(" + fmt::format("{}", fmt::join(parts, " & ")) + ")";
}

// "the run is in state q at position `at`", states in binary over S0..S(b-1).
std::string state_formula(std::size_t q, unsigned b, const std::string& at) {
  std::vector<std::string> parts;
  for (unsigned j = 0; j < b; ++j)
    parts.push_back(fmt::format("{}{} in S{}", q >> j & 1 ? "" : "~", at, j));
  return "(" + fmt::format("{}", fmt::join(parts, " & ")) + ")";
}

}  // namespace

bool Automaton::accepts(const std::vector<std::uint64_t>& tuple) const {
  if (tuple.size() != tracks) throw std::logic_error("Automaton::accepts: wrong number of tracks");
  unsigned length = 0;
  for (std::uint64_t v : tuple) length = std::max(length, static_cast<unsigned>(std::bit_width(v)));
  std::size_t q = initial;
  for (unsigned i = 0; i < length; ++i) {
    std::uint32_t letter = 0;
    for (std::size_t t = 0; t < tracks; ++t)
      letter |= static_cast<std::uint32_t>(tuple[t] >> i & 1) << t;
    q = next[q][letter];
  }
  // Zero letters after the last one-bit: accepted when some length reaches an accepting state.
  for (std::size_t step = 0; step <= states(); ++step, q = next[q][0])
    if (accepting[q]) return true;
  return false;
}

std::string Automaton::text() const {
  std::string s =
      fmt::format("tracks {} states {} initial {}\naccepting", tracks, states(), initial);
  for (std::size_t q = 0; q < states(); ++q)
    if (accepting[q]) s += fmt::format(" {}", q);
  s += "\n";
  for (std::size_t q = 0; q < states(); ++q)
    s += fmt::format("{}: {}\n", q, fmt::join(next[q], " "));
  return s;
}

LearningResult learn_automaton(const FittingTable& table, FitTarget target,
                               const LearningLimits& limits) {
  return Learner(table, target, limits).run();
}

std::string mona_predicate(const Automaton& a, const std::string& name,
                           const std::vector<std::string>& parameters) {
  if (parameters.size() != a.tracks)
    throw std::logic_error("mona_predicate: one parameter per track");
  std::vector<std::string> sets, declared, members;
  for (const std::string& p : parameters) {
    sets.push_back("P_" + p);
    declared.push_back("var2 P_" + p);
    members.push_back(fmt::format("i in P_{}", p));
  }
  const unsigned b = std::max(1u, static_cast<unsigned>(std::bit_width(a.states() - 1)));
  std::vector<std::string> state_sets;
  for (unsigned j = 0; j < b; ++j) state_sets.push_back(fmt::format("S{}", j));
  std::string steps;
  for (std::size_t q = 0; q < a.states(); ++q) {
    std::vector<std::string> bits;
    for (unsigned j = 0; j < b; ++j) {
      std::vector<std::string> letters;
      for (std::uint32_t l = 0; l < a.next[q].size(); ++l)
        if (a.next[q][l] >> j & 1) letters.push_back(letter_formula(l, sets, "i"));
      bits.push_back(
          fmt::format("(i + 1 in S{} <=> ({}))", j,
                      letters.empty() ? "false" : fmt::format("{}", fmt::join(letters, " | "))));
    }
    steps +=
        fmt::format("      ({} => ({})) &\n", state_formula(q, b, "i"), fmt::join(bits, " & "));
  }
  std::vector<std::string> accepting;
  for (std::size_t q = 0; q < a.states(); ++q)
    if (a.accepting[q]) accepting.push_back(state_formula(q, b, "n"));
  return fmt::format(
      "pred {}({}) =\n  ex1 n: (all1 i: ({}) => i < n) &\n  ex2 {}:\n    {} &\n"
      "    (all1 i: i < n => (\n{}      true)) &\n    ({});\n",
      name, fmt::join(declared, ", "), fmt::join(members, " | "), fmt::join(state_sets, ", "),
      state_formula(a.initial, b, "0"), steps,
      accepting.empty() ? "false" : fmt::format("{}", fmt::join(accepting, " | ")));
}

}  // namespace nimcert
