// The cube engine: the plan of tables a three-heap game needs, and the sweeps (see
// cube_engine.hpp and sweep_engine.hpp).
#include "cube_engine.hpp"

#include <stdexcept>

#include "amalgamation.hpp"
#include "nim.hpp"
#include "sweep_engine.hpp"

namespace nimcert {

namespace {

const Amalgamation* as_amalgamation(const Game& g) { return dynamic_cast<const Amalgamation*>(&g); }

// Merge values through the game's own merge list and a Boundary: general, used for the faces.
struct BoundaryMerges {
  static constexpr std::size_t kMax = 6;
  const Amalgamation& game;
  const Boundary& boundary;
  std::size_t operator()(Heap x, Heap y, Heap z, Value* out) const {
    Position target[6];
    const std::size_t n = game.merges(x, y, z, target);
    for (std::size_t k = 0; k < n; ++k) out[k] = boundary.at(target[k]);
    return n;
  }
};

// Merge values for positions of the cube, read straight from the face tables: the hot path.
// The six merges are those of seed 001 (Amalgamation::merges), each read from a face layout
// in which consecutive z are consecutive in memory.  The fast-equals-reference tests guard
// that this list and Amalgamation::merges agree.
struct CubeMerges {
  static constexpr std::size_t kMax = 6;
  Heap merge_min;
  std::size_t side;      // 2N + 1, the side of every face table
  const Value* face_x;   // G(0, b, c) at [b][c]
  const Value* face_y;   // G(a, 0, c) at [a][c]
  const Value* face_z;   // G(a, b, 0) at [a][b]
  const Value* face_zt;  // G(a, b, 0) at [b][a]
  std::size_t operator()(Heap x, Heap y, Heap z, Value* out) const {
    std::size_t n = 0;
    if (x >= merge_min && y >= merge_min) {
      out[n++] = face_y[(x + y) * side + z];  // (x + y, 0, z)
      out[n++] = face_x[(x + y) * side + z];  // (0, x + y, z)
    }
    if (y >= merge_min && z >= merge_min) {
      out[n++] = face_z[x * side + (y + z)];  // (x, y + z, 0)
      out[n++] = face_y[x * side + (y + z)];  // (x, 0, y + z)
    }
    if (x >= merge_min && z >= merge_min) {
      out[n++] = face_zt[y * side + (x + z)];  // (x + z, y, 0)
      out[n++] = face_x[y * side + (x + z)];   // (0, y, x + z)
    }
    return n;
  }
};

void store_into(ValueTable& table, Heap x, Heap y, std::span<const Value> row) {
  for (Heap z = 0; z < row.size(); ++z) table.at(x, y, z) = row[z];
}

}  // namespace

CubeEngine::CubeEngine(const Game& game, Heap n) : game_(game), n_(n) {
  const auto* nim = dynamic_cast<const Nim*>(&game);
  const Amalgamation* amalgamation = as_amalgamation(game);
  if (!amalgamation && !(nim && nim->heap_count() == 3))
    throw std::invalid_argument("the cube engine handles amalgamation and 3-heap nim, not " +
                                game.describe());
  if (n > (1u << 12)) throw std::invalid_argument("the cube engine handles N <= 4096");
  if (!amalgamation) return;  // Nim has no moves leaving the cube

  // Axes first (two heaps empty: reached by merges on a face), then faces (one heap empty:
  // reached by merges in the cube).  A cube merge makes a heap of at most 2N, a face merge
  // one of at most 4N.
  const Heap axis = 4 * n, face = 2 * n;
  const Boundary none;
  Boundary axis_boundary;
  for (int i = 0; i < 3; ++i) {
    Box box;
    box.extent[i] = axis;
    axes_.push_back(std::make_unique<ValueTable>(box));
    ValueTable& table = *axes_.back();
    nimcert::sweep(
        box, BoundaryMerges{*amalgamation, none},
        [&](Heap x, Heap y, std::span<const Value> row) { store_into(table, x, y, row); });
    axis_boundary.add(table);
  }
  for (int zero = 0; zero < 3; ++zero) {
    Box box;
    for (int i = 0; i < 3; ++i) box.extent[i] = i == zero ? 0 : face;
    faces_.push_back(std::make_unique<ValueTable>(box));
    ValueTable& table = *faces_.back();
    nimcert::sweep(
        box, BoundaryMerges{*amalgamation, axis_boundary},
        [&](Heap x, Heap y, std::span<const Value> row) { store_into(table, x, y, row); });
    face_boundary_.add(table);
  }
  const std::size_t side = std::size_t{face} + 1;
  face_z_transposed_.resize(side * side);
  for (Heap a = 0; a <= face; ++a)
    for (Heap b = 0; b <= face; ++b) face_z_transposed_[b * side + a] = faces_[2]->at(a, b, 0);
}

void CubeEngine::sweep_box(const Box& box, const RowVisitor& visit) const {
  const Amalgamation* amalgamation = as_amalgamation(game_);
  if (!amalgamation) return nimcert::sweep(box, NoSpecials{}, visit);
  const CubeMerges merges{amalgamation->merge_min(), std::size_t{2} * n_ + 1,
                          &faces_[0]->at(0, 0, 0),   &faces_[1]->at(0, 0, 0),
                          &faces_[2]->at(0, 0, 0),   face_z_transposed_.data()};
  nimcert::sweep(box, merges, visit);
}

void CubeEngine::sweep(const RowVisitor& visit) const { sweep_box(Box{{n_, n_, n_}}, visit); }

ValueTable CubeEngine::dense(const Box& box) const {
  for (Heap e : box.extent)
    if (e > n_) throw std::logic_error("CubeEngine::dense: box leaves the cube");
  ValueTable table(box);
  sweep_box(box, [&](Heap x, Heap y, std::span<const Value> row) { store_into(table, x, y, row); });
  return table;
}

Value CubeEngine::at(const Position& p, const ValueTable& stored) const {
  if (stored.box().contains(p)) return stored.at(p);
  return face_boundary_.at(p);
}

std::uint64_t CubeEngine::sweep_bytes(Heap n) {
  const std::uint64_t words = (3ull * n + 6 + 1 + 63) / 64;
  const std::uint64_t lines = (std::uint64_t{n} + 1) * (n + 1);
  const std::uint64_t faces = 4 * (2ull * n + 1) * (2ull * n + 1) * sizeof(Value);
  return lines * (words + (words + 63) / 64) * 8 + faces;
}

}  // namespace nimcert
