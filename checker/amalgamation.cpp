// Amalgamation Nim: parameters and the generic follower enumeration (see amalgamation.hpp).
#include "amalgamation.hpp"

#include <stdexcept>

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

std::size_t Amalgamation::special_followers(const Position& p, std::span<Position> out) const {
  if (out.size() < 6) throw std::logic_error("amalgamation::special_followers: out holds < 6");
  return merges(p[0], p[1], p[2], out.data());
}

}  // namespace nimcert
