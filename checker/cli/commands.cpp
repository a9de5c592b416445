// The subcommands: grundy, table, ppos, certify, verify, gate, show, export-smt2, export-mona (see
// commands.hpp).
#include "cli/commands.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <functional>
#include <map>
#include <memory>
#include <optional>

#include <unistd.h>

#include "checks/misere_sum.hpp"
#include "checks/position_claim.hpp"
#include "checks/proof_input.hpp"
#include "cli/check_table.hpp"
#include "cli/data.hpp"
#include "cli/export_mona.hpp"
#include "cli/export_smt2.hpp"
#include "cli/guarded.hpp"
#include "cli/pipeline_commands.hpp"
#include "cli/show.hpp"
#include "engines/cube_engine.hpp"
#include "engines/grundy_of.hpp"
#include "engines/misere/misere_sums.hpp"
#include "engines/octal_engine.hpp"
#include "games/registry.hpp"
#include "games/symbolic_move.hpp"
#include "pipelines/output_paths.hpp"

namespace nimcert {

namespace {

// --game and its parameters, shared by every subcommand that plays a game.
// Numbers are read as 64-bit and range-checked by the game registry, in the type the game
// keeps them in: a parameter is never narrowed on the way.
struct GameOptions {
  std::string name = "amalgamation";
  std::optional<std::uint64_t> merge_min;
  std::optional<std::uint64_t> heaps;
  std::optional<std::string> rule;

  CLI::Option* option = nullptr;  // --game, to tell whether it was given
  void add_to(CLI::App* cmd) {
    option = cmd->add_option("--game", name,
                             "Game: amalgamation, nim, serial-nim, maximum-nim or minimum-nim; "
                             "with --proof, one of the games the file declares")
                 ->capture_default_str();
    cmd->add_option("--rule", rule, "maximum-nim, minimum-nim: the rule f as an expression of n");
    cmd->add_option("--merge-min", merge_min,
                    "amalgamation: least heap size that may merge (default 2; 1 is Locke's game)");
    cmd->add_option("--heaps", heaps, "nim, serial-nim: number of heaps (default 3)");
  }
  std::unique_ptr<Game> make() const {
    nlohmann::ordered_json parameters = nlohmann::ordered_json::object();
    if (merge_min) parameters["merge_min"] = *merge_min;
    if (heaps) parameters["heaps"] = *heaps;
    if (rule) parameters["rule"] = *rule;
    return make_game(name, parameters);
  }
};

struct GrundyCommand {
  GameOptions game;
  std::vector<std::uint64_t> heaps;
  std::string proof;
  bool misere = false;  // the misère outcome of the sum of the heaps of a one-heap game
};
struct TableCommand {
  GameOptions game;
  Heap size = 10;
  std::optional<Heap> z, last;
  std::vector<std::string> fix;
  std::vector<std::size_t> axes;
  bool csv = false, tsv = false, bfile = false, misere = false;
  std::string png, proof, diff;
};
struct PposCommand {
  GameOptions game;
  Heap size = 10;
  bool tsv = false, misere = false;
  std::string proof, where;
};
struct CertifyCommand {
  std::vector<std::string> proofs;
  std::string out;
  WorkflowOptions options;
};
struct VerifyCommand {
  std::vector<std::string> certificates;
  bool drat = false;
  bool independent = false;
  WorkflowOptions options;
};
struct GateCommand {
  std::vector<std::string> proofs;
  WorkflowOptions options;
};
struct ExportCommand {
  std::vector<std::string> proofs;
  std::string dir = "smt2";
  unsigned timeout_ms = 60000;
};

struct ShowCommand {
  std::string certificate;
  std::string format = "text";
  std::string out;
};

struct ExportMonaCommand {
  std::vector<std::string> proofs;
  std::string dir = "mona";
};

DiscoverRequest discover_options;
GrundyCommand grundy_options;
TableCommand table_options;
PposCommand ppos_options;
CertifyCommand certify_options;
VerifyCommand verify_options;
GateCommand gate_options;
ExportCommand export_options;
ExportMonaCommand export_mona_options;
ShowCommand show_options;
std::map<const CLI::App*, std::function<int()>> runners;

void add_report_options(CLI::App* cmd, WorkflowOptions& o) {
  cmd->add_option("--junit", o.junit, "Also write a JUnit XML report (one test case per check)");
  cmd->add_option("--markdown", o.markdown,
                  "Also write a Markdown summary (for a CI step summary)");
}

void add_cache_options(CLI::App* cmd, WorkflowOptions& o) {
  auto* dir = cmd->add_option("--cache", o.cache_dir,
                              "The local answer cache, which only nimcert's own solver runs "
                              "write (default: $XDG_CACHE_HOME/nimcert or ~/.cache/nimcert)");
  cmd->add_flag("--no-cache", o.no_cache, "Neither read nor write the answer cache")->excludes(dir);
}

void add_timeout_option(CLI::App* cmd, WorkflowOptions& o) {
  cmd->add_option("--timeout-ms", o.timeout_ms,
                  "Time limit per SMT query and solver (Z3 and cvc5), 1 to 3600000; reached = "
                  "unknown")
      ->capture_default_str()
      ->check(CLI::Range(1u, 3600000u));
  cmd->add_option("--after-mona-timeout-ms", o.after_mona_ms,
                  "Time limit per query of the bounded widths of a statement MONA has already "
                  "proved for every natural (a second opinion), when below --timeout-ms; a "
                  "block's own 'timeout' wins")
      ->capture_default_str()
      ->check(CLI::Range(1u, 3600000u));
  cmd->add_option("--drat-limit-mb", o.drat_limit_mb,
                  "A lemma's DRAT proof (CaDiCaL's, checked by nimcert) larger than this many "
                  "MiB, 1 to 65536, is not checked and is recorded as \"no checked proof (size)\"")
      ->capture_default_str()
      ->check(CLI::Range(1u, 65536u));
  cmd->add_option("--drat-conflicts", o.drat_conflicts,
                  "CaDiCaL's limit on conflicts per query on the DRAT route, 1 to 2000000000: "
                  "the same outcome on every machine; reached = \"no checked proof (time)\" "
                  "(the solvers' answers stand)")
      ->capture_default_str()
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{2'000'000'000}));
  cmd->add_option("--drat-timeout-ms", o.drat_timeout_ms,
                  "CaDiCaL's wall-clock limit per query on the DRAT route, 1 to 3600000, a "
                  "safety net beyond --drat-conflicts; reached = \"no checked proof (time)\"")
      ->capture_default_str()
      ->check(CLI::Range(1u, 3600000u));
}

// What a data command plays: a Game, or an octal game (no Game: its followers are sums).
struct Played {
  std::unique_ptr<Game> game;
  std::optional<OctalGame> octal;
  smt::Definitions definitions;  // the proof file's, for --where
  std::size_t heaps() const { return octal ? 1 : game->heap_count(); }
};

// The game of --game; with --proof FILE, the file's first game, or the one of its declared
// games that --game names.  The file may declare games and state nothing to check.
Played game_of(const GameOptions& options, const std::string& proof) {
  Played played;
  if (proof.empty()) {
    played.game = options.make();
    return played;
  }
  const smt::ProofFile file = read_proof_file(proof, smt::Reading::Exploring);
  played.definitions = file.definitions;
  smt::GameSpec spec = file.game;
  if (options.option && options.option->count() > 0) {
    std::vector<std::string> names;
    spec = {};
    for (const auto& d : file.declared_games) {
      names.push_back(d->name);
      if (d->name == options.name) spec.name = d->name, spec.declaration = d;
    }
    if (!spec.declaration)
      throw std::invalid_argument(fmt::format("--game {}: not a game {} declares (it declares: {})",
                                              options.name, proof, fmt::join(names, ", ")));
  }
  if (spec.name.empty())
    throw std::invalid_argument(proof + ": no top-level game (name one of its claims with --diff)");
  if (spec.declaration && !spec.declaration->octal.empty()) {
    played.octal = OctalGame{spec.name, OctalCode(spec.declaration->octal)};
    return played;
  }
  played.game = make_game(spec, file.definitions);
  return played;
}

// The most stones of a heap whose octal value grundy computes (G(0..n) are all computed).
constexpr std::uint64_t kMaxOctalHeap = 100'000'000;

// The engines' progress on stderr while a data command computes, when its output goes to a
// file or a pipe (so that the live line never shares the terminal with the output).
std::unique_ptr<TerminalNarrator> live_line_unless_stdout_is_a_terminal() {
  if (isatty(STDOUT_FILENO) == 1) return nullptr;
  return std::make_unique<TerminalNarrator>();
}

// `grundy --misere`: how the outcome was found on one line, then P or N alone on the last.
int run_misere_sum(const GrundyCommand& o, const Played& played) {
  const std::string name = played.octal ? played.octal->describe() : played.game->describe();
  const MisereSumOutcome outcome = played.octal
                                       ? misere_sum_outcome(played.octal->code, o.heaps)
                                       : misere_sum_outcome(*played.game, o.heaps);
  fmt::print("misère outcome of {} in {}: {}\n{}\n", sum_text(o.heaps), name, outcome.how,
             outcome.p ? "P" : "N");
  return 0;
}

int run_grundy(const GrundyCommand& o) {
  const auto live = live_line_unless_stdout_is_a_terminal();
  Played played = game_of(o.game, o.proof);
  if (o.misere) return run_misere_sum(o, played);
  if (played.octal) {
    if (o.heaps.size() != 1)
      throw std::invalid_argument(
          fmt::format("{} takes 1 heap, got {}", played.octal->describe(), o.heaps.size()));
    if (o.heaps[0] > kMaxOctalHeap)
      throw std::invalid_argument(fmt::format(
          "heap 1 = {} is out of range for an octal game: at most {}", o.heaps[0], kMaxOctalHeap));
    fmt::print("{}\n", octal_values(played.octal->code, o.heaps[0]).back());
    return 0;
  }
  const auto game = std::move(played.game);
  if (o.heaps.size() != game->heap_count())
    throw std::invalid_argument(fmt::format("{} takes {} heaps, got {}", game->describe(),
                                            game->heap_count(), o.heaps.size()));
  Position p = Position::zeros(o.heaps.size());
  for (std::size_t i = 0; i < o.heaps.size(); ++i) {
    if (o.heaps[i] > 0xffffffffu)
      throw std::invalid_argument(
          fmt::format("heap {} = {} is out of range: at most 4294967295", i + 1, o.heaps[i]));
    p[i] = static_cast<Heap>(o.heaps[i]);
  }
  fmt::print("{}\n", grundy_of(*game, p));
  return 0;
}

int run_table_command(const TableCommand& o) {
  const auto live = live_line_unless_stdout_is_a_terminal();
  TableRequest r;
  if (o.diff.empty()) {
    Played played = game_of(o.game, o.proof);
    r.game = std::move(played.game);
    r.octal = std::move(played.octal);
  } else {  // the claim's game: the file's, or its box's
    if (o.proof.empty()) throw std::invalid_argument("--diff names a claim of the --proof file");
    const smt::ProofFile file = read_proof_file(o.proof);
    r.claim.emplace(file, o.diff);
    r.game = make_game(r.claim->game(), file.definitions);
  }
  r.size = o.size;
  r.last = o.last;
  if (o.axes.size() == 2) {
    r.rows_heap = o.axes[0] - 1;
    r.cols_heap = o.axes[1] - 1;
  }
  if (o.z) r.fixed[2] = *o.z;
  for (const std::string& f : o.fix) {
    const auto [heap, value] = parse_fixed_heap(f);
    r.fixed[heap] = value;
  }
  if (o.csv + o.tsv + o.bfile > 1) throw std::invalid_argument("one of --csv, --tsv, --bfile");
  r.format = o.csv ? "csv" : o.tsv ? "tsv" : o.bfile ? "bfile" : "text";
  r.png = o.png;
  if (!o.png.empty() && !o.proof.empty())
    refuse_outputs_over_inputs({{o.png, "heat map"}}, {{o.proof, "proof file"}});
  r.diff = o.diff;
  r.misere = o.misere;
  return run_table(r);
}

int run_ppos_command(const PposCommand& o) {
  PposRequest r;
  Played played = game_of(o.game, o.proof);
  if (!o.where.empty()) try {
      r.where = std::make_shared<smt::Program>(
          position_variables(played.heaps()),
          std::vector<smt::ExprPtr>{
              smt::expand(smt::parse_expression(o.where, position_variables(played.heaps()),
                                                played.definitions),
                          played.definitions)});
    } catch (const smt::ParseError& e) {
      throw std::invalid_argument(fmt::format("--where \"{}\": {}", o.where, e.what()));
    }
  r.game = std::move(played.game);
  r.octal = std::move(played.octal);
  r.size = o.size;
  r.tsv = o.tsv;
  r.misere = o.misere;
  return run_ppos(r);
}

}  // namespace

void register_commands(CLI::App& app) {
  auto* grundy = app.add_subcommand("grundy", "Print the Grundy value of one position");
  grundy_options.game.add_to(grundy);
  grundy->add_option("heaps", grundy_options.heaps, "Heap sizes, each 0 to 4294967295")->required();
  grundy->add_option("--proof", grundy_options.proof,
                     "Use this proof file's game (a declared game, or the built-in it names)");
  grundy->add_flag("--misere", grundy_options.misere,
                   "Print the misère outcome (P or N, on the last line) of the sum of these "
                   "heaps of a one-heap game, each at most 1000000: from its misère quotient "
                   "where one is found, else by the definition");
  runners[grundy] = [] { return guarded("grundy", [] { return run_grundy(grundy_options); }); };

  auto* table = app.add_subcommand(
      "table",
      "Print Grundy values: a slice of two heaps (the others fixed) as a grid, CSV or TSV, or a "
      "heat-map PNG; a one-heap game's g_0..g_N as lines 'n g' (an OEIS b-file with --bfile); "
      "with --proof and --diff, where a claim differs from the true values");
  table_options.game.add_to(table);
  table->add_option("--size", table_options.size,
                    "Rows and columns 0..size-1 (size values a heap), 1 to 4097; a proof file's "
                    "'size B' means [0,B], B + 1 values")
      ->capture_default_str()
      ->check(CLI::Range(1u, 4097u));
  table->add_option("--last", table_options.last, "One-heap games: n = 0..last, 0 to 100000000")
      ->check(CLI::Range(0u, 100000000u));
  table->add_option("--axes", table_options.axes, "The heaps along rows and columns (default 1 2)")
      ->expected(2)
      ->check(CLI::Range(std::size_t{1}, std::size_t{8}));
  table->add_option("--z", table_options.z, "The third heap, 0 to 4096 (the same as --fix x3=Z)")
      ->check(CLI::Range(0u, 4096u));
  table->add_option("--fix", table_options.fix,
                    "Another heap's value, as xI=V (repeatable; heaps not fixed are 0)");
  table->add_flag("--csv", table_options.csv, "Comma-separated output");
  table->add_flag("--tsv", table_options.tsv, "Tab-separated output");
  table->add_flag("--bfile", table_options.bfile, "One-heap games: an OEIS b-file");
  table->add_flag("--misere", table_options.misere,
                  "One-heap games: each heap's misère outcome, lines 'n P' or 'n N' (from the "
                  "proved misère quotient where one is found, else by the definition)");
  table->add_option("--png", table_options.png, "Also draw the slice as a heat map (PNG)");
  table->add_option("--proof", table_options.proof, "Use this proof file's game");
  table->add_option("--diff", table_options.diff,
                    "Compare with this claim of the --proof file: mark where it fails (the "
                    "claimed value beside G for a formula G == F)");
  runners[table] = [] { return guarded("table", [] { return run_table_command(table_options); }); };

  auto* ppos = app.add_subcommand(
      "ppos", "List the P-positions (G = 0) of the box [0,size-1]^k, as CSV (or TSV)");
  ppos_options.game.add_to(ppos);
  ppos->add_option("--size", ppos_options.size,
                   "Heaps 0..size-1 (size values a heap), 1 to 4097; a proof file's 'size B' "
                   "means [0,B], B + 1 values")
      ->capture_default_str()
      ->check(CLI::Range(1u, 4097u));
  ppos->add_flag("--tsv", ppos_options.tsv, "Tab-separated output");
  ppos->add_option("--where", ppos_options.where,
                   "Only the P-positions where this expression of x1..xk is nonzero (true), "
                   "e.g. \"x1 <= x2 && x3 == 0\"; it may call the --proof file's definitions");
  ppos->add_option("--proof", ppos_options.proof, "Use this proof file's game");
  ppos->add_flag("--misere", ppos_options.misere,
                 "The P-positions of misère play (the player who cannot move wins)");
  runners[ppos] = [] { return guarded("ppos", [] { return run_ppos_command(ppos_options); }); };

  auto* certify = app.add_subcommand(
      "certify",
      "Check proof files (claims on cubes and boxes, sequences, lemmas with Z3, cvc5 and by "
      "enumeration, induction steps) and write their certificates "
      "(certs/X.proof -> certs/X.cert.json)");
  certify->add_option("proofs", certify_options.proofs, "Proof files (default: certs/*.proof)");
  certify
      ->add_option("--cube", certify_options.options.cube,
                   "Cube size N, 1 to 4096, overriding the proof file")
      ->check(CLI::Range(1u, 4096u));
  certify->add_option("-o,--out", certify_options.out, "Certificate file (one proof only)");
  certify
      ->add_option_function<std::string>(
          "--only",
          [](const std::string& what) { certify_options.options.claims_only = what == "claims"; },
          "Check only this part, for exploring: `claims` (the claims on the cube, boxes and "
          "sequences; no solver runs).  Prints the results and writes no certificate")
      ->check(CLI::IsMember({"claims"}));
  certify->add_flag("--fail-fast", certify_options.options.fail_fast,
                    "Stop at the first check that fails (then no certificate is written)");
  add_timeout_option(certify, certify_options.options);
  add_report_options(certify, certify_options.options);
  add_cache_options(certify, certify_options.options);
  runners[certify] = [] {
    return certify_command(certify_options.proofs, certify_options.out, certify_options.options);
  };

  auto* discover = app.add_subcommand(
      "discover",
      "From a game's rules to a proved statement: compute its table, search for a formula that "
      "matches it, and certify it by induction for every position (writes FILE.discovered.proof "
      "and its certificate only when the induction holds on N^k)");
  discover
      ->add_option("file", discover_options.file,
                   "A proof file that declares the game (or names a built-in one) and its "
                   "definitions, and states nothing to check")
      ->required();
  discover->add_option("--game", discover_options.game, "One of the games the file declares");
  discover->add_option("-o,--out", discover_options.out,
                       "The proof file to write (default: beside FILE as NAME.discovered.proof)");
  discover
      ->add_option("--box", discover_options.box,
                   "The table's side B: [0,B]^k (default: about 40000 positions)")
      ->check(CLI::Range(1u, 4096u));
  discover
      ->add_option("--max-box", discover_options.max_box,
                   "When a candidate is refuted the table doubles, up to this side (default 4B)")
      ->check(CLI::Range(1u, 4096u));
  discover
      ->add_option("--max-size", discover_options.max_size,
                   "The largest formula searched, 1 to 32 (heaps, constants, operators, calls)")
      ->capture_default_str()
      ->check(CLI::Range(1u, 32u));
  discover
      ->add_option("--max-pool", discover_options.max_pool,
                   fmt::format("The most expressions the formula search keeps, {} to {} (memory: "
                               "about 0.5 KiB each)",
                               kMinPool, kMaxPool))
      ->capture_default_str()
      ->check(CLI::Range(kMinPool, kMaxPool));
  discover->add_flag("--p-positions", discover_options.p_positions,
                     "Fit the set {G = 0}, proved by the win-loss induction, instead of G");
  discover->add_flag("--automaton", discover_options.automaton,
                     "Learn an automaton from the table (bits of the heaps and of G, least "
                     "significant first) and prove it with MONA for every position; writes "
                     "NAME.automaton.json");
  discover->add_option("--equals", discover_options.equals,
                       "--automaton: also prove that the automaton equals this definition of "
                       "the file (over x1..xk) at every position");
  discover
      ->add_option("--max-states", discover_options.max_states,
                   "--automaton: the most states learned, 2 to 4096")
      ->capture_default_str()
      ->check(CLI::Range(2, 4096));
  discover
      ->add_option("--max-last", discover_options.max_last,
                   "An octal or one-heap subtraction game: compute its values G(0..L) for L "
                   "doubling from 4096 up to this, 64 to 2^26")
      ->capture_default_str();
  add_timeout_option(discover, discover_options.workflow);
  add_cache_options(discover, discover_options.workflow);
  runners[discover] = [] { return discover_command(discover_options); };

  auto* verify = app.add_subcommand(
      "verify",
      "Re-run every check a certificate records and compare: its stable part must match byte "
      "for byte (exit 0 only when it does and the verdict holds).  With --drat: only check "
      "the recorded DRAT proofs again, with nimcert's own checkers and no SMT solver.  With "
      "--independent: check every piece of recorded evidence again with no solver present");
  verify->add_option("certificates", verify_options.certificates,
                     "Certificate file (with --drat or --independent: one or more)")
      ->required();
  verify->add_flag("--drat", verify_options.drat,
                   "Check each lemma's recorded DRAT proof (in the folder PROOF.drat beside the "
                   "certificate) against the CNF of its query: the query's, CNF's and proof's "
                   "SHA-256 must be the recorded ones and nimcert's DRAT and LRAT checkers must "
                   "accept.  Z3 and cvc5 are not run; CaDiCaL only writes again a proof file "
                   "that is missing (it must then be the recorded one, by its SHA-256)");
  auto* independent = verify->add_flag(
      "--independent", verify_options.independent,
      "Check again, with no solver on PATH and no Z3 call, every piece of evidence the "
      "certificates record: each statement MONA decided, compiled into nimcert's own automata "
      "and held to its evidence file (PROOF.drat/*.automata: the reachable pairs of states, "
      "closed under every letter, the statement true at each; a missing one is written again "
      "and must have the recorded SHA-256), and each checked DRAT proof against the CNF kept "
      "beside it (PROOF.drat/*.cnf) by nimcert's DRAT and LRAT checkers.  One row per record");
  independent->excludes(verify->get_option("--drat"));
  add_report_options(verify, verify_options.options);
  runners[verify] = [] {
    if (verify_options.drat)
      return verify_drat_command(verify_options.certificates, verify_options.options);
    if (verify_options.independent)
      return verify_independent_command(verify_options.certificates, verify_options.options);
    if (verify_options.certificates.size() != 1)
      return guarded("verify", []() -> int {
        throw std::invalid_argument(
            "verify re-runs one certificate (several only with --drat or --independent)");
      });
    return verify_command(verify_options.certificates[0], verify_options.options);
  };

  auto* show = app.add_subcommand(
      "show",
      "Render a certificate for reading, re-running nothing: the statement, every check with "
      "its evidence and scope, counterexamples, the trust ledger, each query's file and SHA-256");
  show->add_option("certificate", show_options.certificate, "Certificate file")->required();
  show->add_option("--format", show_options.format,
                   "text, markdown, html; or dot (an automaton certificate's automaton, for "
                   "Graphviz)")
      ->capture_default_str()
      ->check(CLI::IsMember({"text", "markdown", "html", "dot"}));
  show->add_option("-o,--out", show_options.out, "Write to this file (default: standard output)");
  runners[show] = [] {
    return show_command(show_options.certificate, show_options.format, show_options.out);
  };

  auto* gate = app.add_subcommand(
      "gate",
      "CI gate: certify into a temporary folder and compare with the committed certificates "
      "(exit 0 all hold and nothing drifted, 1 a failure or drift, 2 infrastructure failure)");
  gate->add_option("proofs", gate_options.proofs, "Proof files (default: certs/*.proof)");
  add_timeout_option(gate, gate_options.options);
  add_report_options(gate, gate_options.options);
  gate->add_flag("--full", gate_options.options.full,
                 "Solve every query again, reusing nothing (no base, no cache)");
  gate->add_option("--base", gate_options.options.base,
                   "A git revision the gate already passed (origin/main, the merge-base): a "
                   "query whose exact text, time limit and solver versions its certificate "
                   "records takes that unsat or unknown answer.  The working tree's "
                   "certificates are never a source");
  add_cache_options(gate, gate_options.options);
  runners[gate] = [] { return gate_command(gate_options.proofs, gate_options.options); };

  auto* exporter =
      app.add_subcommand("export-smt2",
                         "Write every lemma and induction query as an SMT-LIB 2.6 benchmark "
                         "(DIR/PROOF/LABEL-wW.smt2, DIR/PROOF/induction-CLAIM-wW-OBLIGATION.smt2)");
  exporter->add_option("proofs", export_options.proofs, "Proof files (default: certs/*.proof)");
  exporter->add_option("--dir", export_options.dir, "Output folder")->capture_default_str();
  exporter
      ->add_option("--timeout-ms", export_options.timeout_ms,
                   "Z3 time limit per query, 1 to 3600000")
      ->capture_default_str()
      ->check(CLI::Range(1u, 3600000u));
  runners[exporter] = [] {
    return guarded("export-smt2", [] {
      return export_smt2(export_options.proofs, export_options.dir, export_options.timeout_ms);
    });
  };

  auto* mona_exporter = app.add_subcommand(
      "export-mona",
      "Write every lemma and induction step of the unbounded fragment as the MONA program "
      "certify decides (DIR/PROOF/LABEL.mona, DIR/PROOF/induction-CLAIM-OBLIGATION.mona); "
      "`mona FILE` reruns it");
  mona_exporter->add_option("proofs", export_mona_options.proofs,
                            "Proof files (default: certs/*.proof)");
  mona_exporter->add_option("--dir", export_mona_options.dir, "Output folder")
      ->capture_default_str();
  runners[mona_exporter] = [] {
    return guarded("export-mona",
                   [] { return export_mona(export_mona_options.proofs, export_mona_options.dir); });
  };
}

int run_selected_command(const CLI::App& app) {
  for (const CLI::App* cmd : app.get_subcommands())
    if (auto it = runners.find(cmd); it != runners.end()) return it->second();
  throw std::logic_error("no subcommand selected");
}

}  // namespace nimcert
