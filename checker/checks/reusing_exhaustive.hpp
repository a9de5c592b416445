// Exhaustive blocks (the cube, boxes, sequences) reused from the local cache when nothing they
// depend on has changed: a warm certify or gate sweeps again only what an edit touched.
//
// What a block's report depends on, all of it in the key:
//   - its own text, from its keyword to the next declaration (so its claims, checks, range);
//   - the text of every `game` and `def` declaration of its file (a box plays a declared game,
//     a claim calls a definition); for the cube, every top-level `claim` and the `cube` line;
//   - the options that change the work: --cube, the misère search's limits;
//   - the engines, that is the nimcert binary: its SHA-256 (base/executable_digest.hpp), so a
//     rebuild that changes any byte of it computes every block again.
// A lemma's or an induction's text is not among them: editing one reuses the file's sweeps.
// The file's name and line numbers are not either, since no exhaustive report records them.
//
// Trust is the solver answers' (checks/answer_cache.hpp): an entry is signed with the cache's
// own key and written only by this machine's own runs, never taken from a certificate.  Only a
// report that holds is kept; one that fails or is unknown is computed again next time, and a
// counterexample is always reported from a fresh computation.  `certify --no-cache` and
// `gate --full` reuse nothing.
#pragma once

#include <atomic>
#include <optional>
#include <string>

#include "checks/answer_cache.hpp"
#include "checks/exhaustive_record.hpp"
#include "checks/proof_check.hpp"

namespace nimcert {

// The inputs of a proof file's cube, of its i-th box and of its i-th sequence, as one text
// (the key's preimage; tests compare them).  Throws std::logic_error when the parsed file's
// declarations do not match its sites (a parser bug).
std::string cube_inputs(const ProofSource& source, const ProofOptions& options);
std::string box_inputs(const ProofSource& source, std::size_t box);
std::string sequence_inputs(const ProofSource& source, std::size_t sequence,
                            const ProofOptions& options);

class ReusingExhaustive {
 public:
  // Reports from `cache`, computed by the binary whose SHA-256 is `build_sha256`.
  ReusingExhaustive(const AnswerCache& cache, std::string build_sha256)
      : cache_(cache), build_(std::move(build_sha256)) {}

  // The report kept for these inputs; nullopt when there is none, or it does not verify or
  // read as a report that holds.
  template <class Report>
  std::optional<Report> find(const std::string& inputs) const {
    const std::optional<nlohmann::ordered_json> record = cache_.find_exhaustive(key_of(inputs));
    if (!record) return std::nullopt;
    Report report;
    try {
      read_exhaustive_record(*record, report);
    } catch (const std::exception&) {  // signed by this cache, yet not a report: recomputed
      return std::nullopt;
    }
    ++reused_;
    return report;
  }
  // Keeps a report that holds (any other is not kept), and counts a block computed.
  template <class Report>
  void store(const std::string& inputs, const Report& report) const {
    ++computed_;
    if (report.verdict() == Verdict::Holds)
      cache_.store_exhaustive(key_of(inputs), exhaustive_record(report));
  }

  std::string key_of(const std::string& inputs) const;
  std::size_t reused() const { return reused_; }
  std::size_t computed() const { return computed_; }

 private:
  const AnswerCache& cache_;
  std::string build_;
  mutable std::atomic<std::size_t> reused_{0}, computed_{0};
};

}  // namespace nimcert
