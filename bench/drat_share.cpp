// Issue 42's share of checked proofs, measured: every lemma query of the committed proofs at
// its widest width (the files `nimcert export-smt2` writes, LABEL-wW.smt2, the largest W of
// each label; induction obligations are counted apart) blasted to CNF by nimcert's
// bit-blaster, solved by CaDiCaL with a DRAT proof, the proof checked by nimcert's DRAT checker
// and the LRAT it writes checked by the LRAT checker; then checked again from scratch (the
// reference method, DratMethod::FromScratch), side by side: the verdicts must agree.  Prints
// one line per query (sizes and times, each method's time and work) and the totals: how many
// carry a checked proof, how many were refused by the blaster (quantifiers), ran out of time, or
// were too large (a proof above LIMIT_MB is not checked), and any disagreement of the methods.
//
// 2026-12-06, every committed proof (253 proofs: 32 lemmas, 221 induction obligations), both
// methods in one run on a quiet machine: no disagreement; DRAT checking 38.2 s on the kept
// trail against 49.3 s from scratch (CaDiCaL 42.8 s, LRAT 5.9 s); manabe's (14)<=>(16) 0.35 s
// and 1.2 * 10^6 steps against 11.5 s and 3.9 * 10^8 (the units of 25,376 lemmas propagated
// again for each of 7,438 checks); the largest, serial-nim's nested-6 (b), 3.9 s and
// 2.7 * 10^8 steps against 4.1 s (its time is the lemmas' own propagation, not the units').
// 2026-12-07, Levine's and serial-nim's twelve heaviest induction obligations, the clauses of a
// hash in a list through the clauses instead of a vector per hash: DRAT check 13.5 s -> 12.0 s
// on the kept trail, 13.6 s -> 11.9 s from scratch, every step count, lemma and core the same.
// Not a Google Benchmark: one pass, its figures for the notes.
//   build/bench/drat_share DIR [TIMEOUT_MS [LIMIT_MB]]      (defaults 60000, 256)
#include <fmt/format.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <stdexcept>
#include <sstream>
#include <string>

#include "blast/bit_blaster.hpp"
#include "sat/cadical.hpp"
#include "sat/drat_checker.hpp"
#include "sat/lrat_checker.hpp"

namespace {

using Clock = std::chrono::steady_clock;
double since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

std::string read(const std::filesystem::path& p) {
  std::ifstream in(p);
  if (!in) throw std::runtime_error("cannot read " + p.string());
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace

int main(int argc, char** argv) {
  using namespace nimcert::smt;
  if (argc < 2) {
    fmt::print(stderr, "usage: drat_share DIR [TIMEOUT_MS [LIMIT_MB]]\n");
    return 2;
  }
  const unsigned timeout = argc > 2 ? static_cast<unsigned>(std::atoi(argv[2])) : 60000;
  const std::size_t limit = (argc > 3 ? std::strtoull(argv[3], nullptr, 10) : 256) << 20;
  // The widest file of each (proof, label): "LABEL-wW.smt2".
  std::map<std::string, std::pair<unsigned, std::filesystem::path>> widest;
  // LABEL-wW.smt2 for lemmas, induction-CLAIM-wW-OBLIGATION.smt2 (the first -wW-) for
  // induction obligations, each obligation its own query.
  static const std::regex lemma(R"(^(.*)-w([0-9]+)\.smt2$)");
  static const std::regex induction(R"(^(induction-.*?)-w([0-9]+)-(.*)\.smt2$)");
  for (const auto& entry : std::filesystem::recursive_directory_iterator(argv[1])) {
    const std::string name = entry.path().filename().string();
    std::smatch m;
    std::string key;
    if (std::regex_match(name, m, induction))
      key = m[1].str() + "/" + m[3].str();
    else if (std::regex_match(name, m, lemma))
      key = m[1].str();
    else
      continue;
    key = entry.path().parent_path().filename().string() + "/" + key;
    const auto width = static_cast<unsigned>(std::stoul(m[2].str()));
    if (widest[key].first < width) widest[key] = {width, entry.path()};
  }
  std::map<std::string, int> count;
  double blast_s = 0, solve_s = 0, check_s = 0, lrat_s = 0, reference_s = 0;
  for (const auto& [key, file] : widest) {
    const bool induction = key.find("/induction-") != std::string::npos;
    const std::string kind = induction ? "induction" : "lemma";
    ++count[kind + " queries"];
    const auto t0 = Clock::now();
    BlastedQuery q;
    const std::string text = read(file.second);
    const bool expected_sat = text.find("(set-info :status sat)") != std::string::npos;
    try {
      q = blast_smt2(text);
    } catch (const BlastRefused& e) {
      ++count[kind + " refused by the blaster"];
      fmt::print("{:60} w{:<3} no CNF: {}\n", key, file.first, e.what());
      continue;
    }
    const double b = since(t0);
    blast_s += b;
    const std::string cnf = dimacs_text(q.cnf);
    const auto t1 = Clock::now();
    const SatRun run = solve_with_cadical(cnf, timeout);
    const double s = since(t1);
    solve_s += s;
    if (run.verdict != SatRun::Verdict::Unsat) {
      // sat where the file's :status says sat (an obligation scoped to narrower widths)
      ++count[kind + (run.verdict != SatRun::Verdict::Sat ? " no answer in time"
                      : expected_sat                      ? " sat, as its :status says"
                                                          : " sat against its :status (!)")];
      fmt::print("{:60} w{:<3} {} vars {} clauses: {}\n", key, file.first, q.cnf.variables,
                 q.cnf.clauses.size(), run.verdict == SatRun::Verdict::Sat ? "SAT" : run.note);
      continue;
    }
    if (run.proof.size() > limit) {
      ++count[kind + " proof too large"];
      fmt::print("{:60} w{:<3} proof {} MB: not checked (size)\n", key, file.first, run.proof.size() >> 20);
      continue;
    }
    const auto t2 = Clock::now();
    const DratCheck d = check_drat(q.cnf, run.proof, true);
    const double c = since(t2);
    check_s += c;
    const auto t3 = Clock::now();
    const LratCheck l = d.verified ? check_lrat(q.cnf, d.lrat) : LratCheck{};
    const double lt = since(t3);
    lrat_s += lt;
    // The reference: from an empty assignment every check, as nimcert checked first.  Its
    // verdict must be the same; its LRAT is checked too.
    const auto t4 = Clock::now();
    const DratCheck r = check_drat(q.cnf, run.proof, true, {}, {DratMethod::FromScratch});
    const double rc = since(t4);
    reference_s += rc;
    const bool reference_lrat = !r.verified || check_lrat(q.cnf, r.lrat).verified;
    const bool checked = d.verified && l.verified;
    ++count[kind + (checked ? " with a checked proof" : " proof refused (!)")];
    if (d.verified != r.verified || !reference_lrat) ++count[kind + " methods disagree (!)"];
    fmt::print("{:60} w{:<3} {:>7} vars {:>8} clauses  blast {:.2f} s  cadical {:.2f} s  "
               "proof {} KB ({} lemmas, {} core, {} rebuilds)  drat {:.2f} s, {} steps "
               "(from scratch {:.2f} s, {} steps, {} core)  lrat {:.2f} s  {}\n",
               key, file.first, q.cnf.variables, q.cnf.clauses.size(), b, s, run.proof.size() >> 10,
               d.lemmas, d.core_lemmas, d.rebuilds, c, d.work, rc, r.work, r.core_lemmas, lt,
               checked ? "checked" : d.reason + l.reason);
  }
  fmt::print("\n");
  for (const auto& [what, n] : count) fmt::print("{}: {}\n", what, n);
  fmt::print("time: blast {:.1f} s, cadical {:.1f} s, DRAT check {:.1f} s (from scratch {:.1f} s), "
             "LRAT check {:.1f} s\n",
             blast_s, solve_s, check_s, reference_s, lrat_s);
  return 0;
}
