// Confirming induction counterexamples (see confirm.hpp).
#include "checks/induction/confirm.hpp"

#include <limits>
#include <map>

#include "engines/reference_engine.hpp"

namespace nimcert {

namespace {

using smt::u128;
using Json = nlohmann::ordered_json;

// Positions small enough to list every follower, and to compute G by the reference engine.
constexpr u128 kMaxEnumeratedStones = 1u << 16;
constexpr u128 kMaxReferenceStones = 64;

Json number_json(u128 v) {
  if (v <= std::numeric_limits<std::uint64_t>::max()) return static_cast<std::uint64_t>(v);
  return smt::u128_to_string(v);
}

Json heaps_json(const std::vector<u128>& heaps) {
  Json a = Json::array();
  for (u128 h : heaps) a.push_back(number_json(h));
  return a;
}

// The claimed value F at a position, by the C++ evaluator.
std::optional<u128> value_at(const smt::Program& f, const std::vector<u128>& heaps) {
  std::vector<u128> out;
  if (!f.run_one<u128>(heaps, out)) return std::nullopt;
  return out[0];
}

// The misère outcome at a small position, by the definition: true for N (no move, or a move to
// a P-position), false for P.  Memoised; the game's moves lower the rank, so it ends.
bool misere_outcome(const Game& game, const Position& p,
                    std::map<std::vector<Heap>, bool>& memo) {
  const std::vector<Heap> key(p.begin(), p.end());
  if (const auto it = memo.find(key); it != memo.end()) return it->second;
  bool has_move = false, into_p = false;
  game.for_each_follower(p, [&](const Position& q) {
    has_move = true;
    into_p = into_p || !misere_outcome(game, q, memo);
  });
  return memo[key] = !has_move || into_p;
}

bool misere_outcome(const Game& game, const Position& p) {
  std::map<std::vector<Heap>, bool> memo;
  return misere_outcome(game, p, memo);
}

}  // namespace

std::optional<smt::Program> obligation_statement(const Obligation& o) {
  if (!o.existentials.empty()) return std::nullopt;
  smt::ExprPtr premise = o.hypotheses[0];
  for (std::size_t i = 1; i < o.hypotheses.size(); ++i)
    premise = smt::make_node(smt::Op::And, {premise, o.hypotheses[i]});
  return smt::Program(o.variables, {smt::make_node(smt::Op::Implies, {premise, o.conclusion})});
}

std::optional<Confirmed> confirm_with_game(const Obligation& o,
                                           const std::map<std::string, u128>& model,
                                           const smt::Program& f, const Game& game,
                                           std::string& note) {
  const std::size_t heaps = game.heap_count();
  std::vector<u128> input, position;
  for (const std::string& v : o.variables) input.push_back(model.at(v));
  position.assign(input.begin(), input.begin() + static_cast<long>(heaps));
  Json cx;
  cx["position"] = heaps_json(position);
  Json parameters = Json::object();
  for (std::size_t i = heaps; i < o.variables.size(); ++i)
    parameters[o.variables[i]] = number_json(input[i]);
  cx["parameters"] = parameters;
  const auto f_here = value_at(f, position);
  cx["F"] = f_here ? number_json(*f_here) : Json();
  if (o.kind == Obligation::Kind::RuleCondition) {
    // The rule itself is out of its range here: the game cannot list followers at this
    // position, and the evaluator's value is the whole story.
    cx["confirmed_by"] =
        "the C++ evaluator: the game's rule breaks its own condition here, so the game is not "
        "the one the induction needs (the claim is not refuted)";
    return Confirmed{cx, false};
  }
  if (o.kind != Obligation::Kind::NoEqualFollower && o.kind != Obligation::Kind::Completeness &&
      o.kind != Obligation::Kind::Terminal) {
    // (7), (n), (p), (b0): about the rules or the widths, decided by the evaluator alone.
    cx["confirmed_by"] =
        "the C++ evaluator (the induction is not proved; the claim is not refuted)";
    return Confirmed{cx, false};
  }
  u128 stones = 0;
  for (u128 h : position) stones += h;
  if (stones > kMaxEnumeratedStones) {
    if (!o.existentials.empty()) {
      note = "the position is too large to list its followers, so the model is not confirmed";
      return std::nullopt;
    }
    cx["confirmed_by"] = "the C++ evaluator (the position is too large to list its followers)";
    // (a) is confirmed on the move encoding, which the certificate cross-checks against the
    // game's enumeration; (b) cannot say whether some follower reaches v.
    return Confirmed{cx, o.kind == Obligation::Kind::NoEqualFollower};
  }
  // The followers by the game's own enumeration, with F at each.
  Position p = Position::zeros(heaps);
  for (std::size_t i = 0; i < heaps; ++i) p[i] = static_cast<Heap>(position[i]);
  Json followers = Json::array();
  // (a): F at X; (b): v, or, in the win-loss form (no v), P itself (F = 1 where P holds).
  const std::optional<u128> target =
      o.move ? f_here : std::optional<u128>(model.count("v") ? model.at("v") : 1);
  bool reached = false, has_move = false;
  game.for_each_option(p, [&](std::span<const Position> parts) {
    has_move = true;
    // F at the follower; at a sum, the xor of F at its parts.
    std::optional<u128> f_there = u128{0};
    Json where = Json::array();
    for (const Position& y : parts) {
      std::vector<u128> heaps_of_y(y.begin(), y.end());
      const auto f_part = value_at(f, heaps_of_y);
      f_there = f_there && f_part ? std::optional<u128>(*f_there ^ *f_part) : std::nullopt;
      where.push_back(heaps_json(heaps_of_y));
    }
    if (f_there && target && *f_there == *target) {
      reached = true;
      followers.push_back(parts.size() > 1
                              ? Json{{"parts", where}, {"F", number_json(*f_there)}}
                              : Json{{"position", where[0]}, {"F", number_json(*f_there)}});
    }
  });
  if (stones <= kMaxReferenceStones && o.misere) {
    cx["misere_outcome"] = misere_outcome(game, p) ? "N" : "P";
  } else if (stones <= kMaxReferenceStones) {
    ReferenceEngine reference(game);
    cx["grundy"] = reference.grundy(p);
  }
  switch (o.kind) {
    case Obligation::Kind::Terminal:
      if (has_move) {
        note = "the game lists a move from this position, so the solver's model is spurious";
        return std::nullopt;
      }
      cx["confirmed_by"] =
          "the game's follower enumeration: no move from this position, which P contains; under "
          "misère play the player to move wins here (an N-position), so the claim is false";
      return Confirmed{cx, true};
    case Obligation::Kind::NoEqualFollower:
      cx["followers_with_F_equal"] = followers;
      if (!reached) {
        note =
            "the follower enumeration finds no follower with the same F: the move encoding "
            "disagrees with the game";
        return std::nullopt;
      }
      cx["confirmed_by"] = "the C++ evaluator and the game's follower enumeration";
      return Confirmed{cx, true};
    case Obligation::Kind::Completeness:
      cx["followers_reaching_v"] = followers;
      if (!o.existentials.empty() && reached) {
        note = "a follower reaches v, so the solver's model is spurious";
        return std::nullopt;
      }
      if (o.misere)
        cx["confirmed_by"] =
            reached ? "the C++ evaluator: no witness hint leads into P, although a follower is "
                      "in P (the hints are incomplete; the claim is not refuted)"
                    : "the game's follower enumeration: this position outside P has a move and "
                      "no follower in P, so (by induction) it is a misère P-position and the "
                      "claim is false";
      else if (!model.count("v"))  // the win-loss form: (b) leads into P
        cx["confirmed_by"] =
            reached ? "the C++ evaluator: no witness hint leads into P, although a follower is "
                      "in P (the hints are incomplete; the claim is not refuted)"
                    : "the game's follower enumeration: no follower is in P, so this position "
                      "outside P has G = 0 (by induction) and the claim is false";
      else
        cx["confirmed_by"] =
            reached ? "the C++ evaluator: no witness hint reaches v, although a follower does "
                      "(the hints are incomplete; the claim is not refuted)"
                    : "the game's follower enumeration: no follower reaches v, so F is not the mex";
      return Confirmed{cx, !reached};
    default:
      cx["confirmed_by"] =
          "the C++ evaluator (the induction is not proved; the claim is not refuted)";
  }
  return Confirmed{cx, false};
}

}  // namespace nimcert
