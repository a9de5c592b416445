// Named checks: structural properties a box or sequence block asks for by name, each a row
// {name, statement, function} of a table.
//
// The parser validates the names a proof file uses against these tables (through the
// catalog, with the file's line and column), the checks run them, and the documentation's
// list is tested against them, so a check's name and statement are written once, here.
//
// Box checks (on the values of a box of the block's game):
//   right-associativity  [a1, ..., ak] = [a1, [a2, ..., ak]]: the value equals the value of the
//                        same game on two heaps at (a1, G(0, a2, ..., ak)) (Serial Nim, seed 003)
// Sequence checks (each a statement of docs/mathematics.md section 3, on sequences computed
// from the rule alone):
//   lemma-2.1          f is regular (4) and the O(n) algorithm (6) equals recurrence (1)
//   self-similarity    Lambda(g) = g: deleting each value's first occurrence gives g back
//   proposition-2.3    f weakly increasing, and the regular f'(n) = min(f(n), f'(n-1) + 1)
//                      has the same Maximum Nim sequence
//   proposition-3.2    f(n) = max(g_0, ..., g_n)
//   triangle-8         s_ij + s_jk - 1 <= s_ik <= s_ij + s_jk for i < j < k
//   theorem-4.4        n -> (g_n, h_n) is injective
//   minimum-nim-q      with q(k) = min {n : n - f(n) > k}: the first n with h_n = v is
//                      q^v(0), and h_{q(n)} = h_n + 1, g_{q(n)} = g_n
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "base/outcome.hpp"
#include "engines/box_engine.hpp"
#include "engines/sequence_engine.hpp"

namespace nimcert {

// What a box check reads: the game and its values on the box.
struct BoxValuesOf {
  const Game& game;
  const BoxValues& box;
};

// The sequences a block's named checks read: the rule and g_n, h_n for n = 0..last.
struct Sequences {
  std::vector<std::uint64_t> f;
  Sequence g, h;
};

template <class Input>
struct NamedCheckKind {
  const char* name;
  const char* statement;
  // Runs the check; `c` arrives with the name and statement set and verdict Holds; the check
  // counts what it compared in c.cases and, on a counterexample, sets Fails with it.
  NamedCheck (*run)(NamedCheck c, const Input& input);
};

std::span<const NamedCheckKind<BoxValuesOf>> box_checks();
std::span<const NamedCheckKind<Sequences>> sequence_checks();

// The names of a table, in its order.
template <class Input>
std::vector<std::string> check_names_of(std::span<const NamedCheckKind<Input>> table) {
  std::vector<std::string> names;
  for (const auto& k : table) names.push_back(k.name);
  return names;
}

// Runs the check named from the table; throws std::invalid_argument for an unknown name
// (the parser refuses those first, with their location).
template <class Input>
NamedCheck run_named_check(std::span<const NamedCheckKind<Input>> table, const std::string& name,
                           const Input& input) {
  for (const auto& k : table)
    if (name == k.name) {
      NamedCheck c;
      c.name = k.name;
      c.statement = k.statement;
      c.verdict = Verdict::Holds;
      c = k.run(std::move(c), input);
      if (c.verdict == Verdict::Holds && c.cases == 0) {  // nothing compared: never holds
        c.verdict = Verdict::Unknown;
        c.note = "the check found nothing to compare";
      }
      return c;
    }
  throw std::invalid_argument("unknown check '" + name + "'");
}

// Theorem 4.4 on given sequences.  It holds for the sequences of every rule tried, so its
// failing case is tested on sequences no rule produces; hence it is public.
NamedCheck theorem_4_4(const Sequences& s);

}  // namespace nimcert
