// Exact Grundy values on the cube [0,N]^3 of a three-heap game, fast.
//
// The cube is not closed under merges: (x, y, z) -> (x + y, 0, z) leaves it.  So the engine
// first computes, exactly and with the same sweep, the values of every position a merge can
// reach: the three faces [0,2N]^2 (one heap empty) and the three axes [0,4N] (two heaps
// empty, reached by merges on a face).  Then it sweeps the cube in canonical order and hands
// each row (x, y, 0..N) to a visitor, so the cube itself is never stored.
#pragma once

#include <functional>
#include <memory>
#include <span>
#include <vector>

#include "base/value_table.hpp"
#include "games/game.hpp"

namespace nimcert {

using RowVisitor = std::function<void(Heap x, Heap y, std::span<const Value> row)>;
// A whole x-slice, (N + 1)^2 values indexed y (N + 1) + z; see sweep_engine.hpp.
using SliceVisitor = std::function<void(Heap x, std::span<const Value> slice)>;

class CubeEngine {
 public:
  // Throws std::invalid_argument when the game's moves are not of the shape the engine handles
  // (Game::move_shape: three heaps, every reduction, merges).  The sweeps
  // run on `threads` threads (the values do not depend on it); 0 means one per core.  With
  // use_symmetry, a game symmetric in its last two heaps is swept for z >= y only (see
  // sweep_engine.hpp), and one symmetric in all three may be swept sorted (symmetric());
  // tests compare the ways.
  CubeEngine(const Game& game, Heap n, unsigned threads = 0, bool use_symmetry = true);

  Heap n() const { return n_; }
  // Sweeps [0,N]^3 in canonical order, calling visit for every row (x, y, 0..N), and
  // slice_visit (if given) for every x-slice in any order, possibly concurrently.
  void sweep(const RowVisitor& visit, const SliceVisitor& slice_visit = {}) const;
  // Sweeps [0,N]^3 handing every x-slice to slice_visit only, in any order and possibly
  // concurrently, on the thread that computed it: no thread waits for another's visit.
  void sweep_slices(const SliceVisitor& slice_visit) const;
  // Whether every permutation of the three heaps maps the game's moves to moves (every
  // reduction, and all six merges or none), so that G depends on the multiset of heaps only
  // and sweep_sorted applies; false for an engine made without use_symmetry.
  bool symmetric() const { return symmetric_; }
  // Sweeps the sorted positions 0 <= a <= b <= c <= N, one sixth of the cube
  // (sorted_sweep.hpp), handing slice c, its values at pair_index(a, b) = G(a, b, c), to
  // slice_visit in any order, possibly concurrently.  Throws std::logic_error unless
  // symmetric().
  void sweep_sorted(const SliceVisitor& slice_visit) const;
  // The instruction set whose row kernel the sweeps run on this CPU (chosen at load time).
  static const char* row_kernel_isa();
  // The values on a sub-box of the cube, stored.
  ValueTable dense(const Box& box) const;
  // The value of a position in the cube or on the boundary tables; p must lie in `stored` or
  // in a boundary table.
  Value at(const Position& p, const ValueTable& stored) const;
  unsigned threads() const { return threads_; }
  // Bytes the sweep of the whole cube on `threads` threads will allocate (line bitsets, face
  // tables, slice buffers), for refusing huge cubes.
  static std::uint64_t sweep_bytes(Heap n, unsigned threads = 0);
  // The thread count `threads` stands for: itself, or one per core for 0.
  static unsigned resolve_threads(unsigned threads);

 private:
  void sweep_box(const Box& box, const RowVisitor& visit,
                 const SliceVisitor& slice_visit = {}) const;

  const Game& game_;
  MoveShape shape_;
  Heap n_;
  unsigned threads_;
  bool mirror_;
  bool symmetric_;
  std::vector<std::unique_ptr<ValueTable>> axes_, faces_;
  Boundary face_boundary_;
  // G(a, b, 0) stored as [b][a]: the merge (x, y, z) -> (x + z, y, 0) then reads consecutive
  // memory as z grows.
  std::vector<Value> face_z_transposed_;
  std::vector<Value> no_values_;  // kNoValue, the merge stream of an illegal merge
};

}  // namespace nimcert
