// Declared one-heap games with sum followers, as the move lines of a `game g heaps 1` block,
// shared by the tests of the one-heap sum engine and of the split engine: Lasker's Nim,
// Grundy's game, Kayles and 0.137 written move by move (a part of no stones among them), and
// games whose moves the game cannot hand over as ranges.
#pragma once

#include <string>
#include <vector>

namespace nimcert::testing {

inline const std::vector<std::string>& declared_sum_games() {
  static const std::vector<std::string> games = {
      // Lasker's Nim, Grundy's game, Kayles, 0.137.
      "  move \"remove\" for 1 <= t <= x1 to (x1 - t)\n"
      "  move \"split\" for 1 <= a <= x1 / 2 to (a) + (x1 - a)\n",
      "  move \"split\" for 1 <= a <= (x1 - 1) / 2 to (a) + (x1 - a)\n",
      "  move \"one pin\" for a <= (x1 - 1) / 2 when x1 >= 1 to (a) + (x1 - 1 - a)\n"
      "  move \"two pins\" for a <= (x1 - 2) / 2 when x1 >= 2 to (a) + (x1 - 2 - a)\n",
      "  move \"one\" when x1 == 1 to (0)\n  move \"two\" when x1 >= 2 to (x1 - 2)\n"
      "  move \"three\" for a <= (x1 - 3) / 2 when x1 >= 3 to (a) + (x1 - 3 - a)\n",
      // Not ranges: a condition reading a, a reduction, parts in the other order, three parts.
      "  move \"odd splits\" for 1 <= a < x1 when a % 2 == 1 to (a) + (x1 - a)\n"
      "  move \"reduce\" for t < x1 to (t)\n",
      "  move \"take 2\" for a <= x1 - 2 when x1 >= 2 to (x1 - 2 - a) + (a)\n"
      "  move \"thirds\" for 1 <= a <= x1 / 3 when x1 >= 3 to (a) + (a) + (x1 - 2 * a)\n"};
  return games;
}

// Grundy's game: split a heap into two unequal nonempty heaps.
inline const std::string& grundys_game_moves() { return declared_sum_games()[1]; }

}  // namespace nimcert::testing
