// Grundy values stored densely over a box [0,a] x [0,b] x [0,c] of three-heap positions.
//
// Boxes with a zero extent are faces and axes: the fast engine computes the values that
// merges need (outside the cube) as such tables first, and a Boundary answers look-ups
// from them.  Index order is canonical: ((x*(b+1))+y)*(c+1)+z.
#pragma once

#include <array>
#include <cstdint>
#include <stdexcept>
#include <vector>

#include "base/position.hpp"

namespace nimcert {

struct Box {
  std::array<Heap, 3> extent{};  // inclusive maxima

  std::uint64_t count() const {
    return (std::uint64_t{extent[0]} + 1) * (std::uint64_t{extent[1]} + 1) *
           (std::uint64_t{extent[2]} + 1);
  }
  bool contains(const Position& p) const {
    return p.size() == 3 && p[0] <= extent[0] && p[1] <= extent[1] && p[2] <= extent[2];
  }
  std::uint64_t index(Heap x, Heap y, Heap z) const {
    return ((std::uint64_t{x} * (extent[1] + 1)) + y) * (extent[2] + 1) + z;
  }
};

class ValueTable {
 public:
  explicit ValueTable(Box box) : box_(box), values_(box.count()) {}

  const Box& box() const { return box_; }
  Value at(const Position& p) const { return values_[box_.index(p[0], p[1], p[2])]; }
  Value& at(Heap x, Heap y, Heap z) { return values_[box_.index(x, y, z)]; }
  Value at(Heap x, Heap y, Heap z) const { return values_[box_.index(x, y, z)]; }

 private:
  Box box_;
  std::vector<Value> values_;
};

// Values of positions outside the box being swept, from tables computed earlier.  A look-up
// that no table covers is a bug in the plan that chose the tables, so it stops loudly.
class Boundary {
 public:
  void add(const ValueTable& table) { tables_.push_back(&table); }

  Value at(const Position& p) const {
    for (const ValueTable* t : tables_)
      if (t->box().contains(p)) return t->at(p);
    throw std::logic_error("Boundary::at: no table holds " + p.to_string());
  }

 private:
  std::vector<const ValueTable*> tables_;
};

}  // namespace nimcert
