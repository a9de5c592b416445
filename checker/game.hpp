// What a game is to nimcert: a position type plus a follower enumeration.
//
// The reference engine needs nothing else.  The fast sweep engine additionally exploits a
// structure most heap games share: every reduction x_i -> t (t < x_i) is a move, so the
// values a position sees along each heap form a growing set per line of the box.  A game
// with that structure says so (reduces_freely) and lists its other moves separately
// (special_followers); the fast engine handles the reductions itself.
#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <span>
#include <string>

#include "position.hpp"
#include "symbolic_move.hpp"

namespace nimcert {

using FollowerSink = std::function<void(const Position&)>;

class Game {
 public:
  virtual ~Game() = default;

  virtual std::string name() const = 0;
  virtual nlohmann::ordered_json parameters() const = 0;
  // Number of heaps in a position; 0 means "any".
  virtual std::size_t heap_count() const = 0;

  // Calls sink once for every legal follower of p (the same follower may come twice when two
  // different moves reach it; the mex does not care).
  virtual void for_each_follower(const Position& p, const FollowerSink& sink) const = 0;

  // True when every reduction x_i -> t, t < x_i, is a legal move.
  virtual bool reduces_freely() const { return false; }
  // The legal followers that are not free reductions, written to out; returns their count.
  // Only meaningful when reduces_freely().
  virtual std::size_t special_followers(const Position& p, std::span<Position> out) const {
    (void)p;
    (void)out;
    return 0;
  }
  // An upper bound on special_followers' count, so callers can size out.
  virtual std::size_t max_special_followers() const { return 0; }
  // True when swapping the last two heaps maps the moves of every position onto the moves of
  // the swapped position.  Then G is symmetric in them (by induction on the position), and
  // the cube engine computes only z >= y of each slice, reading the rest across the diagonal.
  virtual bool symmetric_in_last_two_heaps() const { return false; }

  // The moves as expressions, one per kind, for the symbolic induction step; empty when
  // the game has no encoding.  Must allow exactly the followers for_each_follower lists.
  virtual std::vector<SymbolicMove> symbolic_moves() const { return {}; }

  // "amalgamation(merge_min=2)": the game and its parameters in one line, for messages.
  std::string describe() const;
};

// Builds a game from its name and parameters; throws std::invalid_argument naming what is
// wrong for an unknown game or a bad parameter.
// A rule given as a string (maximum-nim, minimum-nim) may call `definitions`.
std::unique_ptr<Game> make_game(const std::string& name, const nlohmann::ordered_json& parameters,
                                const smt::Definitions& definitions = {});

}  // namespace nimcert
