// The subcommands: grundy, table, certify (see commands.hpp).
#include "commands.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <map>
#include <optional>

#include "atomic_file.hpp"
#include "certificate.hpp"
#include "cube_check.hpp"
#include "cube_engine.hpp"
#include "manabe_claims.hpp"
#include "reference_engine.hpp"

namespace nimcert {

namespace {

// --game and its parameters, shared by every subcommand that plays a game.
struct GameOptions {
  std::string name = "amalgamation";
  std::optional<unsigned> merge_min;
  std::optional<unsigned> heaps;

  void add_to(CLI::App* cmd) {
    cmd->add_option("--game", name, "Game: amalgamation or nim")->capture_default_str();
    cmd->add_option("--merge-min", merge_min,
                    "amalgamation: least heap size that may merge (default 2; 1 is Locke's game)");
    cmd->add_option("--heaps", heaps, "nim: number of heaps (default 3)");
  }
  std::unique_ptr<Game> make() const {
    nlohmann::ordered_json parameters = nlohmann::ordered_json::object();
    if (merge_min) parameters["merge_min"] = *merge_min;
    if (heaps) parameters["heaps"] = *heaps;
    return make_game(name, parameters);
  }
};

struct GrundyCommand {
  GameOptions game;
  std::vector<Heap> heaps;
};
struct TableCommand {
  GameOptions game;
  Heap size = 10;
  Heap z = 0;
  bool csv = false;
};
struct CertifyCommand {
  GameOptions game;
  Heap n = 512;
  std::string out = "certs/manabe-2024.cert.json";
};

GrundyCommand grundy_options;
TableCommand table_options;
CertifyCommand certify_options;
std::map<const CLI::App*, std::function<int()>> runners;

bool stderr_is_terminal() { return isatty(STDERR_FILENO) == 1; }

int run_grundy(const GrundyCommand& o) {
  const auto game = o.game.make();
  if (game->heap_count() != 0 && o.heaps.size() != game->heap_count())
    throw std::invalid_argument(fmt::format("{} takes {} heaps, got {}", game->describe(),
                                            game->heap_count(), o.heaps.size()));
  Position p = Position::zeros(o.heaps.size());
  for (std::size_t i = 0; i < o.heaps.size(); ++i) p[i] = o.heaps[i];
  ReferenceEngine engine(*game);
  fmt::print("{}\n", engine.grundy(p));
  return 0;
}

int run_table(const TableCommand& o) {
  const auto game = o.game.make();
  if (game->heap_count() != 3) throw std::invalid_argument("table needs a three-heap game");
  if (o.size == 0) throw std::invalid_argument("--size must be at least 1");
  const Heap last = o.size - 1;
  CubeEngine engine(*game, std::max(last, o.z));
  const ValueTable values = engine.dense(Box{{last, last, o.z}});
  if (o.csv) {
    fmt::print("x\\y");
    for (Heap y = 0; y <= last; ++y) fmt::print(",{}", y);
    fmt::print("\n");
  } else {
    fmt::print("G(x, y, {}) for x, y = 0..{}\n     y:", o.z, last);
    for (Heap y = 0; y <= last; ++y) fmt::print(" {:>3}", y);
    fmt::print("\n");
  }
  for (Heap x = 0; x <= last; ++x) {
    fmt::print(fmt::runtime(o.csv ? "{}" : "  x={:>3}"), x);
    for (Heap y = 0; y <= last; ++y)
      fmt::print(fmt::runtime(o.csv ? ",{}" : " {:>3}"), values.at(x, y, o.z));
    fmt::print("\n");
  }
  return 0;
}

int run_certify(const CertifyCommand& o) {
  const auto game = o.game.make();
  const auto claims = manabe_claims();
  std::vector<const CubeClaim*> claim_ptrs;
  for (const auto& c : claims) claim_ptrs.push_back(c.get());
  const auto start = std::chrono::steady_clock::now();
  Progress progress;
  if (stderr_is_terminal())
    progress = [](std::uint64_t done, std::uint64_t total) {
      std::fprintf(stderr, "\rnimcert certify: cube slice %llu/%llu", (unsigned long long)done,
                   (unsigned long long)total);
      if (done == total) std::fprintf(stderr, "\n");
    };
  const CubeReport report = check_cube(*game, o.n, claim_ptrs, progress);
  RunInfo run;
  run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const auto certificate = make_certificate(*game, report, run);
  write_file_atomically(o.out, certificate_text(certificate));
  for (const ClaimOutcome& c : report.claims)
    fmt::print("{:<14} {}\n", c.name, c.holds ? "holds" : "FAILS");
  fmt::print("verdict: {} ({} on [0,{}]^3, certificate {})\n", report.holds() ? "HOLDS" : "FAILS",
             game->describe(), o.n, o.out);
  return report.holds() ? 0 : 1;
}

}  // namespace

void register_commands(CLI::App& app) {
  auto* grundy = app.add_subcommand("grundy", "Print the Grundy value of one position");
  grundy_options.game.add_to(grundy);
  grundy->add_option("heaps", grundy_options.heaps, "Heap sizes")->required();
  runners[grundy] = [] { return run_grundy(grundy_options); };

  auto* table = app.add_subcommand("table", "Print the slice G(x, y, z) for x, y < size");
  table_options.game.add_to(table);
  table->add_option("--size", table_options.size, "Rows and columns")->capture_default_str();
  table->add_option("--z", table_options.z, "The third heap")->capture_default_str();
  table->add_flag("--csv", table_options.csv, "Comma-separated output");
  runners[table] = [] { return run_table(table_options); };

  auto* certify = app.add_subcommand(
      "certify", "Check the claims on the cube [0,N]^3 exhaustively and write a certificate");
  certify_options.game.add_to(certify);
  certify->add_option("-n,--n", certify_options.n, "Cube size N")->capture_default_str();
  certify->add_option("-o,--out", certify_options.out, "Certificate file")->capture_default_str();
  runners[certify] = [] { return run_certify(certify_options); };
}

int run_selected_command(const CLI::App& app) {
  for (const CLI::App* cmd : app.get_subcommands())
    if (auto it = runners.find(cmd); it != runners.end()) return it->second();
  throw std::logic_error("no subcommand selected");
}

}  // namespace nimcert
