// discover (see discover.hpp).
#include "pipelines/discover.hpp"

#include <fmt/format.h>

#include <chrono>
#include <filesystem>

#include "base/atomic_file.hpp"
#include "base/elapsed.hpp"
#include "certificate/certificate.hpp"
#include "checks/proof_input.hpp"
#include "checks/reusing_solvers.hpp"
#include "discovery/discovered_proof.hpp"
#include "engines/grundy_of.hpp"
#include "games/registry.hpp"
#include "pipelines/steps.hpp"
#include "solve/cvc5_replay.hpp"

namespace nimcert {

namespace {

// The default table: the largest box [0,B]^k of at most this many positions.
constexpr std::uint64_t kDefaultTable = 40'000;
// The discovered induction's time limit per query and solver: its bounded widths are the
// second route, MONA's N^k the one that decides.
constexpr unsigned kInductionTimeoutMs = 10'000;
// Candidates proved before giving up: each refuted one is excluded and the table grows.
constexpr unsigned kMaxAttempts = 4;

}  // namespace

std::uint64_t positions_of(std::size_t heaps, Heap side) {
  std::uint64_t n = 1;
  for (std::size_t i = 0; i < heaps; ++i) {
    n *= std::uint64_t{side} + 1;
    if (n > kMaxTable) return kMaxTable + 1;
  }
  return n;
}

namespace {

Heap default_side(std::size_t heaps) {
  Heap side = 1;
  while (side < 4095 && positions_of(heaps, side + 1) <= kDefaultTable) ++side;
  return side;
}

// The game as a box names it: a declared game by its name, a built-in one with its parameters.
std::string box_game_text(const smt::GameSpec& spec) {
  if (spec.declaration || spec.parameters.empty()) return spec.name;
  std::string s = spec.name + "(";
  bool first = true;
  for (const auto& [key, value] : spec.parameters.items()) {
    s += fmt::format("{}{} = {}", first ? "" : ", ", key, value.dump());
    first = false;
  }
  return s + ")";
}

smt::GameSpec chosen_game(const smt::ProofFile& file, const DiscoverRequest& r) {
  if (r.game.empty()) {
    if (file.game.name.empty())
      throw std::invalid_argument(r.file + ": declares no game (a `game` block or line)");
    return file.game;
  }
  for (const auto& d : file.declared_games)
    if (d->name == r.game) {
      smt::GameSpec spec;
      spec.name = d->name;
      spec.declaration = d;
      return spec;
    }
  throw std::invalid_argument(fmt::format("--game {}: not a game {} declares", r.game, r.file));
}

// The first counterexample the certificate records for the induction, as one line of JSON.
std::string induction_counterexample(const Json& induction) {
  if (induction.contains("unbounded") && induction["unbounded"].contains("obligations"))
    for (const Json& o : induction["unbounded"]["obligations"])
      if (o.contains("counterexample") && !o["counterexample"].is_null())
        return fmt::format("{} (MONA, confirmed by the game): {}",
                           o["obligation"].get<std::string>(), o["counterexample"].dump());
  if (induction.contains("widths"))
    for (const Json& w : induction["widths"])
      for (const Json& o : w["obligations"])
        if (o.contains("counterexample") && !o["counterexample"].is_null())
          return fmt::format("{} at w = {} (confirmed by the game): {}",
                             o["obligation"].get<std::string>(), w["width"].dump(),
                             o["counterexample"].dump());
  return "";
}

}  // namespace

FittingTable discovery_table(const Game& game, Heap side) {
  const GrundyBox box = grundy_box(game, std::vector<Heap>(game.heap_count(), side));
  FittingTable table;
  table.columns.assign(game.heap_count(), std::vector<std::uint64_t>(box.values.size()));
  for (std::size_t j = 0; j < box.values.size(); ++j) {
    const Position p = box.position(j);
    for (std::size_t i = 0; i < p.size(); ++i) table.columns[i][j] = p[i];
  }
  table.values.assign(box.values.begin(), box.values.end());
  return table;
}

FittingTable announced_table(const Game& game, Heap side, Narrator& narrator) {
  const auto start = std::chrono::steady_clock::now();
  FittingTable table = discovery_table(game, side);
  narrator.line(fmt::format("discover: the table of {} on [0,{}]^{}: {} positions ({:.1f} s)",
                            game.describe(), side, game.heap_count(), table.positions(),
                            seconds_since(start)));
  return table;
}

std::string beside_input(const std::string& input, const std::string& suffix) {
  const std::filesystem::path p(input);
  const std::string stem = p.extension() == ".proof" ? p.stem().string() : p.filename().string();
  return (p.parent_path() / (stem + suffix)).string();
}

std::pair<std::string, std::string> discovered_outputs(const DiscoverRequest& r,
                                                       const std::string& suffix) {
  const std::string out = r.out.empty() ? beside_input(r.file, suffix) : r.out;
  if (out.size() < 7 || out.compare(out.size() - 6, 6, ".proof") != 0)
    throw std::invalid_argument(out + ": the proof file's name ends in .proof");
  const std::string certificate = certificate_path(out);
  check_certificate_output(certificate);
  refuse_outputs_over_inputs(r.workflow,
                             {{out, "discovered proof file"}, {certificate, "certificate"}},
                             {{r.file, "input"}});
  return {out, certificate};
}

Json certify_discovered(const std::string& text, const std::string& out,
                        const WorkflowOptions& workflow, Narrator& narrator) {
  const ProofSource source = proof_source(text, out);
  const ProofOptions options = proof_options(workflow);
  preflight(source, options);
  const Json cert = certify_one(source, options);
  narrator.checks(cert, {});
  return cert;
}

DiscoverSetup prepare_discovery(const DiscoverRequest& r) {
  std::string input = read_proof_text(r.file);
  smt::ProofFile file = parse_proof_file(input, r.file, smt::Reading::Exploring);
  return prepare_discovery(r, std::move(input), std::move(file));
}

DiscoverSetup prepare_discovery(const DiscoverRequest& r, std::string input,
                                smt::ProofFile parsed) {
  DiscoverSetup d;
  d.input = std::move(input);
  d.file = std::move(parsed);
  const smt::ProofFile& file = d.file;
  if (file.cube != 0 || !file.claims.empty() || !file.lemmas.empty() || !file.boxes.empty() ||
      !file.sequences.empty() || !file.inductions.empty())
    throw std::invalid_argument(r.file +
                                ": discover reads a file that declares a game and definitions "
                                "and states nothing to check (no cube, claim, lemma, box, "
                                "sequence or induction)");
  d.spec = chosen_game(file, r);
  const smt::GameSpec& spec = d.spec;
  // An octal game, or a subtraction game of one heap: its values have a period to find.
  if (spec.declaration &&
      (!spec.declaration->octal.empty() ||
       (!spec.declaration->subtraction.empty() && spec.declaration->heaps == 1))) {
    d.periodic_code = octal_code_of(*spec.declaration);
    return d;
  }
  d.game = make_game(spec, file.definitions);
  const std::size_t k = d.game->heap_count();
  // Where the claim is checked: a box for a game whose moves lower heaps (or that declares
  // its rank), else the cube of a three-heap game that is the file's own.
  // A take-and-break game (followers that are sums of heaps, each part smaller than the heap)
  // has its table in a box too: the box engine plays sums.
  const bool box = d.game->lowers_heaps() || d.game->declares_rank() || d.game->has_sums();
  d.box = box;
  if (!box && (k != 3 || spec.name != file.game.name))
    throw std::invalid_argument(
        spec.name +
        ": its moves may raise a heap and it declares no rank, so only the cube of "
        "the file's own three-heap game can hold its table");
  const Heap first_side = r.box ? *r.box : default_side(k);
  Heap max_side = r.max_box ? *r.max_box : std::min<Heap>(4 * first_side, 4096);
  while (!r.max_box && max_side > first_side && positions_of(k, max_side) > kMaxTable) --max_side;
  d.first_side = first_side;
  d.max_side = max_side;
  if (first_side < 1 || max_side < first_side || (!box && max_side > 4096) ||
      positions_of(k, max_side) > kMaxTable)
    throw std::invalid_argument(fmt::format(
        "--box {} / --max-box {}: the table [0,B]^{} needs 1 <= B <= max, at most {} positions{}",
        first_side, max_side, k, kMaxTable, box ? "" : " and a cube side of at most 4096"));
  if (r.max_size < 1 || r.max_size > 32)
    throw std::invalid_argument(fmt::format("--max-size {}: from 1 to 32", r.max_size));
  if (r.max_pool < kMinPool || r.max_pool > kMaxPool)
    throw std::invalid_argument(
        fmt::format("--max-pool {}: from {} to {}", r.max_pool, kMinPool, kMaxPool));
  return d;
}

Ending discover(const DiscoverRequest& r, Narrator& narrator) {
  const DiscoverSetup d = prepare_discovery(r);
  if (d.periodic_code) return discover_period(r, d, narrator);
  // A subtraction game of several heaps: the sum of its one-heap games, g named.
  if (d.spec.declaration && !d.spec.declaration->subtraction.empty() && !r.automaton &&
      !r.p_positions && r.equals.empty())
    return discover_sum(r, d, narrator);
  if (r.automaton) return discover_automaton(r, d, narrator);
  const smt::ProofFile& file = d.file;
  const smt::GameSpec& spec = d.spec;
  const Game* game = d.game.get();
  const std::size_t k = game->heap_count();
  const bool box = d.box;
  const Heap max_side = d.max_side;
  const std::string& input = d.input;
  const auto [out, certificate] =
      discovered_outputs(r, r.p_positions ? ".p-positions.discovered.proof" : ".discovered.proof");
  ProofOptions options = proof_options(r.workflow);
  const std::unique_ptr<AnswerCache> cache =
      answer_cache(r.workflow, smt::cvc5_version(options.lemma.cvc5_binary));
  const BothSolvers real(options.lemma.cvc5_binary);
  const ReusingSolvers reusing(real, {}, cache.get());
  if (cache) options.lemma.solvers = &reusing;

  const FitTarget target = r.p_positions ? FitTarget::PPositions : FitTarget::Value;
  const std::string what = r.p_positions ? "the P-positions" : "G";
  SearchLimits limits;
  limits.max_size = r.max_size;
  limits.max_pool = r.max_pool;
  Heap side = d.first_side;
  std::string last_reason;
  for (unsigned attempt = 1; attempt <= kMaxAttempts; ++attempt) {
    const FittingTable table = announced_table(*game, side, narrator);
    const auto start = std::chrono::steady_clock::now();
    const SearchResult found = search_formula(table, file.definitions, target, limits);
    const std::string searched = fmt::format(
        "{} expressions built, {} distinct on {} sample positions, {} refinement(s); every "
        "expression up to size {}",
        found.built, found.kept, found.samples, found.refinements, found.complete_size);
    if (!found.formula) {
      const std::string line = fmt::format(
          "discover: NOT FOUND (no formula for {} of size at most {} matches the table "
          "[0,{}]^{}: {}; stopped at {}{})",
          what, r.max_size, side, k, searched, found.stopped,
          last_reason.empty() ? "" : "; before that: " + last_reason);
      return {1, line};
    }
    const std::string formula = smt::to_string(*found.formula);
    narrator.line(fmt::format("discover: found {} = {} (size {}; {}; {:.1f} s)",
                              r.p_positions ? "P" : "G", formula, found.size, searched,
                              seconds_since(start)));

    DiscoveredStatement s;
    s.name = fresh_definition_name(file.definitions, "discovered");
    s.heaps = k;
    s.target = target;
    s.formula = found.formula;
    s.box_game = box ? box_game_text(spec) : "";
    s.side = side;
    s.found = fmt::format(
        "a formula of size {} for {} that matches the exact table on [0,{}]^{} ({} "
        "positions), the first such in its search ({})",
        found.size, what, side, k, table.positions(), searched);
    s.widths = {4, 8};
    s.timeout_ms = kInductionTimeoutMs;
    const std::string text = discovered_proof_text(input, s);
    const ProofSource source = proof_source(text, out);
    preflight(source, options);
    narrator.line("discover: certifying the statement ...");
    const Json cert = certify_one(source, options);
    narrator.checks(cert, reusing.provenance());
    const Json& induction = cert["induction"].back();
    const bool every =
        induction.contains("unbounded") && induction["unbounded"].value("answer", "") == "valid";
    if (cert["verdict"] == "holds" && every) {
      write_file_atomically(out, text);
      write_file_atomically(certificate, certificate_text(cert));
      return {0, fmt::format("discover: PROVED {} {} on N^{} (MONA); wrote {} and {}",
                             r.p_positions ? "G = 0 exactly where" : "G =", formula, k, out,
                             certificate)};
    }
    const std::string counterexample = induction_counterexample(induction);
    last_reason = counterexample.empty()
                      ? fmt::format(
                            "{} fits the table but was not proved for every position "
                            "(verdict {})",
                            formula, cert["verdict"].get<std::string>())
                      : fmt::format("{} is refuted: {}", formula, counterexample);
    narrator.line("discover: " + last_reason);
    if (counterexample.empty()) break;  // not refuted, not proved: a larger table won't tell
    limits.excluded.insert(formula);
    if (side == max_side) break;
    side = std::min<Heap>(max_side, 2 * side);
  }
  return {1, fmt::format("discover: NOT PROVED (nothing written; {})", last_reason)};
}

}  // namespace nimcert
