// Answering from trusted sources (see reusing_solvers.hpp).
#include "checks/reusing_solvers.hpp"

#include <fmt/format.h>

#include "base/sha256.hpp"
#include "solve/z3_backend.hpp"

namespace nimcert {

namespace {

// The query's own description, from its (set-info :source |...|) line.
std::string source_line(const std::string& smt2) {
  const std::string tag = "(set-info :source |";
  const std::size_t at = smt2.find(tag);
  if (at == std::string::npos) return "a query";
  const std::size_t end = smt2.find('|', at + tag.size());
  return smt2.substr(at + tag.size(), end == std::string::npos ? 0 : end - at - tag.size());
}

}  // namespace

void ReusingSolvers::record(const std::string& recorded_sha, const std::string& source) const {
  std::lock_guard<std::mutex> lock(mutex_);
  provenance_[recorded_sha] = source;
}

std::map<std::string, std::string> ReusingSolvers::provenance() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return provenance_;
}

std::vector<DeclinedAnswer> ReusingSolvers::declined() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return declined_;
}

smt::TwoSolverRun ReusingSolvers::solve(const smt::Query& query, unsigned timeout_ms) const {
  // The digest a certificate records for the query when Z3 answered `z3` (the :status set to
  // it), each computed once.
  std::map<smt::Answer, std::string> digests;
  auto digest = [&](smt::Answer z3) -> const std::string& {
    auto it = digests.find(z3);
    if (it == digests.end())
      it = digests.emplace(z3, Sha256::of(smt::with_status(query.smt2, z3))).first;
    return it->second;
  };
  for (const AnswerSource& source : sources_)
    for (const smt::Answer z3 : {smt::Answer::Unsat, smt::Answer::Unknown}) {
      const std::string& sha = digest(z3);
      const auto it = source.answers.find({sha, timeout_ms});
      if (it == source.answers.end() || it->second.z3 != z3 || it->second.cvc5 == smt::Answer::Sat)
        continue;
      smt::TwoSolverRun run;
      run.z3.answer = z3;
      run.z3.reason = it->second.note;  // the whole recorded note, so the entry reads the same
      run.cvc5.answer = it->second.cvc5;
      ++reused_;
      record(sha, source.name);
      return run;
    }
  if (cache_)
    if (const auto cached = cache_->find(query.smt2, timeout_ms)) {
      smt::TwoSolverRun run;
      run.z3.answer = cached->z3;
      run.cvc5.answer = cached->cvc5;
      run.z3.reason = cached->note;  // the joined note, as the certificate records it
      ++reused_;
      record(digest(cached->z3), "cache");
      return run;
    }
  ++solved_;
  smt::TwoSolverRun run = inner_.solve(query, timeout_ms);
  // Unsat and unknown answers are kept (an unknown under its time limit, part of the key); a
  // sat never, nor an answer where cvc5 did not answer at all (a crash is not an answer).
  // (Without a sat there is no disagreement, so the note is Z3's reason and cvc5's.)
  if (cache_ && run.z3.answer != smt::Answer::Sat && run.cvc5.answer != smt::Answer::Sat &&
      run.cvc5.answered)
    cache_->store(query.smt2, timeout_ms,
                  {run.z3.answer, run.cvc5.answer, smt::joined_note(run.z3.reason, run.cvc5.note)});
  // What the certificate under review says of this query, beside what the solvers said.
  for (const smt::Answer z3 : {smt::Answer::Unsat, smt::Answer::Unknown, smt::Answer::Sat}) {
    const auto it = under_review_.find({digest(z3), timeout_ms});
    if (it == under_review_.end()) continue;
    const auto pair = [](smt::Answer a, smt::Answer b) {
      return fmt::format("z3 {}, cvc5 {}", smt::answer_name(a), smt::answer_name(b));
    };
    std::lock_guard<std::mutex> lock(mutex_);
    declined_.push_back({source_line(query.smt2), pair(it->second.z3, it->second.cvc5),
                         pair(run.z3.answer, run.cvc5.answer)});
    break;
  }
  return run;
}

}  // namespace nimcert
