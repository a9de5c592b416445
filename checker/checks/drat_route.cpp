// The DRAT route (see drat_route.hpp).
#include "checks/drat_route.hpp"

#include <chrono>
#include <optional>
#include <stdexcept>

#include "base/elapsed.hpp"
#include "base/counted.hpp"
#include "base/sha256.hpp"
#include "checks/answer_cache.hpp"
#include "blast/bit_blaster.hpp"
#include "sat/cadical.hpp"
#include "sat/drat_checker.hpp"
#include "sat/lrat_checker.hpp"
#include "sys/core_slot.hpp"
#include "sys/interrupt.hpp"

namespace nimcert {

namespace {

// Both checkers on `proof`: the DRAT checker (writing LRAT), then the LRAT checker on what it
// wrote.  Fills the counts; the status is kChecked only when both accept.
void check_both_ways(const smt::Cnf& cnf, const std::string& proof, const smt::DratLimits& limits,
                     DratRoute& out) {
  smt::DratCheck drat;
  try {
    drat = smt::check_drat(cnf, proof, true, limits);
  } catch (const std::invalid_argument& e) {
    out.status = DratRoute::kRefused;
    out.note = std::string("the DRAT checker cannot read the proof: ") + e.what();
    return;
  } catch (const smt::DratLimitReached& e) {
    out.status = e.memory ? DratRoute::kSize : DratRoute::kTime;
    out.note = e.what();
    return;
  }
  out.lemmas = drat.lemmas;
  out.core_lemmas = drat.core_lemmas;
  out.rat_lemmas = drat.rat_lemmas;
  if (!drat.verified) {
    out.status = DratRoute::kRefused;
    out.note = "the DRAT checker refuses the proof: " + drat.reason;
    return;
  }
  out.lrat_bytes = drat.lrat.size();
  const smt::LratCheck lrat = smt::check_lrat(cnf, drat.lrat);
  if (!lrat.verified) {
    out.status = DratRoute::kRefused;
    out.note = "the LRAT checker refuses the DRAT checker's LRAT: " + lrat.reason;
    return;
  }
  out.status = DratRoute::kChecked;
}

smt::DratLimits limits_of(const DratOptions& options) {
  return {options.check_visits, options.check_memory_bytes};
}

}  // namespace

std::string proof_counts(std::uint64_t lemmas, std::uint64_t core, std::uint64_t rat) {
  const std::string all = count_of(lemmas, "lemma");
  if (core == 0) return all + ", none in the refutation's core";
  return fmt::format("{}, {} of them checked (the refutation's core{})", all, core,
                     rat > 0 ? fmt::format(", {} as RAT", rat) : "");
}

namespace {

void describe_cnf(const smt::Cnf& cnf, const std::string& dimacs, DratRoute& out) {
  out.cnf_sha256 = Sha256::of(dimacs);
  out.cnf_bytes = dimacs.size();
  out.variables = static_cast<std::uint64_t>(cnf.variables);
  out.clauses = cnf.clauses.size();
}

void describe_proof(const std::string& proof, DratRoute& out) {
  out.proof_sha256 = Sha256::of(proof);
  out.proof_bytes = proof.size();
}

// The query's CNF, or nothing with `note` saying why the blaster refused it (a quantifier).
std::optional<smt::BlastedQuery> blasted(const std::string& smt2, std::string& note) {
  try {
    return smt::blast_smt2(smt2);
  } catch (const smt::BlastRefused& e) {
    note = std::string("the bit-blaster refuses the query: ") + e.what();
    return std::nullopt;
  }
}

}  // namespace

namespace {

DratRoute fresh_drat_route(const std::string& smt2, const DratOptions& options) {
  const auto start = std::chrono::steady_clock::now();
  DratRoute out;
  const std::optional<smt::BlastedQuery> query = blasted(smt2, out.note);
  if (!query) {
    out.status = DratRoute::kNoCnf;
    return out;
  }
  const std::string dimacs = smt::dimacs_text(query->cnf);
  describe_cnf(query->cnf, dimacs, out);
  const smt::CoreSlot core;  // CaDiCaL, then the checkers: one core throughout
  smt::SatRun run = smt::solve_with_cadical(dimacs, options.timeout_ms, options.cadical_binary,
                                            options.conflicts);
  if (run.verdict == smt::SatRun::Verdict::Sat) {
    out.status = DratRoute::kSat;
    out.note = "CaDiCaL finds the CNF satisfiable";
  } else if (run.verdict == smt::SatRun::Verdict::Unknown) {
    out.status = DratRoute::kTime;
    out.note = run.note;
  } else {
    describe_proof(run.proof, out);
    if (run.proof.size() > options.proof_limit_bytes) {
      out.status = DratRoute::kSize;
      out.note = "the proof is larger than the limit of " +
                 std::to_string(options.proof_limit_bytes) + " bytes";
    } else {
      smt::throw_if_interrupted();
      check_both_ways(query->cnf, run.proof, limits_of(options), out);
      if (out.checked()) {
        out.proof = std::move(run.proof);
        out.cnf = dimacs;
      }
    }
  }
  out.seconds = seconds_since(start);
  return out;
}

}  // namespace

DratRoute drat_route(const std::string& smt2, const DratOptions& options) {
  if (options.cache)
    if (std::optional<DratRoute> cached =
            options.cache->find_drat(smt2, options, options.route_version))
      return *cached;
  DratRoute out = fresh_drat_route(smt2, options);
  if (options.cache) options.cache->store_drat(smt2, options, options.route_version, out);
  return out;
}

std::string regenerate_proof(const std::string& smt2, const DratOptions& options,
                             std::string& note) {
  const std::optional<smt::BlastedQuery> query = blasted(smt2, note);
  if (!query) return {};
  const smt::CoreSlot core;
  smt::SatRun run = smt::solve_with_cadical(smt::dimacs_text(query->cnf), options.timeout_ms,
                                            options.cadical_binary, options.conflicts);
  if (run.verdict != smt::SatRun::Verdict::Unsat) {
    note =
        run.verdict == smt::SatRun::Verdict::Sat ? "CaDiCaL finds the CNF satisfiable" : run.note;
    return {};
  }
  return std::move(run.proof);
}

DratRoute recheck_drat_cnf(const std::string& dimacs, const std::string& proof,
                           const std::string& cnf_sha256, const std::string& proof_sha256) {
  const auto start = std::chrono::steady_clock::now();
  DratRoute out;
  smt::Cnf cnf;
  try {
    cnf = smt::parse_dimacs(dimacs);
  } catch (const std::invalid_argument& e) {
    out.status = DratRoute::kRefused;
    out.note = std::string("the CNF cannot be read: ") + e.what();
    return out;
  }
  describe_cnf(cnf, dimacs, out);
  describe_proof(proof, out);
  if (out.cnf_sha256 != cnf_sha256) {
    out.status = DratRoute::kRefused;
    out.note = "the CNF's SHA-256 is " + out.cnf_sha256 + ", the certificate records " + cnf_sha256;
  } else if (out.proof_sha256 != proof_sha256) {
    out.status = DratRoute::kRefused;
    out.note =
        "the proof's SHA-256 is " + out.proof_sha256 + ", the certificate records " + proof_sha256;
  } else {
    // The default limits: deterministic, so a proof that checked within them checks again.
    check_both_ways(cnf, proof, limits_of(DratOptions{}), out);
  }
  out.seconds = seconds_since(start);
  return out;
}

DratRoute recheck_drat(const std::string& smt2, const std::string& proof,
                       const std::string& cnf_sha256, const std::string& proof_sha256) {
  DratRoute refused;
  const std::optional<smt::BlastedQuery> query = blasted(smt2, refused.note);
  if (!query) {
    refused.status = DratRoute::kRefused;
    return refused;
  }
  return recheck_drat_cnf(smt::dimacs_text(query->cnf), proof, cnf_sha256, proof_sha256);
}

}  // namespace nimcert
