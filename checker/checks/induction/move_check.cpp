// The move encoding against the follower enumeration (see move_check.hpp).
#include "checks/induction/move_check.hpp"

#include <set>

#include "eval/evaluator.hpp"
#include "sys/interrupt.hpp"

namespace nimcert {

namespace {

using Json = nlohmann::ordered_json;

Json heaps_json(const std::vector<Heap>& heaps) {
  Json a = Json::array();
  for (Heap h : heaps) a.push_back(h);
  return a;
}

// A move's guard and result heaps compiled over x1..xk and its parameters.
struct CompiledMove {
  std::size_t parameters;
  smt::Program program;  // output 0: the guard; outputs 1..k: the follower's heaps
};

}  // namespace

Heap move_check_side(std::size_t heaps) {
  switch (heaps) {
    case 1:
      return 40;
    case 2:
      return 12;
    case 3:
      return 6;
    default:
      return 3;
  }
}

MoveCheck check_move_encoding(const Game& game, const std::vector<SymbolicMove>& moves, Heap side) {
  const std::size_t k = game.heap_count();
  std::vector<CompiledMove> compiled;
  for (const SymbolicMove& m : moves) {
    std::vector<std::string> variables = position_variables(k);
    variables.insert(variables.end(), m.parameters.begin(), m.parameters.end());
    std::vector<smt::ExprPtr> outputs = {m.guard};
    outputs.insert(outputs.end(), m.result.begin(), m.result.end());
    compiled.push_back({m.parameters.size(), smt::Program(variables, outputs)});
  }
  MoveCheck out;
  out.box = "[0," + std::to_string(side) + "]^" + std::to_string(k);
  out.agrees = true;
  Position p = Position::zeros(k);
  for (;;) {
    smt::throw_if_interrupted();
    ++out.positions;
    std::set<std::vector<Heap>> enumerated, symbolic;
    game.for_each_follower(
        p, [&](const Position& y) { enumerated.insert(std::vector<Heap>(y.begin(), y.end())); });
    out.followers += enumerated.size();
    std::uint64_t stones = 0;
    for (Heap h : p) stones += h;
    for (const CompiledMove& m : compiled) {
      // Every parameter value from 0 to the stone count: a follower of a heap game keeps its
      // parameters within the position (the guard bounds them), so this covers every move.
      std::vector<std::uint64_t> input(p.begin(), p.end()), value;
      input.resize(k + m.parameters, 0);
      for (;;) {
        if (m.program.run_one<std::uint64_t>(input, value) && value[0] != 0) {
          std::vector<Heap> y;
          for (std::size_t i = 0; i < k; ++i) y.push_back(static_cast<Heap>(value[1 + i]));
          symbolic.insert(y);
        }
        std::size_t i = input.size();
        while (i > k && input[i - 1] == stones) input[--i] = 0;
        if (i == k) break;
        ++input[i - 1];
      }
    }
    if (symbolic != enumerated && out.agrees) {
      out.agrees = false;
      Json only_symbolic = Json::array(), only_enumerated = Json::array();
      for (const auto& y : symbolic)
        if (!enumerated.count(y)) only_symbolic.push_back(heaps_json(y));
      for (const auto& y : enumerated)
        if (!symbolic.count(y)) only_enumerated.push_back(heaps_json(y));
      out.disagreement = {{"position", heaps_json(std::vector<Heap>(p.begin(), p.end()))},
                          {"only_in_the_move_encoding", only_symbolic},
                          {"only_in_the_follower_enumeration", only_enumerated}};
    }
    std::size_t i = k;
    while (i > 0 && p[i - 1] == side) p[--i] = 0;
    if (i == 0) break;
    ++p[i - 1];
  }
  return out;
}

}  // namespace nimcert
