// verify --independent: every piece of evidence a certificate records, checked again by nimcert
// alone, with no solver present (issue 49): no MONA, cvc5 or CaDiCaL is run and Z3 is not
// called.
//
//  - The automata route's evidence of each statement MONA decided (rules, lemmas, induction
//    obligations): the statement is rebuilt from the proof file beside the certificate and
//    compiled again into automata by nimcert (smt/automata), and the evidence file must be
//    the one the certificate names (its SHA-256 and pair count) and evidence that the
//    statement holds (automata/universality.hpp).  A missing evidence file is written again
//    by the automata, which need no solver: it stands only if its SHA-256 is the recorded one.
//  - The automata's decision of each statement of the mex recursion (a sequence's periodicity
//    claim that no window theorem covers, checks/arithmetic_periodicity.hpp): no evidence file
//    is kept for these, so the statement is derived again from the proof file and the values
//    the octal engine computes again (their SHA-256 must be the recorded one), decided again by
//    the automata, and the evidence must have the recorded SHA-256 and pair count.
//  - Each checked DRAT proof (a lemma's widest width, an induction's obligations): the CNF
//    and the proof kept beside the certificate must be the recorded ones (SHA-256), and both
//    nimcert's DRAT checker and its LRAT checker must accept the proof against that CNF.  The
//    CNF cannot be written again without the query's parser (Z3's), so a missing one fails the
//    record and says how to get it back (certify, or verify --drat where the solvers are).
//
// Each record becomes one row naming its entry; a certificate set with no record checked does
// not verify (zero never holds), and one refused record fails it (exit 1).
#include <fmt/format.h>

#include <filesystem>
#include <functional>

#include "base/counted.hpp"
#include "base/parallel_for.hpp"
#include "base/regular_file.hpp"
#include "certificate/certificate_file.hpp"
#include "certificate/query_names.hpp"
#include "checks/arithmetic_periodicity.hpp"
#include "checks/drat_route.hpp"
#include "checks/independent.hpp"
#include "checks/induction/check.hpp"
#include "checks/induction/obligations.hpp"
#include "checks/periodicity.hpp"
#include "engines/octal_engine.hpp"
#include "games/declared_game.hpp"
#include "games/registry.hpp"
#include "pipelines/steps.hpp"
#include "pipelines/workflow.hpp"

namespace nimcert {

namespace fs = std::filesystem;

namespace {

// What one record's check needs: the statement's parts, as the certificate's check posed them.
struct Statement {
  std::vector<std::string> variables;
  std::vector<smt::ExprPtr> hypotheses;
  smt::ExprPtr conclusion;
  std::vector<smt::Existential> existentials;
  smt::Numeration numeration = smt::Numeration::Binary;
};

Statement statement_of(const Obligation& o, smt::Numeration n) {
  return {o.variables, o.hypotheses, o.conclusion, o.existentials, n};
}

// A file the certificate names inside the proof's evidence folder, and nowhere else: a plain
// name under PROOF.drat/, no way out of it.
fs::path evidence_file(const fs::path& folder, const std::string& proof_name, const Json& file) {
  const std::string name = file.is_string() ? file.get<std::string>() : "";
  const std::string prefix = drat_folder(proof_name) + "/";
  const std::string rest = name.starts_with(prefix) ? name.substr(prefix.size()) : "";
  if (rest.empty() || rest.find('/') != std::string::npos || rest.find("..") != std::string::npos)
    throw CertificateError(fmt::format("the certificate names the evidence file {}, which is not "
                                       "a file of {}",
                                       file.dump(), prefix));
  return folder / name;
}

// One automata record checked again.
CheckRow recheck_automata(const std::string& certificate, const fs::path& folder,
                          const std::string& proof_name, const std::string& name,
                          const Statement& s, const smt::Definitions& definitions,
                          const Json& x) {
  CheckRow row{certificate, name + " (nimcert's automata)", "skipped", "", EntryRow::Kind::Solver};
  const std::string status = x.at("status");
  if (status != IndependentCheck::kChecked) {
    row.detail = status + ": nothing recorded to check";
    return row;
  }
  row.status = "fails";
  const fs::path path = evidence_file(folder, proof_name, x.at("evidence").at("file"));
  const std::string sha256 = x.at("sha256");
  const std::uint64_t states = x.at("states");
  std::optional<std::string> text;
  try {
    text = read_regular_file(path, x.at("evidence").at("bytes").get<std::uint64_t>());
  } catch (const std::runtime_error& e) {
    row.detail = e.what();
    return row;
  }
  std::string where = path.string();
  if (!text) {  // the automata need no solver: written again, it must be the recorded file
    const IndependentCheck again = check_independently(
        s.variables, s.hypotheses, s.conclusion, s.existentials, definitions, s.numeration);
    if (!again.checked()) {
      row.detail = fmt::format("{} is missing, and the automata now say {}", where, again.status);
      return row;
    }
    text = again.evidence;
    where += " (missing; written again by the automata, not kept)";
  }
  const auto start = std::chrono::steady_clock::now();
  const std::string wrong = recheck_independent(s.variables, s.hypotheses, s.conclusion,
                                                s.existentials, definitions, s.numeration, *text,
                                                sha256, states);
  row.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (!wrong.empty()) {
    row.detail = where + ": " + wrong;
    return row;
  }
  row.status = "holds";
  row.detail = fmt::format("{}: {}, closed under every letter, the statement true at each", where,
                           count_of(states, "pair of states", "pairs of states"));
  return row;
}

// One statement of the mex recursion derived and decided again by the automata; `o` is its
// obligation record.
CheckRow rederive_automata(const std::string& certificate, const std::string& name,
                           const MexStatement& s, const smt::Definitions& definitions,
                           const Json& o) {
  CheckRow row{certificate, name + " (nimcert's automata)", "skipped", "", EntryRow::Kind::Solver};
  const std::string status = o.value("nimcert_automata", "not run");
  if (status != IndependentCheck::kChecked) {
    row.detail = status + ": nothing recorded to check";
    return row;
  }
  row.status = "fails";
  if (!o.contains("nimcert_automata_sha256") || !o.contains("nimcert_automata_states")) {
    row.detail = "the record names no digest of the automata's evidence (a certificate from "
                 "before issue 53: certify writes it)";
    return row;
  }
  const std::string sha256 = o.at("nimcert_automata_sha256");
  const std::uint64_t states = o.at("nimcert_automata_states");
  const auto start = std::chrono::steady_clock::now();
  const IndependentCheck again =
      check_independently(s.variables, s.hypotheses, s.conclusion, s.existentials, definitions,
                          smt::Numeration::Binary);
  row.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (!again.checked()) {
    row.detail = "the automata now say " + again.status;
    return row;
  }
  if (again.sha256 != sha256 || again.states != states) {
    row.detail = fmt::format(
        "derived again: evidence {} with {}, the certificate records {} with {}",
        again.sha256.substr(0, 12), count_of(again.states, "pair"), sha256.substr(0, 12),
        count_of(states, "pair"));
    return row;
  }
  row.status = "holds";
  row.detail = fmt::format(
      "derived again from the proof file and the values (no file kept): {}, closed under every "
      "letter, the statement true at each; the recorded SHA-256",
      count_of(states, "pair of states", "pairs of states"));
  return row;
}

// The periodicity claims of one sequence the mex recursion decided, as jobs.
void mex_recursion_jobs(const std::string& certificate, const smt::SequenceSpec& q,
                        const Json& recorded, std::vector<std::function<CheckRow()>>& jobs) {
  if (!q.game.declaration || q.game.declaration->octal.empty() || q.misere ||
      !recorded.contains("periodicity"))
    return;
  const OctalCode code = octal_code_of(*q.game.declaration);
  for (const smt::PeriodicClaim& c : q.periodic) {
    const Json* record = nullptr;
    for (const Json& p : recorded.at("periodicity"))
      if (p.value("name", "") == c.name && p.contains("obligations")) record = &p;
    if (!record) continue;
    const std::string label = fmt::format("sequence {}: {}", q.name, c.name);
    const OctalValues g = octal_values(code, c.preperiod + c.period - 1);
    if (values_sha256(g, g.size() - 1) != record->value("values_sha256", "")) {
      jobs.push_back([=] {
        return CheckRow{certificate, label, "fails",
                        fmt::format("the values G(0..{}) computed again are not the recorded ones",
                                    g.size() - 1),
                        EntryRow::Kind::Solver};
      });
      continue;
    }
    const auto statements = std::make_shared<MexStatements>(
        mex_recursion_statements(code, g, c.preperiod, c.period, c.saltus));
    std::vector<const MexStatement*> all;
    for (const MexStatement& s : statements->a) all.push_back(&s);
    all.push_back(&statements->b_part);
    if (statements->b_every) all.push_back(&*statements->b_every);
    for (const Json& o : record->at("obligations")) {
      const auto it = std::find_if(all.begin(), all.end(), [&](const MexStatement* s) {
        return s->name == o.value("obligation", "");
      });
      if (it == all.end())
        throw CertificateError(fmt::format("{}: {} has no statement {} in the mex recursion",
                                           certificate, label, o.value("obligation", "")));
      jobs.push_back([=, s = *it] {
        return rederive_automata(certificate, fmt::format("{}: {}", label, s->name), *s,
                                 statements->definitions, o);
      });
    }
  }
}

// One DRAT record checked again against the CNF kept beside it.
CheckRow recheck_proof(const std::string& certificate, const fs::path& folder,
                       const std::string& proof_name, const std::string& name, const Json& d) {
  CheckRow row{certificate, name + ": drat", "skipped", "", EntryRow::Kind::Solver};
  if (d.at("status") != DratRoute::kChecked) {
    row.detail = d.at("status").get<std::string>() + ": nothing recorded to check";
    return row;
  }
  row.status = "fails";
  if (!d.at("cnf").contains("file")) {
    row.detail =
        "the record names no CNF file (a certificate from before issue 49: certify writes it)";
    return row;
  }
  const fs::path cnf_path = evidence_file(folder, proof_name, d.at("cnf").at("file"));
  const fs::path proof_path = evidence_file(folder, proof_name, d.at("proof").at("file"));
  std::optional<std::string> cnf, proof;
  try {
    cnf = read_regular_file(cnf_path, d.at("cnf").at("bytes").get<std::uint64_t>());
    proof = read_regular_file(proof_path, d.at("proof").at("bytes").get<std::uint64_t>());
  } catch (const std::runtime_error& e) {
    row.detail = e.what();
    return row;
  }
  for (const auto& [text, path] : {std::pair{&cnf, &cnf_path}, std::pair{&proof, &proof_path}})
    if (!*text) {
      row.detail = fmt::format(
          "{} is missing: nimcert certify writes it (or verify --drat, where CaDiCaL and Z3's "
          "parser are)",
          path->string());
      return row;
    }
  const DratRoute again =
      recheck_drat_cnf(*cnf, *proof, d.at("cnf").at("sha256"), d.at("proof").at("sha256"));
  row.seconds = again.seconds;
  if (!again.checked()) {
    row.detail = proof_path.string() + ": " + again.note;
    return row;
  }
  row.status = "holds";
  row.detail = fmt::format("{}: {}; CNF of {} and {}", proof_path.string(),
                           proof_counts(again.lemmas, again.core_lemmas, again.rat_lemmas),
                           count_of(again.variables, "variable"), count_of(again.clauses, "clause"));
  return row;
}

// Every record of one certificate, as jobs in the certificate's order.
struct Read {
  std::string path;
  Json recorded;
  ProofSource source;
};

void jobs_of(const Read& r, std::vector<std::function<CheckRow()>>& jobs) {
  const fs::path folder = fs::path(r.path).parent_path();
  const smt::ProofFile& proof = r.source.proof;
  const std::string& name = r.source.name;
  const smt::Definitions& definitions = proof.definitions;
  // The rules of each declared game.
  for (const Json& rules : r.recorded.at("rules")) {
    if (!rules.contains("unbounded") || !rules.at("unbounded").contains("obligations")) continue;
    const std::string game = rules.at("game");
    std::shared_ptr<const smt::GameDeclaration> declaration;
    for (const auto& d : proof.declared_games)
      if (d->name == game) declaration = d;
    if (!declaration)
      throw CertificateError(fmt::format("{}: it records the rules of {}, which {} does not declare",
                                         r.path, game, name));
    const auto declared = std::make_shared<DeclaredGame>(declaration, definitions);
    const InductionStep step{declared->symbolic_moves(), {}, declared->heap_count(),
                             smt::make_const(0), false, false, {}, std::nullopt};
    const auto obligations = std::make_shared<std::vector<Obligation>>(rules_obligations(step, 0));
    for (const Json& o : rules.at("unbounded").at("obligations")) {
      if (!o.contains("independent")) continue;
      const auto it = std::find_if(obligations->begin(), obligations->end(),
                                   [&](const Obligation& x) { return x.name == o.at("obligation"); });
      if (it == obligations->end())
        throw CertificateError(fmt::format("{}: the rules of {} have no obligation {}", r.path,
                                           game, o.at("obligation").dump()));
      jobs.push_back([=, &r, obligation = *it] {
        return recheck_automata(r.path, folder, name,
                                fmt::format("rules {}: {}", game, obligation.name),
                                statement_of(obligation, smt::Numeration::Binary), {},
                                o.at("independent"));
      });
    }
  }
  // The lemmas.
  const Json& lemmas = r.recorded.at("lemmas");
  if (lemmas.size() != proof.lemmas.size())
    throw CertificateError(fmt::format("{}: it records {} lemmas, {} has {}: regenerate with "
                                       "nimcert certify",
                                       r.path, lemmas.size(), name, proof.lemmas.size()));
  for (std::size_t i = 0; i < lemmas.size(); ++i) {
    const smt::LemmaSpec& spec = proof.lemmas[i];
    const Json& lemma = lemmas[i];
    const std::string label = "lemma " + spec.label;
    if (lemma.contains("unbounded") && lemma.at("unbounded").contains("independent"))
      jobs.push_back([=, &r, &spec, &lemma, &definitions] {
        return recheck_automata(
            r.path, folder, name, label,
            {spec.variables, spec.hypotheses, spec.conclusion, {}, smt::Numeration::Binary},
            definitions, lemma.at("unbounded").at("independent"));
      });
    if (lemma.contains("drat"))
      jobs.push_back([=, &r, &lemma] {
        return recheck_proof(r.path, folder, name,
                             fmt::format("{} w{}", label, lemma.at("drat").at("width").dump()),
                             lemma.at("drat"));
      });
  }
  // The inductions: their obligations on N^k, and the DRAT proofs of their widest width.
  const Json& inductions = r.recorded.at("induction");
  if (inductions.size() != proof.inductions.size())
    throw CertificateError(fmt::format("{}: it records {} inductions, {} has {}: regenerate "
                                       "with nimcert certify",
                                       r.path, inductions.size(), name, proof.inductions.size()));
  for (std::size_t i = 0; i < inductions.size(); ++i) {
    const smt::InductionSpec& spec = proof.inductions[i];
    const Json& induction = inductions[i];
    const std::string label = "induction " + spec.claim;
    for (const Json& w : induction.at("widths"))
      for (const Json& o : w.at("obligations"))
        if (o.contains("drat"))
          jobs.push_back([=, &r] {
            return recheck_proof(r.path, folder, name,
                                 fmt::format("{} w{}: {}", label, w.at("width").dump(),
                                             o.at("obligation").get<std::string>()),
                                 o.at("drat"));
          });
    if (!induction.contains("unbounded") || !induction.at("unbounded").contains("obligations"))
      continue;
    const std::shared_ptr<const Game> game = make_game(spec.game, definitions);
    const auto obligations = std::make_shared<std::vector<Obligation>>(
        unbounded_induction_obligations(spec, definitions, *game, name));
    for (const Json& o : induction.at("unbounded").at("obligations")) {
      if (!o.contains("independent")) continue;
      const auto it = std::find_if(obligations->begin(), obligations->end(),
                                   [&](const Obligation& x) { return x.name == o.at("obligation"); });
      if (it == obligations->end())
        throw CertificateError(fmt::format("{}: induction {} has no obligation {} on N^k", r.path,
                                           spec.claim, o.at("obligation").dump()));
      // The numeration it was decided in: derived again, and held to what the record says.
      const smt::Numeration numeration = numeration_to_decide(*it, spec.numeration, definitions);
      const std::string recorded = o.value("numeration", smt::numeration_name(spec.numeration));
      if (recorded != smt::numeration_name(numeration))
        throw CertificateError(fmt::format(
            "{}: induction {} obligation {} is recorded as decided in the {} numeration; nimcert "
            "decides it in {}",
            r.path, spec.claim, o.at("obligation").dump(), recorded,
            smt::numeration_name(numeration)));
      jobs.push_back([=, &r, &definitions, obligation = *it] {
        return recheck_automata(r.path, folder, name, fmt::format("{}: {}", label, obligation.name),
                                statement_of(obligation, numeration), definitions,
                                o.at("independent"));
      });
    }
  }
  // The sequences' periodicity claims decided by the mex recursion.
  if (!r.recorded.contains("sequences")) return;
  for (const smt::SequenceSpec& q : proof.sequences)
    for (const Json& s : r.recorded.at("sequences"))
      if (s.value("name", "") == q.name) mex_recursion_jobs(r.path, q, s, jobs);
}

}  // namespace

Ending verify_independent(const std::vector<std::string>& certificates,
                          const WorkflowOptions& o, Narrator& narrator) {
  check_report_outputs(o);
  std::vector<NamedPath> inputs;
  for (const std::string& c : certificates) inputs.push_back({c, "certificate"});
  refuse_outputs_over_inputs(o, {}, inputs);
  // Every certificate and its proof file read first (an unreadable one is an error before any
  // check), then every record checked, two at a time, each row in its fixed place.
  std::vector<Read> read;
  for (const std::string& path : certificates) {
    Read r{path, parse_certificate(read_certificate_text(path), path), {}};
    r.source = load_all({proof_beside(path, r.recorded).string()}).at(0);
    read.push_back(std::move(r));
  }
  std::vector<std::function<CheckRow()>> jobs;
  std::vector<std::size_t> first_job;  // of each certificate
  for (const Read& r : read) {
    first_job.push_back(jobs.size());
    jobs_of(r, jobs);
  }
  first_job.push_back(jobs.size());
  std::vector<CheckRow> rows(jobs.size());
  parallel_for(jobs.size(), 2, [&](std::size_t j) { rows[j] = jobs[j](); });
  std::size_t checked = 0, refused = 0, skipped = 0;
  for (std::size_t c = 0; c < read.size(); ++c) {
    for (std::size_t j = first_job[c]; j < first_job[c + 1]; ++j) {
      const CheckRow& r = rows[j];
      checked += r.status == "holds";
      refused += r.status == "fails";
      skipped += r.status == "skipped";
      narrator.line(fmt::format("  {:7} {}  {}", r.status, r.name, r.detail));
    }
    const std::size_t here = first_job[c + 1] - first_job[c];
    narrator.line(fmt::format("{}: {}", read[c].path,
                              here == 0 ? "no evidence recorded"
                                        : count_of(here, "evidence record", "evidence records")));
  }
  const bool ok = refused == 0 && checked > 0;
  const std::string line = fmt::format(
      "verify --independent: {} ({} checked again by nimcert alone, with no solver: the "
      "automata's evidence, the mex recursion's statements and the DRAT and LRAT proofs; {} "
      "refused, {} recorded as not checked{})",
      refused > 0 ? "FAILS"
      : ok        ? "VERIFIED"
                  : "UNKNOWN",
      count_of(checked, "record"), refused, skipped,
      checked == 0 && refused == 0 ? "; nothing to check, so nothing verified" : "");
  write_reports(o, rows, line);
  return {ok ? 0 : 1, line};
}

}  // namespace nimcert
