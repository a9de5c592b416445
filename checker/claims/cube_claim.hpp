// A claim about the Grundy value, checked at every position of a cube.
//
// A claim is a predicate of a position X and its true value G(X), such as formula (4)
// "G = x1^x2^x3^delta(X)" or Conjecture 1.  The engine hands claims whole rows of values so
// that a claim can be evaluated over a batch without a call per position.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "base/position.hpp"

namespace nimcert {

// A row of positions a claim is evaluated on: heap `slot` (0, 1 or 2) runs through
// t = 0, 1, ..., and the other two heaps are u and v, in the order of their slots.  A cube's
// row (x, y, .) is {2, x, y}; the sorted sweep also hands a claim rows along heaps 0 and 1.
struct ClaimRow {
  std::size_t slot = 2;
  Heap u = 0, v = 0;

  Position at(Heap t) const {
    if (slot == 0) return Position{t, u, v};
    if (slot == 1) return Position{u, t, v};
    return Position{u, v, t};
  }
};

class CubeClaim {
 public:
  virtual ~CubeClaim() = default;

  virtual std::string name() const = 0;       // e.g. "formula-4"
  virtual std::string statement() const = 0;  // what exactly is claimed, for the certificate

  // Before a cube of `positions` positions, and before any row: a claim may ready itself for
  // that much work (a proof's claim compiles machine code, claims/proof_claims.hpp), which
  // never changes an answer.  Returns whether its rows then run as machine code.
  virtual bool prepare(std::uint64_t positions) {
    (void)positions;
    return false;
  }

  // Appends to `failing`, in increasing order, every t in [0, row.size()) at which the claim
  // fails for position along.at(t), whose value is row[t].
  virtual void failures(const ClaimRow& along, std::span<const Value> row,
                        std::vector<Heap>& failing) const = 0;

  // For a claim "P -> Q": the number of t in the row where P holds (so that a claim whose
  // hypothesis is never true is not counted as checked); nullopt for other claims.
  virtual std::optional<std::size_t> premise_count(const ClaimRow& along,
                                                   std::span<const Value> row) const {
    (void)along;
    (void)row;
    return std::nullopt;
  }

  // When the claim is a formula G = F(X): F at p, for the counterexample report.
  virtual std::optional<Value> claimed_value(const Position& p) const {
    (void)p;
    return std::nullopt;
  }
};

}  // namespace nimcert
