// Levine's one-heap games (seed 003): a rule f with 0 <= f(m) <= m bounds the move.
//
// Maximum Nim: from n remove k stones, 1 <= k <= f(n).  Minimum Nim: remove k stones,
// f(n) < k <= n.  The rule is an expression of n in the proof language (it may call the proof
// file's definitions), so one engine serves every rule: the game evaluates it with the
// compiled C++ evaluator, and the symbolic induction step hands the same expression to Z3.
#pragma once

#include <memory>

#include "games/game.hpp"
#include "lang/ast.hpp"

namespace nimcert::smt {
class Program;
}

namespace nimcert {

class Rule {
 public:
  // text: an expression of n; definitions: the proof file's, for calls.
  Rule(std::string text, const smt::Definitions& definitions);

  const std::string& text() const { return text_; }
  const smt::ExprPtr& expression() const { return expanded_; }  // over n, expanded
  // f(n); a value above n is an error, never clamped (Levine: 0 <= f(m) <= m).
  std::uint64_t operator()(std::uint64_t n) const;
  // f(0..last), evaluated in batches; throws when some f(n) > n or overflows.
  std::vector<std::uint64_t> table(std::uint64_t last) const;

 private:
  std::string text_;
  smt::ExprPtr expanded_;
  std::shared_ptr<const smt::Program> program_;
};

class OneHeapGame : public Game {
 public:
  enum class Kind { Maximum, Minimum };
  OneHeapGame(Kind kind, Rule rule) : kind_(kind), rule_(std::move(rule)) {}

  std::string name() const override {
    return kind_ == Kind::Maximum ? "maximum-nim" : "minimum-nim";
  }
  nlohmann::ordered_json parameters() const override { return {{"rule", rule_.text()}}; }
  std::size_t heap_count() const override { return 1; }
  void for_each_follower(const Position& p, const FollowerSink& sink) const override;
  bool lowers_heaps() const override { return true; }
  // Maximum Nim: [n - f(n), n - 1]; Minimum Nim: [0, n - f(n) - 1].
  std::optional<Window> follower_window(Heap n) const override;
  std::vector<SymbolicMove> symbolic_moves() const override;
  // Levine's rules satisfy 0 <= f(n) <= n (f is a natural, so f(x1) <= x1 is all there is).
  std::vector<SymbolicCondition> symbolic_conditions() const override;

  Kind kind() const { return kind_; }
  const Rule& rule() const { return rule_; }

 private:
  Kind kind_;
  Rule rule_;
};

}  // namespace nimcert
