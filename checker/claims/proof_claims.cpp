// Proof-file claims as cube claims (see proof_claims.hpp).
#include "claims/proof_claims.hpp"

#include <stdexcept>

#include "eval/evaluator.hpp"

namespace nimcert {

namespace {

class ProofClaim final : public CubeClaim {
 public:
  ProofClaim(const smt::ClaimSpec& spec, const smt::Definitions& definitions)
      : name_(spec.name),
        statement_(smt::to_string(*spec.statement)),
        program_(smt::claim_variables(3), {smt::expand(spec.statement, definitions)}) {
    // A claim "G == E" (or "E == G") is a formula for G: E is its claimed value.
    if (const smt::ExprPtr value = smt::formula_of(spec))
      formula_.emplace(smt::claim_variables(3),
                       std::vector<smt::ExprPtr>{smt::expand(value, definitions)});
    if (spec.statement->op == smt::Op::Implies)
      premise_.emplace(smt::claim_variables(3), std::vector<smt::ExprPtr>{smt::expand(
                                                    spec.statement->args[0], definitions)});
  }

  std::string name() const override { return name_; }
  std::string statement() const override { return statement_; }

  void failures(Heap x, Heap y, std::span<const Value> row,
                std::vector<Heap>& failing) const override {
    const std::vector<std::uint64_t>& out = evaluate(program_, x, y, row);
    for (std::size_t z = 0; z < row.size(); ++z)
      if (out[z] == 0) failing.push_back(static_cast<Heap>(z));
  }

  std::optional<std::size_t> premise_count(Heap x, Heap y,
                                           std::span<const Value> row) const override {
    if (!premise_) return std::nullopt;
    const std::vector<std::uint64_t>& out = evaluate(*premise_, x, y, row);
    std::size_t count = 0;
    for (std::size_t z = 0; z < row.size(); ++z) count += out[z] != 0;
    return count;
  }

  std::optional<Value> claimed_value(const Position& p) const override {
    if (!formula_) return std::nullopt;
    std::vector<std::uint64_t> value;
    if (!formula_->run_one<std::uint64_t>({p[0], p[1], p[2], 0}, value)) return std::nullopt;
    return static_cast<Value>(value[0]);
  }

 private:
  // The program's output on the row (x, y, 0..n), G read from the row.
  const std::vector<std::uint64_t>& evaluate(const smt::Program& program, Heap x, Heap y,
                                             std::span<const Value> row) const {
    const std::size_t n = row.size();
    thread_local std::vector<std::uint64_t> xs, ys, zs, gs, out;
    xs.assign(n, x);
    ys.assign(n, y);
    zs.resize(n);
    gs.resize(n);
    out.resize(n);
    for (std::size_t z = 0; z < n; ++z) {
      zs[z] = z;
      gs[z] = row[z];
    }
    std::vector<std::uint64_t*> outputs = {out.data()};
    if (!program.run<std::uint64_t>(n, {xs.data(), ys.data(), zs.data(), gs.data()}, outputs))
      throw std::runtime_error("claim " + name_ + ": a value exceeded 64 bits");
    return out;
  }

  std::string name_, statement_;
  smt::Program program_;
  std::optional<smt::Program> formula_, premise_;
};

}  // namespace

std::vector<std::unique_ptr<CubeClaim>> proof_claims(const smt::ProofFile& proof) {
  std::vector<std::unique_ptr<CubeClaim>> claims;
  for (const smt::ClaimSpec& c : proof.claims)
    claims.push_back(std::make_unique<ProofClaim>(c, proof.definitions));
  return claims;
}

}  // namespace nimcert
