// Building symbolic moves from their text (see symbolic_move.hpp).
#include "games/symbolic_move.hpp"

#include <stdexcept>

#include "lang/proof_file.hpp"

namespace nimcert {

std::vector<std::string> position_variables(std::size_t heaps) {
  std::vector<std::string> v;
  for (std::size_t i = 1; i <= heaps; ++i) v.push_back("x" + std::to_string(i));
  return v;
}

SymbolicMove symbolic_move(std::string name, std::vector<std::string> parameters,
                           const std::vector<std::string>& largest, std::size_t heaps,
                           const std::string& guard, const std::vector<std::string>& result) {
  if (largest.size() != parameters.size())
    throw std::logic_error("symbolic_move: one largest choice per parameter");
  std::vector<std::string> scope = position_variables(heaps);
  scope.insert(scope.end(), parameters.begin(), parameters.end());
  SymbolicMove m;
  for (const std::string& l : largest)
    m.ranges.push_back({smt::make_const(0), smt::parse_expression(l, scope)});
  m.name = std::move(name);
  m.parameters = std::move(parameters);
  m.guard = smt::parse_expression(guard, scope);
  for (const std::string& r : result) m.result.push_back(smt::parse_expression(r, scope));
  return m;
}

std::vector<SymbolicMove> free_reductions(std::size_t heaps) {
  std::vector<SymbolicMove> moves;
  const auto x = position_variables(heaps);
  for (std::size_t i = 0; i < heaps; ++i) {
    std::vector<std::string> result = x;
    result[i] = "t";
    moves.push_back(
        symbolic_move("reduce " + x[i], {"t"}, {x[i] + " - 1"}, heaps, "t < " + x[i], result));
  }
  return moves;
}

}  // namespace nimcert
