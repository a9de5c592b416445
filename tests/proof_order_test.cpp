// The order certify and gate check proofs in (pipelines/steps.hpp's longest_first): the
// longest by their certificates' last runs first, a proof with no readable certificate before
// all of them, ties in the named order.  Only the order of work: the certificates written are
// the same (WorkflowTest and the gate tests hold that).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "committed_proof.hpp"
#include "pipelines/steps.hpp"

namespace nimcert {
namespace {

// A committed certificate whose run took `seconds`: `run` is outside the stable part, so the
// copy is still a valid certificate.
std::string certificate_that_took(const std::filesystem::path& dir, const std::string& name,
                                  double seconds) {
  nlohmann::ordered_json c = nlohmann::ordered_json::parse(testing::committed("kayles.cert.json"));
  c["run"]["seconds"] = seconds;
  const std::filesystem::path p = dir / (name + ".cert.json");
  std::ofstream(p) << c.dump(2) << "\n";
  return p.string();
}

TEST(ProofOrder, LongestFirstByTheLastRunsSecondsUnknownFirstAndTiesInTheNamedOrder) {
  const std::filesystem::path dir = testing::scratch_dir("proof-order");
  std::ofstream(dir / "edited.cert.json") << "{ \"format\": \"not a certificate\" }\n";
  const std::vector<std::string> certificates = {
      certificate_that_took(dir, "short", 1.5),       // 0
      certificate_that_took(dir, "long", 80.25),      // 1
      (dir / "missing.cert.json").string(),           // 2: never certified
      certificate_that_took(dir, "middle", 30.0),     // 3
      (dir / "edited.cert.json").string(),            // 4: unreadable as a certificate
      certificate_that_took(dir, "middle-too", 30.0)  // 5: ties with 3
  };
  EXPECT_EQ(longest_first(certificates), (std::vector<std::size_t>{2, 4, 1, 3, 5, 0}));
  EXPECT_EQ(longest_first({}), std::vector<std::size_t>{});
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace nimcert
