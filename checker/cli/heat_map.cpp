// Drawing a heat map with Cairo (see heat_map.hpp).
#include "cli/heat_map.hpp"

#include <cairo.h>
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <stdexcept>

#include "base/atomic_file.hpp"

namespace nimcert {

namespace {

// Value to colour: a perceptually ordered ramp (viridis' end points and three stops between),
// interpolated linearly on value / max.
std::array<double, 3> colour(Value v, Value max) {
  static constexpr double kStops[5][3] = {{0.267, 0.005, 0.329}, {0.231, 0.322, 0.545},
                                          {0.129, 0.569, 0.549}, {0.369, 0.788, 0.384},
                                          {0.993, 0.906, 0.144}};
  const double t = max == 0 ? 0.0 : static_cast<double>(v) / max * 4.0;
  const int i = std::min(3, static_cast<int>(t));
  const double f = t - i;
  return {kStops[i][0] + f * (kStops[i + 1][0] - kStops[i][0]),
          kStops[i][1] + f * (kStops[i + 1][1] - kStops[i][1]),
          kStops[i][2] + f * (kStops[i + 1][2] - kStops[i][2])};
}

void text_at(cairo_t* cr, double x, double y, const std::string& s, double align = 0.0) {
  cairo_text_extents_t e;
  cairo_text_extents(cr, s.c_str(), &e);
  cairo_move_to(cr, x - align * e.width, y);
  cairo_show_text(cr, s.c_str());
}

cairo_status_t append_png(void* closure, const unsigned char* data, unsigned int length) {
  static_cast<std::string*>(closure)->append(reinterpret_cast<const char*>(data), length);
  return CAIRO_STATUS_SUCCESS;
}

}  // namespace

void write_heat_map(const HeatMap& m, const std::string& path) {
  if (m.rows == 0 || m.columns == 0 || m.values.size() != m.rows * m.columns)
    throw std::logic_error("write_heat_map: the values do not fill the grid");
  const double cell = std::clamp(640.0 / std::max(m.rows, m.columns), 2.0, 32.0);
  const double left = 60, top = 50, legend_width = 280;
  const int width = static_cast<int>(left + cell * m.columns + 30 + legend_width);
  const int height = static_cast<int>(top + cell * m.rows + 50);
  cairo_surface_t* surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, width, height);
  cairo_t* cr = cairo_create(surface);
  cairo_set_source_rgb(cr, 1, 1, 1);
  cairo_paint(cr);
  cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);

  const Value max = *std::max_element(m.values.begin(), m.values.end());
  for (std::size_t r = 0; r < m.rows; ++r)
    for (std::size_t c = 0; c < m.columns; ++c) {
      const auto [red, green, blue] = colour(m.values[r * m.columns + c], max);
      cairo_set_source_rgb(cr, red, green, blue);
      cairo_rectangle(cr, left + c * cell, top + r * cell, cell, cell);
      cairo_fill(cr);
    }
  // Where the claim fails: a red outline and a cross, visible on every colour of the ramp.
  std::size_t failures = 0;
  if (!m.fails.empty()) {
    cairo_set_source_rgb(cr, 0.9, 0.0, 0.0);
    cairo_set_line_width(cr, std::max(1.0, cell / 8));
    for (std::size_t r = 0; r < m.rows; ++r)
      for (std::size_t c = 0; c < m.columns; ++c)
        if (m.fails[r * m.columns + c]) {
          ++failures;
          const double x = left + c * cell, y = top + r * cell, d = cell * 0.2;
          cairo_rectangle(cr, x + 0.5, y + 0.5, cell - 1, cell - 1);
          cairo_move_to(cr, x + d, y + d);
          cairo_line_to(cr, x + cell - d, y + cell - d);
          cairo_move_to(cr, x + cell - d, y + d);
          cairo_line_to(cr, x + d, y + cell - d);
          cairo_stroke(cr);
        }
  }
  // Title, axes (every k-th index labelled so that labels do not overlap).
  cairo_set_source_rgb(cr, 0, 0, 0);
  cairo_set_font_size(cr, 15);
  text_at(cr, left, 22, m.title);
  cairo_set_font_size(cr, 10);
  const std::size_t step = std::max<std::size_t>(1, static_cast<std::size_t>(std::ceil(24 / cell)));
  for (std::size_t c = 0; c < m.columns; c += step)
    text_at(cr, left + (c + 0.5) * cell, top - 4, std::to_string(c), 0.5);
  for (std::size_t r = 0; r < m.rows; r += step)
    text_at(cr, left - 4, top + (r + 0.5) * cell + 3, std::to_string(r), 1.0);
  cairo_set_font_size(cr, 12);
  text_at(cr, left + cell * m.columns / 2, top + cell * m.rows + 20, m.column_label + " →", 0.5);
  text_at(cr, 8, top + cell * m.rows / 2, m.row_label + " ↓");
  // Legend: the ramp from 0 to the largest value, and the marked cells' meaning.
  const double lx = left + cell * m.columns + 30, ly = top, lh = std::min(240.0, cell * m.rows);
  for (int i = 0; i < 100; ++i) {
    const auto [red, green, blue] =
        colour(static_cast<Value>(std::lround(max * (99 - i) / 99.0)), max);
    cairo_set_source_rgb(cr, red, green, blue);
    cairo_rectangle(cr, lx, ly + lh * i / 100.0, 18, lh / 100.0 + 1);
    cairo_fill(cr);
  }
  cairo_set_source_rgb(cr, 0, 0, 0);
  cairo_set_font_size(cr, 11);
  text_at(cr, lx + 24, ly + 10, fmt::format("G = {}", max));
  text_at(cr, lx + 24, ly + lh, "G = 0");
  if (!m.fails.empty()) {
    cairo_set_source_rgb(cr, 0.9, 0.0, 0.0);
    cairo_rectangle(cr, lx + 0.5, ly + lh + 20.5, 17, 17);
    cairo_stroke(cr);
    cairo_set_source_rgb(cr, 0, 0, 0);
    text_at(cr, lx + 24, ly + lh + 33, fmt::format("{} ({})", m.fails_label, failures));
  }
  cairo_destroy(cr);
  std::string png;
  const cairo_status_t status = cairo_surface_write_to_png_stream(surface, append_png, &png);
  cairo_surface_destroy(surface);
  if (status != CAIRO_STATUS_SUCCESS)
    throw std::runtime_error(std::string("Cairo: ") + cairo_status_to_string(status));
  write_file_atomically(path, png);
}

}  // namespace nimcert
