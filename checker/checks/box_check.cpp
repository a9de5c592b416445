// Checking box blocks (see box_check.hpp).
#include "checks/box_check.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <functional>
#include <memory>
#include <stdexcept>

#include "base/sha256.hpp"
#include "checks/named/named_checks.hpp"
#include "engines/box_engine.hpp"
#include "engines/misere/misere_sums.hpp"
#include "engines/reference_engine.hpp"
#include "engines/sum_sequence.hpp"
#include "engines/take_and_break_engine.hpp"
#include "eval/evaluator.hpp"
#include "games/registry.hpp"
#include "sys/interrupt.hpp"

namespace nimcert {

namespace {

using Json = nlohmann::ordered_json;

// The claim at every position of the box in canonical order: the positions where it is
// false, and how many satisfy its hypothesis (when `premise` is given, for a claim P -> Q).
struct BoxScan {
  FailureTally failures;
  std::uint64_t premises = 0;
};
BoxScan scan(const smt::Program& claim, const smt::Program* premise, const BoxValues& box) {
  constexpr std::size_t kBatch = 1024;
  const std::size_t k = box.heaps();
  std::vector<std::vector<std::uint64_t>> lanes(k + 1, std::vector<std::uint64_t>(kBatch));
  std::vector<const std::uint64_t*> inputs;
  for (const auto& l : lanes) inputs.push_back(l.data());
  std::vector<std::uint64_t> result(kBatch), held(kBatch);
  std::vector<std::uint64_t*> outputs = {result.data()}, premise_outputs = {held.data()};
  BoxScan out;
  for (std::uint64_t start = 0; start < box.positions(); start += kBatch) {
    smt::throw_if_interrupted();
    const std::size_t n =
        static_cast<std::size_t>(std::min<std::uint64_t>(kBatch, box.positions() - start));
    Position p = box.position(start);
    for (std::size_t j = 0; j < n; ++j) {
      for (std::size_t h = 0; h < k; ++h) lanes[h][j] = p[h];
      lanes[k][j] = box.values()[start + j];
      for (std::size_t h = k; h-- > 0;) {
        if (p[h] < box.size()) {
          ++p[h];
          break;
        }
        p[h] = 0;
      }
    }
    if (!claim.run<std::uint64_t>(n, inputs, outputs) ||
        (premise && !premise->run<std::uint64_t>(n, inputs, premise_outputs)))
      throw std::runtime_error("a claim's value exceeded 64 bits");
    for (std::size_t j = 0; j < n; ++j) {
      if (premise) out.premises += held[j] != 0;
      if (result[j] == 0) {
        const Position f = box.position(start + j);
        out.failures.add(std::vector<std::uint64_t>(f.begin(), f.end()));
      }
    }
  }
  return out;
}

// A counterexample's position, its true value and the claimed one (for a formula claim).
Counterexample explain_value(const BoxValues& box, const Position& p,
                             const std::optional<smt::Program>& formula) {
  Counterexample cx;
  cx.position = p;
  cx.grundy = box.at(p);
  if (formula) {
    std::vector<std::uint64_t> input(p.begin(), p.end()), out;
    input.push_back(0);
    if (formula->run_one<std::uint64_t>(input, out)) cx.claimed = static_cast<Value>(out[0]);
  }
  return cx;
}

Counterexample explain(const Game& game, const BoxValues& box, const Position& p,
                       const std::optional<smt::Program>& formula) {
  Counterexample cx = explain_value(box, p, formula);
  // A follower outside the box (a move that raises a heap, under a declared rank) takes its
  // value from the reference engine; a sum is worth the xor of its parts'.
  std::optional<ReferenceEngine> outside;
  auto value = [&](const Position& y) {
    bool inside = true;
    for (std::size_t h = 0; h < y.size(); ++h) inside = inside && y[h] <= box.extents()[h];
    if (inside) return box.at(y);
    if (!outside) outside.emplace(game, BoxValues::kMaxReachable);
    return outside->grundy(y);
  };
  game.for_each_option(p, [&](std::span<const Position> parts) {
    FollowerValue f{parts[0], 0, {}};
    for (const Position& y : parts) f.value ^= value(y);
    if (parts.size() > 1) f.parts.assign(parts.begin(), parts.end());
    cx.followers.push_back(std::move(f));
  });
  return cx;
}

// The same for a box of the sum of k copies of a one-heap game: a follower replaces one heap
// by one of its options (a sum of parts, for a take-and-break move), listed as the sum of the
// heaps it leaves, worth the xor of their one-heap values.
Counterexample explain_sum(const Game& one_heap, const BoxValues& box, const Position& p,
                           const std::optional<smt::Program>& formula) {
  Counterexample cx = explain_value(box, p, formula);
  std::optional<ReferenceEngine> outside;  // a heap raised past the box, under a declared rank
  auto g = [&](Heap h) {                   // g(h) is G at (h, 0, ..., 0), since g(0) = 0
    if (h > box.size()) {
      if (!outside) outside.emplace(one_heap, BoxValues::kMaxReachable);
      return outside->grundy(Position{h});
    }
    Position q = Position::zeros(p.size());
    q[0] = h;
    return box.at(q);
  };
  for (std::size_t i = 0; i < p.size(); ++i)
    one_heap.for_each_option(Position{p[i]}, [&](std::span<const Position> parts) {
      FollowerValue f{parts[0], 0, {}};
      for (std::size_t j = 0; j < p.size(); ++j)
        if (j != i) f.parts.push_back(Position{p[j]});
      for (const Position& q : parts) f.parts.push_back(q);
      for (const Position& q : f.parts) f.value ^= g(q[0]);
      f.position = f.parts[0];
      cx.followers.push_back(std::move(f));
    });
  return cx;
}

}  // namespace

Verdict BoxReport::verdict() const {
  Verdict v = positions > 0 ? Verdict::Holds : Verdict::Unknown;
  for (const ClaimOutcome& c : claims) v = conjunction(v, c.verdict);
  for (const NamedCheck& c : checks) v = conjunction(v, c.verdict);
  return v;
}

namespace {

// The claims of a box over its values: each scanned at every position, and a failure explained
// at its first position by `explain_at` (with the claim's formula, for a formula claim).
using ExplainAt =
    std::function<Counterexample(const Position&, const std::optional<smt::Program>&)>;
void check_box_claims(const smt::BoxSpec& spec, const smt::Definitions& definitions,
                      const BoxValues& box, const ExplainAt& explain_at, BoxReport& r) {
  const auto variables = smt::claim_variables(box.heaps());
  for (const smt::ClaimSpec& c : spec.claims) {
    const smt::Program claim(variables, {smt::expand(c.statement, definitions)});
    std::optional<smt::Program> formula;
    if (const smt::ExprPtr f = smt::formula_of(c))
      formula.emplace(variables, std::vector<smt::ExprPtr>{smt::expand(f, definitions)});
    std::optional<smt::Program> premise;
    if (c.statement->op == smt::Op::Implies)
      premise.emplace(variables,
                      std::vector<smt::ExprPtr>{smt::expand(c.statement->args[0], definitions)});
    ClaimOutcome o;
    o.name = c.name;
    o.text = c.text;
    o.statement = smt::to_string(*c.statement);
    BoxScan s = scan(claim, premise ? &*premise : nullptr, box);
    o.cases = box.positions();
    if (premise) o.premise_cases = s.premises;
    o.failures = std::move(s.failures);
    settle_claim(o);
    if (!o.failures.first.empty()) {
      Position first = box.position(0);
      for (std::size_t h = 0; h < first.size(); ++h)
        first[h] = static_cast<Heap>(o.failures.first.front()[h]);
      o.counterexample = explain_at(first, formula);
    }
    r.claims.push_back(std::move(o));
  }
}

// The head of a box's report: its name, size and table.
BoxReport box_report(const smt::BoxSpec& spec, const BoxValues& box) {
  BoxReport r;
  r.sum = spec.sum;
  r.misere = spec.misere;
  r.name = spec.name;
  r.text = spec.text;
  r.size = spec.size;
  r.heaps = box.heaps();
  r.positions = box.positions();
  r.reachable = box.reachable();
  Sha256 digest;
  digest.update_le32(box.values());
  r.table_sha256 = digest.hex_digest();
  for (Value v : box.values()) r.max_value = std::max(r.max_value, v);
  return r;
}

// A box of the sum of k copies of a one-heap game (octal, subtraction or declared) played
// misère.  Its outcomes are not a function of the parts' (no Sprague-Grundy theorem for misère
// play), so each position's comes from the definition over canonical sums
// (engines/misere/misere_sums.hpp: no move, N; else P exactly when every option is N), which
// never sees a claim.  A counterexample lists each option (the other heaps beside the parts a
// move leaves) with its outcome.
BoxReport check_misere_sum_box(const smt::BoxSpec& spec, const smt::Definitions& definitions) {
  MisereSums::HeapOptions options;
  Json game;
  if (spec.game.declaration && !spec.game.declaration->octal.empty()) {
    const OctalCode code = octal_code_of(*spec.game.declaration);
    options = [code](std::uint64_t heap,
                     const std::function<void(std::span<const std::uint64_t>)>& visit) {
      code.for_each_option(heap, visit);
    };
    game = octal_game_json(spec.game.name, code);
  } else {
    std::shared_ptr<const Game> one_heap = make_game(spec.game, definitions);
    options = [one_heap](std::uint64_t heap,
                         const std::function<void(std::span<const std::uint64_t>)>& visit) {
      one_heap->for_each_option(Position{static_cast<Heap>(heap)},
                                [&](std::span<const Position> parts) {
                                  std::vector<std::uint64_t> heaps;
                                  for (const Position& q : parts) heaps.push_back(q[0]);
                                  visit(heaps);
                                });
    };
    game = {{"name", one_heap->name()}, {"parameters", one_heap->parameters()}};
  }
  MisereSums definition(options);
  const auto heaps_of = [](const Position& p) {
    return std::vector<std::uint64_t>(p.begin(), p.end());
  };
  const BoxValues box = BoxValues::of_values(spec.sum, spec.size, [&](const Position& p) {
    return Value{definition.is_p(heaps_of(p)) ? 0u : 1u};
  });
  BoxReport r = box_report(spec, box);
  r.game = std::move(game);
  check_box_claims(spec, definitions, box, [&](const Position& p, const auto& formula) {
    Counterexample cx = explain_value(box, p, formula);
    for (std::size_t i = 0; i < p.size(); ++i)
      options(p[i], [&](std::span<const std::uint64_t> parts) {
        std::vector<std::uint64_t> left;
        for (std::size_t j = 0; j < p.size(); ++j)
          if (j != i) left.push_back(p[j]);
        left.insert(left.end(), parts.begin(), parts.end());
        if (left.empty()) left.push_back(0);  // the empty sum: a heap of 0
        FollowerValue f{Position{static_cast<Heap>(left[0])}, 0, {}};
        for (std::uint64_t h : left) f.parts.push_back(Position{static_cast<Heap>(h)});
        f.value = definition.is_p(left) ? 0 : 1;
        cx.followers.push_back(std::move(f));
      });
    return cx;
  }, r);
  return r;
}

}  // namespace

BoxReport check_box(const smt::BoxSpec& spec, const smt::Definitions& definitions) {
  if (spec.misere && spec.sum) return check_misere_sum_box(spec, definitions);
  const auto game = make_game(spec.game, definitions);
  const BoxValues box = spec.misere ? BoxValues::misere_outcomes(*game, spec.size)
                       : spec.sum   ? BoxValues::sum_of_copies(*game, spec.sum, spec.size)
                                    : BoxValues(*game, spec.size);
  BoxReport r = box_report(spec, box);
  r.game = {{"name", game->name()}, {"parameters", game->parameters()}};
  r.sums = game->has_sums();
  if (plays_one_heap_sums(*game)) r.sum_reference_last = std::min(r.size, kSumReferenceLast);
  check_box_claims(spec, definitions, box,
                   [&](const Position& p, const std::optional<smt::Program>& formula) {
                     return spec.sum ? explain_sum(*game, box, p, formula)
                                     : explain(*game, box, p, formula);
                   },
                   r);
  for (const std::string& check : spec.checks)
    r.checks.push_back(run_named_check(box_checks(), check, BoxValuesOf{*game, box}));
  return r;
}

}  // namespace nimcert
