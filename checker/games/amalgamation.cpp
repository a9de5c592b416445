// Amalgamation Nim: parameters and the generic follower enumeration (see amalgamation.hpp).
#include "games/amalgamation.hpp"

#include <fmt/format.h>

#include <stdexcept>

#include "games/symbolic_move.hpp"

namespace nimcert {

Amalgamation::Amalgamation(Heap merge_min) : merge_min_(merge_min) {
  // With merge_min = 0 an empty heap could "merge" and a move would not change the stone
  // count or the number of nonempty heaps: the rank (7) would not decrease.
  if (merge_min_ < 1) throw std::invalid_argument("amalgamation: merge_min must be at least 1");
}

nlohmann::ordered_json Amalgamation::parameters() const {
  return nlohmann::ordered_json{{"merge_min", merge_min_}};
}

void Amalgamation::for_each_follower(const Position& p, const FollowerSink& sink) const {
  if (p.size() != 3) throw std::logic_error("amalgamation: a position has exactly 3 heaps");
  for (std::size_t i = 0; i < 3; ++i) {
    Position q = p;
    for (Heap t = 0; t < p[i]; ++t) {
      q[i] = t;
      sink(q);
    }
  }
  Position merged[6];
  std::size_t n = merges(p[0], p[1], p[2], merged);
  for (std::size_t k = 0; k < n; ++k) sink(merged[k]);
}

std::optional<MoveShape> Amalgamation::move_shape() const {
  // Seed 001's order, as merges() lists them: (1,2) at 1 and at 2, (2,3), (1,3).
  return MoveShape{merge_min_, {{0, 1, 0}, {0, 1, 1}, {1, 2, 1}, {1, 2, 2}, {0, 2, 0}, {0, 2, 2}}};
}

std::vector<SymbolicMove> Amalgamation::symbolic_moves() const {
  std::vector<SymbolicMove> moves = free_reductions(3);
  // The six merges in seed 001's order (as merges() lists them).
  const std::string m = std::to_string(merge_min_);
  const struct {
    const char* name;
    int i, j;
    const char* result[3];
  } merges[6] = {
      {"merge x1+x2 -> x1", 1, 2, {"x1 + x2", "0", "x3"}},
      {"merge x1+x2 -> x2", 1, 2, {"0", "x1 + x2", "x3"}},
      {"merge x2+x3 -> x2", 2, 3, {"x1", "x2 + x3", "0"}},
      {"merge x2+x3 -> x3", 2, 3, {"x1", "0", "x2 + x3"}},
      {"merge x1+x3 -> x1", 1, 3, {"x1 + x3", "x2", "0"}},
      {"merge x1+x3 -> x3", 1, 3, {"0", "x2", "x1 + x3"}},
  };
  for (const auto& merge : merges)
    moves.push_back(symbolic_move(merge.name, {}, {}, 3,
                                  fmt::format("x{} >= {} && x{} >= {}", merge.i, m, merge.j, m),
                                  {merge.result[0], merge.result[1], merge.result[2]}));
  return moves;
}

}  // namespace nimcert
