// Checking a proof file (see proof_check.hpp).
#include "checks/proof_check.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <functional>
#include <limits>

#include "base/counted.hpp"
#include "base/elapsed.hpp"
#include "base/memory_budget.hpp"
#include "base/parallel_for.hpp"
#include "base/position_count.hpp"
#include "base/sha256.hpp"
#include "checks/exhaustive_share.hpp"
#include "checks/periodicity.hpp"
#include "checks/proof_input.hpp"
#include "checks/reusing_exhaustive.hpp"
#include "checks/rules_check.hpp"
#include "claims/proof_claims.hpp"
#include "engines/box_engine.hpp"
#include "engines/cube_engine.hpp"
#include "games/declared_game.hpp"
#include "games/octal_code.hpp"
#include "games/presets.hpp"
#include "games/registry.hpp"
#include "sat/cadical.hpp"
#include "solve/cvc5_replay.hpp"
#include "solve/z3_backend.hpp"
#include "sys/activity.hpp"
#include "ws1s/mona.hpp"

namespace nimcert {

Verdict ProofReport::verdict() const {
  Verdict v = Verdict::Holds;
  for (const auto& r : rules) v = conjunction(v, r.verdict());
  if (cube) v = conjunction(v, cube->verdict());
  for (const auto& b : boxes) v = conjunction(v, b.verdict());
  for (const auto& q : sequences) v = conjunction(v, q.verdict());
  for (const auto& l : lemmas) v = conjunction(v, l.verdict);
  for (const auto& d : inductions) v = conjunction(v, d.verdict);
  return v;
}

ProofSource load_proof(const std::string& path) {
  return proof_source(read_proof_text(path), path);
}

ProofSource proof_source(const std::string& text, const std::string& path) {
  ProofSource source;
  source.path = path;
  source.name = std::filesystem::path(path).filename().string();
  source.sha256 = Sha256::of(text);
  source.text = text;
  source.proof = parse_proof_file(text, path);
  return source;
}

namespace {

// The heaps of a box's positions: a sum box (`game NAME sum K`) has K, whatever its one-heap
// game's count.
std::size_t box_heaps(const smt::BoxSpec& b) { return b.sum > 0 ? b.sum : heap_count_of(b.game); }

// The memory a box's values take: what its preflight requires, and its share of the machine.
std::uint64_t box_bytes(const smt::BoxSpec& b) { return BoxValues::bytes(box_heaps(b), b.size); }

std::string at(const ProofSource& s, smt::SourceLocation w) {
  return fmt::format("{}:{}:{}", s.path, w.line, w.column);
}

// A declared game whose rules are broken is refused, at the move kind that breaks them, with
// the position (and its parameters) where it does.
[[noreturn]] void refuse_rules(const ProofSource& source, const smt::GameDeclaration& d,
                               const RulesReport& rules) {
  auto move_where = [&](const std::string& name) {
    for (const smt::MoveKind& m : d.moves)
      if (m.name == name) return m.where;
    return d.where;
  };
  if (rules.violation)
    throw smt::ParseError(fmt::format("{}: expected rules that make a game: {}",
                                      at(source, move_where(rules.violating_move)),
                                      *rules.violation));
  if (!rules.shape_agrees)
    throw smt::ParseError(fmt::format(
        "{}: internal error: the {} engine's shape of {} lists other followers than its "
        "declaration: {}",
        at(source, d.where), rules.engine, d.name, rules.shape_disagreement.dump()));
  for (const InductionWidth& w : rules.widths)
    for (const ObligationOutcome& o : w.obligations)
      if (o.refutes) {
        const std::string move = o.name.substr(o.name.find(' ') + 1);
        throw smt::ParseError(fmt::format(
            "{}: expected rules that make a game: move \"{}\" {} at {} (width {}, found by Z3 "
            "and re-checked in C++)",
            at(source, move_where(move)), move,
            o.name.rfind("(7)", 0) == 0 ? "does not lower the rank (stones plus nonempty heaps)"
                                        : "leaves the naturals (a subtraction is truncated)",
            o.counterexample->dump(), w.width));
      }
  throw smt::ParseError(at(source, d.where) + ": expected a well-founded game");
}

// The box of the report that checked the induction's claim and found it holding at every
// position, the largest when several did: its widths inside it are decided there.  Its game must
// be the induction's (the claim is about that game's values).
std::optional<CoveringBox> covering_box(const ProofReport& report, const smt::InductionSpec& spec) {
  std::optional<CoveringBox> best;
  for (std::size_t b = 0; b < report.boxes.size() && b < report.proof.boxes.size(); ++b) {
    const BoxReport& box = report.boxes[b];
    const smt::BoxSpec& declared = report.proof.boxes[b];
    if (declared.sum != 0 || declared.misere != spec.misere) continue;
    if (declared.game.name != spec.game.name || declared.game.parameters != spec.game.parameters ||
        declared.game.declaration != spec.game.declaration)
      continue;
    for (const ClaimOutcome& c : box.claims)
      if (c.name == spec.claim && c.verdict == Verdict::Holds && (!best || box.size > best->size))
        best = CoveringBox{box.name, box.size};
  }
  return best;
}

// The rules first, nothing being computed from bad ones: the declared game's, then each
// built-in game's preset (the top-level game's, then the boxes', each game once).
void check_rules_of_games(const ProofSource& source, const ProofOptions& options,
                          ProofReport& report) {
  const smt::ProofFile& proof = source.proof;
  const bool solve = !options.claims_only;
  for (const auto& declaration : proof.declared_games) {
    if (!declaration->octal.empty()) continue;  // its code is read, and played by sequences
    const auto start = std::chrono::steady_clock::now();
    const DeclaredGame game(declaration, proof.definitions);
    report.rules.push_back(check_rules(game, options.lemma, solve));
    report.rules.back().seconds = seconds_since(start);
    if (report.rules.back().verdict() == Verdict::Fails)
      refuse_rules(source, *declaration, report.rules.back());
  }
  std::vector<const smt::GameSpec*> built_in;
  if (!proof.game.name.empty() && !proof.game.declaration) built_in.push_back(&proof.game);
  for (const smt::BoxSpec& b : proof.boxes)
    if (!b.game.declaration) built_in.push_back(&b.game);
  std::vector<std::string> seen;
  for (const smt::GameSpec* spec : built_in) {
    const auto game = make_game(*spec, proof.definitions);
    if (std::find(seen.begin(), seen.end(), game->describe()) != seen.end()) continue;
    seen.push_back(game->describe());
    const auto declaration = preset_declaration(*game, proof.definitions);
    if (!declaration) continue;
    const auto start = std::chrono::steady_clock::now();
    const DeclaredGame preset(declaration, proof.definitions);
    report.rules.push_back(check_preset(*game, preset));
    report.rules.back().seconds = seconds_since(start);
  }
}

// A block's report from the cache when its inputs are unchanged (recorded in the report as
// reused), else computed, timed, and kept when it holds.
template <class Report, class Compute>
Report reused_or_computed(const ProofOptions& options, const std::string& block,
                          const std::function<std::string()>& inputs, ProofReport& report,
                          const Compute& compute) {
  const auto start = std::chrono::steady_clock::now();
  const std::string text = options.exhaustive ? inputs() : std::string();
  if (options.exhaustive)
    if (std::optional<Report> r = options.exhaustive->find<Report>(text)) {
      report.reused.push_back(block);
      r->seconds = seconds_since(start);
      return std::move(*r);
    }
  Report r = compute();
  r.seconds = seconds_since(start);
  if (options.exhaustive) options.exhaustive->store(text, r);
  return r;
}

}  // namespace

void preflight(const ProofSource& source, const ProofOptions& options) {
  const smt::ProofFile& proof = source.proof;
  if (!proof.claims.empty()) {
    const auto game = make_game(proof.game, proof.definitions);
    const auto shape = game->move_shape();
    if (!shape)
      throw smt::ParseError(fmt::format(
          "{}: expected a game the cube engine can sweep for the top-level claims ({} is not "
          "every reduction plus merges: state its claims in a box)",
          at(source, proof.game.where), game->describe()));
    const Heap n = options.cube ? *options.cube : proof.cube;
    require_memory(CubeEngine::sweep_bytes(n),
                   fmt::format("{}: the cube [0,{}]^3", at(source, proof.game.where), n),
                   "choose a smaller cube: 'cube N', or --cube N");
  }
  for (const smt::BoxSpec& b : proof.boxes)
    require_memory(
        box_bytes(b),
        fmt::format("{}: box \"{}\", [0,{}]^{}", at(source, b.where), b.name, b.size, box_heaps(b)),
        "choose a smaller box: its 'size'");
  for (const smt::SequenceSpec& q : proof.sequences)
    require_memory(
        sequence_bytes(q),
        fmt::format("{}: sequence \"{}\" (n = 0..{})", at(source, q.where), q.name, q.last),
        "choose a smaller 'last'");
  for (const smt::LemmaSpec& l :
       options.claims_only ? std::vector<smt::LemmaSpec>{} : proof.lemmas) {
    const ExpandedLemma x = expand_lemma(l, proof.definitions);
    const EnumerationEstimate e =
        estimate_enumeration(l.variables, x.implication, l.low, l.high, options.lemma.threads);
    if (e.seconds > options.max_enumeration_seconds)
      throw ResourceError(fmt::format(
          "{}: lemma \"{}\": enumerating [{}, {}]^{} ({:.3g} assignments) would take about "
          "{:.3g} hours here, more than the {:.3g} allowed; refusing to start (narrow the range)",
          at(source, l.range_where), l.label, l.low, l.high, l.variables.size(),
          static_cast<double>(e.cases), e.seconds / 3600, options.max_enumeration_seconds / 3600));
  }
}

ProofReport check_proof(const std::string& path, const ProofOptions& options,
                        const Progress& progress) {
  const ProofSource source = load_proof(path);
  preflight(source, options);
  return check_proof(source, options, progress);
}

ProofReport check_proof(const ProofSource& source, const ProofOptions& options,
                        const Progress& progress) {
  const std::string& path = source.path;
  ProofReport report;
  report.proof = source.proof;
  report.proof_name = source.name;
  report.proof_sha256 = source.sha256;
  // The solvers first: a missing cvc5 is an error before minutes of other checks.
  report.timeout_ms = options.lemma.timeout_ms;
  report.after_mona_timeout_ms = options.lemma.after_unbounded_ms;
  report.z3_version = smt::z3_version();
  report.z3_seed = smt::kZ3Seed;
  const bool solvers =
      !options.claims_only &&
      (!report.proof.lemmas.empty() || !report.proof.inductions.empty() ||
       std::any_of(report.proof.declared_games.begin(), report.proof.declared_games.end(),
                   [](const auto& d) { return d->octal.empty(); }));
  // A periodicity claim that no window theorem covers is posed to MONA alone.
  const bool mex_recursion =
      !options.claims_only &&
      std::any_of(report.proof.sequences.begin(), report.proof.sequences.end(), [](const auto& q) {
        if (q.misere || !q.game.declaration || q.game.declaration->octal.empty()) return false;
        const OctalCode code(q.game.declaration->octal);
        return std::any_of(q.periodic.begin(), q.periodic.end(),
                           [&](const auto& c) { return decided_by_mex_recursion(code, c.saltus); });
      });
  if (solvers) report.cvc5_version = smt::cvc5_version(options.lemma.cvc5_binary);
  if (solvers) report.cvc5_options = smt::kCvc5Options;
  if ((solvers || mex_recursion) && options.lemma.unbounded)
    report.mona_version = smt::mona_version(options.lemma.mona_binary);
  if (solvers && options.lemma.drat.enabled &&
      (!report.proof.lemmas.empty() || !report.proof.inductions.empty())) {
    report.cadical_version = smt::cadical_version(options.lemma.drat.cadical_binary);
    report.cadical_options = smt::kCadicalOptions;
    report.drat_proof_limit_bytes = options.lemma.drat.proof_limit_bytes;
    report.drat_timeout_ms = options.lemma.drat.timeout_ms;
    report.drat_conflicts = options.lemma.drat.conflicts;
    report.drat_check_visits = options.lemma.drat.check_visits;
    report.drat_check_memory_bytes = options.lemma.drat.check_memory_bytes;
  }
  // After each block: with fail_fast, a failure ends the run there.
  auto stop = [&](Verdict v) {
    if (!options.fail_fast || v != Verdict::Fails) return false;
    report.incomplete = "stopped at the first failing check (--fail-fast)";
    return true;
  };
  check_rules_of_games(source, options, report);
  // The exhaustive parts share the machine with those of a proof checked beside this one
  // (checks/exhaustive_share.hpp): the cube alone, boxes and sequences two at a time when their
  // memory estimates fit together.  A part reused from the cache takes no share.
  ExhaustiveShare& share = ExhaustiveShare::process();
  if (!report.proof.claims.empty()) {
    report.game = make_game(report.proof.game, report.proof.definitions);
    const Heap n = options.cube ? *options.cube : report.proof.cube;
    const auto claims = proof_claims(report.proof);
    std::vector<const CubeClaim*> pointers;
    for (const auto& c : claims) pointers.push_back(c.get());
    report.cube = reused_or_computed<CubeReport>(
        options, "exhaustive", [&] { return cube_inputs(source, options); }, report,
        [&] {
          // The claims ready themselves for the cube's positions (machine code), side by side
          // and before the cube takes every core.
          const std::uint64_t positions =
              box_position_count({n, n, n}).value_or(std::numeric_limits<std::uint64_t>::max());
          parallel_for(claims.size(), share.cores(),
                       [&](std::size_t i) { claims[i]->prepare(positions); });
          const auto alone = share.take(share.cores(), CubeEngine::sweep_bytes(n));
          CubeReport cube = check_cube(*report.game, n, pointers, progress);
          for (std::size_t i = 0; i < claims.size(); ++i)
            cube.claims[i].text = report.proof.claims[i].text;
          return cube;
        });
    if (stop(report.cube->verdict())) return report;
  } else if (const auto& d = report.proof.game.declaration; d && !d->octal.empty()) {
    report.octal_game = octal_game_json(d->name, OctalCode(d->octal));
  } else if (!report.proof.game.name.empty()) {
    report.game = make_game(report.proof.game, report.proof.definitions);
  }
  for (std::size_t i = 0; i < report.proof.boxes.size(); ++i) {
    const smt::BoxSpec& box = report.proof.boxes[i];
    smt::set_activity(fmt::format("box {}", box.name));
    report.boxes.push_back(reused_or_computed<BoxReport>(
        options, "box " + box.name, [&] { return box_inputs(source, i); }, report,
        [&] {
          const auto one_core = share.take(1, box_bytes(box));
          return check_box(box, report.proof.definitions);
        }));
    if (stop(report.boxes.back().verdict())) return report;
  }
  for (std::size_t i = 0; i < report.proof.sequences.size(); ++i) {
    const smt::SequenceSpec& sequence = report.proof.sequences[i];
    smt::set_activity(fmt::format("sequence {}", sequence.name));
    report.sequences.push_back(reused_or_computed<SequenceReport>(
        options, "sequence " + sequence.name, [&] { return sequence_inputs(source, i, options); },
        report,
        [&] {
          const auto one_core = share.take(1, sequence_bytes(sequence));
          const UnboundedOptions mona = unbounded_options(options.lemma);
          return check_sequence(sequence, report.proof.definitions, options.misere,
                                options.claims_only ? nullptr : &mona);
        }));
    if (stop(report.sequences.back().verdict())) return report;
  }
  if (options.claims_only) {
    std::vector<std::string> left;
    if (const std::size_t n = report.proof.lemmas.size()) left.push_back(count_of(n, "lemma"));
    if (const std::size_t n = report.proof.inductions.size())
      left.push_back(count_of(n, "induction"));
    // Even a file with nothing else: an exploration run never stands for a certificate.
    report.incomplete = left.empty() ? "claims only (--only claims)"
                                     : fmt::format("claims only (--only claims): {} not checked",
                                                   fmt::join(left, " and "));
    return report;
  }
  for (const smt::LemmaSpec& lemma : report.proof.lemmas) {
    report.lemmas.push_back(check_lemma(lemma, report.proof.definitions, options.lemma));
    if (stop(report.lemmas.back().verdict)) return report;
  }
  // Two inductions at a time (one under --fail-fast, which stops at the first failing one):
  // their queries share the process's solver slots, so one induction's long query no longer
  // leaves a core idle while the rest wait.  Each has its own game; the report keeps the file's
  // order.
  const std::vector<smt::InductionSpec>& specs = report.proof.inductions;
  std::vector<std::optional<InductionOutcome>> inductions(specs.size());
  parallel_for(specs.size(), options.fail_fast ? 1 : options.lemma.threads, [&](std::size_t i) {
    if (options.fail_fast && i > 0 && inductions[i - 1]->verdict == Verdict::Fails) return;
    inductions[i] = check_induction(specs[i], report.proof.definitions,
                                    *make_game(specs[i].game, report.proof.definitions),
                                    options.lemma, path, covering_box(report, specs[i]));
  });
  for (std::optional<InductionOutcome>& induction : inductions) {
    report.inductions.push_back(std::move(*induction));
    if (stop(report.inductions.back().verdict)) return report;
  }
  return report;
}

}  // namespace nimcert
