// Formula search: an enumerative search over a small grammar of expressions of the heaps for
// one that equals a game's Grundy value (or whose nonzero set is its P-positions) at every
// position of a computed table.  It is the guess of `nimcert discover`; the proof file built
// around the guess, certified like any other, decides whether it is a theorem.
//
// The grammar (docs/discover.md): the heaps x1..xk and the constants 0..3; `e % c` (c = 2, 3,
// 4, 5, 6, 8), `e / c` (c = 2, 3, 4), `e << 1`, `e + 1`, `e - 1`, `e == 0`; `^ & | + -`,
// `<`, `<=`, `==` of two expressions; `if c then a else b`; and calls of the file's own
// definitions.  The size of an expression counts its heaps, constants, operators and calls;
// the constant operand of `% c`, `/ c`, `<< 1`, `+ 1`, `- 1`, `== 0` is part of its operator.
//
// Bottom-up by size with observational pruning: expressions with the same values on the
// sample positions are one, the first (smallest) kept.  A top-level xor, sum or difference is
// met in the middle: when e's values xored with the target's (the target's less e's, e's less
// the target's) are some kept expression b's, e ^ b (e + b, e - b) is a candidate, so a pool
// complete to size s reaches formulas of size 2s + 1.  A candidate that matches the samples is
// evaluated at every position of the table by the compiled evaluator (smt::Program), and where
// it fails that position joins the samples and the search starts again (counterexample-guided
// refinement): the samples never decide anything alone.
#pragma once

#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "lang/ast.hpp"

namespace nimcert {

// The positions of a table and the value at each: columns[i][j] is heap i of position j.
struct FittingTable {
  std::vector<std::vector<std::uint64_t>> columns;
  std::vector<std::uint64_t> values;
  std::size_t heaps() const { return columns.size(); }
  std::size_t positions() const { return values.size(); }
};

// What is fitted: the value itself (G == F), or the P-positions ((G == 0) <-> P, P read as a
// condition: nonzero).
enum class FitTarget { Value, PPositions };

// The range of SearchLimits::max_pool a user may ask for: the pool is indexed by 32 bits, and
// each kept expression costs its sample values (4 bytes each, 96 samples at first) and its tree.
constexpr std::size_t kMinPool = 1'000;
constexpr std::size_t kMaxPool = 20'000'000;

struct SearchLimits {
  unsigned max_size = 11;            // the largest formula, in the size above
  std::size_t max_pool = 300'000;    // expressions kept (memory: this times the samples)
  std::size_t initial_samples = 96;  // positions the pruning compares on, at first
  unsigned max_refinements = 64;     // restarts with a position added to the samples
  std::set<std::string> excluded;    // canonical texts of candidates already refuted
};

struct SearchResult {
  smt::ExprPtr formula;  // null when nothing fits within the limits
  unsigned size = 0;
  std::uint64_t built = 0;     // expressions built and evaluated, over every restart
  std::uint64_t kept = 0;      // distinct on the samples, in the last run
  unsigned complete_size = 0;  // every expression up to this size was considered
  std::size_t samples = 0;     // at the end
  unsigned refinements = 0;
  std::string stopped;  // why the search ended without a formula
};

// Over x1..xk (k = table.heaps()); calls of `definitions` of at most 4 parameters take part.
// Deterministic: the same table, definitions and limits give the same formula.
SearchResult search_formula(const FittingTable& table, const smt::Definitions& definitions,
                            FitTarget target, const SearchLimits& limits);

// Whether `formula` (over x1..xk, with calls of `definitions`) matches the table at every
// position; the index of the first position where it does not, otherwise.
std::optional<std::size_t> first_mismatch(const FittingTable& table,
                                          const smt::Definitions& definitions,
                                          const smt::ExprPtr& formula, FitTarget target);

}  // namespace nimcert
