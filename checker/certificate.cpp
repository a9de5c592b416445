// Building the certificate JSON (see certificate.hpp).
#include "certificate.hpp"

#include <unistd.h>
#include <z3.h>

#include <build_info.hpp>

namespace nimcert {

namespace {

nlohmann::ordered_json position_json(const Position& p) {
  nlohmann::ordered_json a = nlohmann::ordered_json::array();
  for (Heap h : p) a.push_back(h);
  return a;
}

std::string host_name() {
  char name[256] = {0};
  if (gethostname(name, sizeof name - 1) != 0) return "unknown";
  return name;
}

}  // namespace

std::string z3_version() {
  unsigned major = 0, minor = 0, build = 0, revision = 0;
  Z3_get_version(&major, &minor, &build, &revision);
  return std::to_string(major) + "." + std::to_string(minor) + "." + std::to_string(build);
}

nlohmann::ordered_json counterexample_json(const Counterexample& cx) {
  nlohmann::ordered_json j;
  j["position"] = position_json(cx.position);
  j["grundy"] = cx.grundy;
  j["claimed"] = cx.claimed ? nlohmann::ordered_json(*cx.claimed) : nlohmann::ordered_json();
  nlohmann::ordered_json followers = nlohmann::ordered_json::array();
  for (const FollowerValue& f : cx.followers)
    followers.push_back({{"position", position_json(f.position)}, {"value", f.value}});
  j["followers"] = std::move(followers);
  return j;
}

nlohmann::ordered_json cube_report_json(const CubeReport& report) {
  nlohmann::ordered_json cube;
  cube["N"] = report.n;
  cube["positions"] = report.positions;
  cube["table_encoding"] = "little-endian uint32 at index ((x*(N+1))+y)*(N+1)+z over [0,N]^3";
  cube["table_sha256"] = report.table_sha256;
  cube["max_value"] = report.max_value;
  nlohmann::ordered_json claims = nlohmann::ordered_json::array();
  for (const ClaimOutcome& c : report.claims) {
    nlohmann::ordered_json j;
    j["name"] = c.name;
    j["statement"] = c.statement;
    j["status"] = c.holds ? "holds" : "fails";
    j["counterexample"] =
        c.counterexample ? counterexample_json(*c.counterexample) : nlohmann::ordered_json();
    claims.push_back(std::move(j));
  }
  cube["claims"] = std::move(claims);
  cube["verdict"] = report.holds() ? "holds" : "fails";
  return cube;
}

nlohmann::ordered_json make_certificate(const Game& game, const CubeReport& cube,
                                        const RunInfo& run) {
  nlohmann::ordered_json c;
  c["format"] = "nimcert-certificate";
  c["format_version"] = kCertificateFormatVersion;
  c["nimcert_version"] = build::version;
  c["z3_version"] = z3_version();
  c["game"] = {{"name", game.name()}, {"parameters", game.parameters()}};
  c["exhaustive"] = cube_report_json(cube);
  c["verdict"] = cube.holds() ? "holds" : "fails";
  c["run"] = {{"git_commit", build::git_commit},
              {"compiler", build::compiler},
              {"host", host_name()},
              {"seconds", run.seconds}};
  return c;
}

nlohmann::ordered_json stable_part(nlohmann::ordered_json certificate) {
  certificate.erase("run");
  return certificate;
}

std::string certificate_text(const nlohmann::ordered_json& certificate) {
  return certificate.dump(2) + "\n";
}

}  // namespace nimcert
