// Proof-file claims as cube claims (see proof_claims.hpp).
#include "claims/proof_claims.hpp"

#include <algorithm>
#include <stdexcept>
#include <variant>

#include "base/target_clones.hpp"
#include "eval/evaluator.hpp"
#include "eval/native_line.hpp"

namespace nimcert {

namespace {

// A row's largest value, and the lanes of a claim's output that are 0 and those that are not:
// plain loops the compiler vectorises, for the instruction set of the CPU it runs on.
NIMCERT_TARGET_CLONES Value largest_in_row(const Value* row, std::size_t n) {
  Value top = 0;
  for (std::size_t z = 0; z < n; ++z) top = row[z] > top ? row[z] : top;
  return top;
}

template <class T>
NIMCERT_TARGET_CLONES std::size_t nonzero_lanes(const T* out, std::size_t n) {
  std::size_t count = 0;
  for (std::size_t z = 0; z < n; ++z) count += out[z] != 0;
  return count;
}

class ProofClaim final : public CubeClaim {
 public:
  ProofClaim(const smt::ClaimSpec& spec, const smt::Definitions& definitions)
      : name_(spec.name),
        statement_(smt::to_string(*spec.statement)),
        program_(smt::claim_variables(3), {smt::expand(spec.statement, definitions)}),
        narrow_max_(narrow_inputs(program_)) {
    // A claim "G == E" (or "E == G") is a formula for G: E is its claimed value.
    if (const smt::ExprPtr value = smt::formula_of(spec))
      formula_.emplace(smt::claim_variables(3),
                       std::vector<smt::ExprPtr>{smt::expand(value, definitions)});
    if (spec.statement->op == smt::Op::Implies) {
      premise_.emplace(smt::claim_variables(3), std::vector<smt::ExprPtr>{smt::expand(
                                                    spec.statement->args[0], definitions)});
      premise_narrow_max_ = narrow_inputs(*premise_);
    }
  }

  std::string name() const override { return name_; }
  std::string statement() const override { return statement_; }

  bool prepare(std::uint64_t positions) override {
    native_ = compile_row(program_, narrow_max_, positions);
    if (premise_) premise_native_ = compile_row(*premise_, premise_narrow_max_, positions);
    return native_.has_value();
  }

  void failures(Heap x, Heap y, std::span<const Value> row,
                std::vector<Heap>& failing) const override {
    evaluate(program_, native_, narrow_max_, x, y, row, [&](const auto* out) {
      if (nonzero_lanes(out, row.size()) == row.size()) return;  // most rows: it holds on all
      for (std::size_t z = 0; z < row.size(); ++z)
        if (out[z] == 0) failing.push_back(static_cast<Heap>(z));
    });
  }

  std::optional<std::size_t> premise_count(Heap x, Heap y,
                                           std::span<const Value> row) const override {
    if (!premise_) return std::nullopt;
    std::size_t count = 0;
    evaluate(*premise_, premise_native_, premise_narrow_max_, x, y, row,
             [&](const auto* out) { count = nonzero_lanes(out, row.size()); });
    return count;
  }

  std::optional<Value> claimed_value(const Position& p) const override {
    if (!formula_) return std::nullopt;
    std::vector<std::uint64_t> value;
    if (!formula_->run_one<std::uint64_t>({p[0], p[1], p[2], 0}, value)) return std::nullopt;
    return static_cast<Value>(value[0]);
  }

 private:
  // The largest M such that, with every input at most M, every value the program computes
  // stays below 2^32 (its interval bounds, Program::fits_in; monotone in M); 0 when none.
  static std::uint64_t narrow_inputs(const smt::Program& program) {
    std::uint64_t low = 0, high = std::uint64_t{1} << 32;  // fits at low (or none), not at high
    if (!program.fits_in(32, 0)) return 0;
    while (high - low > 1) {
      const std::uint64_t mid = low + (high - low) / 2;
      (program.fits_in(32, mid) ? low : high) = mid;
    }
    return low;
  }

  // 0, 1, ..., n - 1: a row's z, written once per thread and kept (every row of a cube has
  // the same length), not again for every row.
  template <class T>
  static const T* row_indices(std::size_t n) {
    thread_local std::vector<T> z;
    for (std::size_t i = z.size(); i < n; ++i) z.push_back(static_cast<T>(i));
    return z.data();
  }

  // The program as machine code for rows of 32-bit lanes, when a cube of `positions` is work
  // enough to pay for the compiler (smt::kNativeWorthwhile) and its values fit 32 bits; none
  // when no compiler runs (the batch evaluator then does every row, as it would anyway).
  static std::optional<smt::NativeLine> compile_row(const smt::Program& program,
                                                    std::uint64_t narrow_max,
                                                    std::uint64_t positions) {
    const long double work = static_cast<long double>(positions) * program.instruction_count();
    if (narrow_max == 0 || work < smt::kNativeWorthwhile) return std::nullopt;
    auto compiled = smt::NativeLine::compile(program, true, "", smt::NativeLine::Lanes::Row);
    if (auto* native = std::get_if<smt::NativeLine>(&compiled)) return std::move(*native);
    return std::nullopt;
  }

  // The program's output on the row (x, y, 0..n), G read from the row, handed to `visit` as
  // an array of n lanes: in 32-bit lanes when every input of the row is at most narrow_max
  // (twice the lanes a vector operation), as machine code when prepare() compiled it, else by
  // the batch evaluator, which runs the instructions that read neither z nor G once for the
  // row (Program::run_row); else in 64 bits.  An overflow in 32 bits (which the bounds rule
  // out) is run again in 64 bits, never trusted.
  template <class Visit>
  void evaluate(const smt::Program& program, const std::optional<smt::NativeLine>& native,
                std::uint64_t narrow_max, Heap x, Heap y, std::span<const Value> row,
                Visit&& visit) const {
    const std::size_t n = row.size();
    thread_local std::vector<std::uint64_t> gs, out;
    thread_local std::vector<std::uint32_t> out32;
    const Value top = largest_in_row(row.data(), n);
    const std::uint64_t largest = std::max<std::uint64_t>({x, y, n == 0 ? 0 : n - 1, top});
    if (largest <= narrow_max && narrow_max > 0) {
      out32.resize(n);
      const std::uint32_t* z = row_indices<std::uint32_t>(n);
      const std::uint32_t fixed[2] = {x, y};
      const std::uint32_t* last2[2] = {z, row.data()};
      const bool fits = native ? native->run_row(n, fixed, z, row.data(), out32.data())
                               : program.run_row<std::uint32_t>(n, {x, y}, last2, out32.data());
      if (fits) return visit(static_cast<const std::uint32_t*>(out32.data()));
    }
    out.resize(n);
    gs.assign(row.begin(), row.end());
    const std::uint64_t* last2[2] = {row_indices<std::uint64_t>(n), gs.data()};
    if (!program.run_row<std::uint64_t>(n, {x, y}, last2, out.data()))
      throw std::runtime_error("claim " + name_ + ": a value exceeded 64 bits");
    visit(static_cast<const std::uint64_t*>(out.data()));
  }

  std::string name_, statement_;
  smt::Program program_;
  std::uint64_t narrow_max_ = 0, premise_narrow_max_ = 0;  // narrow_inputs of each program
  std::optional<smt::Program> formula_, premise_;
  std::optional<smt::NativeLine> native_, premise_native_;  // from prepare(), or none
};

}  // namespace

std::vector<std::unique_ptr<CubeClaim>> proof_claims(const smt::ProofFile& proof) {
  std::vector<std::unique_ptr<CubeClaim>> claims;
  for (const smt::ClaimSpec& c : proof.claims)
    claims.push_back(std::make_unique<ProofClaim>(c, proof.definitions));
  return claims;
}

}  // namespace nimcert
