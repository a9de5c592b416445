// MONA's answers reused from trusted sources when the very same program was decided before:
// certify's edit loop and the incremental gate, as reusing_solvers.hpp does for Z3 and cvc5.
//
// A three-heap induction's obligations cost MONA 12-15 s each, every run: without reuse a
// warm certify that changed one unrelated lemma paid them all again.  A program is reused when
// the local answer cache holds MONA's answer to its exact text within the same limits, from
// MONA of the same version (answer_cache.hpp: signed entries that only nimcert's own MONA runs
// write), or, for `gate --base REV`, when a base certificate this machine vouches for records
// "valid" for a program of the same SHA-256 under the same MONA version.  The certificate
// under review is never a source.  A reused counterexample is re-checked in C++ by the caller
// exactly as a fresh one is, and nimcert's own automata decide the statement again whichever
// source answered, so reuse changes only where MONA's word came from: the certificate is byte
// for byte the same.
#pragma once

#include <atomic>
#include <map>
#include <mutex>
#include <string>

#include "checks/answer_cache.hpp"
#include "ws1s/mona.hpp"

namespace nimcert {

// The programs a certificate records MONA proving valid, by the SHA-256 of their text, and the
// MONA version it names (reused only by MONA of that version).
struct RecordedMonaAnswers {
  std::string mona_version;
  std::map<std::string, smt::MonaRun> valid;
};

// What a certificate records as valid (nothing when it has another shape).
RecordedMonaAnswers recorded_mona_answers(const nlohmann::ordered_json& certificate);

class ReusingMona {
 public:
  // MONA's version is asked of the binary at the first run (a proof with nothing for MONA
  // needs no MONA installed).
  explicit ReusingMona(const AnswerCache* cache, RecordedMonaAnswers base = {})
      : cache_(cache), base_(std::move(base)) {}

  // MONA's answer on the query: a trusted source's, or a fresh run (stored in the cache).
  smt::MonaRun run(const smt::MonaQuery& query, unsigned timeout_ms, std::uint64_t memory_bytes,
                   const std::string& binary) const;

  std::size_t reused() const { return reused_; }
  std::size_t ran() const { return ran_; }

 private:
  const std::string& version(const std::string& binary) const;

  mutable std::once_flag asked_;
  mutable std::string version_;
  const AnswerCache* cache_;
  RecordedMonaAnswers base_;
  mutable std::atomic<std::size_t> reused_{0}, ran_{0};
};

// MONA's answer through `reusing` when there is one, else a fresh run.
smt::MonaRun run_mona_reusing(const ReusingMona* reusing, const smt::MonaQuery& query,
                              unsigned timeout_ms, std::uint64_t memory_bytes,
                              const std::string& binary);

}  // namespace nimcert
