// The bit-blaster's differential fuzzer (issue 42): random terms over every operator of the
// queries nimcert writes, at widths 1 to 16 (and now and then 32 and 64), their inputs drawn
// near the edges, each held against Z3's value.  With its inputs fixed, the CNF of "t != v"
// (v Z3's value of t) must be refuted by unit propagation alone (the DRAT checker's empty
// clause), and the CNF of "t = v" must not be; every 16th execution also has CaDiCaL say sat
// on "t = v" and unsat on "t != v" with the inputs free but one, with a DRAT proof that
// nimcert's checker and its LRAT checker both accept, on the kept trail and from scratch
// (sat/drat_checker.hpp's two methods).  Any disagreement prints the term.
//   blast_differential [--seconds S] [--seed N] [--jobs J] [--max N]
#include <atomic>

#include "blast/bit_blaster.hpp"
#include "bv_terms.hpp"
#include "campaign.hpp"
#include "sat/cadical.hpp"
#include "sat/drat_checker.hpp"
#include "sat/lrat_checker.hpp"

int main(int argc, char** argv) {
  using namespace nimcert::differential;
  using namespace nimcert::smt;
  using nimcert::testing::binary;
  using nimcert::testing::declarations;
  using nimcert::testing::Terms;
  using nimcert::testing::z3_value;
  const Options options = options_or_exit(
      argc, argv, "blast_differential",
      "blast_differential: random bit-vector terms, nimcert's CNF against Z3's value");
  Campaign campaign("blast_differential", options);
  std::atomic<std::uint64_t> refuted{0}, solved{0}, proofs{0};
  const std::uint64_t executions =
      campaign.run([&](unsigned, Rng& rng, std::uint64_t n, const std::string& where) {
        const unsigned w = n % 10 == 9 ? (n % 20 == 9 ? 64u : 32u) : 1 + static_cast<unsigned>(pick(rng, 16));
        Terms terms(w, rng);
        const std::string term = terms.bv(w <= 16 ? 3 : 2);
        const std::uint64_t xyz[3] = {terms.edge(), terms.edge(), terms.edge()};
        const std::string v = z3_value(term, w, xyz);
        const std::string fixed = declarations(w) + "(assert (= x " + binary(xyz[0], w) +
                                  "))\n(assert (= y " + binary(xyz[1], w) + "))\n";
        const std::string all_fixed = fixed + "(assert (= z " + binary(xyz[2], w) + "))\n";
        const std::string input = "width " + std::to_string(w) + ", x y z = " +
                                  binary(xyz[0], w) + " " + binary(xyz[1], w) + " " +
                                  binary(xyz[2], w) + ": " + term + " = " + v + " (Z3)\n";
        try {
          const BlastedQuery wrong =
              blast_smt2(all_fixed + "(assert (not (= " + term + " " + v + ")))\n");
          if (!check_drat(wrong.cnf, "0\n", false).verified)
            return campaign.disagree(where, "t != v is not refuted by propagation", input);
          const BlastedQuery right = blast_smt2(all_fixed + "(assert (= " + term + " " + v + "))\n");
          if (check_drat(right.cnf, "0\n", false).verified)
            return campaign.disagree(where, "t = v is refuted by propagation", input);
          ++refuted;
          if (n % 16 != 0) return;
          if (solve_with_cadical(dimacs_text(right.cnf), 60'000).verdict != SatRun::Verdict::Sat)
            return campaign.disagree(where, "CaDiCaL does not find t = v satisfiable", input);
          ++solved;
          // z free: "t != v" may be sat; when CaDiCaL says unsat its proof must check.
          const BlastedQuery open = blast_smt2(fixed + "(assert (not (= " + term + " " + v + ")))\n");
          const SatRun run = solve_with_cadical(dimacs_text(open.cnf), 60'000);
          if (run.verdict == SatRun::Verdict::Unsat) {
            const DratCheck d = check_drat(open.cnf, run.proof, true);
            if (!d.verified) return campaign.disagree(where, "DRAT refused: " + d.reason, input);
            const LratCheck l = check_lrat(open.cnf, d.lrat);
            if (!l.verified) return campaign.disagree(where, "LRAT refused: " + l.reason, input);
            // The reference method, every check from an empty assignment: the same verdict.
            const DratCheck r = check_drat(open.cnf, run.proof, true, {}, {DratMethod::FromScratch});
            if (!r.verified) return campaign.disagree(where, "DRAT from scratch refused: " + r.reason, input);
            if (!check_lrat(open.cnf, r.lrat).verified)
              return campaign.disagree(where, "LRAT from scratch refused", input);
            ++proofs;
          }
        } catch (const std::exception& e) {
          campaign.disagree(where, std::string("error: ") + e.what(), input);
        }
      });
  fmt::print(
      "blast_differential: {} executions ({} terms held to Z3's value by propagation both ways, "
      "{} confirmed sat by CaDiCaL, {} unsat proofs checked by DRAT (kept trail and from scratch) "
      "and LRAT), {} "
      "disagreements\n",
      executions, refuted.load(), solved.load(), proofs.load(), campaign.disagreements());
  return campaign.disagreements() ? 1 : 0;
}
