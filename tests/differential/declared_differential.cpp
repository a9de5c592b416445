// Declared games fuzzed differentially: random small declarations (one to three heaps, moves
// that take from one or two heaps, raise one heap while taking more from another, with
// conditions, and parameters offset to bounds near 2^32 and 2^64, inclusive and exclusive;
// take-and-break moves whose follower is a sum of positions; a declared rank with moves that
// shift stones to heaps of lower weight; a `rules` line), whose Grundy values on a small box
// are computed four ways and compared at every position:
//  - the dense box engine (the batch route of the declaration, when no move raises a heap);
//  - the reference engine (the plain route, one follower at a time);
//  - `nimcert grundy --proof` at one position of the box (the command line, grundy_of);
//  - a plain recursive mex written here, over the declaration's own expressions evaluated by
//    the exact GMP evaluator, with every choice of every parameter counted from its bounds
//    (no compiled program, no 64-bit arithmetic, nothing of DeclaredGame).
// One declaration in twenty also gets a move that breaks the rules (its follower is the
// position itself): the engines, the plain mex and `grundy --proof` (exit 2) must all refuse it.
// One execution in four is a periodicity claim instead: a random octal code of up to six
// digits and claims "period p from n0" near its true ones; every claim the Guy-Smith check
// accepts is held against the octal game's definition (tests/octal_definition.hpp) to ten
// times its window and more, and the octal engine's values to n = 3000, left to choose its
// way and held to each of its ways, against the same definition.
// A disagreement prints the declaration and the position and exits 1.
//   declared_differential [--seconds S] [--seed N] [--jobs J] [--max N]
#include <gmpxx.h>
#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>

#include "campaign.hpp"
#include "checks/periodicity.hpp"
#include "checks/proof_input.hpp"
#include "engines/octal_engine.hpp"
#include "engines/box_engine.hpp"
#include "engines/reference_engine.hpp"
#include "eval/exact_evaluator.hpp"
#include "games/declared_game.hpp"
#include "lang/proof_file.hpp"
#include "octal_definition.hpp"
#include "sys/subprocess.hpp"

namespace nimcert::differential {
namespace {

struct Counts {
  std::atomic<std::uint64_t> positions{0}, cli{0}, refused{0}, periodic{0}, accepted{0}, sums{0},
      ranked{0}, rules{0};
};

std::string heap(std::size_t i) { return "x" + std::to_string(i + 1); }

// The follower's heaps: x1..xk with some replaced.
std::string follower(std::size_t k, const std::map<std::size_t, std::string>& replaced) {
  std::string out = "(";
  for (std::size_t i = 0; i < k; ++i) {
    const auto it = replaced.find(i);
    out += (i ? ", " : "") + (it == replaced.end() ? heap(i) : it->second);
  }
  return out + ")";
}

// An offset near an edge, for a parameter whose choices are offset + 0..width.
std::string offset(Rng& rng) {
  static const char* const offsets[] = {
      "0", "4294967290", "4294967295", "4294967296", "18446744073709551610", "9223372036854775807"};
  return offsets[pick(rng, 6)];
}

std::string condition(Rng& rng, std::size_t k) {
  const std::string x = heap(pick(rng, k));
  switch (pick(rng, 4)) {
    case 0:
      return fmt::format(" && ({} % 3) != 1", x);
    case 1:
      return fmt::format(" && ({} ^ {}) != 2", x, heap(pick(rng, k)));
    default:
      return "";
  }
}

// One move kind, legal by construction: every subtraction exact, the rank lowered (`kinds`
// 3 leaves out the one that raises a heap, for a declared rank).
std::string move(Rng& rng, std::size_t k, int index, std::uint64_t kinds = 4) {
  const std::size_t i = pick(rng, k);
  const std::string x = heap(i);
  const std::string name = fmt::format("m{}", index);
  switch (pick(rng, k > 1 ? kinds : 2)) {
    case 0: {  // take 1 + (c - K) for c in K..K+W, at a bound near 2^32 or 2^64
      const std::string K = offset(rng);
      const std::uint64_t w = 1 + pick(rng, 5);
      const mpz_class high = mpz_class(K) + w;
      const bool inclusive = high < (mpz_class(1) << 64) && pick(rng, 2);
      const std::string bound = inclusive ? fmt::format("c <= {}", high.get_str())
                                          : fmt::format("c < {}", high.get_str());
      if (!inclusive && high >= (mpz_class(1) << 64))  // a constant must stay below 2^64
        return move(rng, k, index, kinds);
      return fmt::format("  move \"{}\" for {} <= {} when c - {} + 1 <= {}{} to {}\n", name, K,
                         bound, K, x, condition(rng, k),
                         follower(k, {{i, fmt::format("{} - (c - {} + 1)", x, K)}}));
    }
    case 1: {  // take s in 1..M, M a constant or the heap itself
      const std::string m = pick(rng, 2) ? std::to_string(1 + pick(rng, 4)) : x;
      return fmt::format("  move \"{}\" for 1 <= s <= {} when s <= {}{} to {}\n", name, m, x,
                         condition(rng, k), follower(k, {{i, x + " - s"}}));
    }
    case 2: {  // take the same from two heaps
      const std::size_t j = (i + 1 + pick(rng, k - 1)) % k;
      return fmt::format("  move \"{}\" for 1 <= s <= {} when s <= {}{} to {}\n", name, x, heap(j),
                         condition(rng, k), follower(k, {{i, x + " - s"}, {j, heap(j) + " - s"}}));
    }
    default: {  // take three from one heap, add one to another: the rank still falls
      const std::size_t j = (i + 1 + pick(rng, k - 1)) % k;
      return fmt::format("  move \"{}\" when {} >= 3{} to {}\n", name, x, condition(rng, k),
                         follower(k, {{i, x + " - 3"}, {j, heap(j) + " + 1"}}));
    }
  }
}

// A move that only takes stones (from one heap or two): it lowers every rank of positive
// weights.
std::string move_lowering_every_heap(Rng& rng, std::size_t k, int index) {
  return move(rng, k, index, 3);
}

// A take-and-break move, legal by construction: its follower is a sum of two positions, each
// of lower rank (for the default rank and for the weights of ranked()).  One heap: split the
// rest after taking K into two nonempty heaps; k heaps: take s from heap i and leave, beside,
// a position with s - 1 stones on heap i.
std::string sum_move(Rng& rng, std::size_t k, int index) {
  const std::string name = fmt::format("m{}", index);
  if (k == 1) {
    const unsigned K = static_cast<unsigned>(pick(rng, 3));
    return fmt::format("  move \"{}\" for 1 <= a <= x1 when 2 * a + {} <= x1{} to (a) + (x1 - {} - a)\n",
                       name, K, condition(rng, k), K);
  }
  const std::size_t i = pick(rng, k);
  std::string zeros;
  for (std::size_t j = 0; j < k; ++j) zeros += (j ? ", " : "") + (j == i ? std::string("s - 1") : "0");
  return fmt::format("  move \"{}\" for 1 <= s <= {}{} to {} + ({})\n", name, heap(i),
                     pick(rng, 2) ? fmt::format(" when s <= {}", heap(i)) : "",
                     follower(k, {{i, heap(i) + " - s"}}), zeros);
}

// A declared rank: heap i weighs k - i, so a move that takes from one heap, or shifts stones to
// a later heap, lowers it (Staircase Nim's shape).
std::string ranked_rank(std::size_t k) {
  std::string r;
  for (std::size_t i = 0; i < k; ++i) r += fmt::format("{}{} * {}", i ? " + " : "", k - i, heap(i));
  return r;
}

// A move that lowers ranked_rank() but raises a heap: shift s stones from heap i to heap j > i.
std::string shift_move(Rng& rng, std::size_t k, int index) {
  const std::size_t i = pick(rng, k - 1), j = i + 1 + pick(rng, k - 1 - i);
  return fmt::format("  move \"m{}\" for 1 <= s <= {} when s <= {}{} to {}\n", index, heap(i),
                     heap(i), condition(rng, k),
                     follower(k, {{i, heap(i) + " - s"}, {j, heap(j) + " + s"}}));
}

std::string declaration(Rng& rng, std::size_t k) {
  const bool ranked = k > 1 && pick(rng, 4) == 0;
  std::string text = ranked ? fmt::format("game g heaps {} rank {}\n", k, ranked_rank(k))
                            : fmt::format("game g heaps {}\n", k);
  const int moves = 1 + static_cast<int>(pick(rng, 3));
  for (int m = 0; m < moves; ++m) {
    const std::uint64_t kind = pick(rng, 6);
    if (kind == 0)
      text += sum_move(rng, k, m);
    else if (ranked && kind == 1)
      text += shift_move(rng, k, m);
    else if (ranked)  // take from one or two heaps: lowers every positive weighting
      text += move_lowering_every_heap(rng, k, m);
    else
      text += move(rng, k, m);
  }
  // Now and then a move that breaks the rules (its follower is the position itself): every
  // route must refuse the game, the plain mex included.
  if (pick(rng, 20) == 0) text += "  move \"broken\" when x1 >= 1 to " + follower(k, {}) + "\n";
  // The bit-vector route's widths and limit for the rules, after the moves: no bearing on the
  // values.
  if (pick(rng, 4) == 0) text += fmt::format("  rules widths 8 timeout {}\n", 100 + pick(rng, 400));
  return text + "end\nlemma \"t\" \"t\" vars a prove a == a widths 8 enumerate 0..1 end\n";
}

// G by the definition, over the declaration's expressions in GMP.
class PlainMex {
 public:
  explicit PlainMex(const smt::GameDeclaration& d) : d_(d) {}

  std::optional<Value> grundy(const std::vector<mpz_class>& x) {
    if (auto it = memo_.find(x); it != memo_.end()) return it->second;
    std::vector<Value> seen;
    for (const smt::MoveKind& m : d_.moves) {
      std::map<std::string, std::string> env;
      for (std::size_t i = 0; i < x.size(); ++i) env[heap(i)] = x[i].get_str();
      if (!choices(m, 0, env, x, seen)) return std::nullopt;
    }
    std::sort(seen.begin(), seen.end());
    Value g = 0;
    for (Value v : seen)
      if (v == g) ++g;
    memo_[x] = g;
    return g;
  }

 private:
  static mpz_class value(const smt::ExprPtr& e, const std::map<std::string, std::string>& env) {
    return mpz_class(*smt::evaluate_exactly(e, env));
  }

  // The rank every move must lower, at each part of a follower: the declared one, or stones
  // plus nonempty heaps.
  mpz_class rank(const std::vector<mpz_class>& x) const {
    if (d_.rank) {
      std::map<std::string, std::string> env;
      for (std::size_t i = 0; i < x.size(); ++i) env[heap(i)] = x[i].get_str();
      return value(d_.rank, env);
    }
    mpz_class r = 0;
    for (const mpz_class& h : x) r += h + (h > 0 ? 1 : 0);
    return r;
  }

  bool choices(const smt::MoveKind& m, std::size_t j, std::map<std::string, std::string>& env,
               const std::vector<mpz_class>& x, std::vector<Value>& seen) {
    if (j == m.parameters.size()) {
      if (m.when && value(m.when, env) == 0) return true;
      // A follower of `parts` positions is worth the xor of theirs (Sprague-Grundy), and each
      // part must be of lower rank than x.
      const std::size_t k = x.size();
      const mpz_class before = rank(x);
      Value g = 0;
      for (std::size_t part = 0; part < m.parts; ++part) {
        std::vector<mpz_class> y;
        for (std::size_t i = 0; i < k; ++i) y.push_back(value(m.result[part * k + i], env));
        if (rank(y) >= before) return false;  // a broken rule; the game must refuse too
        const auto gy = grundy(y);
        if (!gy) return false;
        g ^= *gy;
      }
      seen.push_back(g);
      return true;
    }
    const smt::MoveParameter& p = m.parameters[j];
    const mpz_class low = value(p.low, env), high = value(p.high, env);
    const mpz_class last = p.high_inclusive ? high : mpz_class(high - 1);
    for (mpz_class c = low; c <= last; ++c) {
      env[p.name] = c.get_str();
      if (!choices(m, j + 1, env, x, seen)) return false;
    }
    env.erase(p.name);
    return true;
  }

  const smt::GameDeclaration& d_;
  std::map<std::vector<mpz_class>, Value> memo_;
};

class Run {
 public:
  explicit Run(Campaign& campaign) : campaign_(campaign) {}

  // A random octal code and claims of periodicity near its true period: every claim the
  // Guy-Smith check accepts must hold for every n of the definition's values, to ten times
  // the values its window reads (at least 3000).
  void periodicity(Rng& rng, const std::string& where) {
    std::string digits;
    const std::size_t t = 1 + pick(rng, 6);
    // Leading and inner zeros often (a code whose first values are all 0 is where a window at
    // n0 = 0 is easiest to fool), the last digit nonzero.
    for (std::size_t i = 0; i < t; ++i)
      digits += i + 1 == t         ? static_cast<char>('1' + pick(rng, 7))
                : pick(rng, 3) == 0 ? '0'
                                    : static_cast<char>('0' + pick(rng, 8));
    const OctalCode code("0." + digits);
    // The true (smallest) period up to 60 from the smallest preperiod, on 3000 values.
    constexpr std::size_t kScan = 3000;
    const std::vector<std::uint32_t> truth = testing::octal_values_by_definition(digits, kScan);
    // The engine, left to choose and held to each of its ways, against the definition.
    for (const std::optional<OctalMethod> only :
         {std::optional<OctalMethod>{}, std::optional{OctalMethod::Sparse},
          std::optional{OctalMethod::Periodic}, std::optional{OctalMethod::Direct},
          std::optional{OctalMethod::Marking}}) {
      const OctalValues mine = octal_values(code, kScan, nullptr, OctalEngineOptions{only, {}});
      for (std::size_t n = 0; n <= kScan; ++n)
        if (mine[n] != truth[n]) {
          disagree(where, code.text(),
                   fmt::format("the octal engine ({}) gives G({}) = {}, the definition {}",
                               only ? static_cast<int>(*only) : -1, n, mine[n], truth[n]));
          return;
        }
    }
    std::vector<std::pair<std::uint64_t, std::uint64_t>> claims;
    for (std::uint64_t p = 1; p <= 60 && claims.empty(); ++p) {
      std::uint64_t n0 = kScan - p;
      while (n0 > 0 && truth[n0 - 1 + p] == truth[n0 - 1]) --n0;
      if (n0 < kScan / 3) claims = {{n0, p}, {n0 - (n0 > 0), p}, {n0, 2 * p}, {n0 + 1 + pick(rng, 9), p},
                                    {0, p}, {n0, p + 1}, {n0 / 2, p}};
    }
    for (std::uint64_t p = 1; p <= 3; ++p) claims.push_back({0, p});  // from the start
    for (int i = 0; i < 3; ++i) claims.push_back({pick(rng, 60), 1 + pick(rng, 60)});
    for (const auto& [n0, p] : claims) {
      const PeriodicityWindow w = periodicity_window(code, n0, p, 0);
      const OctalValues values = octal_values(code, w.values_last());
      smt::PeriodicClaim claim;
      claim.name = "p";
      claim.preperiod = n0;
      claim.period = p;
      const NamedCheck check = check_periodicity(code, values, claim);
      ++counts_.periodic;
      if (check.verdict != Verdict::Holds) continue;
      ++counts_.accepted;
      const std::size_t far = std::max<std::size_t>(kScan, 10 * (w.values_last() + 1));
      const std::vector<std::uint32_t> g =
          far == kScan ? truth : testing::octal_values_by_definition(digits, far);
      for (std::size_t n = n0; n + p <= far; ++n)
        if (g[n + p] != g[n]) {
          disagree(where, code.text(),
                   fmt::format("the Guy-Smith check accepts period {} from {}, yet G({}) = {} and "
                               "G({}) = {}",
                               p, n0, n, g[n], n + p, g[n + p]));
          return;
        }
    }
  }

  // One random declaration on its box; `dir` is the job's own folder for the proof file.
  void execute(Rng& rng, const std::filesystem::path& dir, const std::string& where) {
    if (pick(rng, 4) == 0) return periodicity(rng, where);
    const std::size_t k = 1 + pick(rng, 3);
    const Heap side = k == 1 ? 30 : k == 2 ? 8 : 4;
    const std::string text = declaration(rng, k);
    const smt::ProofFile f = parse_proof_file(text, "g.proof");
    counts_.sums += text.find(") + (") != std::string::npos;
    counts_.ranked += f.game.declaration->rank != nullptr;
    counts_.rules += !f.game.declaration->rule_widths.empty();
    const DeclaredGame game(f.game.declaration, f.definitions);
    PlainMex plain(*f.game.declaration);
    std::vector<Value> box;
    ReferenceEngine reference(game);
    std::vector<Position> all;
    bool agree = false;
    const char* route = "the box";
    try {
      // The box engine: moves that lower heaps, a declared rank, or sum followers.
      if (game.lowers_heaps() || game.declares_rank() || game.has_sums())
        box = BoxValues(game, side).values();
      route = "the reference engine";
      agree = compare_box(where, text, k, side, box, plain, reference, all);
    } catch (const RuleViolation& v) {
      ++counts_.refused;  // the plain mex must find the broken rule too
      if (plain.grundy(std::vector<mpz_class>(k, mpz_class(side))))
        disagree(where, text, fmt::format("{} refused: {}", route, v.what()));
      refused_on_command_line(dir, where, text, k, side);
      return;
    }
    if (!agree) return;
    command_line(rng, dir, where, text, all, plain);
  }

  // Every position of the box: the reference engine (and the box, when computed) against the
  // plain mex; `all` collects the positions.  False at the first disagreement.
  bool compare_box(const std::string& where, const std::string& text, std::size_t k, Heap side,
                   const std::vector<Value>& box, PlainMex& plain, ReferenceEngine& reference,
                   std::vector<Position>& all) {
    Position p = Position::zeros(k);
    for (std::uint64_t i = 0;; ++i) {
      all.push_back(p);
      const Value r = reference.grundy(p);  // first: a broken rule throws RuleViolation here
      const auto expected = plain.grundy(std::vector<mpz_class>(p.begin(), p.end()));
      if (!expected) {
        disagree(where, text, "the plain mex finds a broken rule at " + p.to_string());
        return false;
      }
      ++counts_.positions;
      const bool box_differs = !box.empty() && box[i] != *expected;
      if (r != *expected || box_differs) {
        disagree(
            where, text,
            box_differs
                ? fmt::format("at {}: box {} , plain mex {}", p.to_string(), box[i], *expected)
                : fmt::format("at {}: reference {} , plain mex {}", p.to_string(), r, *expected));
        return false;
      }
      std::size_t h = k;
      while (h > 0 && p[h - 1] == side) p[--h] = 0;
      if (h == 0) return true;
      ++p[h - 1];
    }
  }

  // A game whose rules break: `grundy --proof` refuses it too (exit 2), at the box's corner.
  void refused_on_command_line(const std::filesystem::path& dir, const std::string& where,
                               const std::string& text, std::size_t k, Heap side) {
    Position corner = Position::zeros(k);
    for (std::size_t i = 0; i < k; ++i) corner[i] = side;
    const smt::ProcessResult run = grundy_command(dir, text, corner);
    if (run.exit_status != 2)
      disagree(where, text,
               fmt::format("grundy --proof on a game with a broken rule: exit {}, \"{}\"",
                           run.exit_status, run.output));
  }

  // `nimcert grundy --proof` on the declaration at the position q.
  smt::ProcessResult grundy_command(const std::filesystem::path& dir, const std::string& text,
                                    const Position& q) {
    std::ofstream(dir / "g.proof") << text;
    std::vector<std::string> argv{NIMCERT_BINARY, "grundy", "--proof", (dir / "g.proof").string()};
    for (Heap h : q) argv.push_back(std::to_string(h));
    ++counts_.cli;
    return smt::run_process(argv, "", {60000, 0});
  }

  // The command line, at one position of the box.
  void command_line(Rng& rng, const std::filesystem::path& dir, const std::string& where,
                    const std::string& text, const std::vector<Position>& all, PlainMex& plain) {
    const Position q = all[pick(rng, all.size())];
    const smt::ProcessResult run = grundy_command(dir, text, q);
    const auto expected = plain.grundy(std::vector<mpz_class>(q.begin(), q.end()));
    if (run.exit_status != 0 || run.output != fmt::format("{}\n", *expected))
      disagree(where, text,
               fmt::format("grundy --proof at {}: exit {}, \"{}\", plain mex {}", q.to_string(),
                           run.exit_status, run.output, *expected));
  }

  const Counts& counts() const { return counts_; }

 private:
  void disagree(const std::string& where, const std::string& text, const std::string& what) {
    campaign_.disagree(where, what, text);
  }

  Campaign& campaign_;
  Counts counts_;
};

}  // namespace
}  // namespace nimcert::differential

int main(int argc, char** argv) {
  using namespace nimcert::differential;
  const Options options =
      options_or_exit(argc, argv, "declared_differential",
                      "declared_differential: random declared games, the engines and the command "
                      "line against a plain recursive mex in GMP");
  Campaign campaign("declared_differential", options);
  Run run(campaign);
  std::vector<std::filesystem::path> dirs;  // each job's folder for its proof file
  for (unsigned j = 0; j < options.jobs; ++j) {
    dirs.push_back(std::filesystem::temp_directory_path() /
                   fmt::format("nimcert-declared-{}-{}", getpid(), j));
    std::filesystem::create_directories(dirs.back());
  }
  const std::uint64_t executions =
      campaign.run([&](unsigned job, Rng& rng, std::uint64_t, const std::string& where) {
        run.execute(rng, dirs[job], where);
      });
  for (const auto& dir : dirs) std::filesystem::remove_all(dir);
  const Counts& counts = run.counts();
  fmt::print(
      "declared_differential: {} executions ({} declarations with sum followers, {} with a "
      "declared rank, {} with a rules line; {} refused by their rules), {} "
      "positions compared (box, reference, plain mex), {} grundy --proof runs; {} periodicity "
      "claims, {} accepted by Guy-Smith and held against the definition far past the window; "
      "{} disagreements\n",
      executions, counts.sums.load(), counts.ranked.load(), counts.rules.load(),
      counts.refused.load(), counts.positions.load(), counts.cli.load(),
      counts.periodic.load(), counts.accepted.load(), campaign.disagreements());
  return campaign.disagreements() ? 1 : 0;
}
