// Reusing MONA's answers (see reusing_mona.hpp).
#include "checks/reusing_mona.hpp"

#include "base/sha256.hpp"

namespace nimcert {

namespace {

using Json = nlohmann::ordered_json;

// Every object of the certificate recording a MONA program's SHA-256 and "valid".
void collect_valid(const Json& j, std::map<std::string, smt::MonaRun>& out) {
  if (j.is_object()) {
    const auto sha = j.find("mona_sha256");
    const auto answer = j.find("answer");
    if (sha != j.end() && sha->is_string() && answer != j.end() && *answer == "valid") {
      smt::MonaRun run;
      run.answer = smt::MonaRun::Answer::Valid;
      if (const auto largest = j.find("largest_automaton");
          largest != j.end() && largest->is_object()) {
        run.states = largest->value("states", 0u);
        run.bdd_nodes = largest->value("bdd_nodes", 0u);
      }
      out[sha->get<std::string>()] = run;
    }
    for (const auto& [key, value] : j.items()) collect_valid(value, out);
  } else if (j.is_array()) {
    for (const Json& value : j) collect_valid(value, out);
  }
}

}  // namespace

RecordedMonaAnswers recorded_mona_answers(const Json& certificate) {
  RecordedMonaAnswers out;
  try {
    out.mona_version = certificate.at("solvers").at("mona").at("version").get<std::string>();
    collect_valid(certificate, out.valid);
  } catch (const Json::exception&) {
    return {};  // a certificate of another shape: nothing is reused
  }
  return out;
}

const std::string& ReusingMona::version(const std::string& binary) const {
  std::call_once(asked_, [&] { version_ = smt::mona_version(binary); });
  return version_;
}

smt::MonaRun ReusingMona::run(const smt::MonaQuery& query, unsigned timeout_ms,
                              std::uint64_t memory_bytes, const std::string& binary) const {
  const std::string& mona = version(binary);
  if (!base_.valid.empty() && base_.mona_version == mona)
    if (const auto it = base_.valid.find(Sha256::of(query.text)); it != base_.valid.end()) {
      ++reused_;
      return it->second;
    }
  if (cache_)
    if (std::optional<smt::MonaRun> cached =
            cache_->find_mona(query, timeout_ms, memory_bytes, mona)) {
      ++reused_;
      return *cached;
    }
  smt::MonaRun run = smt::run_mona(query, timeout_ms, memory_bytes, binary);
  ++ran_;
  if (cache_) cache_->store_mona(query, timeout_ms, memory_bytes, mona, run);
  return run;
}

smt::MonaRun run_mona_reusing(const ReusingMona* reusing, const smt::MonaQuery& query,
                              unsigned timeout_ms, std::uint64_t memory_bytes,
                              const std::string& binary) {
  return reusing ? reusing->run(query, timeout_ms, memory_bytes, binary)
                 : smt::run_mona(query, timeout_ms, memory_bytes, binary);
}

}  // namespace nimcert
