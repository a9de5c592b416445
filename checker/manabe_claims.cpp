// Seed 000's claims in C++ (see manabe_claims.hpp).
#include "manabe_claims.hpp"

namespace nimcert {

namespace {

// Edge ij of H_X, (2): u_i > 0, u_j > 0 and u_i & u_j = 0, with u = x >> 1.
bool edge(Heap xi, Heap xj) {
  const Heap ui = xi >> 1, uj = xj >> 1;
  return ui > 0 && uj > 0 && (ui & uj) == 0;
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
    for (std::size_t z = 0; z < row.size(); ++z)
      if (!holds_(x, y, static_cast<Heap>(z), row[z])) return z;
    return row.size();
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
    for (std::size_t z = 0; z < row.size(); ++z)
      if (row[z] != (x ^ y ^ z ^ manabe_delta(x, y, static_cast<Heap>(z)))) return z;
    return row.size();
  }
  std::optional<Value> claimed_value(const Position& p) const override {
    return p[0] ^ p[1] ^ p[2] ^ manabe_delta(p[0], p[1], p[2]);
  }
};

}  // namespace

Value manabe_delta(Heap x1, Heap x2, Heap x3) {
  const int e = edge(x1, x2) + edge(x2, x3) + edge(x1, x3);
  return e == 1 || e == 2;
}

std::vector<std::unique_ptr<CubeClaim>> manabe_claims() {
  std::vector<std::unique_ptr<CubeClaim>> claims;
  claims.push_back(std::make_unique<Formula4>());
  auto conjecture = [](Heap x, Heap y, Heap z, Value g) { return (g >> 1) == ((x ^ y ^ z) >> 1); };
  claims.push_back(std::make_unique<PredicateClaim<decltype(conjecture)>>(
      "conjecture-1", "G(x1,x2,x3) / 2 == (x1 ^ x2 ^ x3) / 2", conjecture));
  auto p_positions = [](Heap x, Heap y, Heap z, Value g) {
    const Heap u1 = x >> 1, u2 = y >> 1, u3 = z >> 1;
    const bool all_positive = u1 > 0 && u2 > 0 && u3 > 0;
    const bool some_disjoint = (u1 & u2) == 0 || (u2 & u3) == 0 || (u1 & u3) == 0;
    const Heap a = all_positive && some_disjoint;
    return (g == 0) == ((u1 ^ u2 ^ u3) == 0 && (x ^ y ^ z) == a);
  };
  claims.push_back(std::make_unique<PredicateClaim<decltype(p_positions)>>(
      "p-positions", "G(X) == 0 <-> (q(X) == 0 && x1 ^ x2 ^ x3 == [A(X)])", p_positions));
  return claims;
}

}  // namespace nimcert
