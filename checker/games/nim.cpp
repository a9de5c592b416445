// Nim on k heaps: parameters and followers (see nim.hpp).
#include "games/nim.hpp"

#include <stdexcept>
#include <string>

#include "games/symbolic_move.hpp"

namespace nimcert {

Nim::Nim(std::size_t heaps) : heaps_(heaps) {
  if (heaps_ < 1 || heaps_ > kMaxHeaps)
    throw std::invalid_argument("nim: heaps must be between 1 and " + std::to_string(kMaxHeaps));
}

nlohmann::ordered_json Nim::parameters() const { return nlohmann::ordered_json{{"heaps", heaps_}}; }

void Nim::for_each_follower(const Position& p, const FollowerSink& sink) const {
  if (p.size() != heaps_) throw std::logic_error("nim: position has the wrong number of heaps");
  for (std::size_t i = 0; i < p.size(); ++i) {
    Position q = p;
    for (Heap t = 0; t < p[i]; ++t) {
      q[i] = t;
      sink(q);
    }
  }
}

std::vector<SymbolicMove> Nim::symbolic_moves() const { return free_reductions(heaps_); }

}  // namespace nimcert
