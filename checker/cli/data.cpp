// table and ppos (see data.hpp).
#include "cli/data.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <functional>
#include <stdexcept>

#include "cli/heat_map.hpp"
#include "checks/engine_progress.hpp"
#include "checks/misere_sum.hpp"
#include "engines/box_engine.hpp"
#include "engines/grundy_of.hpp"
#include "engines/octal_engine.hpp"

namespace nimcert {

namespace {

std::string heap_name(std::size_t i) { return fmt::format("x{}", i + 1); }

// One cell of a compared table: "G" where the claim holds; where it fails "G:F" for a
// formula (F its value) or "G!" for another claim.
std::string compared(Value g, bool holds, const std::optional<std::uint64_t>& claimed) {
  if (holds) return std::to_string(g);
  return claimed ? fmt::format("{}:{}", g, *claimed) : fmt::format("{}!", g);
}

// G(0..last) of a one-heap game: by the box engine, or an octal game's by the sparse-space
// engine.
std::vector<Value> one_heap_values(const TableRequest& r, Heap last) {
  if (r.octal) {
    const OctalValues g = octal_values(
        r.octal->code, last, nullptr,
        {std::nullopt, activity_progress("values of " + r.octal->describe())});
    return std::vector<Value>(g.begin(), g.end());
  }
  return grundy_box(*r.game, {last}, activity_progress("values of " + r.game->describe()))
      .values;
}

int one_heap_table(const TableRequest& r, const std::optional<PositionClaim>& claim) {
  const Heap last = r.last ? *r.last : r.size - 1;
  const std::vector<Value> values = one_heap_values(r, last);
  const char sep = r.format == "csv" ? ',' : r.format == "tsv" ? '\t' : ' ';
  if (r.format == "bfile")
    fmt::print("# G(n) of {} for n = 0..{}, computed by nimcert (exact mex)\n",
               r.octal ? r.octal->describe() : r.game->describe(), last);
  else if (r.format != "text" || claim)
    fmt::print("n{}g{}\n", sep, claim ? fmt::format("{}claimed{}holds", sep, sep) : "");
  std::uint64_t failures = 0;
  for (Heap n = 0; n <= last; ++n) {
    const Value v = values[n];
    if (!claim) {
      fmt::print("{}{}{}\n", n, sep, v);
      continue;
    }
    const Position p{n};
    const bool holds = claim->holds(p, v);
    failures += !holds;
    const auto f = claim->claimed(p);
    fmt::print("{}{}{}{}{}{}{}\n", n, sep, v, sep, f ? std::to_string(*f) : "", sep,
               holds ? "yes" : "no");
  }
  if (claim && r.format == "text")
    fmt::print("claim {} fails at {} of {} n\n", r.diff, failures, std::uint64_t{last} + 1);
  return 0;
}

}  // namespace

std::pair<std::size_t, Heap> parse_fixed_heap(const std::string& text) {
  const std::size_t eq = text.find('=');
  auto bad = [&] {
    return std::invalid_argument("--fix " + text + ": expected xI=V, such as x3=4");
  };
  if (text.size() < 4 || text[0] != 'x' || eq == std::string::npos || eq < 2) throw bad();
  std::size_t heap = 0, value = 0;
  try {
    std::size_t used = 0;
    heap = std::stoul(text.substr(1, eq - 1), &used);
    if (used != eq - 1) throw bad();
    value = std::stoul(text.substr(eq + 1), &used);
    if (used != text.size() - eq - 1) throw bad();
  } catch (const std::logic_error&) {
    throw bad();
  }
  if (heap < 1 || heap > 8) throw std::invalid_argument("--fix " + text + ": heaps are x1..x8");
  if (value > 4096) throw std::invalid_argument("--fix " + text + ": a heap of at most 4096");
  return {heap - 1, static_cast<Heap>(value)};
}

// table --misere: a one-heap game's misère outcomes, n = 0..last, with how they were found.
int misere_table(const TableRequest& r) {
  if (!r.octal && r.game->heap_count() != 1)
    throw std::invalid_argument(fmt::format(
        "--misere: table prints one heap's misère outcomes, and {} has {} heaps (ppos --misere "
        "lists a box's misère P-positions)",
        r.game->describe(), r.game->heap_count()));
  if (r.format != "text" || !r.png.empty() || r.claim)
    throw std::invalid_argument("--misere prints lines 'n P' or 'n N' only (no --csv, --tsv, "
                                "--bfile, --png or --diff)");
  if (r.size == 0 && !r.last) throw std::invalid_argument("--size must be at least 1");
  const std::uint64_t last = r.last ? *r.last : r.size - 1;
  const MisereHeapOutcomes outcomes = r.octal ? misere_heap_outcomes(r.octal->code, last)
                                              : misere_heap_outcomes(*r.game, last);
  fmt::print("# misère outcomes of one heap of {}, {}\n",
             r.octal ? r.octal->describe() : r.game->describe(), outcomes.how);
  for (std::uint64_t n = 0; n <= last; ++n) fmt::print("{} {}\n", n, outcomes.p[n] ? "P" : "N");
  return 0;
}

int run_table(const TableRequest& r) {
  if (r.misere) return misere_table(r);
  if (r.octal) {
    if (!r.png.empty()) throw std::invalid_argument("--png draws a slice of two heaps or more");
    return one_heap_table(r, std::nullopt);
  }
  const Game& game = *r.game;
  const std::size_t k = game.heap_count();
  const std::optional<PositionClaim>& claim = r.claim;
  if (r.size == 0) throw std::invalid_argument("--size must be at least 1");
  if (k == 1) {
    if (!r.png.empty()) throw std::invalid_argument("--png draws a slice of two heaps or more");
    return one_heap_table(r, claim);
  }
  if (r.format == "bfile") throw std::invalid_argument("--bfile is for one-heap games");
  if (r.rows_heap >= k || r.cols_heap >= k || r.rows_heap == r.cols_heap)
    throw std::invalid_argument(
        fmt::format("--axes: two different heaps of {}'s {}", game.describe(), k));
  for (const auto& [heap, value] : r.fixed)
    if (heap >= k || heap == r.rows_heap || heap == r.cols_heap)
      throw std::invalid_argument(fmt::format(
          "--fix {}: not one of the other heaps of {} ({} heaps, rows {} and columns {})",
          heap_name(heap), game.describe(), k, heap_name(r.rows_heap), heap_name(r.cols_heap)));
  // The box that holds the slice: the slice's two heaps up to size - 1, the others fixed.
  std::vector<Heap> extents(k, 0);
  for (const auto& [heap, value] : r.fixed) extents[heap] = value;
  extents[r.rows_heap] = extents[r.cols_heap] = r.size - 1;
  const GrundyBox box = grundy_box(game, extents);
  Position p = Position::zeros(k);
  for (std::size_t h = 0; h < k; ++h) p[h] = extents[h];
  auto position = [&](Heap row, Heap column) {
    p[r.rows_heap] = row;
    p[r.cols_heap] = column;
    return p;
  };
  std::string fixed_text;  // "x3 = 0"
  for (std::size_t h = 0; h < k; ++h)
    if (h != r.rows_heap && h != r.cols_heap)
      fixed_text +=
          fmt::format("{}{} = {}", fixed_text.empty() ? "" : ", ", heap_name(h), extents[h]);
  std::vector<std::string> args(k);
  for (std::size_t h = 0; h < k; ++h)
    args[h] = h == r.rows_heap || h == r.cols_heap ? heap_name(h) : std::to_string(extents[h]);
  const std::string title = fmt::format("G({}) of {}", fmt::join(args, ", "), game.describe());

  std::vector<Value> values;
  std::vector<bool> fails;
  std::uint64_t failures = 0;
  for (Heap row = 0; row < r.size; ++row)
    for (Heap column = 0; column < r.size; ++column) {
      const Position q = position(row, column);
      values.push_back(box.at(q));
      if (claim) {
        fails.push_back(!claim->holds(q, values.back()));
        failures += fails.back();
      }
    }
  const std::uint64_t cells = std::uint64_t{r.size} * r.size;
  if (!r.png.empty())
    write_heat_map({title, heap_name(r.rows_heap), heap_name(r.cols_heap), r.size, r.size, values,
                    fails, "claim " + r.diff + " fails"},
                   r.png);

  const char sep = r.format == "csv" ? ',' : '\t';
  if (r.format != "text" && claim) {
    // Long form, one position a line: what a script compares.
    for (std::size_t h = 0; h < k; ++h) fmt::print("{}{}", heap_name(h), sep);
    fmt::print("g{}claimed{}holds\n", sep, sep);
    for (Heap row = 0; row < r.size; ++row)
      for (Heap column = 0; column < r.size; ++column) {
        const Position q = position(row, column);
        const std::size_t i = std::size_t{row} * r.size + column;
        for (Heap h : q) fmt::print("{}{}", h, sep);
        const auto f = claim->claimed(q);
        fmt::print("{}{}{}{}{}\n", values[i], sep, f ? std::to_string(*f) : "", sep,
                   fails[i] ? "no" : "yes");
      }
    return 0;
  }
  if (r.format != "text") {
    fmt::print("{}\\{}", heap_name(r.rows_heap), heap_name(r.cols_heap));
    for (Heap column = 0; column < r.size; ++column) fmt::print("{}{}", sep, column);
    fmt::print("\n");
    for (Heap row = 0; row < r.size; ++row) {
      fmt::print("{}", row);
      for (Heap column = 0; column < r.size; ++column)
        fmt::print("{}{}", sep, values[std::size_t{row} * r.size + column]);
      fmt::print("\n");
    }
    return 0;
  }
  // Text: a grid, compared cells marked.
  std::vector<std::string> cell(values.size());
  std::size_t width = 3;
  for (std::size_t i = 0; i < values.size(); ++i) {
    const Position q = position(static_cast<Heap>(i / r.size), static_cast<Heap>(i % r.size));
    cell[i] = claim ? compared(values[i], !fails[i], claim->claimed(q)) : std::to_string(values[i]);
    width = std::max(width, cell[i].size());
  }
  fmt::print("{} for {}, {} = 0..{}{}\n", title, heap_name(r.rows_heap), heap_name(r.cols_heap),
             r.size - 1, fixed_text.empty() ? "" : " (" + fixed_text + ")");
  fmt::print("{:>6}", heap_name(r.cols_heap) + ":");
  for (Heap column = 0; column < r.size; ++column) fmt::print(" {:>{}}", column, width);
  fmt::print("\n");
  for (Heap row = 0; row < r.size; ++row) {
    fmt::print("{:>6}", fmt::format("{}={}", heap_name(r.rows_heap), row));
    for (Heap column = 0; column < r.size; ++column)
      fmt::print(" {:>{}}", cell[std::size_t{row} * r.size + column], width);
    fmt::print("\n");
  }
  if (claim)
    fmt::print("claim {} fails at {} of {} positions of this slice{}\n", r.diff, failures, cells,
               failures ? " (marked G:claimed, or G! when the claim is not a formula)" : "");
  return 0;
}

int run_ppos(const PposRequest& r) {
  if (r.size == 0) throw std::invalid_argument("--size must be at least 1");
  const std::size_t k = r.octal ? 1 : r.game->heap_count();
  // The values of the box, and the position of each, in canonical order.
  std::vector<Value> values;
  std::function<Position(std::uint64_t)> position_of;
  std::optional<GrundyBox> box;
  if (r.misere && (r.octal || k == 1)) {  // 0 at a P-position, 1 at an N-position
    const MisereHeapOutcomes o = r.octal ? misere_heap_outcomes(r.octal->code, r.size - 1)
                                         : misere_heap_outcomes(*r.game, r.size - 1);
    for (bool p : o.p) values.push_back(p ? 0 : 1);
    position_of = [](std::uint64_t i) { return Position{static_cast<Heap>(i)}; };
  } else if (r.misere) {
    box.emplace(GrundyBox{std::vector<Heap>(k, r.size - 1),
                          BoxValues::misere_outcomes(*r.game, r.size - 1).values()});
    values = box->values;
    position_of = [&](std::uint64_t i) { return box->position(i); };
  } else if (r.octal) {
    const OctalValues g = octal_values(r.octal->code, r.size - 1);
    values.assign(g.begin(), g.end());
    position_of = [](std::uint64_t i) { return Position{static_cast<Heap>(i)}; };
  } else {
    box.emplace(grundy_box(*r.game, std::vector<Heap>(k, r.size - 1)));
    values = box->values;
    position_of = [&](std::uint64_t i) { return box->position(i); };
  }
  const char sep = r.tsv ? '\t' : ',';
  for (std::size_t h = 0; h < k; ++h)
    fmt::print("{}{}", h ? std::string(1, sep) : "", heap_name(h));
  fmt::print("\n");
  std::vector<std::uint64_t> heaps(k), out;
  for (std::uint64_t i = 0; i < values.size(); ++i) {
    if (values[i] != 0) continue;
    const Position p = position_of(i);
    if (r.where) {
      for (std::size_t h = 0; h < k; ++h) heaps[h] = p[h];
      if (!r.where->run_one(heaps, out))
        throw std::invalid_argument(fmt::format("--where overflows 64 bits at {}", p.to_string()));
      if (out[0] == 0) continue;
    }
    for (std::size_t h = 0; h < k; ++h) fmt::print("{}{}", h ? std::string(1, sep) : "", p[h]);
    fmt::print("\n");
  }
  return 0;
}

}  // namespace nimcert
