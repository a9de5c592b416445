// discover --automaton: learn an automaton from the game's table and prove with MONA that it is
// the Grundy function (or the P-positions) at every position (see discover.hpp and
// checks/automaton_proof.hpp).  Its certificate, NAME.automaton.json, records the automaton as
// data (tracks, states, transitions, SHA-256), every obligation's MONA answer and program
// digest, and the scope; `nimcert show` renders its transition table.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <build_info.hpp>
#include <algorithm>
#include <chrono>
#include <filesystem>

#include "automata/universality.hpp"
#include "base/atomic_file.hpp"
#include "base/elapsed.hpp"
#include "base/sha256.hpp"
#include "certificate/certificate.hpp"
#include "certificate/render/automaton_document.hpp"
#include "checks/automaton_proof.hpp"
#include "checks/proof_input.hpp"
#include "discovery/readable_forms.hpp"
#include "games/symbolic_move.hpp"
#include "pipelines/discover.hpp"
#include "pipelines/steps.hpp"

namespace nimcert {

namespace {

// The automaton route's default table: [0, 2^m - 1]^k, the largest of at most this many
// positions (residuals need the high bits the learner compares on).
constexpr std::uint64_t kDefaultPositions = std::uint64_t{1} << 18;
constexpr unsigned kMaxAutomatonAttempts = 3;

Heap default_automaton_side(std::size_t heaps) {
  Heap side = 3;
  while (side < 4095) {
    std::uint64_t n = 1;
    for (std::size_t i = 0; i < heaps; ++i) n *= std::uint64_t{2 * side + 2};
    if (n > kDefaultPositions) break;
    side = 2 * side + 1;
  }
  return side;
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
  if (o.independent) {  // nimcert's automata: the record, the evidence itself kept inline
    Json x = {{"checker", automata::kCheckerName}, {"status", o.independent->status}};
    if (o.independent->checked()) {
      x["states"] = o.independent->states;
      x["sha256"] = o.independent->sha256;
    }
    if (!o.independent->note.empty()) x["note"] = o.independent->note;
    j["independent"] = std::move(x);
  }
  if (!o.note.empty() && o.answer != smt::MonaRun::Answer::Valid) j["note"] = o.note;
  return j;
}

// What an attempt needs besides the setup: the target, the formula to compare with, the
// learner's limit, MONA's options, and the certificate's name for the input.
struct AutomatonTask {
  bool value = true;
  std::string equals_name;
  std::optional<smt::ExprPtr> equals;
  std::size_t max_states = 64;
  UnboundedOptions mona;
};

// One attempt on the table [0,side]^k: its certificate when the automaton is proved; else why
// not (`refuted` when the game confirmed a counterexample, `not_found` when nothing was learned).
struct AutomatonAttempt {
  std::optional<Json> certificate;
  std::string reason;
  bool refuted = false, not_found = false;
};

// The proved automaton read back as a readable form (discovery/readable_forms.hpp): the first
// form that fits the table and that MONA proves equal to the automaton at every position; none
// when no form fits or none is proved.
std::optional<Json> read_back(const Automaton& a, const FittingTable& table,
                              const DiscoverSetup& d, const AutomatonTask& task,
                              Narrator& narrator) {
  const std::size_t k = d.game->heap_count();
  for (const ReadableForm& form : readable_forms(k)) {
    if (!fits_table(form, table)) continue;
    const AutomatonProof proof =
        prove_automaton(a, FitTarget::Value, *d.game, d.file.definitions, form.expr, task.mona);
    const AutomatonObligation* same = nullptr;
    for (const AutomatonObligation& o : proof.obligations)
      if (o.name == kEqualsObligation) same = &o;
    if (proof.verdict != Verdict::Holds || same == nullptr) {
      narrator.line(fmt::format("discover: the automaton fits {} on the table; MONA does not "
                                "prove them equal ({})",
                                form.text, same ? smt::mona_answer_name(same->answer) : "no answer"));
      continue;
    }
    narrator.line(fmt::format("discover: the automaton reads as G = {} (MONA: equal at every "
                              "position of N^{})",
                              form.text, k));
    return Json{{"formula", form.text},
                {"scope", fmt::format("G = {} at every position of N^{}: MONA proves the "
                                      "automaton equal to it",
                                      form.text, k)},
                {"obligation", obligation_json(*same)}};
  }
  return std::nullopt;
}

AutomatonAttempt attempt(const std::string& input_name, const DiscoverSetup& d,
                         const AutomatonTask& task, Heap side, Narrator& narrator) {
  const Game& game = *d.game;
  const std::size_t k = game.heap_count();
  const FitTarget target = task.value ? FitTarget::Value : FitTarget::PPositions;
  std::vector<std::string> tracks = position_variables(k);
  if (task.value) tracks.push_back("v");
  AutomatonAttempt out;
  const FittingTable table = announced_table(game, side, narrator);
  const auto start = std::chrono::steady_clock::now();
  LearningLimits limits;
  limits.max_states = task.max_states;
  const LearningResult learned = learn_automaton(table, target, limits);
  if (!learned.automaton) {
    out.not_found = true;
    out.reason = fmt::format("{}; {} residual comparisons on {} bits per heap", learned.stopped,
                             learned.compared, learned.bits);
    return out;
  }
  const Automaton& a = *learned.automaton;
  std::uint64_t misfits = 0;  // the learner's own consistency, on every position of the table
  for (std::size_t j = 0; j < table.positions(); ++j) {
    std::vector<std::uint64_t> tuple;
    for (const auto& column : table.columns) tuple.push_back(column[j]);
    if (task.value) tuple.push_back(table.values[j]);
    misfits += task.value ? !a.accepts(tuple) : a.accepts(tuple) != (table.values[j] == 0);
  }
  narrator.line(
      fmt::format("discover: learned an automaton of {} states on {} tracks ({} bits per heap; {} "
                  "comparisons; {} of {} table positions it does not fit; {:.1f} s)",
                  a.states(), tracks.size(), learned.bits, learned.compared, misfits,
                  table.positions(), seconds_since(start)));
  const AutomatonProof proof =
      prove_automaton(a, target, game, d.file.definitions, task.equals, task.mona);
  narrator.line(
      fmt::format("  {:<8} {:<52} the moves MONA reads against the game's enumeration on {}: {} "
                  "positions, {} followers",
                  proof.move_check.agrees ? "agrees" : "DIFFERS", "move encoding",
                  proof.move_check.box, proof.move_check.positions, proof.move_check.followers));
  for (const AutomatonObligation& o : proof.obligations)
    narrator.line(fmt::format(
        "  {:<8} {:<52} {:>7.2f} s  {}", smt::mona_answer_name(o.answer), o.name, o.seconds,
        o.counterexample ? *o.counterexample
                         : fmt::format("largest automaton {} states", o.states)));
  if (proof.verdict != Verdict::Holds) {
    for (const AutomatonObligation& o : proof.obligations)
      if (o.counterexample) {  // the first confirmed one (the proof stops after it)
        out.refuted = true;
        out.reason = "the automaton is refuted: " + o.name + ": " + *o.counterexample;
        break;
      }
    if (!out.refuted)
      out.reason = proof.move_check.agrees
                       ? "the automaton was not proved (a MONA answer unknown)"
                       : "the game's symbolic moves differ from its enumeration: " +
                             proof.move_check.disagreement.dump();
    return out;
  }
  const std::optional<Json> reads_as =
      task.value && !task.equals ? read_back(a, table, d, task, narrator) : std::nullopt;
  Json c;
  c["format"] = "nimcert-automaton";
  c["format_version"] = kAutomatonFormatVersion;
  c["nimcert_version"] = build::version;
  c["mona"] = {{"version", smt::mona_version(task.mona.mona_binary)},
               {"timeout_ms", task.mona.timeout_ms}};
  c["input"] = {{"file", input_name}, {"sha256", Sha256::of(d.input)}};
  Json moves = Json::array();
  for (const SymbolicMove& m : game.symbolic_moves()) moves.push_back(m.name);
  c["game"] = {{"name", d.spec.name}, {"describe", game.describe()}, {"moves", moves}};
  const std::string heaps = fmt::format("{}", fmt::join(position_variables(k), ", "));
  c["target"] = task.value ? "value" : "p-positions";
  c["statement"] = task.value ? fmt::format("G({}) is the v with learned({}, v)", heaps, heaps)
                              : fmt::format("G({}) = 0 exactly where learned({})", heaps, heaps);
  if (task.equals) {
    c["equals_definition"] = task.equals_name;
    c["equals"] = fmt::format("G = {}({}), the file's definition", task.equals_name, heaps);
  }
  c["table"] = {{"box", fmt::format("[0,{}]^{}", side, k)},
                {"side", side},
                {"positions", table.positions()},
                {"bits", learned.bits},
                {"max_states", task.max_states}};
  c["move_encoding"] = {{"box", proof.move_check.box},
                        {"positions", proof.move_check.positions},
                        {"followers", proof.move_check.followers},
                        {"agrees", proof.move_check.agrees}};
  c["learning"] = "Myhill-Nerode on the table: residuals of prefixes, breadth first";
  c["automaton"] = automaton_json(a, tracks);
  if (reads_as) c["reads_as"] = *reads_as;
  Json obligations = Json::array();
  for (const AutomatonObligation& o : proof.obligations) obligations.push_back(obligation_json(o));
  c["obligations"] = obligations;
  c["verdict"] = "holds";
  const bool both = std::all_of(
      proof.obligations.begin(), proof.obligations.end(),
      [](const AutomatonObligation& o) { return o.independent && o.independent->checked(); });
  c["scope"] = fmt::format("every position of N^{} ({})", k,
                           both ? "MONA and nimcert's automata" : "MONA");
  c["stable_sha256"] = stable_digest(c);
  out.certificate = std::move(c);
  return out;
}

std::optional<smt::ExprPtr> equals_call(const DiscoverSetup& d, const std::string& name, bool value,
                                        const std::string& file) {
  if (name.empty()) return std::nullopt;
  const std::size_t k = d.game->heap_count();
  auto it = d.file.definitions.find(name);
  if (it == d.file.definitions.end() || it->second.parameters.size() != k || !value)
    throw std::invalid_argument(
        fmt::format("--equals {}: a definition of {} with {} parameters (and no --p-positions)",
                    name, file, k));
  std::vector<smt::ExprPtr> args;
  for (const std::string& x : position_variables(k)) args.push_back(smt::make_var(x));
  return smt::make_call(name, args);
}

}  // namespace

Ending discover_automaton(const DiscoverRequest& r, const DiscoverSetup& d, Narrator& narrator) {
  const std::size_t k = d.game->heap_count();
  AutomatonTask task;
  task.value = !r.p_positions;
  task.equals_name = r.equals;
  task.equals = equals_call(d, r.equals, task.value, r.file);
  if (r.max_states < 2 || r.max_states > 4096)
    throw std::invalid_argument(fmt::format("--max-states {}: from 2 to 4096", r.max_states));
  task.max_states = r.max_states;
  task.mona = unbounded_options(proof_options(r.workflow).lemma);
  // G and the P-positions each have a name of their own, so the second run never replaces
  // the first's certificate.
  const std::string out =
      r.out.empty()
          ? beside_input(r.file, r.p_positions ? ".p-positions.automaton.json" : ".automaton.json")
          : r.out;
  check_certificate_output(out);
  refuse_outputs_over_inputs(r.workflow, {{out, "automaton certificate"}}, {{r.file, "input"}});
  Heap side = r.box ? d.first_side : default_automaton_side(k);
  Heap max_side = r.max_box ? *r.max_box : 4095;
  while (!r.max_box && positions_of(k, max_side) > kMaxTable) max_side /= 2;  // 2^m - 1 stays
  if (max_side < side) max_side = side;
  const std::string input_name = std::filesystem::path(r.file).filename().string();

  std::string last_reason;
  const auto start = std::chrono::steady_clock::now();
  for (unsigned n = 1; n <= kMaxAutomatonAttempts; ++n) {
    const AutomatonAttempt a = attempt(input_name, d, task, side, narrator);
    if (a.certificate) {
      write_file_atomically(out, (*a.certificate).dump(2) + "\n");
      const Json& c = *a.certificate;
      const std::string proved =
          !task.value            ? "the P-positions"
          : c.contains("reads_as") ? "G = " + c["reads_as"]["formula"].get<std::string>()
                                   : "G";
      return {0, fmt::format("discover: PROVED {} by an automaton of {} states on N^{} (MONA; "
                             "{:.1f} s); wrote {}",
                             proved,
                             (*a.certificate)["automaton"]["states"].get<std::size_t>(), k,
                             seconds_since(start), out)};
    }
    if (a.not_found) return {1, fmt::format("discover: NOT FOUND ({})", a.reason)};
    last_reason = a.reason;
    narrator.line("discover: " + last_reason);
    if (!a.refuted || side >= max_side) break;
    side = std::min<Heap>(max_side, 2 * side + 1);
  }
  return {1, fmt::format("discover: NOT PROVED (nothing written; {})", last_reason)};
}

Ending verify_automaton(const std::string& path, const Json& recorded, Narrator& narrator) {
  check_automaton_certificate(recorded);  // an edited certificate is refused, not re-run
  // The input sits beside the certificate, as a proof beside its certificate.
  const std::filesystem::path input = std::filesystem::path(path).parent_path() /
                                      recorded.at("input").at("file").get<std::string>();
  DiscoverRequest r;
  r.file = input.string();
  r.automaton = true;
  const std::string input_text = read_proof_text(r.file);
  if (Sha256::of(input_text) != recorded["input"]["sha256"].get<std::string>()) {
    return {1, fmt::format("verify: MISMATCH ({}: its input {} changed since it was written)", path,
                           r.file)};
  }
  smt::ProofFile file = parse_proof_file(input_text, r.file, smt::Reading::Exploring);
  const std::string game = recorded.at("game").at("name").get<std::string>();
  if (file.game.name != game) r.game = game;
  const DiscoverSetup d = prepare_discovery(r, input_text, std::move(file));
  AutomatonTask task;
  task.value = recorded.at("target").get<std::string>() == "value";
  task.equals_name = recorded.value("equals_definition", "");
  task.equals = equals_call(d, task.equals_name, task.value, r.file);
  task.max_states = recorded.at("table").at("max_states").get<std::size_t>();
  task.mona = unbounded_options(proof_options(WorkflowOptions{}).lemma);
  task.mona.timeout_ms = recorded.at("mona").at("timeout_ms").get<unsigned>();
  const Heap side = recorded.at("table").at("side").get<Heap>();
  const AutomatonAttempt a = attempt(input.filename().string(), d, task, side, narrator);
  if (!a.certificate) {
    return {1, fmt::format("verify: FAILS ({}: the re-run does not prove it: {})", path, a.reason)};
  }
  if (a.certificate->dump(2) != recorded.dump(2)) {
    return {1, fmt::format("verify: MISMATCH ({}: the re-run differs from the certificate; "
                           "regenerate with: nimcert discover --automaton {})",
                           path, r.file)};
  }
  return {0,
          fmt::format("verify: VERIFIED ({}: re-run matches byte for byte; verdict holds)", path)};
}

}  // namespace nimcert
