// What a game is to nimcert: a position type, a follower enumeration, and the shape of its
// moves where a fast engine can use it.
//
// The reference engine needs only for_each_follower.  The fast cube engine needs to know that
// every reduction x_i -> t (t < x_i) is a move (then the values a position sees along heap i
// form a growing set per line of the cube) and what the other followers are; a game tells it
// through move_shape(), and no engine ever asks which game it has.  The box engine needs every
// follower to be no larger than its position in any heap (lowers_heaps).  The symbolic
// induction step needs the moves as expressions (symbolic_moves, games/symbolic_move.hpp),
// which this header only declares, so that the engines never see the proof language.
#pragma once

#include <cstddef>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "base/position.hpp"

namespace nimcert {

struct SymbolicMove;
struct SymbolicCondition;

using FollowerSink = std::function<void(const Position&)>;
// A move's result as a sum of positions of the game: one part for an ordinary move, several
// for a take-and-break move (a heap split in two).  Its Grundy value is the xor of the parts'
// values (the Sprague-Grundy theorem).
using OptionSink = std::function<void(std::span<const Position> parts)>;

// A merge of two heaps: heaps a and b (0-based) become their sum at heap `to` (a or b) and 0
// at the other.
struct Merge {
  std::size_t a = 0, b = 0, to = 0;
};

// The followers of a one-heap position n when they are every m in [low, high] (Levine's
// Maximum and Minimum Nim: a window given by the rule); `empty` when n has no follower.
struct Window {
  Heap low = 0, high = 0;
  bool empty = true;
};

// The moves of a game in the shape the fast cube engine handles: every free reduction, and
// merges of two heaps that each hold at least `threshold` stones.
struct MoveShape {
  Heap threshold = 0;
  std::vector<Merge> merges;  // empty: the reductions are all the moves (Nim)
};

// A one-heap game's options at heap n, as the one-heap sum engine takes them: for every a in
// [first, last], a split leaves the sum (a) + (n - removed - a), a removal the heap
// n - removed - a, a reduction the heap a; each range already checked against the rules as a
// whole (every part exact and below n).  Every other option is listed by its parts' heaps.
struct OptionRange {
  enum class Kind { Split, Remove, Reduce };
  Kind kind = Kind::Split;
  std::uint64_t first = 0, last = 0;
  Heap removed = 0;
};
struct OneHeapOptions {
  std::vector<OptionRange> ranges;
  std::vector<Heap> parts;        // the other options' parts, one heap each, in turn
  std::vector<std::size_t> ends;  // where each of those options ends in `parts`
  void clear() {
    ranges.clear();
    parts.clear();
    ends.clear();
  }
};

class Game {
 public:
  virtual ~Game() = default;

  virtual std::string name() const = 0;
  virtual nlohmann::ordered_json parameters() const = 0;
  // Number of heaps in a position.
  virtual std::size_t heap_count() const = 0;

  // Calls sink once for every legal follower of p (the same follower may come twice when two
  // different moves reach it; the mex does not care).
  virtual void for_each_follower(const Position& p, const FollowerSink& sink) const = 0;
  // The same followers appended to `out`, for engines that take them in bulk; a game may list
  // them faster here (a declared game evaluates a parameter's choices in one batch).
  virtual void followers_into(const Position& p, std::vector<Position>& out) const {
    for_each_follower(p, [&](const Position& q) { out.push_back(q); });
  }
  // True when some move leaves a sum of positions (a take-and-break move): then only
  // for_each_option lists the moves, and only the engines that play sums (the reference
  // engine, and the box engine through it) take the game.
  virtual bool has_sums() const { return false; }
  // Every move of p with what it leaves: one part for an ordinary follower, several for a sum.
  virtual void for_each_option(const Position& p, const OptionSink& sink) const {
    for_each_follower(p, [&](const Position& q) { sink(std::span<const Position>(&q, 1)); });
  }
  // For a one-heap game: the options of heap n (cleared first).  By default every option one
  // by one; a declared game hands its splits, removals and reductions over as ranges.
  virtual void one_heap_options(Heap n, OneHeapOptions& out) const {
    out.clear();
    for_each_option(Position{n}, [&](std::span<const Position> option) {
      for (const Position& q : option) out.parts.push_back(q[0]);
      out.ends.push_back(out.parts.size());
    });
  }
  // The followers of `count` positions in a row: out[z] (cleared first) for `start` with its
  // last heap raised by z.
  virtual void followers_of_row(const Position& start, Heap count,
                                std::vector<std::vector<Position>>& out) const {
    out.resize(count);
    Position p = start;
    for (Heap z = 0; z < count; ++z, ++p[p.size() - 1]) {
      out[z].clear();
      followers_into(p, out[z]);
    }
  }

  // The moves as free reductions plus merges, when they have that shape; nullopt otherwise
  // (the fast cube engine then refuses the game).
  virtual std::optional<MoveShape> move_shape() const { return std::nullopt; }
  // For a one-heap game whose followers of every n form a window: that window (the sequence
  // engine then computes g_0..g_n in one pass); nullopt otherwise.
  virtual std::optional<Window> follower_window(Heap n) const {
    (void)n;
    return std::nullopt;
  }
  // True when no follower has a heap larger than the position's (every follower of a box lies
  // in the box, earlier in canonical order): the condition of the dense box engine.
  virtual bool lowers_heaps() const { return false; }
  // True when the game declares the rank its moves lower (a declared game's `rank`), so that
  // its moves may raise a heap and still end: a box of it is then computed by the memoised
  // reference engine over every position reachable from the box.
  virtual bool declares_rank() const { return false; }
  // True when swapping the last two heaps maps the moves of every position onto the moves of
  // the swapped position.  Then G is symmetric in them (by induction on the position), and
  // the cube engine computes only z >= y of each slice, reading the rest across the diagonal.
  virtual bool symmetric_in_last_two_heaps() const { return false; }

  // The moves as expressions, one per kind, for the symbolic induction step; empty when
  // the game has no encoding.  Must allow exactly the followers for_each_follower lists.
  virtual std::vector<SymbolicMove> symbolic_moves() const;
  // What the rules themselves assume of every position, as expressions; empty when nothing.
  virtual std::vector<SymbolicCondition> symbolic_conditions() const;

  // "amalgamation(merge_min=2)": the game and its parameters in one line, for messages.
  virtual std::string describe() const;
};

}  // namespace nimcert
