// Solvers that answer from trusted sources when the very same query was solved before: the
// incremental gate, and certify's edit loop.
//
// A query is reused only when the SHA-256 of its exact SMT-LIB text (as export-smt2 writes it,
// with the recorded Z3 answer as its :status) and its time limit match an entry of a trusted
// source, made by the solver versions this build runs (the caller builds the tables only
// then).  The trusted sources are a certificate as it is at a base revision (`gate --base
// REV`, read with git) that this machine's nimcert vouches for (it wrote it, or a gate found it
// up to date: AnswerCache::vouched; the caller decides), and the local answer cache
// (answer_cache.hpp), which only nimcert's own solver runs write.  The certificate under review, in the working
// tree, is never one: its answers are only compared with the fresh ones, so that the gate can
// say which it would not take and which the solvers contradict.  From a base or the cache,
// unsat and unknown answers are reused as they were (a reused unknown stays unknown), with the
// note as the certificate records it; a sat is always solved again, as its model must be
// re-checked.  Anything the checker changes in a query changes its
// text, so it is solved again.  Everything else of a check (parsing, cubes, boxes, sequences,
// enumerations, the move encoding, MONA, building and hashing the queries) runs as always, and
// the certificate is byte for byte the same whichever source answered.
#pragma once

#include <atomic>
#include <map>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "checks/answer_cache.hpp"
#include "checks/solve_and_recheck.hpp"

namespace nimcert {

// A recorded answer pair and the note that went with it.
struct CommittedAnswer {
  smt::Answer z3 = smt::Answer::Unknown, cvc5 = smt::Answer::Unknown;
  std::string note;
};

// Keyed by (SHA-256 of the exported query text, time limit in ms).
using CommittedAnswers = std::map<std::pair<std::string, unsigned>, CommittedAnswer>;

// Answers recorded at a trusted revision, named for the reports ("base 1a2b3c4d5e6f").
struct AnswerSource {
  std::string name;
  CommittedAnswers answers;
};

// An answer the certificate under review records that was not taken: the query's source line
// ("nimcert lemma (13) at width 64"), what the certificate says and what the solvers said.
struct DeclinedAnswer {
  std::string query, recorded, fresh;
};

class ReusingSolvers final : public Solvers {
 public:
  ReusingSolvers(const Solvers& inner, std::vector<AnswerSource> sources,
                 const AnswerCache* cache = nullptr, CommittedAnswers under_review = {})
      : inner_(inner),
        sources_(std::move(sources)),
        cache_(cache),
        under_review_(std::move(under_review)) {}
  smt::TwoSolverRun solve(const smt::Query& query, unsigned timeout_ms) const override;

  std::size_t reused() const { return reused_; }
  std::size_t solved() const { return solved_; }
  // Where each reused answer came from, by the SHA-256 the certificate records for the query.
  std::map<std::string, std::string> provenance() const;
  std::vector<DeclinedAnswer> declined() const;

 private:
  void record(const std::string& recorded_sha, const std::string& source) const;

  const Solvers& inner_;
  std::vector<AnswerSource> sources_;
  const AnswerCache* cache_;
  CommittedAnswers under_review_;
  mutable std::atomic<std::size_t> reused_{0}, solved_{0};
  mutable std::mutex mutex_;
  mutable std::map<std::string, std::string> provenance_;
  mutable std::vector<DeclinedAnswer> declined_;
};

}  // namespace nimcert
