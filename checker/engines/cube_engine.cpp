// The cube engine: the plan of tables a three-heap game needs, and the sweeps (see
// cube_engine.hpp and sweep_engine.hpp).
#include "engines/cube_engine.hpp"

#include <algorithm>
#include <array>
#include <stdexcept>
#include <thread>

#include "base/parallel_for.hpp"
#include "base/target_clones.hpp"
#include "engines/sorted_sweep.hpp"
#include "engines/sweep_engine.hpp"

namespace nimcert {

namespace {

// The six merges a three-heap game can have, in seed 001's order; slot k of a row's merge
// streams holds merge kKinds[k] when the game has it.
constexpr Merge kKinds[6] = {{0, 1, 0}, {0, 1, 1}, {1, 2, 1}, {1, 2, 2}, {0, 2, 0}, {0, 2, 2}};

// The slots of the merges a game has: present[k] for kKinds[k].  Throws for a merge that is
// none of the six (a heap merged with itself, a sum placed on a third heap).
std::array<bool, 6> merge_slots(const MoveShape& shape) {
  std::array<bool, 6> present{};
  for (const Merge& m : shape.merges) {
    const std::size_t a = std::min(m.a, m.b), b = std::max(m.a, m.b);
    bool known = false;
    for (std::size_t k = 0; k < 6; ++k)
      if (kKinds[k].a == a && kKinds[k].b == b && kKinds[k].to == m.to) present[k] = known = true;
    if (!known) throw std::invalid_argument("the cube engine: a merge of heaps that is not a move");
  }
  return present;
}

// Merge values through the game's merge list and a Boundary: general, used for the faces.
struct BoundaryMerges {
  static constexpr std::size_t kMax = 6;
  const MoveShape& shape;
  const Boundary& boundary;
  struct Row {
    const BoundaryMerges* rule = nullptr;
    Heap x = 0, y = 0;
    void operator()(Heap z, Value* out) const {
      const Position p{x, y, z};
      const Heap m = rule->shape.threshold;
      std::size_t n = 0;
      for (const Merge& merge : rule->shape.merges) {
        if (p[merge.a] < m || p[merge.b] < m) continue;
        Position target = p;
        target[merge.a] = target[merge.b] = 0;
        target[merge.to] = p[merge.a] + p[merge.b];
        out[n++] = rule->boundary.at(target);
      }
      for (; n < kMax; ++n) out[n] = kNoValue;
    }
    bool contains(Heap z, Value v) const {
      Value out[kMax];
      (*this)(z, out);
      return std::find(out, out + kMax, v) != out + kMax;
    }
  };
  Row row(Heap x, Heap y) const { return Row{this, x, y}; }
};

// The merges of one row of a sweep, as streams along the row: stream[k][z] is the value of
// merge slot k at position z of the row, kNoValue where the merge is illegal.  Positions whose
// row heap is below the merge threshold read early[k] instead (kNoValue for the merges that
// take that heap).
template <std::size_t K>
struct MergeRow {
  const Value* stream[K];
  const Value* early[K];
  Heap merge_min = 0;
  [[gnu::always_inline]] void operator()(Heap z, Value* out) const {
    const Value* const* s = z >= merge_min ? stream : early;
    for (std::size_t k = 0; k < K; ++k) out[k] = s[k][z];
  }
  [[gnu::always_inline]] bool contains(Heap z, Value v) const {
    const Value* const* s = z >= merge_min ? stream : early;
    bool hit = false;
    for (std::size_t k = 0; k < K; ++k) hit |= s[k][z] == v;
    return hit;
  }
};

// Merge values for positions of the cube, read straight from the face tables: the hot path.
// Slot k is merge kKinds[k] (or the stream of an illegal merge when the game lacks it), each
// read from a face layout in which consecutive z are consecutive in memory, so that a row of
// the cube reads six streams of the faces.  The fast-equals-reference tests guard that these
// streams and the game's follower enumeration agree.
struct CubeMerges {
  static constexpr std::size_t kMax = 6;
  Heap merge_min;
  std::array<bool, 6> present;
  std::size_t side;      // 2N + 1, the side of every face table
  const Value* face_x;   // G(0, b, c) at [b][c]
  const Value* face_y;   // G(a, 0, c) at [a][c]
  const Value* face_z;   // G(a, b, 0) at [a][b]
  const Value* face_zt;  // G(a, b, 0) at [b][a]

  const Value* none;  // kNoValue at every z: the stream of an illegal merge

  // The merges of row (x, y, .).  Merges 2..5 need z >= merge_min.
  using Row = MergeRow<6>;
  Row row(Heap x, Heap y) const {
    const bool xy = x >= merge_min && y >= merge_min;
    const bool yz = y >= merge_min, xz = x >= merge_min;  // and z >= merge_min
    auto slot = [&](std::size_t k, bool legal, const Value* stream) {
      return present[k] && legal ? stream : none;
    };
    Row r{{slot(0, xy, face_y + (x + y) * side),  // (x + y, 0, z)
           slot(1, xy, face_x + (x + y) * side),  // (0, x + y, z)
           slot(2, yz, face_z + x * side + y),    // (x, y + z, 0)
           slot(3, yz, face_y + x * side + y),    // (x, 0, y + z)
           slot(4, xz, face_zt + y * side + x),   // (x + z, y, 0)
           slot(5, xz, face_x + y * side + x)},   // (0, y, x + z)
          {},
          merge_min};
    for (std::size_t k = 0; k < 6; ++k) r.early[k] = k < 2 ? r.stream[k] : none;
    return r;
  }
};

// Merge values for sorted positions a <= b <= c of a game with all six merges, for the sorted
// sweep (sorted_sweep.hpp): row (., b, c) along a.  The two placements of a merged heap give
// the same multiset, so a position has three merge values, each read from the face
// G(u, v, 0) = G(v, u, 0) so that consecutive a are consecutive in memory:
//   {a + b, c}: face[c][b + a],  {a + c, b}: face[b][c + a],  {b + c, a}: face[b + c][a].
// The first two need a >= merge_min; the third does not take a.
struct SortedMerges {
  static constexpr std::size_t kMax = 3;
  Heap merge_min;
  std::size_t side;   // 2N + 1
  const Value* face;  // G(u, v, 0) at [u][v]
  const Value* none;

  using Row = MergeRow<3>;
  Row row(Heap b, Heap c) const {
    const bool bm = b >= merge_min, cm = c >= merge_min;
    const Value* bc = bm && cm ? face + (b + c) * side : none;
    return Row{{bm ? face + c * side + b : none, cm ? face + b * side + c : none, bc},
               {none, none, bc},
               merge_min};
  }
};

// The row kernels of the cube's sweeps, compiled three times (AVX-512, AVX2 with BMI2, and
// baseline x86-64) and chosen once, when the program is loaded, for the CPU it runs on
// (base/target_clones.hpp).  mex_row is scalar along z, since each position needs the value of
// the one before it; what the wider instruction sets bring is BMI's bit scans and shifts and
// the vector loads of the special followers' streams.
NIMCERT_TARGET_CLONES
void cube_row_kernel(const RowLines& lines, const CubeMerges::Row& rule, std::size_t z0,
                     std::size_t z1, Value* out) {
  default_row_kernel<CubeMerges::kMax>(lines, rule, z0, z1, out);
}

NIMCERT_TARGET_CLONES
void sorted_row_kernel(const RowLines& lines, const SortedMerges::Row& rule, std::size_t z0,
                       std::size_t z1, Value* out) {
  default_row_kernel<SortedMerges::kMax>(lines, rule, z0, z1, out);
}

NIMCERT_TARGET_CLONES
void nim_row_kernel(const RowLines& lines, const NoSpecials::Row& rule, std::size_t z0,
                    std::size_t z1, Value* out) {
  default_row_kernel<NoSpecials::kMax>(lines, rule, z0, z1, out);
}

// The rules with the dispatched kernels (a sweep uses a rule's row_kernel).
struct DispatchedCubeMerges : CubeMerges {
  void row_kernel(const RowLines& lines, const Row& rule, std::size_t z0, std::size_t z1,
                  Value* out) const {
    cube_row_kernel(lines, rule, z0, z1, out);
  }
};
struct DispatchedSortedMerges : SortedMerges {
  void row_kernel(const RowLines& lines, const Row& rule, std::size_t z0, std::size_t z1,
                  Value* out) const {
    sorted_row_kernel(lines, rule, z0, z1, out);
  }
};
struct DispatchedNoSpecials : NoSpecials {
  void row_kernel(const RowLines& lines, const Row& rule, std::size_t z0, std::size_t z1,
                  Value* out) const {
    nim_row_kernel(lines, rule, z0, z1, out);
  }
};

// Whether the game has all six merges: with every reduction, its moves are then closed under
// every permutation of the heaps.
bool all_merges(const MoveShape& shape) {
  const std::array<bool, 6> present = merge_slots(shape);
  return std::ranges::all_of(present, [](bool p) { return p; });
}

void store_into(ValueTable& table, Heap x, Heap y, std::span<const Value> row) {
  for (Heap z = 0; z < row.size(); ++z) table.at(x, y, z) = row[z];
}

// The game's move shape, when the fast engine handles it: three heaps, free reductions and
// merges with a positive threshold.
MoveShape cube_shape(const Game& game) {
  const std::optional<MoveShape> shape = game.move_shape();
  if (game.heap_count() != 3 || !shape)
    throw std::invalid_argument(
        "the cube engine handles three-heap games whose moves are every reduction and merges, "
        "not " +
        game.describe());
  if (!shape->merges.empty() && shape->threshold == 0)
    throw std::invalid_argument("the cube engine: a merge of two empty heaps is no move");
  return *shape;
}

}  // namespace

unsigned CubeEngine::resolve_threads(unsigned threads) {
  return threads > 0 ? threads : std::max(1u, std::thread::hardware_concurrency());
}

CubeEngine::CubeEngine(const Game& game, Heap n, unsigned threads, bool use_symmetry)
    : game_(game),
      shape_(cube_shape(game)),
      n_(n),
      threads_(resolve_threads(threads)),
      mirror_(use_symmetry && game.symmetric_in_last_two_heaps()),
      symmetric_(use_symmetry && (shape_.merges.empty() || all_merges(shape_))) {
  if (n > (1u << 12)) throw std::invalid_argument("the cube engine handles N <= 4096");
  if (shape_.merges.empty()) return;  // no move leaves the cube

  // Axes first (two heaps empty: reached by merges on a face), then faces (one heap empty:
  // reached by merges in the cube).  A cube merge makes a heap of at most 2N, a face merge
  // one of at most 4N.
  const Heap axis = 4 * n, face = 2 * n;
  const Boundary none;  // an axis position has no merge: a lookup in it would throw
  Boundary axis_boundary;
  for (int i = 0; i < 3; ++i) {
    Box box;
    box.extent[i] = axis;
    axes_.push_back(std::make_unique<ValueTable>(box));
    ValueTable& table = *axes_.back();
    nimcert::sweep(
        box, BoundaryMerges{shape_, none},
        [&](Heap x, Heap y, std::span<const Value> row) { store_into(table, x, y, row); });
    axis_boundary.add(table);
  }
  // The faces depend on the axes only.  A merge from a position of face x = 0 or y = 0 joins
  // its two nonempty heaps, y and z or x and z, and lands on an axis, so CubeMerges serves
  // these faces too when its "face tables" are the axes: the merges it allows there read
  // row 0 of a table (streams 2, 3 on x = 0, streams 4, 5 on y = 0), and row 0 of face_x,
  // face_z and face_zt is G(0, 0, c), G(0, b, 0) and G(a, 0, 0).  Its streams 0 and 1, the
  // merges of x and y, are illegal on both faces.  Face z = 0, where x and y merge, is face
  // y = 0 again for a game symmetric in its last two heaps (G(a, b, 0) = G(a, 0, b)); else
  // it is swept through the game's own merge list.  The faces are swept side by side.
  for (int zero = 0; zero < 3; ++zero) {
    Box box;
    for (int i = 0; i < 3; ++i) box.extent[i] = i == zero ? 0 : face;
    faces_.push_back(std::make_unique<ValueTable>(box));
    face_boundary_.add(*faces_.back());
  }
  no_values_.assign(std::size_t{axis} + 1, kNoValue);
  const std::array<bool, 6> present = merge_slots(shape_);
  const DispatchedCubeMerges axis_merges{{shape_.threshold,
                               present,
                               0,
                               &axes_[2]->at(0, 0, 0),
                               &axes_[2]->at(0, 0, 0),
                               &axes_[1]->at(0, 0, 0),
                               &axes_[0]->at(0, 0, 0),
                               no_values_.data()}};
  auto sweep_face = [&](std::size_t zero) {
    ValueTable& table = *faces_[zero];
    auto store = [&](Heap x, Heap y, std::span<const Value> row) { store_into(table, x, y, row); };
    if (zero == 2)
      nimcert::sweep(table.box(), BoundaryMerges{shape_, axis_boundary}, store);
    else
      nimcert::sweep(table.box(), axis_merges, store, 1, mirror_ && zero == 0);
  };
  parallel_for(mirror_ ? 2 : 3, threads_, sweep_face);
  const std::size_t side = std::size_t{face} + 1;
  if (mirror_)
    for (Heap a = 0; a <= face; ++a)
      for (Heap b = 0; b <= face; ++b) faces_[2]->at(a, b, 0) = faces_[1]->at(a, 0, b);
  face_z_transposed_.resize(side * side);
  for (Heap a = 0; a <= face; ++a)
    for (Heap b = 0; b <= face; ++b) face_z_transposed_[b * side + a] = faces_[2]->at(a, b, 0);
}

void CubeEngine::sweep_box(const Box& box, const RowVisitor& visit,
                           const SliceVisitor& slice_visit) const {
  const bool mirror = mirror_ && box.extent[1] == box.extent[2];
  auto run = [&](const auto& row_visit, const auto& specials) {
    nimcert::sweep(box, specials, row_visit, threads_, mirror, slice_visit);
  };
  auto with_rule = [&](const auto& row_visit) {
    if (shape_.merges.empty()) return run(row_visit, DispatchedNoSpecials{});
    run(row_visit, DispatchedCubeMerges{{shape_.threshold, merge_slots(shape_),
                                         std::size_t{2} * n_ + 1, &faces_[0]->at(0, 0, 0),
                                         &faces_[1]->at(0, 0, 0), &faces_[2]->at(0, 0, 0),
                                         face_z_transposed_.data(), no_values_.data()}});
  };
  if (visit)
    with_rule(visit);
  else
    with_rule(NoRowVisitor{});
}

void CubeEngine::sweep_sorted(const SliceVisitor& slice_visit) const {
  if (!symmetric_) throw std::logic_error("CubeEngine::sweep_sorted: the game is not symmetric");
  if (!slice_visit) throw std::logic_error("CubeEngine::sweep_sorted: no visitor");
  if (shape_.merges.empty())
    return sweep_sorted_with(n_, DispatchedNoSpecials{}, slice_visit, threads_);
  // Face z = 0, G(u, v, 0) at [u][v], is the face of every pair of heaps.
  sweep_sorted_with(n_,
                    DispatchedSortedMerges{{shape_.threshold, std::size_t{2} * n_ + 1,
                                            &faces_[2]->at(0, 0, 0), no_values_.data()}},
                    slice_visit, threads_);
}

void CubeEngine::sweep(const RowVisitor& visit, const SliceVisitor& slice_visit) const {
  sweep_box(Box{{n_, n_, n_}}, visit, slice_visit);
}

void CubeEngine::sweep_slices(const SliceVisitor& slice_visit) const {
  if (!slice_visit) throw std::logic_error("CubeEngine::sweep_slices: no visitor");
  sweep_box(Box{{n_, n_, n_}}, RowVisitor{}, slice_visit);
}

const char* CubeEngine::row_kernel_isa() {
#if NIMCERT_HAS_TARGET_CLONES
  // The same test target_clones' resolver makes, in the same order.
  __builtin_cpu_init();
  if (__builtin_cpu_supports("x86-64-v4")) return "x86-64-v4 (AVX-512)";
  if (__builtin_cpu_supports("x86-64-v3")) return "x86-64-v3 (AVX2, BMI2)";
  return "x86-64 baseline";
#else
  return "baseline (no run-time dispatch in this build)";
#endif
}

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

std::uint64_t CubeEngine::sweep_bytes(Heap n, unsigned threads) {
  const std::uint64_t words = line_words(Box{{n, n, n}}, CubeMerges::kMax);
  const std::uint64_t side = std::uint64_t{n} + 1;
  const std::uint64_t faces = 4 * (2 * side - 1) * (2 * side - 1) * sizeof(Value);
  const std::uint64_t per_thread =
      kSweepSlab * (LineSet::bytes(side, words) + side * side * sizeof(Value));
  return LineSet::bytes(side * side, words) + faces + resolve_threads(threads) * per_thread;
}

}  // namespace nimcert
