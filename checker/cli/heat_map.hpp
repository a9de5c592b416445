// A slice of Grundy values drawn as a heat map (PNG, through Cairo): one cell per position,
// coloured by its value, with a legend from value to colour, labelled axes, and the positions
// where a claim fails outlined and crossed.
#pragma once

#include <string>
#include <vector>

#include "base/position.hpp"

namespace nimcert {

struct HeatMap {
  std::string title;                     // e.g. "G(x1, x2, 0) of amalgamation(merge_min=2)"
  std::string row_label, column_label;   // "x1", "x2"
  std::size_t rows = 0, columns = 0;
  std::vector<Value> values;             // row-major, rows * columns
  std::vector<bool> fails;               // empty, or row-major: where a claim fails
  std::string fails_label;               // the legend's words for the marked cells
};

// Writes the picture as a PNG file (atomically); throws std::runtime_error if Cairo fails.
void write_heat_map(const HeatMap& map, const std::string& path);

}  // namespace nimcert
