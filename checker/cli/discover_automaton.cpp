// discover --automaton: learn an automaton from the game's table and prove with MONA that it is
// the Grundy function (or the P-positions) at every position (see discover.hpp and
// checks/automaton_proof.hpp).  Its certificate, NAME.automaton.json, records the automaton as
// data (tracks, states, transitions, SHA-256), every obligation's MONA answer and program
// digest, and the scope; `nimcert show` renders its transition table.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <build_info.hpp>
#include <chrono>
#include <filesystem>

#include "base/atomic_file.hpp"
#include "base/sha256.hpp"
#include "checks/automaton_proof.hpp"
#include "checks/proof_input.hpp"
#include "cli/discover.hpp"
#include "cli/workflow_steps.hpp"
#include "games/symbolic_move.hpp"

namespace nimcert {

namespace {

// The automaton route's default table: [0, 2^m - 1]^k, the largest of at most this many
// positions (residuals need the high bits the learner compares on).
constexpr std::uint64_t kDefaultPositions = std::uint64_t{1} << 18;
constexpr unsigned kMaxAttempts = 3;

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

Heap default_side(std::size_t heaps) {
  Heap side = 3;
  while (side < 4095) {
    std::uint64_t n = 1;
    for (std::size_t i = 0; i < heaps; ++i) n *= std::uint64_t{2 * side + 2};
    if (n > kDefaultPositions) break;
    side = 2 * side + 1;
  }
  return side;
}

std::string default_output(const std::string& input) {
  std::filesystem::path p(input);
  const std::string stem = p.extension() == ".proof" ? p.stem().string() : p.filename().string();
  return (p.parent_path() / (stem + ".automaton.json")).string();
}

Json automaton_json(const Automaton& a, const std::vector<std::string>& tracks) {
  Json j;
  j["tracks"] = tracks;
  j["bit_order"] = "least significant first";
  j["states"] = a.states();
  j["initial"] = a.initial;
  Json accepting = Json::array();
  for (std::size_t q = 0; q < a.states(); ++q)
    if (a.accepting[q]) accepting.push_back(q);
  j["accepting"] = accepting;
  j["transitions"] = a.next;
  j["sha256"] = Sha256::of(a.text());
  return j;
}

Json obligation_json(const AutomatonObligation& o) {
  Json j;
  j["obligation"] = o.name;
  j["answer"] = smt::mona_answer_name(o.answer);
  j["mona_sha256"] = Sha256::of(o.mona);
  j["largest_automaton"] = {{"states", o.states}, {"bdd_nodes", o.bdd_nodes}};
  j["counterexample"] = o.counterexample ? Json(*o.counterexample) : Json(nullptr);
  if (!o.note.empty() && o.answer != smt::MonaRun::Answer::Valid) j["note"] = o.note;
  return j;
}

}  // namespace

int discover_automaton(const DiscoverRequest& r, const DiscoverSetup& d) {
  const Game& game = *d.game;
  const std::size_t k = game.heap_count();
  const bool value = !r.p_positions;
  const FitTarget target = value ? FitTarget::Value : FitTarget::PPositions;
  std::optional<smt::ExprPtr> equals;
  if (!r.equals.empty()) {
    auto it = d.file.definitions.find(r.equals);
    if (it == d.file.definitions.end() || it->second.parameters.size() != k || !value)
      throw std::invalid_argument(
          fmt::format("--equals {}: a definition of {} with {} parameters (and no --p-positions)",
                      r.equals, r.file, k));
    std::vector<smt::ExprPtr> args;
    for (const std::string& x : position_variables(k)) args.push_back(smt::make_var(x));
    auto node = std::make_shared<smt::Expr>(*smt::make_node(smt::Op::Call, args));
    node->name = r.equals;
    equals = node;
  }
  if (r.max_states < 2 || r.max_states > 4096)
    throw std::invalid_argument(fmt::format("--max-states {}: from 2 to 4096", r.max_states));
  const std::string out = r.out.empty() ? default_output(r.file) : r.out;
  check_certificate_output(out);
  Heap side = r.box ? d.first_side : default_side(k);
  Heap max_side = r.max_box ? *r.max_box : 4095;
  while (!r.max_box && positions_of(k, max_side) > kMaxTable) max_side /= 2;  // 2^m - 1 stays
  if (max_side < side) max_side = side;
  std::vector<std::string> tracks = position_variables(k);
  if (value) tracks.push_back("v");
  const UnboundedOptions mona = unbounded_options(proof_options(r.workflow).lemma);

  std::string last_reason;
  for (unsigned attempt = 1; attempt <= kMaxAttempts; ++attempt) {
    auto start = std::chrono::steady_clock::now();
    const FittingTable table = discovery_table(game, side);
    fmt::print("discover: the table of {} on [0,{}]^{}: {} positions ({:.1f} s)\n", game.describe(),
               side, k, table.positions(), seconds_since(start));
    start = std::chrono::steady_clock::now();
    LearningLimits limits;
    limits.max_states = r.max_states;
    const LearningResult learned = learn_automaton(table, target, limits);
    if (!learned.automaton) {
      fmt::print("discover: NOT FOUND ({}; {} residual comparisons on {} bits per heap)\n",
                 learned.stopped, learned.compared, learned.bits);
      return 1;
    }
    const Automaton& a = *learned.automaton;
    std::uint64_t misfits = 0;  // the learner's own consistency, on every position of the table
    for (std::size_t j = 0; j < table.positions(); ++j) {
      std::vector<std::uint64_t> tuple;
      for (const auto& column : table.columns) tuple.push_back(column[j]);
      if (value) tuple.push_back(table.values[j]);
      misfits += value ? !a.accepts(tuple) : a.accepts(tuple) != (table.values[j] == 0);
    }
    fmt::print(
        "discover: learned an automaton of {} states on {} tracks ({} bits per heap; {} "
        "comparisons; {} of {} table positions it does not fit; {:.1f} s)\n",
        a.states(), tracks.size(), learned.bits, learned.compared, misfits, table.positions(),
        seconds_since(start));
    start = std::chrono::steady_clock::now();
    const AutomatonProof proof = prove_automaton(a, target, game, d.file.definitions, equals, mona);
    fmt::print(
        "  {:<8} {:<52} the moves MONA reads against the game's enumeration on {}: {} "
        "positions, {} followers\n",
        proof.move_check.agrees ? "agrees" : "DIFFERS", "move encoding", proof.move_check.box,
        proof.move_check.positions, proof.move_check.followers);
    for (const AutomatonObligation& o : proof.obligations)
      fmt::print("  {:<8} {:<52} {:>7.2f} s  {}\n", smt::mona_answer_name(o.answer), o.name,
                 o.seconds,
                 o.counterexample ? *o.counterexample
                                  : fmt::format("largest automaton {} states", o.states));
    if (proof.verdict == Verdict::Holds) {
      Json c;
      c["format"] = "nimcert-automaton";
      c["format_version"] = 1;
      c["nimcert_version"] = build::version;
      c["mona"] = {{"version", smt::mona_version(mona.mona_binary)},
                   {"timeout_ms", mona.timeout_ms}};
      c["input"] = {{"file", std::filesystem::path(r.file).filename().string()},
                    {"sha256", Sha256::of(d.input)}};
      Json moves = Json::array();
      for (const SymbolicMove& m : game.symbolic_moves()) moves.push_back(m.name);
      c["game"] = {{"name", d.spec.name}, {"describe", game.describe()}, {"moves", moves}};
      const std::string heaps = fmt::format("{}", fmt::join(position_variables(k), ", "));
      c["statement"] = value ? fmt::format("G({}) is the v with learned({}, v)", heaps, heaps)
                             : fmt::format("G({}) = 0 exactly where learned({})", heaps, heaps);
      if (equals) c["equals"] = fmt::format("G = {}({}), the file's definition", r.equals, heaps);
      c["table"] = {{"box", fmt::format("[0,{}]^{}", side, k)},
                    {"positions", table.positions()},
                    {"bits", learned.bits}};
      c["move_encoding"] = {{"box", proof.move_check.box},
                            {"positions", proof.move_check.positions},
                            {"followers", proof.move_check.followers},
                            {"agrees", proof.move_check.agrees}};
      c["learning"] = "Myhill-Nerode on the table: residuals of prefixes, breadth first";
      c["automaton"] = automaton_json(a, tracks);
      Json obligations = Json::array();
      for (const AutomatonObligation& o : proof.obligations)
        obligations.push_back(obligation_json(o));
      c["obligations"] = obligations;
      c["verdict"] = "holds";
      c["scope"] = fmt::format("every position of N^{} (MONA)", k);
      write_file_atomically(out, c.dump(2) + "\n");
      fmt::print(
          "discover: PROVED {} by an automaton of {} states on N^{} (MONA; {:.1f} s); "
          "wrote {}\n",
          value ? "G" : "the P-positions", a.states(), k, seconds_since(start), out);
      return 0;
    }
    std::string refuted;
    for (const AutomatonObligation& o : proof.obligations)
      if (o.counterexample) {
        refuted = o.name + ": " + *o.counterexample;
        break;
      }
    last_reason = refuted.empty() ? "the automaton was not proved (a MONA answer unknown)"
                                  : "the automaton is refuted: " + refuted;
    fmt::print("discover: {}\n", last_reason);
    if (refuted.empty() || side >= max_side) break;
    side = std::min<Heap>(max_side, 2 * side + 1);
  }
  fmt::print("discover: NOT PROVED (nothing written; {})\n", last_reason);
  return 1;
}

}  // namespace nimcert
