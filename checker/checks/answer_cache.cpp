// The local answer cache (see answer_cache.hpp).
#include "checks/answer_cache.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <unistd.h>

#include <cstdlib>
#include <nlohmann/json.hpp>
#include <random>
#include <stdexcept>
#include <utility>

#include "base/atomic_file.hpp"
#include "base/regular_file.hpp"
#include "base/sha256.hpp"
#include "solve/cvc5_replay.hpp"
#include "sys/interrupt.hpp"

namespace nimcert {

namespace {

using Json = nlohmann::ordered_json;

constexpr const char* kFormat = "nimcert-answer-cache-1";
constexpr const char* kDratFormat = "nimcert-drat-route-1";
// What a DRAT entry keeps of the route, by name: one list for writing and reading it.
constexpr std::pair<const char*, std::string DratRoute::*> kDratWords[] = {
    {"status", &DratRoute::status},
    {"note", &DratRoute::note},
    {"cnf_sha256", &DratRoute::cnf_sha256},
    {"proof_sha256", &DratRoute::proof_sha256}};
constexpr std::pair<const char*, std::uint64_t DratRoute::*> kDratCounts[] = {
    {"cnf_bytes", &DratRoute::cnf_bytes},   {"variables", &DratRoute::variables},
    {"clauses", &DratRoute::clauses},       {"proof_bytes", &DratRoute::proof_bytes},
    {"lemmas", &DratRoute::lemmas},         {"core_lemmas", &DratRoute::core_lemmas},
    {"rat_lemmas", &DratRoute::rat_lemmas}, {"lrat_bytes", &DratRoute::lrat_bytes}};
constexpr const char* kMonaFormat = "nimcert-mona-answer-1";
constexpr const char* kVouchFormat = "nimcert-vouched-certificate-1";
constexpr const char* kExhaustiveFormat = "nimcert-exhaustive-report-1";
// An entry is a few hundred bytes (its note is one line); anything far larger is not one.
constexpr std::uint64_t kMaxEntryBytes = 1 << 20;

// The key file's text, "" when it cannot be read (not there yet, or not a regular file).
std::string read_key(const std::filesystem::path& p) {
  try {
    return read_regular_file(p, 4096).value_or("");
  } catch (const std::runtime_error&) {
    return "";
  }
}

bool is_hex(const std::string& s, std::size_t length) {
  if (s.size() != length) return false;
  for (char c : s)
    if (!std::isxdigit(static_cast<unsigned char>(c))) return false;
  return true;
}

// The cache's secret: read, or made once (O_EXCL, so two first runs agree on one key).
std::string secret_of(const std::filesystem::path& dir) {
  const std::filesystem::path file = dir / "key";
  const int fd = open(file.c_str(), O_WRONLY | O_CREAT | O_EXCL, 0600);
  if (fd >= 0) {
    std::random_device device;
    std::string key;
    for (int i = 0; i < 8; ++i) key += fmt::format("{:08x}", device());
    const bool written = write(fd, key.data(), key.size()) == static_cast<ssize_t>(key.size());
    close(fd);
    if (!written) throw std::runtime_error("cannot write the answer cache's key " + file.string());
    return key;
  }
  // Made by another run, perhaps this very moment: wait for its 64 characters.
  for (int attempt = 0; attempt < 50; ++attempt) {
    const std::string key = read_key(file);
    if (is_hex(key, 64)) return key;
    usleep(20000);
  }
  throw std::runtime_error("the answer cache's key " + file.string() +
                           " is not 64 hexadecimal digits (remove the cache folder)");
}

}  // namespace

AnswerCache::AnswerCache(std::filesystem::path dir, std::string z3_version, unsigned z3_seed,
                         std::string cvc5_version)
    : dir_(std::move(dir)),
      z3_version_(std::move(z3_version)),
      cvc5_version_(std::move(cvc5_version)),
      z3_seed_(z3_seed) {
  std::error_code error;
  std::filesystem::create_directories(dir_ / "answers", error);
  if (error)
    throw std::runtime_error(
        fmt::format("cannot make the answer cache {}: {}", dir_.string(), error.message()));
  secret_ = secret_of(dir_);
}

std::filesystem::path AnswerCache::default_dir() {
  const char* xdg = std::getenv("XDG_CACHE_HOME");
  if (xdg && *xdg) return std::filesystem::path(xdg) / "nimcert";
  const char* home = std::getenv("HOME");
  if (!home || !*home)
    throw std::runtime_error(
        "no cache folder: neither XDG_CACHE_HOME nor HOME is set (use "
        "--cache DIR or --no-cache)");
  return std::filesystem::path(home) / ".cache" / "nimcert";
}

std::string AnswerCache::key_of(const std::string& smt2, unsigned timeout_ms) const {
  return Sha256::of(fmt::format("{}\nquery {}\ntimeout_ms {}\nz3 {} seed {}\ncvc5 {} options {}\n",
                                kFormat, Sha256::of(smt2), timeout_ms, z3_version_, z3_seed_,
                                cvc5_version_, smt::kCvc5Options));
}

std::filesystem::path AnswerCache::entry_path(const std::string& key) const {
  return dir_ / "answers" / key.substr(0, 2) / (key + ".json");
}

template <class Read>
auto AnswerCache::read_signed(const std::filesystem::path& path, const Read& read) const
    -> decltype(read(Json())) {
  try {
    // A regular file only: a FIFO or a folder at an entry's place is never waited on.
    const std::optional<std::string> text = read_regular_file(path, kMaxEntryBytes);
    if (!text) return std::nullopt;
    Json entry = Json::parse(*text);
    const std::string mac = entry.at("hmac").get<std::string>();
    entry.erase("hmac");
    if (Sha256::hmac(secret_, entry.dump()) != mac) throw std::runtime_error("does not verify");
    if (auto value = read(entry)) return value;
    throw std::runtime_error("not an entry of this key");
  } catch (const smt::Interrupted&) {
    throw;
  } catch (const std::exception&) {  // corrupt, truncated, edited or foreign: ignored
    ++ignored_;
    return std::nullopt;
  }
}

namespace {

std::optional<smt::Answer> unsat_or_unknown(const Json& name) {
  if (name == "unsat") return smt::Answer::Unsat;
  if (name == "unknown") return smt::Answer::Unknown;
  return std::nullopt;
}

}  // namespace

std::optional<CachedAnswer> AnswerCache::find(const std::string& smt2, unsigned timeout_ms) const {
  const std::string key = key_of(smt2, timeout_ms);
  return read_signed(entry_path(key), [&](const Json& entry) -> std::optional<CachedAnswer> {
    const auto z3 = unsat_or_unknown(entry.at("z3")), cvc5 = unsat_or_unknown(entry.at("cvc5"));
    if (entry.at("format") != kFormat || entry.at("key") != key || !z3 || !cvc5)
      return std::nullopt;
    return CachedAnswer{*z3, *cvc5, entry.at("note").get<std::string>()};
  });
}

void AnswerCache::store(const std::string& smt2, unsigned timeout_ms,
                        const CachedAnswer& answer) const {
  if (answer.z3 == smt::Answer::Sat || answer.cvc5 == smt::Answer::Sat)
    throw std::logic_error("AnswerCache::store: a sat answer is never cached");
  const std::string key = key_of(smt2, timeout_ms);
  Json entry = {{"format", kFormat},
                {"key", key},
                {"query_sha256", Sha256::of(smt2)},
                {"timeout_ms", timeout_ms},
                {"z3_version", z3_version_},
                {"z3_seed", z3_seed_},
                {"cvc5_version", cvc5_version_},
                {"cvc5_options", smt::kCvc5Options},
                {"z3", smt::answer_name(answer.z3)},
                {"cvc5", smt::answer_name(answer.cvc5)},
                {"note", answer.note}};
  write_signed(entry_path(key), std::move(entry));
}

std::string AnswerCache::mona_key_of(const smt::MonaQuery& query, unsigned timeout_ms,
                                     std::uint64_t memory_bytes,
                                     const std::string& mona_version) const {
  return Sha256::of(
      fmt::format("{}\nprogram {}\nnumeration {}\nvariables {}\ntimeout_ms {}\nmemory_bytes {}\n"
                  "mona {}\n",
                  kMonaFormat, Sha256::of(query.text),
                  smt::numeration_name(query.numeration),
                  fmt::join(query.variables, " "), timeout_ms, memory_bytes, mona_version));
}

std::optional<smt::MonaRun> AnswerCache::find_mona(const smt::MonaQuery& query,
                                                   unsigned timeout_ms, std::uint64_t memory_bytes,
                                                   const std::string& mona_version) const {
  const std::string key = mona_key_of(query, timeout_ms, memory_bytes, mona_version);
  return read_signed(entry_path(key), [&](const Json& entry) -> std::optional<smt::MonaRun> {
    if (entry.at("format") != kMonaFormat || entry.at("key") != key) return std::nullopt;
    smt::MonaRun run;
    const std::string answer = entry.at("answer");
    bool known = false;
    for (const auto a : {smt::MonaRun::Answer::Valid, smt::MonaRun::Answer::Counterexample,
                         smt::MonaRun::Answer::Unknown})
      if (answer == smt::mona_answer_name(a)) {
        run.answer = a;
        known = true;
      }
    if (!known) return std::nullopt;
    for (const auto& [v, value] : entry.at("counterexample").items()) {
      const std::string decimal = value.get<std::string>();
      if (decimal.empty() || decimal.find_first_not_of("0123456789") != std::string::npos)
        return std::nullopt;
      run.counterexample[v] = decimal;
    }
    if ((run.answer == smt::MonaRun::Answer::Counterexample) == run.counterexample.empty())
      return std::nullopt;
    run.note = entry.at("note").get<std::string>();
    run.states = entry.at("states").get<unsigned>();
    run.bdd_nodes = entry.at("bdd_nodes").get<unsigned>();
    return run;
  });
}

void AnswerCache::store_mona(const smt::MonaQuery& query, unsigned timeout_ms,
                             std::uint64_t memory_bytes, const std::string& mona_version,
                             const smt::MonaRun& run) const {
  const std::string key = mona_key_of(query, timeout_ms, memory_bytes, mona_version);
  Json counterexample = Json::object();
  for (const auto& [v, value] : run.counterexample) counterexample[v] = value;
  write_signed(entry_path(key), {{"format", kMonaFormat},
                                 {"key", key},
                                 {"program_sha256", Sha256::of(query.text)},
                                 {"timeout_ms", timeout_ms},
                                 {"memory_bytes", memory_bytes},
                                 {"mona_version", mona_version},
                                 {"answer", smt::mona_answer_name(run.answer)},
                                 {"counterexample", counterexample},
                                 {"note", run.note},
                                 {"states", run.states},
                                 {"bdd_nodes", run.bdd_nodes}});
}

std::string AnswerCache::drat_key_of(const std::string& smt2, const DratOptions& options,
                                     const std::string& route_version) const {
  return Sha256::of(fmt::format(
      "{}\nquery {}\nroute {}\ntimeout_ms {}\nconflicts {}\nproof_limit_bytes {}\n"
      "check_visits {}\ncheck_memory_bytes {}\n",
      kDratFormat, Sha256::of(smt2), route_version, options.timeout_ms, options.conflicts,
      options.proof_limit_bytes, options.check_visits, options.check_memory_bytes));
}

std::filesystem::path AnswerCache::text_path(const std::string& sha256) const {
  return dir_ / "texts" / sha256.substr(0, 2) / sha256;
}

std::optional<DratRoute> AnswerCache::find_drat(const std::string& smt2,
                                                const DratOptions& options,
                                                const std::string& route_version) const {
  const std::string key = drat_key_of(smt2, options, route_version);
  std::optional<DratRoute> route =
      read_signed(entry_path(key), [&](const Json& entry) -> std::optional<DratRoute> {
        if (entry.at("format") != kDratFormat || entry.at("key") != key) return std::nullopt;
        DratRoute r;
        for (const auto& [name, field] : kDratWords) r.*field = entry.at(name).get<std::string>();
        for (const auto& [name, field] : kDratCounts) r.*field = entry.at(name).get<std::uint64_t>();
        return r;
      });
  if (!route || !route->checked()) return route;
  // A checked proof's texts: the very bytes whose SHA-256 the signed entry records.
  const auto text = [&](const std::string& sha, std::uint64_t bytes) -> std::optional<std::string> {
    if (!is_hex(sha, 64)) return std::nullopt;
    try {
      std::optional<std::string> t = read_regular_file(text_path(sha), bytes + 1);
      if (!t || t->size() != bytes || Sha256::of(*t) != sha) return std::nullopt;
      return t;
    } catch (const std::runtime_error&) {
      return std::nullopt;
    }
  };
  std::optional<std::string> proof = text(route->proof_sha256, route->proof_bytes);
  std::optional<std::string> cnf = text(route->cnf_sha256, route->cnf_bytes);
  if (!proof || !cnf) return std::nullopt;
  route->proof = std::move(*proof);
  route->cnf = std::move(*cnf);
  return route;
}

void AnswerCache::store_drat(const std::string& smt2, const DratOptions& options,
                             const std::string& route_version, const DratRoute& route) const {
  const std::string key = drat_key_of(smt2, options, route_version);
  if (route.checked()) {  // the texts first: an entry never names a text not yet there
    for (const auto& [sha, text] : {std::pair{route.proof_sha256, &route.proof},
                                    std::pair{route.cnf_sha256, &route.cnf}}) {
      const std::filesystem::path p = text_path(sha);
      std::error_code error;
      if (std::filesystem::exists(p, error)) continue;
      try {
        std::filesystem::create_directories(p.parent_path());
        write_file_atomically(p, *text);
      } catch (const smt::Interrupted&) {
        throw;
      } catch (const std::exception&) {
        return;  // no text, no entry: the route runs again next time
      }
    }
  }
  Json entry = {{"format", kDratFormat}, {"key", key}, {"query_sha256", Sha256::of(smt2)}};
  for (const auto& [name, field] : kDratWords) entry[name] = route.*field;
  for (const auto& [name, field] : kDratCounts) entry[name] = route.*field;
  write_signed(entry_path(key), std::move(entry));
}

std::optional<Json> AnswerCache::find_exhaustive(const std::string& key) const {
  if (!is_hex(key, 64))
    throw std::logic_error("AnswerCache::find_exhaustive: not a SHA-256: " + key);
  return read_signed(entry_path(key), [&](const Json& entry) -> std::optional<Json> {
    if (entry.at("format") != kExhaustiveFormat || entry.at("key") != key) return std::nullopt;
    return entry.at("report");
  });
}

void AnswerCache::store_exhaustive(const std::string& key, const Json& record) const {
  if (!is_hex(key, 64))
    throw std::logic_error("AnswerCache::store_exhaustive: not a SHA-256: " + key);
  Json entry = {{"format", kExhaustiveFormat}, {"key", key}, {"report", record}};
  if (entry.dump().size() + 200 > kMaxEntryBytes) return;  // too large to be read back
  write_signed(entry_path(key), std::move(entry));
}

std::filesystem::path AnswerCache::vouch_path(const std::string& stable_sha256) const {
  return dir_ / "vouched" / stable_sha256.substr(0, 2) / (stable_sha256 + ".json");
}

void AnswerCache::vouch(const std::string& stable_sha256, const Vouch& vouch) const {
  if (!is_hex(stable_sha256, 64))
    throw std::logic_error("AnswerCache::vouch: not a SHA-256: " + stable_sha256);
  write_signed(vouch_path(stable_sha256), {{"format", kVouchFormat},
                                           {"stable_sha256", stable_sha256},
                                           {"file", vouch.file},
                                           {"by", vouch.by}});
}

std::optional<AnswerCache::Vouch> AnswerCache::vouched(const std::string& stable_sha256) const {
  if (!is_hex(stable_sha256, 64)) return std::nullopt;
  return read_signed(vouch_path(stable_sha256), [&](const Json& entry) -> std::optional<Vouch> {
    if (entry.at("format") != kVouchFormat || entry.at("stable_sha256") != stable_sha256)
      return std::nullopt;
    return Vouch{entry.at("file").get<std::string>(), entry.at("by").get<std::string>()};
  });
}

void AnswerCache::write_signed(const std::filesystem::path& path, Json entry) const {
  entry["hmac"] = Sha256::hmac(secret_, entry.dump());
  try {
    std::filesystem::create_directories(path.parent_path());
    write_file_atomically(path, entry.dump() + "\n");
  } catch (const smt::Interrupted&) {
    throw;
  } catch (const std::exception& e) {
    if (!warned_.exchange(true))
      fmt::print(stderr, "nimcert: warning: the answer cache {} is not written: {}\n",
                 dir_.string(), e.what());
  }
}

}  // namespace nimcert
