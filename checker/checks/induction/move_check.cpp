// The move encoding against the follower enumeration (see move_check.hpp).
#include "checks/induction/move_check.hpp"

#include <fmt/format.h>

#include <set>
#include <stdexcept>

#include "base/work_meter.hpp"
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

// A move's guard and result heaps compiled over x1..xk and its parameters, and each
// parameter's range over x1..xk and the parameters before it.
struct CompiledMove {
  std::size_t parameters;
  smt::Program program;  // output 0: the guard; then the follower's heaps (every part's)
  std::vector<smt::Program> ranges;  // per parameter: (low, largest)
};

// Every choice of the parameters from `j` on, each over its whole declared range (not only up
// to the stone count: a move may need a parameter of 2^32 at a small position); the follower
// of each legal choice into `out`.  False when the work limit is reached.
bool each_choice(const CompiledMove& m, std::size_t j, std::vector<std::uint64_t>& input,
                 std::set<std::vector<Heap>>& out) {
  std::vector<std::uint64_t> value;
  if (j == m.parameters) {
    if (m.program.run_one<std::uint64_t>(input, value) && value[0] != 0) {
      std::vector<Heap> y;  // every part's k heaps in turn (one part unless a sum)
      for (std::size_t i = 1; i < value.size(); ++i) y.push_back(static_cast<Heap>(value[i]));
      out.insert(y);
    }
    return true;
  }
  if (!m.ranges[j].run_one<std::uint64_t>(input, value)) return true;  // no range in 64 bits
  const std::uint64_t low = value[0], largest = value[1];
  for (std::uint64_t c = low; c <= largest; ++c) {
    if (!count_work()) return false;
    input.push_back(c);
    const bool more = each_choice(m, j + 1, input, out);
    input.pop_back();
    if (!more) return false;
    if (c == largest) break;
  }
  return true;
}

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
    if (m.ranges.size() != m.parameters.size())
      throw std::logic_error("move \"" + m.name + "\": one range per parameter");
    std::vector<smt::Program> ranges;
    for (std::size_t j = 0; j < m.parameters.size(); ++j)
      ranges.emplace_back(std::vector<std::string>(variables.begin(), variables.begin() + k + j),
                          std::vector<smt::ExprPtr>{m.ranges[j].low, m.ranges[j].largest});
    compiled.push_back({m.parameters.size(), smt::Program(variables, outputs), std::move(ranges)});
  }
  const WorkLimit limit(kMoveCheckChoices);
  MoveCheck out;
  out.box = "[0," + std::to_string(side) + "]^" + std::to_string(k);
  out.agrees = true;
  Position p = Position::zeros(k);
  for (;;) {
    smt::throw_if_interrupted();
    ++out.positions;
    std::set<std::vector<Heap>> enumerated, symbolic;
    game.for_each_option(p, [&](std::span<const Position> parts) {
      std::vector<Heap> y;  // a sum's parts in turn, as the encoding lists them
      for (const Position& q : parts) y.insert(y.end(), q.begin(), q.end());
      enumerated.insert(std::move(y));
    });
    out.followers += enumerated.size();
    for (const CompiledMove& m : compiled) {
      std::vector<std::uint64_t> input(p.begin(), p.end());
      if (!each_choice(m, 0, input, symbolic)) {
        out.agrees = false;
        out.disagreement = {
            {"position", heaps_json(std::vector<Heap>(p.begin(), p.end()))},
            {"refused", fmt::format("the move encoding's parameters have more than {} choices "
                                    "on the box",
                                    kMoveCheckChoices)}};
        return out;
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
