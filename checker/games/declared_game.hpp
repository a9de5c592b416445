// A game declared in the proof file (smt::GameDeclaration): its move kinds enumerated by the
// compiled C++ evaluator, handed as expressions to the symbolic induction step, and matched
// against the shapes the fast engines take (games/move_shapes.hpp).
//
// One declaration drives every route, so the rules an auditor reads in the proof file and in
// the certificate are the rules every engine plays.  The enumeration never trusts the
// declaration: a follower whose subtraction was truncated (it would leave the naturals), whose
// heap does not fit a Heap, or whose rank (stones plus nonempty heaps) is not below the
// position's stops the enumeration with a RuleViolation naming the move kind and the position,
// so no engine can recurse forever or read a value of a position the game cannot reach.
#pragma once

#include <functional>
#include <memory>
#include <stdexcept>

#include "games/game.hpp"
#include "lang/proof_file.hpp"

namespace nimcert {

namespace smt {
class Program;
}

// A declared move kind that breaks the rules of a game at a position.
class RuleViolation : public std::runtime_error {
 public:
  RuleViolation(std::string move, Position at, const std::string& what)
      : std::runtime_error(what), move(std::move(move)), position(at) {}
  std::string move;
  Position position;
};

// The most choices one parameter may take at one position: far beyond any box an engine
// sweeps, so that a bound that is not really bounded by the position stops instead of running.
inline constexpr std::uint64_t kMaxChoices = std::uint64_t{1} << 32;

// The most parameter choices the rules check walks on its box (about 3 s at the measured
// 170 ns a choice): a game whose box needs more is refused at the move and position where the
// limit is reached, before the check could run for hours.
inline constexpr std::uint64_t kRulesCheckChoices = std::uint64_t{1} << 24;

// The rank of (7): stones plus nonempty heaps.
std::uint64_t default_rank(const Position& p);

class DeclaredGame final : public Game {
 public:
  DeclaredGame(std::shared_ptr<const smt::GameDeclaration> declaration,
               const smt::Definitions& definitions);
  ~DeclaredGame() override;

  std::string name() const override { return declaration_->name; }
  // {"heaps": k, "moves": [{"name", "rule"}]}: the canonical text of every move kind, which the
  // certificate records as the audited rules.
  nlohmann::ordered_json parameters() const override;
  std::string describe() const override;
  std::size_t heap_count() const override { return declaration_->heaps; }
  // One follower at a time: the plain route, for the reference engine and the rules check.
  void for_each_follower(const Position& p, const FollowerSink& sink) const override;
  // The followers of a row of positions, every choice of every parameter at every position of
  // the row evaluated in batches of lanes (declared_batches.cpp): the generic engine's route
  // (the dense box engine), tested against the plain one.
  void followers_into(const Position& p, std::vector<Position>& out) const override;
  void followers_of_row(const Position& start, Heap count,
                        std::vector<std::vector<Position>>& out) const override;
  std::optional<MoveShape> move_shape() const override { return shape_; }
  bool lowers_heaps() const override { return lowers_heaps_; }
  bool declares_rank() const override { return rank_ != nullptr; }
  bool symmetric_in_last_two_heaps() const override { return symmetric_; }
  std::vector<SymbolicMove> symbolic_moves() const override;

  bool has_sums() const override { return has_sums_; }
  // A kind of a range shape (games/move_shapes.hpp) as one range per heap, checked against the
  // rules for the whole range (every part exact and below n); a range that is not (and every
  // other kind) goes through the plain enumeration, which lists or refuses it.
  void one_heap_options(Heap n, OneHeapOptions& out) const override;
  // Every move with what it leaves: one part, or the parts of a sum.
  void for_each_option(const Position& p, const OptionSink& sink) const override;

  // Every move with the index of its kind in the declaration and what it leaves (its parts).
  using MoveSink = std::function<void(std::size_t kind, std::span<const Position> parts)>;
  void for_each_move(const Position& p, const MoveSink& sink) const;
  const smt::GameDeclaration& declaration() const { return *declaration_; }
  // The move kinds with every definition call expanded.
  const std::vector<smt::MoveKind>& expanded_moves() const { return expanded_; }

 private:
  struct Compiled;
  void enumerate(std::size_t kind, const Position& p, std::size_t parameter,
                 std::vector<std::uint64_t>& inputs, const MoveSink& sink) const;

  // The follower of lane j (its inputs: the position's heaps, then every parameter; its
  // outputs: the follower program's) as its parts, checked against the rules (every part
  // lowers the rank); false when not legal there.
  bool checked_follower(std::size_t kind, const std::uint64_t* const* in,
                        const std::uint64_t* const* out, std::size_t j,
                        std::vector<Position>& parts) const;
  // Throws std::invalid_argument when a move leaves a sum, which `route` does not play.
  void refuse_sums(const std::string& route) const;

  std::shared_ptr<const smt::GameDeclaration> declaration_;
  std::vector<smt::MoveKind> expanded_;
  std::vector<std::unique_ptr<Compiled>> compiled_;
  std::optional<MoveShape> shape_;
  smt::ExprPtr rank_;  // the declared rank, expanded; null: default
  std::shared_ptr<const smt::Program> rank_program_;
  bool lowers_heaps_ = false, symmetric_ = false, has_sums_ = false;
  // Per move kind of a one-heap game: its range shape, with its condition over x1 (null:
  // none); or none.
  struct Ranged {
    OptionRange::Kind kind;
    Heap removed = 0;
    std::unique_ptr<smt::Program> when;
  };
  std::vector<std::optional<Ranged>> ranged_;
};

}  // namespace nimcert
