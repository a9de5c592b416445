// A declared game's followers in bulk: the generic engine's route (see declared_game.hpp).
//
// The plain route (for_each_follower) runs the compiled programs once per follower; here the
// positions of a row (the last heap counting up) are taken together.  The bounds of a move
// kind's parameters are evaluated for the whole row in one batch, then every choice of every
// parameter at every position of the row becomes one lane of the follower program, 256 lanes
// a run.  Each lane is checked against the rules exactly as the plain route checks a follower
// (checked_follower), so the two routes list the same followers or the same violation; a test
// holds them against each other.  A move kind whose bounds read another parameter (not flat)
// takes the plain route, position by position.
#include <fmt/format.h>

#include "base/work_meter.hpp"
#include "games/declared_compiled.hpp"
#include "games/declared_game.hpp"

namespace nimcert {

namespace {

constexpr std::size_t kLanes = 256;

// Lanes being filled for one program run: a column per input, and the row offset z of each.
struct LaneBuffer {
  std::vector<std::vector<std::uint64_t>> in, out;
  std::vector<const std::uint64_t*> in_ptr;
  std::vector<std::uint64_t*> out_ptr;
  std::vector<Heap> z;
  std::size_t lanes = 0;

  void shape(std::size_t inputs, std::size_t outputs) {
    in.resize(inputs);
    for (auto& c : in) c.resize(kLanes);
    out.resize(outputs);
    for (auto& c : out) c.resize(kLanes);
    in_ptr.resize(inputs);
    out_ptr.resize(outputs);
    for (std::size_t v = 0; v < inputs; ++v) in_ptr[v] = in[v].data();
    for (std::size_t o = 0; o < outputs; ++o) out_ptr[o] = out[o].data();
    z.resize(kLanes);
    lanes = 0;
  }
};

}  // namespace

void DeclaredGame::followers_into(const Position& p, std::vector<Position>& out) const {
  thread_local std::vector<std::vector<Position>> row;
  followers_of_row(p, 1, row);
  out.insert(out.end(), row[0].begin(), row[0].end());
}

void DeclaredGame::followers_of_row(const Position& start, Heap count,
                                    std::vector<std::vector<Position>>& out) const {
  const std::size_t k = declaration_->heaps;
  if (start.size() != k)
    throw std::logic_error(fmt::format("{}: a position has exactly {} heaps", name(), k));
  refuse_sums("the batched follower lists");
  out.resize(count);
  for (auto& followers : out) followers.clear();
  auto at = [&](Heap z) {
    Position p = start;
    p[k - 1] += z;
    return p;
  };
  thread_local LaneBuffer lanes, bounds;
  Position q = Position::zeros(k);
  for (std::size_t kind = 0; kind < compiled_.size(); ++kind) {
    const Compiled& c = *compiled_[kind];
    const std::size_t m = expanded_[kind].parameters.size();
    if (m > 0 && !c.all_bounds) {  // bounds that read parameters: position by position
      for (Heap z = 0; z < count; ++z) {
        const Position p = at(z);
        std::vector<std::uint64_t> inputs(p.begin(), p.end());
        enumerate(kind, p, 0, inputs,
                  [&](std::size_t, std::span<const Position> y) { out[z].push_back(y[0]); });
      }
      continue;
    }
    lanes.shape(k + m, c.follower->output_count());
    auto flush = [&] {
      if (lanes.lanes == 0) return;
      // The lanes' choices as work, counted once per run of the program.
      if (!count_work(lanes.lanes))
        throw RuleViolation(expanded_[kind].name, at(lanes.z[0]),
                            fmt::format("move \"{}\" at {}: {}", expanded_[kind].name,
                                        at(lanes.z[0]).to_string(), beyond_work_limit()));
      if (!c.follower->run(lanes.lanes, lanes.in_ptr, lanes.out_ptr)) {
        std::vector<std::uint64_t> inputs;
        for (std::size_t v = 0; v < k + m; ++v) inputs.push_back(lanes.in[v][0]);
        const Position p = at(lanes.z[0]);
        throw RuleViolation(expanded_[kind].name, p,
                            fmt::format("move \"{}\" near {}: a follower's value overflows 64 bits",
                                        expanded_[kind].name, p.to_string()));
      }
      // The rules of checked_follower, lane by lane in one tight loop; a lane that breaks one
      // goes to checked_follower itself, which throws with the move, position and choices.
      const std::uint64_t* legal = lanes.out[0].data();
      const std::size_t exact = c.follower->output_count() - 1 - k;
      for (std::size_t j = 0; j < lanes.lanes; ++j) {
        if (legal[j] == 0) continue;
        bool ok = true;
        for (std::size_t e = 0; e < exact; ++e) ok = ok && lanes.out[1 + k + e][j] != 0;
        std::uint64_t before = 0, after = 0;
        for (std::size_t i = 0; i < k; ++i) {
          const std::uint64_t x = lanes.in[i][j], y = lanes.out[1 + i][j];
          ok = ok && y <= 0xffffffffu;
          q[i] = static_cast<Heap>(y);
          before += x + (x > 0);
          after += y + (y > 0);
        }
        if (!ok || after >= before) {  // throws, or a declared rank is lowered
          thread_local std::vector<Position> parts;
          checked_follower(kind, lanes.in_ptr.data(), lanes.out_ptr.data(), j, parts);
          q = parts[0];
        }
        out[lanes.z[j]].push_back(q);
      }
      lanes.lanes = 0;
    };
    // The heaps before the last are the row's own: written into every lane once.
    for (std::size_t i = 0; i + 1 < k; ++i) std::fill_n(lanes.in[i].data(), kLanes, start[i]);
    std::vector<std::uint64_t*> columns;  // the last heap's, then each parameter's
    for (std::size_t v = k - 1; v < k + m; ++v) columns.push_back(lanes.in[v].data());
    Heap* lane_z = lanes.z.data();
    auto add = [&](Heap z, const std::uint64_t* choice) {
      const std::size_t j = lanes.lanes;
      columns[0][j] = std::uint64_t{start[k - 1]} + z;
      for (std::size_t v = 0; v < m; ++v) columns[1 + v][j] = choice[v];
      lane_z[j] = z;
      if (++lanes.lanes == kLanes) flush();
    };
    for (Heap z0 = 0; z0 < count; z0 += kLanes) {
      const std::size_t row = std::min<std::size_t>(kLanes, count - z0);
      if (m == 0) {
        for (std::size_t j = 0; j < row; ++j) add(static_cast<Heap>(z0 + j), nullptr);
        continue;
      }
      // Every bound of every parameter, for this part of the row at once.
      bounds.shape(k, 2 * m);
      for (std::size_t j = 0; j < row; ++j) {
        for (std::size_t i = 0; i + 1 < k; ++i) bounds.in[i][j] = start[i];
        bounds.in[k - 1][j] = std::uint64_t{start[k - 1]} + z0 + j;
      }
      if (!c.all_bounds->run(row, bounds.in_ptr, bounds.out_ptr))
        throw RuleViolation(expanded_[kind].name, at(z0),
                            fmt::format("move \"{}\" near {}: a bound overflows 64 bits",
                                        expanded_[kind].name, at(z0).to_string()));
      std::vector<ChoiceRange> range(m);
      std::vector<std::uint64_t> choice(m);
      for (std::size_t j = 0; j < row; ++j) {
        const Heap z = static_cast<Heap>(z0 + j);
        bool empty = false;
        for (std::size_t v = 0; v < m; ++v) {
          const smt::MoveParameter& parameter = expanded_[kind].parameters[v];
          range[v] = choice_range(bounds.out[2 * v][j], bounds.out[2 * v + 1][j],
                                  parameter.high_inclusive);
          if (!range[v].empty && range[v].span() >= kMaxChoices)
            throw RuleViolation(
                expanded_[kind].name, at(z),
                fmt::format("move \"{}\" at {}: {}", expanded_[kind].name, at(z).to_string(),
                            too_many_choices(parameter.name, range[v])));
          empty = empty || range[v].empty;
        }
        if (empty) continue;
        // Every choice, the last parameter fastest.
        for (std::size_t v = 0; v < m; ++v) choice[v] = range[v].first;
        for (;;) {
          add(z, choice.data());
          std::size_t v = m;
          while (v-- > 0 && choice[v] == range[v].last) choice[v] = range[v].first;
          if (v == static_cast<std::size_t>(-1)) break;
          ++choice[v];
        }
      }
    }
    flush();
  }
}

}  // namespace nimcert
