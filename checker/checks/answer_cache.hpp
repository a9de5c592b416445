// A local cache of solver answers that only nimcert's own solver runs write.
//
// The edit loop: certify and the gate solve a query once, and later runs on the same machine
// take its answer when the exact query text, the time limit and both solvers' versions (and
// Z3's seed) are the same.  Unsat and unknown answers are stored and reused (an unknown under
// its own time limit, which is in the key: a warm loop never pays the same time-out twice, and
// a reused unknown stays unknown); a sat is never stored, since its model must be re-checked,
// nor an answer where cvc5 crashed rather than answered.  An entry holds both answers and the
// note exactly as a certificate records them, so a certificate reads the same whether the
// answer came from the cache or from the solvers.
//
// MONA's answers are kept the same way (find_mona/store_mona), keyed by the exact program, how
// a counterexample's sets are read, MONA's version and both limits: "valid", a counterexample
// (the caller re-checks it in C++ every time, as a fresh one) and "unknown" (under its own
// limits, which are in the key).
//
// The DRAT route's outcomes too (find_drat/store_drat): keyed by the query text, CaDiCaL's
// version, nimcert's build (whose checkers decided) and every limit of the route; a checked proof's
// CNF and proof texts are kept beside as files named by their SHA-256 (`texts/XY/SHA`), read
// back only when their SHA-256 is the one the signed entry records.  A checked proof in the
// cache is one this nimcert's two checkers accepted, so a warm certify does not check it again.
//
// And the reports of exhaustive blocks that held (find_exhaustive/store_exhaustive): keyed by
// the caller (checks/reusing_exhaustive.hpp: the block's inputs and the nimcert binary's
// SHA-256), so a warm certify does not sweep an unchanged cube or sequence again.
//
// Beside the answers it keeps the records of the certificates this machine vouches for
// (`vouched/XY/DIGEST.json`), which `gate --base` requires before it reuses a base revision's
// answers: see vouch() below.
//
// Trust boundary.  An entry is a file `answers/XY/KEY.json` under the cache folder, KEY the
// SHA-256 of what the answer depends on.  Every entry carries an HMAC-SHA256 under the cache's
// own secret key (`key`, created with mode 0600 on first use), so an entry that is corrupt,
// truncated, hand-edited ("unsat" written over "sat"), or copied from another cache or a
// repository is detected and ignored: the query is solved again.  What the cache does not
// defend against is its owner, who can as well replace the nimcert binary; the cache is
// therefore never shared with what it gates (a CI cache is written by CI's own runs only, and
// a pull request's run keeps its own).  Writes are atomic (a temporary file renamed), so two
// runs sharing a cache never see half an entry, and a failing write only costs a re-solve.
#pragma once

#include <atomic>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "checks/drat_route.hpp"
#include "solve/answer.hpp"
#include "ws1s/mona.hpp"

namespace nimcert {

// What the cache keeps of one solved query: both answers (never sat) and the joined note
// (smt::joined_note) a certificate records.
struct CachedAnswer {
  smt::Answer z3 = smt::Answer::Unknown, cvc5 = smt::Answer::Unknown;
  std::string note;
  bool operator==(const CachedAnswer&) const = default;
};

class AnswerCache {
 public:
  // The cache in `dir` (created when missing) for answers of these solver versions.  Throws
  // std::runtime_error when the folder or its key cannot be made.
  AnswerCache(std::filesystem::path dir, std::string z3_version, unsigned z3_seed,
              std::string cvc5_version);

  // The answer to the exact query text (as built, with :status unknown) within timeout_ms;
  // nullopt when there is none or the entry does not verify.
  std::optional<CachedAnswer> find(const std::string& smt2, unsigned timeout_ms) const;
  // Stores an answer (a sat is refused: std::logic_error); a write that fails is reported once
  // on stderr and forgotten.
  void store(const std::string& smt2, unsigned timeout_ms, const CachedAnswer& answer) const;

  // MONA's answer to the exact program within these limits, from MONA of this version; nullopt
  // when there is none or the entry does not verify.  Its seconds are 0: nothing ran.
  std::optional<smt::MonaRun> find_mona(const smt::MonaQuery& query, unsigned timeout_ms,
                                        std::uint64_t memory_bytes,
                                        const std::string& mona_version) const;
  void store_mona(const smt::MonaQuery& query, unsigned timeout_ms, std::uint64_t memory_bytes,
                  const std::string& mona_version, const smt::MonaRun& run) const;

  // The DRAT route's outcome on the exact query text under these options and CaDiCaL version,
  // with a checked proof's texts; nullopt when there is none, an entry does not verify or a
  // text is gone or altered.  Its seconds are 0.
  // `route_version` names CaDiCaL's version and the nimcert build whose checkers decided.
  std::optional<DratRoute> find_drat(const std::string& smt2, const DratOptions& options,
                                     const std::string& route_version) const;
  void store_drat(const std::string& smt2, const DratOptions& options,
                  const std::string& route_version, const DratRoute& route) const;

  // The record (checks/exhaustive_record.hpp) kept under `key`, a SHA-256 of everything the
  // report depends on; nullopt when there is none or the entry does not verify.  A record
  // larger than an entry may be is not stored.
  std::optional<nlohmann::ordered_json> find_exhaustive(const std::string& key) const;
  void store_exhaustive(const std::string& key, const nlohmann::ordered_json& record) const;

  // Certificates this machine's nimcert vouches for: one it wrote itself (certify) or found up
  // to date, every query solved or reused from a trusted source (gate).  Keyed by the SHA-256
  // of the certificate's stable part (certificate/certificate.hpp's stable_digest, computed
  // by the caller from the text, never read from it), signed like the answers.  `gate --base
  // REV` reuses a certificate's answers at REV only when it is vouched for here: a revision
  // nobody gated on this machine (a parent commit in a push of several) is solved again.
  struct Vouch {
    std::string file;  // the certificate's name when it was vouched for ("certs/x.cert.json")
    std::string by;    // "certify" or "gate"
  };
  void vouch(const std::string& stable_sha256, const Vouch& vouch) const;
  std::optional<Vouch> vouched(const std::string& stable_sha256) const;

  const std::filesystem::path& dir() const { return dir_; }
  std::size_t ignored() const { return ignored_; }  // entries found that did not verify

  // $XDG_CACHE_HOME/nimcert, or ~/.cache/nimcert.
  static std::filesystem::path default_dir();

  // The key of a query's entry and the entry's file.  They are no secret (anyone can compute
  // them); the HMAC is what an entry must carry.
  std::string key_of(const std::string& smt2, unsigned timeout_ms) const;
  std::filesystem::path entry_path(const std::string& key) const;
  std::string drat_key_of(const std::string& smt2, const DratOptions& options,
                          const std::string& route_version) const;
  std::string mona_key_of(const smt::MonaQuery& query, unsigned timeout_ms,
                          std::uint64_t memory_bytes, const std::string& mona_version) const;

 private:
  using Json = nlohmann::ordered_json;
  std::filesystem::path vouch_path(const std::string& stable_sha256) const;
  std::filesystem::path text_path(const std::string& sha256) const;
  // Signs the entry with the cache's key and writes it atomically (a failing write is reported
  // once on stderr and forgotten).
  void write_signed(const std::filesystem::path& path, Json entry) const;
  // The entry at `path`, its HMAC verified and `read` applied; nullopt when there is none, and
  // (counted in ignored()) when it is no regular file, does not verify or `read` refuses it.
  template <class Read>
  auto read_signed(const std::filesystem::path& path, const Read& read) const
      -> decltype(read(Json()));

  std::filesystem::path dir_;
  std::string z3_version_, cvc5_version_;
  unsigned z3_seed_;
  std::string secret_;
  mutable std::atomic<std::size_t> ignored_{0};
  mutable std::atomic<bool> warned_{false};
};

}  // namespace nimcert
