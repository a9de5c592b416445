// discover: from a game's rules to a proved statement about all of its positions.
//
// The input file declares the game (or names a built-in one) and may define functions; it
// states nothing to check.  discover computes the game's exact table on a box (or the cube),
// searches for a formula that matches it at every position (discovery/formula_search.hpp),
// writes the proof file around it (the game, the definitions, the statement, the table as a box
// or cube claim, an induction block), and certifies that file like any other.  Only a file
// whose verdict holds and whose induction MONA proved on N^k is written, beside the input as
// NAME.discovered.proof with its certificate NAME.discovered.cert.json (or where -o says).
// When the induction refutes a candidate (a counterexample confirmed by the game), the
// candidate is excluded and the table grows, within --max-box.
//
// It tells its progress to a Narrator (narrator.hpp) and ends with status 0, a statement proved
// and written, or 1, nothing fits within the limits or what fits was not proved for every
// position (nothing written); bad input and infrastructure failures are thrown.  The summary
// line is "discover: PROVED|NOT FOUND|NOT PROVED (...)".
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "base/position.hpp"
#include "base/uninitialized.hpp"
#include "discovery/formula_search.hpp"
#include "discovery/period_search.hpp"
#include "games/game.hpp"
#include "games/octal_code.hpp"
#include "lang/proof_file.hpp"
#include "pipelines/workflow.hpp"

namespace nimcert {

struct DiscoverRequest {
  std::string file;
  std::string game;             // one of the games the file declares; empty: the file's game
  std::string out;              // the proof file to write; empty: beside the input
  std::optional<Heap> box;      // the side B of the table [0,B]^k; empty: by the heap count
  std::optional<Heap> max_box;  // the table grows up to this side; empty: 4 times the first
  unsigned max_size = 11;       // the largest formula searched
  std::size_t max_pool = SearchLimits{}.max_pool;  // the expressions the search keeps
  bool p_positions = false;     // fit the set {G = 0} (the win-loss form) instead of G
  // The automaton route: learn an automaton from the table and prove it with MONA
  // (discover_automaton.cpp); `equals` names a definition of the file it must also equal.
  bool automaton = false;
  std::string equals;
  std::size_t max_states = 64;
  // The period route (an octal or one-heap subtraction game): G(0..L) computed for L doubling
  // from 4096 up to this.
  std::uint64_t max_last = std::uint64_t{1} << 16;
  WorkflowOptions workflow;  // time limit, answer cache
};

Ending discover(const DiscoverRequest& request, Narrator& narrator);

// What both routes start from: the input read and parsed (it states nothing to check), the game
// chosen and built, where its table is checked (a box, else the cube) and the table's sides.
struct DiscoverSetup {
  std::string input;
  smt::ProofFile file;
  smt::GameSpec spec;
  std::unique_ptr<Game> game;
  bool box = true;
  Heap first_side = 0, max_side = 0;
  // An octal game, or a one-heap subtraction game: its values are discovered as a period
  // (discover_period.cpp), and no Game is built.
  std::optional<OctalCode> periodic_code;
};
DiscoverSetup prepare_discovery(const DiscoverRequest& request);
// The same on an input already read and parsed (verify checks its digest first).
DiscoverSetup prepare_discovery(const DiscoverRequest& request, std::string input,
                                smt::ProofFile file);

// The period route.
Ending discover_period(const DiscoverRequest& request, const DiscoverSetup& setup,
                       Narrator& narrator);
// The sum route: a subtraction game of several heaps, G = g(x1) ^ ... ^ g(xk) with the
// one-heap values g found as a period and named.
Ending discover_sum(const DiscoverRequest& request, const DiscoverSetup& setup, Narrator& narrator);

// The smallest period of an octal code's values (discovery/period_search.hpp), with the saltus
// its last period shows when `saltus` is Saltus::Any, its values computed for L doubling from
// 4096 up to max_last (a hexadecimal code: up to kMaxThreeHeapLast) while a smaller period fits
// but is not yet covered by its theorem's window; `why` is the NOT FOUND line when there is none.
struct FoundPeriod {
  std::optional<PeriodGuess> guess;
  std::vector<std::uint32_t, DefaultInitAllocator<std::uint32_t>> values;  // G(0..last)
  std::uint64_t last = 0;
  std::string why;
};
FoundPeriod find_period(const OctalCode& code, const std::string& name, std::uint64_t max_last,
                        Saltus saltus, Narrator& narrator);
// The largest --max-last: 2^26 values (256 MiB and, for the slowest codes, minutes).
inline constexpr std::uint64_t kMaxPeriodLast = std::uint64_t{1} << 26;

// The automaton route.
Ending discover_automaton(const DiscoverRequest& request, const DiscoverSetup& setup,
                          Narrator& narrator);

// verify on an automaton certificate: the input beside it unchanged, then the same table,
// learner and MONA obligations re-run, and the certificate compared byte for byte: status 0
// (VERIFIED) or 1 (FAILS, MISMATCH).
Ending verify_automaton(const std::string& path, const nlohmann::ordered_json& recorded,
                        Narrator& narrator);

// Any table is at most this many positions: [0,B]^k with (B+1)^k <= kMaxTable (about 0.6 GB
// for three heaps: the table keeps each heap and the value as 64-bit columns).
inline constexpr std::uint64_t kMaxTable = std::uint64_t{1} << 24;
// (side + 1)^heaps, or kMaxTable + 1 when larger.
std::uint64_t positions_of(std::size_t heaps, Heap side);

// The exact table of the game on [0,side]^k, by the engine that fits it (engines/grundy_of.hpp).
FittingTable discovery_table(const Game& game, Heap side);
// The same, with discover's progress line ("the table of ... on [0,B]^k: N positions (s)").
FittingTable announced_table(const Game& game, Heap side, Narrator& narrator);

// The proof file discover writes (-o, or beside the input with `suffix`) and its certificate,
// refused before any work when either names the input or cannot be written.
std::pair<std::string, std::string> discovered_outputs(const DiscoverRequest& request,
                                                       const std::string& suffix);

// The proof text a route wrote, certified as the file `out` (nothing written), its table of
// checks told to the narrator.
nlohmann::ordered_json certify_discovered(const std::string& text, const std::string& out,
                                          const WorkflowOptions& workflow, Narrator& narrator);

// The output beside the input: dir/NAME.proof -> dir/NAME + suffix.
std::string beside_input(const std::string& input, const std::string& suffix);

}  // namespace nimcert
