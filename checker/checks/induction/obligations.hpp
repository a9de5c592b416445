// The proof obligations of the induction step G = F on D_w, generated from the game's moves.
//
// Seed 000's argument ((8)-(20)) in general form.  On D_w = {X : x1 + ... + xk < 2^w}:
//   (r)  every condition the game's rules assume holds on D_w (a one-heap rule's f(n) <= n);
//   (7)  every move kind, where legal, lowers the rank rk = x1 + ... + xk + #{i : xi > 0}
//        (or the game's declared rank) and adds no stones (so D_w holds every follower)
//        and stays in D_w (the stone count does not grow), so induction on rk is sound;
//   (a)  no move kind leads from X to a follower Y with F(Y) = F(X);
//   (b0) F(X) < 2^w, so the target values v < F(X) below are all w-bit numbers;
//   (b)  every v < F(X) is F(Y) for some follower Y: with the proof's witness hints, one
//        quantifier-free query whose conclusion is "one of the hinted moves is legal and
//        reaches v"; without hints, "some move kind, for some choice of its parameters".
//        With a case split `case d = E in lo..hi` (b) becomes one query per case c, with
//        the hypothesis E = c and d = c in the hints, and (b cases) lo <= E <= hi: together
//        they are (b).
// Given (7), (a), (b0) and (b), by induction on the rank G(X) = mex{F(Y)} = F(X) on D_w.
//
// The win-loss form, for a claim (G == 0) <-> P, has the same (r) and (7) and, in place of
// (a), (b0) and (b):
//   (a)  no move kind leads from a position in P to one in P;
//   (b)  from every position outside P some move (or hinted move) leads into P.
// By induction on the rank, G(X) = 0 exactly when X is in P, on D_w.
//
// The misère form, for the claim (G == 0) <-> P of a box played misère (the player who cannot
// move wins, so a position without a move is an N-position), has (r), (7) and (a) as above and:
//   (m)  no position without a move is in P: from every position in P some move is legal;
//   (b)  for each move kind: from every position outside P where that move is legal (so the
//        position has a move), some move (or hinted move) leads into P.
// By induction on the rank, X is a misère P-position exactly when X is in P: a position in P
// has a move (m) and every move leaves P (a), so every follower is N; one outside P either has
// no move (an N-position) or a move into P (b).
// Every obligation is an implication to be proved valid: its negation must be unsat.
//
// Width 0 stands for all of N^k (the unbounded route, decided by MONA): no domain hypothesis,
// no (b0) (there is no 2^w to stay below), and (b) quantified over the moves' parameters.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "games/symbolic_move.hpp"
#include "lang/proof_file.hpp"
#include "solve/answer.hpp"

namespace nimcert {

struct Obligation {
  enum class Kind {
    RuleCondition,    // (r)
    Rank,             // (7)
    ExactFollower,    // (n), of a declared game's rules
    NoEqualFollower,  // (a)
    ValueBound,       // (b0)
    ParameterWidth,   // (p), a parameter's choices below 2^w on D_w
    Completeness,     // (b), or one case of it
    CaseCover,        // (b cases)
    Terminal,         // (m), misère play: no position without a move is in P
  };
  Kind kind;
  std::string name;                    // "(a) reduce x1"
  std::vector<std::string> variables;  // x1..xk, then the move's parameters or v
  std::vector<smt::ExprPtr> hypotheses;
  smt::ExprPtr conclusion;                     // may be null when existentials carry it
  std::vector<smt::Existential> existentials;  // (b) without hints
  const SymbolicMove* move = nullptr;          // the move kind of (7) and (a)
  bool misere = false;                         // an obligation of the misère form
};

// The induction as the obligations see it: the game's moves and heap count, F expanded over
// x1..xk, the hints resolved to their moves.
struct InductionStep {
  const std::vector<SymbolicMove>& moves;
  std::vector<SymbolicCondition> conditions;  // expanded
  std::size_t heaps;
  smt::ExprPtr value;  // F, expanded; for the win-loss form, P
  bool win_loss = false;
  bool misere = false;  // the misère form (win_loss too)
  // Each witness hint: its move and its parameters, expanded.
  std::vector<std::pair<const SymbolicMove*, std::map<std::string, smt::ExprPtr>>> hints;
  std::optional<smt::CaseSplit> split;  // E expanded
};

// A follower's heap x - (x - m), posed as min(x, m) (if m <= x then m else x): the same natural
// number, since subtraction is truncated (m <= x gives m; m > x gives x - 0 = x).  Any other
// expression is returned as it is.  A move that removes k stones from x is most naturally
// hinted by the heap m it leaves, k = x - m, and its follower x - k is then x - (x - m): an
// identity of two subtractors that a bit-blasting solver must rediscover in every query.
// Levine's (3) (b) with d = 1 at w = 64, alone: Z3 19.4 s and cvc5 9.8 s as x - (x - m),
// 2.6 s and 3.5 s as min(x, m).  Only this shape is rewritten, and only when both x are the
// same variable (a heap of X): a hint's follower is otherwise posed as the move gives it.
smt::ExprPtr cancel_double_difference(const smt::ExprPtr& e);

// The step of a spec: F and the hints expanded (or, for the unbounded route, with their
// definition calls kept), each hint matched with its move.  Throws
// std::invalid_argument naming the hint's file:line:col when a hint names a move the game does
// not have (the game's moves are listed) or does not give exactly its move's parameters.
InductionStep resolve_step(const std::vector<SymbolicMove>& moves,
                           std::vector<SymbolicCondition> conditions, std::size_t heaps,
                           const smt::InductionSpec& spec, const smt::Definitions& definitions,
                           const std::string& file, bool expand = true);

// (r) for one condition of the game's rules.
Obligation rule_condition(const InductionStep& step, const SymbolicCondition& condition,
                          unsigned w);

// (7) for one move kind.
Obligation rank_obligation(const InductionStep& step, const SymbolicMove& move, unsigned w);
// (n) for one move kind: every subtraction in its follower is exact (a - b with a >= b), so
// the follower is the rules' and not one nimcert's truncation made up; nullopt when the
// follower subtracts nothing.
std::optional<Obligation> exact_follower(const InductionStep& step, const SymbolicMove& move,
                                         unsigned w);
// (a) for one move kind.
Obligation no_equal_follower(const InductionStep& step, const SymbolicMove& move, unsigned w);
// (p) for each parameter of a move kind whose largest choice is not plainly below 2^w on D_w
// (a heap, a heap less something, a constant below 2^w): the parameter is a w-bit variable in
// the other obligations, so a choice of 2^w or more would otherwise never be considered.
std::vector<Obligation> parameter_widths(const InductionStep& step, const SymbolicMove& move,
                                         unsigned w);
// (b0).
Obligation value_bound(const InductionStep& step, unsigned w);
// (b) with the witness hints, in one query.
Obligation completeness_hinted(const InductionStep& step, unsigned w);
// (b) with the hints, the case d = c of the split.
Obligation completeness_case(const InductionStep& step, std::uint64_t c, unsigned w);
// (b cases): the split's cases cover every v < F.
Obligation case_cover(const InductionStep& step, unsigned w);
// (b) without hints: some move and some choice of its parameters reaches v.
Obligation completeness_quantified(const InductionStep& step, unsigned w);
// (m), misère play: from every position in P some move is legal.
Obligation misere_terminal(const InductionStep& step, unsigned w);
// (b), misère play, for the move kind `legal`: from every position outside P where it is legal,
// some move (or hinted move) leads into P.
Obligation misere_completeness(const InductionStep& step, const SymbolicMove& legal, unsigned w);

// A declared game's rules at width w (0: on N^k), per move kind: (n) when its follower
// subtracts, then (7), which may assume (n) (at the same width, under the same guard) and is
// spared the borrows of subtractions that cannot happen.
std::vector<Obligation> rules_obligations(const InductionStep& step, unsigned w);

// All obligations at width w, in the order (r) per condition, (7) per move, (a) per move, (b0),
// (b) (or its cases, then (b cases)).
std::vector<Obligation> induction_obligations(const InductionStep& step, unsigned w);

// The obligations for all of N^k: (r), (7), (a) and the quantified (b).
std::vector<Obligation> unbounded_obligations(const InductionStep& step);

// The numeration `o` is decided in on N^k when its induction names `named`: binary unless it
// reads that numeration's built-ins (smt::numeration_to_decide).  check, verify --independent
// and export-mona all ask here.
smt::Numeration numeration_to_decide(const Obligation& o, smt::Numeration named,
                                     const smt::Definitions& definitions);

}  // namespace nimcert
