// The registry of games: from a name and parameters to a Game, and what the proof language
// asks of games (heap counts) without knowing any.
//
// Every parameter is range-checked here, in the type it will live in, so that a value the
// game cannot represent is refused with the allowed range instead of being narrowed.
#pragma once

#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "games/game.hpp"
#include "games/octal_code.hpp"
#include "lang/proof_file.hpp"

namespace nimcert {

// Builds a game from its name and parameters; throws std::invalid_argument naming what is
// wrong (an unknown game, with the known ones and the nearest; a missing, unknown or out of
// range parameter, with the allowed range).  A rule given as a string (maximum-nim,
// minimum-nim) may call `definitions`.
std::unique_ptr<Game> make_game(const std::string& name, const nlohmann::ordered_json& parameters,
                                const smt::Definitions& definitions = {});
std::unique_ptr<Game> make_game(const smt::GameSpec& spec, const smt::Definitions& definitions);

// The names of the games the registry knows, in a fixed order.
std::vector<std::string> game_names();

// The game a sequence block's value speaks of: g is Maximum Nim's, h is Minimum Nim's, both
// played with the block's rule.
smt::GameSpec sequence_game(const std::string& value, const std::string& rule);

// The heap count of a position of the game named; throws std::invalid_argument as make_game
// does for an unknown game or a bad parameter (without building the game).
std::size_t heap_count_of(const smt::GameSpec& game);

// The octal code of a declared game that sequence blocks play: its own, or a one-heap
// subtraction game's (digit 3 at each element of its set, 0 elsewhere: "remove s, leave
// nothing or one heap" is "take s when the heap has s").  Throws std::invalid_argument as the
// code's reader does.
OctalCode octal_code_of(const smt::GameDeclaration& declaration);

}  // namespace nimcert
