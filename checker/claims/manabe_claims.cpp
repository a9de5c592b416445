// Seed 000's claims in C++ (see manabe_claims.hpp).
#include "claims/manabe_claims.hpp"

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

// Appends every z in the row where holds(z) is false.  Blocks of 64 positions are tested
// without a branch per position (so the loop vectorises); only a failing block is searched
// position by position.
template <class Holds>
[[gnu::always_inline]] inline void failures_in_row(std::size_t n, const Holds& holds,
                                                   std::vector<Heap>& failing) {
  for (std::size_t start = 0; start < n; start += 64) {
    const std::size_t end = std::min(n, start + 64);
    unsigned bad = 0;
    for (std::size_t z = start; z < end; ++z) bad |= static_cast<unsigned>(!holds(z));
    if (bad)
      for (std::size_t z = start; z < end; ++z)
        if (!holds(z)) failing.push_back(static_cast<Heap>(z));
  }
}

// Appends every t of the row where check(x1, x2, x3, G) is false, the row running along heap
// `along.slot`: one loop per slot, so that each vectorises with its two fixed heaps.
template <class Check>
[[gnu::always_inline]] inline void failures_along(const ClaimRow& along, std::span<const Value> row,
                                                  std::vector<Heap>& failing, const Check& check) {
  const Heap u = along.u, v = along.v;
  const std::size_t n = row.size();
  auto t = [](std::size_t i) { return static_cast<Heap>(i); };
  if (along.slot == 0)
    return failures_in_row(
        n, [&](std::size_t i) { return check(t(i), u, v, row[i]); }, failing);
  if (along.slot == 1)
    return failures_in_row(
        n, [&](std::size_t i) { return check(u, t(i), v, row[i]); }, failing);
  failures_in_row(
      n, [&](std::size_t i) { return check(u, v, t(i), row[i]); }, failing);
}

// The three row checks, each compiled twice (AVX2 and baseline x86-64, chosen at load time):
// every t in the row where the claim fails.

[[gnu::target_clones("avx2", "default")]] void formula_4_failures(const ClaimRow& along,
                                                                  std::span<const Value> row,
                                                                  std::vector<Heap>& failing) {
  failures_along(along, row, failing, [](Heap x1, Heap x2, Heap x3, Value g) {
    return g == (x1 ^ x2 ^ x3 ^ delta(x1, x2, x3));
  });
}

[[gnu::target_clones("avx2", "default")]] void conjecture_1_failures(const ClaimRow& along,
                                                                     std::span<const Value> row,
                                                                     std::vector<Heap>& failing) {
  failures_along(along, row, failing, [](Heap x1, Heap x2, Heap x3, Value g) {
    return (g >> 1) == ((x1 ^ x2 ^ x3) >> 1);
  });
}

[[gnu::target_clones("avx2", "default")]] void p_positions_failures(const ClaimRow& along,
                                                                    std::span<const Value> row,
                                                                    std::vector<Heap>& failing) {
  failures_along(along, row, failing, [](Heap x1, Heap x2, Heap x3, Value g) {
    const Heap u1 = x1 >> 1, u2 = x2 >> 1, u3 = x3 >> 1;
    const Heap all_positive = Heap{u1 > 0} & Heap{u2 > 0} & Heap{u3 > 0};
    const Heap some_disjoint = Heap{(u1 & u2) == 0} | Heap{(u2 & u3) == 0} | Heap{(u1 & u3) == 0};
    const Heap a = all_positive & some_disjoint;
    return (g == 0) == (((u1 ^ u2 ^ u3) == 0) & ((x1 ^ x2 ^ x3) == a));
  });
}

using RowCheck = void (*)(const ClaimRow& along, std::span<const Value> row,
                          std::vector<Heap>& failing);

// A claim checked row by row; claimed_value is given for formula (4) only.
class RowClaim final : public CubeClaim {
 public:
  RowClaim(std::string name, std::string statement, RowCheck check, bool formula = false)
      : name_(std::move(name)),
        statement_(std::move(statement)),
        check_(check),
        formula_(formula) {}
  std::string name() const override { return name_; }
  std::string statement() const override { return statement_; }
  void failures(const ClaimRow& along, std::span<const Value> row,
                std::vector<Heap>& failing) const override {
    check_(along, row, failing);
  }
  std::optional<Value> claimed_value(const Position& p) const override {
    if (!formula_) return std::nullopt;
    return p[0] ^ p[1] ^ p[2] ^ delta(p[0], p[1], p[2]);
  }

 private:
  std::string name_, statement_;
  RowCheck check_;
  bool formula_;
};

}  // namespace

Value manabe_delta(Heap x1, Heap x2, Heap x3) { return delta(x1, x2, x3); }

std::vector<std::unique_ptr<CubeClaim>> manabe_claims() {
  std::vector<std::unique_ptr<CubeClaim>> claims;
  claims.push_back(std::make_unique<RowClaim>("formula-4", "G(x1,x2,x3) == x1 ^ x2 ^ x3 ^ delta(X)",
                                              formula_4_failures, true));
  claims.push_back(std::make_unique<RowClaim>(
      "conjecture-1", "G(x1,x2,x3) / 2 == (x1 ^ x2 ^ x3) / 2", conjecture_1_failures));
  claims.push_back(std::make_unique<RowClaim>(
      "p-positions", "G(X) == 0 <-> (q(X) == 0 && x1 ^ x2 ^ x3 == [A(X)])", p_positions_failures));
  return claims;
}

}  // namespace nimcert
