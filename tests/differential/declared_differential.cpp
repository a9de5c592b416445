// Declared games fuzzed differentially: random small declarations (one to three heaps, moves
// that take from one or two heaps, raise one heap while taking more from another, with
// conditions, and parameters offset to bounds near 2^32 and 2^64, inclusive and exclusive),
// whose Grundy values on a small box are computed four ways and compared at every position:
//  - the dense box engine (the batch route of the declaration, when no move raises a heap);
//  - the reference engine (the plain route, one follower at a time);
//  - `nimcert grundy --proof` at one position of the box (the command line, grundy_of);
//  - a plain recursive mex written here, over the declaration's own expressions evaluated by
//    the exact GMP evaluator, with every choice of every parameter counted from its bounds
//    (no compiled program, no 64-bit arithmetic, nothing of DeclaredGame).
// One declaration in twenty also gets a move that breaks the rules (its follower is the
// position itself): the engines, the plain mex and `grundy --proof` (exit 2) must all refuse it.
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
#include "checks/proof_input.hpp"
#include "engines/box_engine.hpp"
#include "engines/reference_engine.hpp"
#include "eval/exact_evaluator.hpp"
#include "games/declared_game.hpp"
#include "lang/proof_file.hpp"
#include "sys/subprocess.hpp"

namespace nimcert::differential {
namespace {

struct Counts {
  std::atomic<std::uint64_t> positions{0}, cli{0}, refused{0};
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

// One move kind, legal by construction: every subtraction exact, the rank lowered.
std::string move(Rng& rng, std::size_t k, int index) {
  const std::size_t i = pick(rng, k);
  const std::string x = heap(i);
  const std::string name = fmt::format("m{}", index);
  switch (pick(rng, k > 1 ? 4 : 2)) {
    case 0: {  // take 1 + (c - K) for c in K..K+W, at a bound near 2^32 or 2^64
      const std::string K = offset(rng);
      const std::uint64_t w = 1 + pick(rng, 5);
      const mpz_class high = mpz_class(K) + w;
      const bool inclusive = high < (mpz_class(1) << 64) && pick(rng, 2);
      const std::string bound = inclusive ? fmt::format("c <= {}", high.get_str())
                                          : fmt::format("c < {}", high.get_str());
      if (!inclusive && high >= (mpz_class(1) << 64))  // a constant must stay below 2^64
        return move(rng, k, index);
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

std::string declaration(Rng& rng, std::size_t k) {
  std::string text = fmt::format("game g heaps {}\n", k);
  const int moves = 1 + static_cast<int>(pick(rng, 3));
  for (int m = 0; m < moves; ++m) text += move(rng, k, m);
  // Now and then a move that breaks the rules (its follower is the position itself): every
  // route must refuse the game, the plain mex included.
  if (pick(rng, 20) == 0) text += "  move \"broken\" when x1 >= 1 to " + follower(k, {}) + "\n";
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

  bool choices(const smt::MoveKind& m, std::size_t j, std::map<std::string, std::string>& env,
               const std::vector<mpz_class>& x, std::vector<Value>& seen) {
    if (j == m.parameters.size()) {
      if (m.when && value(m.when, env) == 0) return true;
      std::vector<mpz_class> y;
      mpz_class before = 0, after = 0;
      for (std::size_t i = 0; i < x.size(); ++i) {
        y.push_back(value(m.result[i], env));
        before += x[i] + (x[i] > 0 ? 1 : 0);
        after += y[i] + (y[i] > 0 ? 1 : 0);
      }
      if (after >= before) return false;  // a broken rule; the game must refuse too
      const auto g = grundy(y);
      if (!g) return false;
      seen.push_back(*g);
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

  // One random declaration on its box; `dir` is the job's own folder for the proof file.
  void execute(Rng& rng, const std::filesystem::path& dir, const std::string& where) {
    const std::size_t k = 1 + pick(rng, 3);
    const Heap side = k == 1 ? 30 : k == 2 ? 8 : 4;
    const std::string text = declaration(rng, k);
    const smt::ProofFile f = parse_proof_file(text, "g.proof");
    const DeclaredGame game(f.game.declaration, f.definitions);
    PlainMex plain(*f.game.declaration);
    std::vector<Value> box;
    ReferenceEngine reference(game);
    std::vector<Position> all;
    bool agree = false;
    const char* route = "the box";
    try {
      if (game.lowers_heaps()) box = BoxValues(game, side).values();
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
      "declared_differential: {} declarations ({} refused by their rules), {} positions "
      "compared (box, reference, plain mex), {} grundy --proof runs, {} disagreements\n",
      executions, counts.refused.load(), counts.positions.load(), counts.cli.load(),
      campaign.disagreements());
  return campaign.disagreements() ? 1 : 0;
}
