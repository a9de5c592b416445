// Seed 000's claims in C++ (see manabe_claims.hpp).
#include "manabe_claims.hpp"

#include <algorithm>

namespace nimcert {

namespace {

// Edge ij of H_X, (2): u_i > 0, u_j > 0 and u_i & u_j = 0, with u = x >> 1.  Written with
// & rather than && so that the row loops below vectorise.
inline Heap edge(Heap xi, Heap xj) {
  const Heap ui = xi >> 1, uj = xj >> 1;
  return Heap{ui > 0} & Heap{uj > 0} & Heap{(ui & uj) == 0};
}

inline Value delta(Heap x1, Heap x2, Heap x3) {
  const Heap e = edge(x1, x2) + edge(x2, x3) + edge(x1, x3);
  return Value{e == 1} | Value{e == 2};
}

// The first z in the row where holds(z) is false, or row.size().  Blocks of 64 positions are
// tested without a branch per position (so the loop vectorises); only a failing block is
// searched position by position.
template <class Holds>
std::size_t first_failure_in_row(std::size_t n, const Holds& holds) {
  for (std::size_t start = 0; start < n; start += 64) {
    const std::size_t end = std::min(n, start + 64);
    unsigned bad = 0;
    for (std::size_t z = start; z < end; ++z) bad |= static_cast<unsigned>(!holds(z));
    if (bad)
      for (std::size_t z = start; z < end; ++z)
        if (!holds(z)) return z;
  }
  return n;
}

// A claim given by a predicate of (x, y, z, G).
template <class Predicate>
class PredicateClaim final : public CubeClaim {
 public:
  PredicateClaim(std::string name, std::string statement, Predicate holds)
      : name_(std::move(name)), statement_(std::move(statement)), holds_(holds) {}
  std::string name() const override { return name_; }
  std::string statement() const override { return statement_; }
  std::size_t first_failure(Heap x, Heap y, std::span<const Value> row) const override {
    return first_failure_in_row(
        row.size(), [&](std::size_t z) { return holds_(x, y, static_cast<Heap>(z), row[z]); });
  }

 private:
  std::string name_, statement_;
  Predicate holds_;
};

class Formula4 final : public CubeClaim {
 public:
  std::string name() const override { return "formula-4"; }
  std::string statement() const override { return "G(x1,x2,x3) == x1 ^ x2 ^ x3 ^ delta(X)"; }
  std::size_t first_failure(Heap x, Heap y, std::span<const Value> row) const override {
    return first_failure_in_row(row.size(), [&](std::size_t z) {
      const Heap h = static_cast<Heap>(z);
      return row[z] == (x ^ y ^ h ^ delta(x, y, h));
    });
  }
  std::optional<Value> claimed_value(const Position& p) const override {
    return p[0] ^ p[1] ^ p[2] ^ manabe_delta(p[0], p[1], p[2]);
  }
};

}  // namespace

Value manabe_delta(Heap x1, Heap x2, Heap x3) { return delta(x1, x2, x3); }

std::vector<std::unique_ptr<CubeClaim>> manabe_claims() {
  std::vector<std::unique_ptr<CubeClaim>> claims;
  claims.push_back(std::make_unique<Formula4>());
  auto conjecture = [](Heap x, Heap y, Heap z, Value g) { return (g >> 1) == ((x ^ y ^ z) >> 1); };
  claims.push_back(std::make_unique<PredicateClaim<decltype(conjecture)>>(
      "conjecture-1", "G(x1,x2,x3) / 2 == (x1 ^ x2 ^ x3) / 2", conjecture));
  auto p_positions = [](Heap x, Heap y, Heap z, Value g) {
    const Heap u1 = x >> 1, u2 = y >> 1, u3 = z >> 1;
    const Heap all_positive = Heap{u1 > 0} & Heap{u2 > 0} & Heap{u3 > 0};
    const Heap some_disjoint = Heap{(u1 & u2) == 0} | Heap{(u2 & u3) == 0} | Heap{(u1 & u3) == 0};
    const Heap a = all_positive & some_disjoint;
    return (g == 0) == (((u1 ^ u2 ^ u3) == 0) & ((x ^ y ^ z) == a));
  };
  claims.push_back(std::make_unique<PredicateClaim<decltype(p_positions)>>(
      "p-positions", "G(X) == 0 <-> (q(X) == 0 && x1 ^ x2 ^ x3 == [A(X)])", p_positions));
  return claims;
}

}  // namespace nimcert
