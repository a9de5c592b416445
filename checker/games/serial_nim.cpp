// Serial Nim's followers and move encoding (see serial_nim.hpp).
#include "games/serial_nim.hpp"

#include <stdexcept>
#include <string>

#include "games/symbolic_move.hpp"

namespace nimcert {

SerialNim::SerialNim(std::size_t heaps) : heaps_(heaps) {
  if (heaps_ < 1 || heaps_ > kMaxHeaps)
    throw std::invalid_argument("serial-nim: heaps must be between 1 and " +
                                std::to_string(kMaxHeaps));
}

void SerialNim::for_each_follower(const Position& p, const FollowerSink& sink) const {
  if (p.size() != heaps_) throw std::logic_error("serial-nim: wrong number of heaps");
  for (std::size_t i = 0; i < p.size(); ++i) {
    if (p[i] == 0) continue;
    Position q = p;
    for (Heap t = 0; t < p[i]; ++t) {
      q[i] = t;
      sink(q);
    }
    return;  // only the leftmost nonempty heap
  }
}

std::vector<SymbolicMove> SerialNim::symbolic_moves() const {
  std::vector<SymbolicMove> moves;
  const auto x = position_variables(heaps_);
  for (std::size_t i = 0; i < heaps_; ++i) {
    std::string guard = "t < " + x[i];
    for (std::size_t j = 0; j < i; ++j) guard = x[j] + " == 0 && " + guard;
    std::vector<std::string> result = x;
    result[i] = "t";
    moves.push_back(symbolic_move("reduce " + x[i], {"t"}, {x[i] + " - 1"}, heaps_, guard, result));
  }
  return moves;
}

}  // namespace nimcert
