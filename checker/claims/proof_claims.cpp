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

// The claim's variables in the order a program along heap `slot` takes them: the two fixed
// heaps first, in slot order, then the row's heap and G (the two a row's lanes carry).
std::vector<std::string> variables_along(std::size_t slot) {
  const std::vector<std::string> v = smt::claim_variables(3);  // x1, x2, x3, G
  std::vector<std::string> order;
  for (std::size_t i = 0; i < 3; ++i)
    if (i != slot) order.push_back(v[i]);
  order.push_back(v[slot]);
  order.push_back(v[3]);
  return order;
}

// A statement compiled three times, once for rows along each heap (ClaimRow), and each of those
// as machine code too when prepare() finds the work worth a compiler.
class RowPrograms {
 public:
  explicit RowPrograms(const smt::ExprPtr& statement)
      : programs_{smt::Program(variables_along(0), {statement}),
                  smt::Program(variables_along(1), {statement}),
                  smt::Program(variables_along(2), {statement})},
        narrow_max_(narrow_inputs(programs_[2])) {}

  void prepare(std::uint64_t positions) {
    for (std::size_t slot = 0; slot < 3; ++slot)
      native_[slot] = compile_row(programs_[slot], narrow_max_, positions);
  }
  bool native() const { return native_[0] && native_[1] && native_[2]; }

  // The program's output on the row, G read from the row, handed to `visit` as an array of n
  // lanes: in 32-bit lanes when every input of the row is at most narrow_max (twice the lanes
  // a vector operation), as machine code when prepare() compiled it, else by the batch
  // evaluator, which runs the instructions that read neither the row's heap nor G once for the
  // row (Program::run_row); else in 64 bits.  An overflow in 32 bits (which the bounds rule
  // out) is run again in 64 bits, never trusted.
  template <class Visit>
  void evaluate(const ClaimRow& along, std::span<const Value> row, const std::string& name,
                Visit&& visit) const {
    const smt::Program& program = programs_[along.slot];
    const std::optional<smt::NativeLine>& native = native_[along.slot];
    const std::size_t n = row.size();
    thread_local std::vector<std::uint64_t> gs, out;
    thread_local std::vector<std::uint32_t> out32;
    const Value top = largest_in_row(row.data(), n);
    const std::uint64_t largest =
        std::max<std::uint64_t>({along.u, along.v, n == 0 ? 0 : n - 1, top});
    if (largest <= narrow_max_ && narrow_max_ > 0) {
      out32.resize(n);
      const std::uint32_t* t = row_indices<std::uint32_t>(n);
      const std::uint32_t fixed[2] = {along.u, along.v};
      const std::uint32_t* last2[2] = {t, row.data()};
      const bool fits =
          native ? native->run_row(n, fixed, t, row.data(), out32.data())
                 : program.run_row<std::uint32_t>(n, {along.u, along.v}, last2, out32.data());
      if (fits) return visit(static_cast<const std::uint32_t*>(out32.data()));
    }
    out.resize(n);
    gs.assign(row.begin(), row.end());
    const std::uint64_t* last2[2] = {row_indices<std::uint64_t>(n), gs.data()};
    if (!program.run_row<std::uint64_t>(n, {along.u, along.v}, last2, out.data()))
      throw std::runtime_error("claim " + name + ": a value exceeded 64 bits");
    visit(static_cast<const std::uint64_t*>(out.data()));
  }

 private:
  // The largest M such that, with every input at most M, every value the program computes
  // stays below 2^32 (its interval bounds, Program::fits_in; monotone in M); 0 when none.  The
  // same for every order of the inputs, since they share one bound.
  static std::uint64_t narrow_inputs(const smt::Program& program) {
    std::uint64_t low = 0, high = std::uint64_t{1} << 32;  // fits at low (or none), not at high
    if (!program.fits_in(32, 0)) return 0;
    while (high - low > 1) {
      const std::uint64_t mid = low + (high - low) / 2;
      (program.fits_in(32, mid) ? low : high) = mid;
    }
    return low;
  }

  // 0, 1, ..., n - 1: a row's t, written once per thread and kept (the rows of a cube are no
  // longer than its side), not again for every row.
  template <class T>
  static const T* row_indices(std::size_t n) {
    thread_local std::vector<T> t;
    for (std::size_t i = t.size(); i < n; ++i) t.push_back(static_cast<T>(i));
    return t.data();
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

  smt::Program programs_[3];
  std::uint64_t narrow_max_ = 0;
  std::optional<smt::NativeLine> native_[3];  // from prepare(), or none
};

class ProofClaim final : public CubeClaim {
 public:
  ProofClaim(const smt::ClaimSpec& spec, const smt::Definitions& definitions)
      : name_(spec.name),
        statement_(smt::to_string(*spec.statement)),
        claim_(smt::expand(spec.statement, definitions)) {
    // A claim "G == E" (or "E == G") is a formula for G: E is its claimed value.
    if (const smt::ExprPtr value = smt::formula_of(spec))
      formula_.emplace(smt::claim_variables(3),
                       std::vector<smt::ExprPtr>{smt::expand(value, definitions)});
    if (spec.statement->op == smt::Op::Implies)
      premise_.emplace(smt::expand(spec.statement->args[0], definitions));
  }

  std::string name() const override { return name_; }
  std::string statement() const override { return statement_; }

  bool prepare(std::uint64_t positions) override {
    claim_.prepare(positions);
    if (premise_) premise_->prepare(positions);
    return claim_.native();
  }

  void failures(const ClaimRow& along, std::span<const Value> row,
                std::vector<Heap>& failing) const override {
    claim_.evaluate(along, row, name_, [&](const auto* out) {
      if (nonzero_lanes(out, row.size()) == row.size()) return;  // most rows: it holds on all
      for (std::size_t t = 0; t < row.size(); ++t)
        if (out[t] == 0) failing.push_back(static_cast<Heap>(t));
    });
  }

  std::optional<std::size_t> premise_count(const ClaimRow& along,
                                           std::span<const Value> row) const override {
    if (!premise_) return std::nullopt;
    std::size_t count = 0;
    premise_->evaluate(along, row, name_,
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
  std::string name_, statement_;
  RowPrograms claim_;
  std::optional<RowPrograms> premise_;
  std::optional<smt::Program> formula_;
};

}  // namespace

std::vector<std::unique_ptr<CubeClaim>> proof_claims(const smt::ProofFile& proof) {
  std::vector<std::unique_ptr<CubeClaim>> claims;
  for (const smt::ClaimSpec& c : proof.claims)
    claims.push_back(std::make_unique<ProofClaim>(c, proof.definitions));
  return claims;
}

}  // namespace nimcert
