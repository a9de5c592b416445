// Reading proof files against the game registry (see proof_input.hpp).
#include "checks/proof_input.hpp"

#include <fmt/format.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "checks/induction/obligations.hpp"
#include "checks/named/named_checks.hpp"
#include "checks/periodicity.hpp"
#include "engines/octal_engine.hpp"
#include "games/octal_code.hpp"
#include "games/one_heap.hpp"
#include "games/registry.hpp"
#include "games/symbolic_move.hpp"

namespace nimcert {

namespace {

// What the parser may ask: the registry's heap counts, the named-check tables' names.
class ProofCatalog final : public smt::Catalog {
 public:
  std::size_t heap_count(const smt::GameSpec& game) const override { return heap_count_of(game); }
  std::vector<std::string> check_names(const std::string& block) const override {
    return block == "box" ? check_names_of(box_checks()) : check_names_of(sequence_checks());
  }
  std::vector<std::string> game_names() const override { return nimcert::game_names(); }
};

// "file:line:col: expected ..." at w, as the parser reports.
std::string located(const std::string& path, smt::SourceLocation w, const std::string& what) {
  return fmt::format("{}:{}:{}: expected {}", path, w.line, w.column, what);
}

// The game of a spec, built; an error at the game's location when it cannot be.
std::unique_ptr<Game> built(const smt::ProofFile& file, const smt::GameSpec& spec,
                            smt::SourceLocation where) {
  try {
    return make_game(spec, file.definitions);
  } catch (const std::invalid_argument& e) {
    throw smt::ParseError(
        located(file.path, where, fmt::format("a game nimcert can play: {}", e.what())));
  }
}

// The code of an octal game, read where the file writes it.
OctalCode octal_code_at(const smt::ProofFile& file, const smt::GameDeclaration& d) {
  try {
    return octal_code_of(d);
  } catch (const std::invalid_argument& e) {
    throw smt::ParseError(located(file.path, d.octal_where, e.what()));
  }
}

// Misère play of a code whose moves leave three heaps (the misère engines list at most two), or
// that uses CGSuite's d0 or constraints on the parts (the misère engines read d1..dt as octal).
void refuse_misere_beyond_octal(const smt::ProofFile& file, const smt::GameSpec& game) {
  const OctalCode code(game.declaration->octal);
  if (code.leaves_three_heaps() || code.extends_octal())
    throw smt::ParseError(located(
        file.path, game.where,
        fmt::format("misère play of an octal code ({} {}, which the misère engines do not take "
                    "yet)",
                    code.text(),
                    code.leaves_three_heaps()
                        ? "is hexadecimal: a move leaves three heaps"
                        : "has a digit before the point or a constraint on the parts")));
}

// A periodicity claim needs some n with n0 <= n and n + p <= last; a plain one (proved by the
// Guy-Smith theorem) needs the values its window reads (checks/periodicity.hpp).
void check_periodic_claims(const smt::ProofFile& file, const smt::SequenceSpec& q,
                           const OctalCode& code) {
  for (const smt::PeriodicClaim& c : q.periodic) {
    if (c.preperiod + c.period > q.last)
      throw smt::ParseError(located(
          file.path, c.where,
          fmt::format("a preperiod and period within the sequence: n0 + p = {} + {} is past "
                      "last = {}, so no n would be compared",
                      c.preperiod, c.period, q.last)));
    // A misère sequence's claim reads the misère periodicity theorem's window, on the heap
    // images (checks/misere_periodicity.hpp): one that does not fit is unknown, not an error.
    if (q.misere) continue;
    const PeriodicityWindow window = periodicity_window(code, c.preperiod, c.period, c.saltus);
    const std::uint64_t needed = window.values_last();
    if (c.saltus == 0 && needed > q.last)
      throw smt::ParseError(located(
          file.path, c.where,
          fmt::format("a sequence long enough for the {} window: it reads G(0..{}) ({}; n0 = {}, "
                      "p = {}, t = {}), so 'last' must be at least {} (it is {})",
                      window.theorem == PeriodicityWindow::Theorem::Subtraction
                          ? "subtraction-game theorem's"
                      : window.theorem == PeriodicityWindow::Theorem::MexRecursion
                          ? "mex recursion's"
                          : "Guy-Smith",
                      needed,
                      window.theorem == PeriodicityWindow::Theorem::Subtraction
                          ? "n0 + t - 1 + p"
                      : window.theorem == PeriodicityWindow::Theorem::MexRecursion
                          ? "n0 + 2p - 1: one whole period compared"
                      : window.extended ? "p + t + p, since n0 = 0 and the last digit leaves two "
                                          "heaps but not one"
                                        : "2 n0 + 2p + t - 1",
                      c.preperiod, c.period, code.largest_removal(), needed, q.last)));
  }
}

// Everything the parser could not know without the games: each game builds, a box's game
// keeps its followers in the box, a sequence's rule is an expression of n, an induction's
// game has a move encoding and its hints name its moves with their parameters.  All errors
// of the file are reported together, as the parser's are.
void validate(const smt::ProofFile& file) {
  std::vector<std::string> errors;
  auto attempt = [&](auto body) {
    try {
      body();
    } catch (const smt::ParseError& e) {
      errors.push_back(e.what());
    } catch (const std::invalid_argument& e) {
      errors.push_back(e.what());
    }
  };
  for (const auto& d : file.declared_games)
    attempt([&] {
      if (!d->octal.empty()) {
        octal_code_at(file, *d);
        return;
      }
      smt::GameSpec spec;
      spec.name = d->name;
      spec.where = d->where;
      spec.declaration = d;
      built(file, spec, d->where);
    });
  if (!file.game.name.empty() && !file.game.declaration)
    attempt([&] { built(file, file.game, file.game.where); });
  for (const smt::BoxSpec& b : file.boxes)
    attempt([&] {
      // An octal game's misère sums are played by the definition on its code, read above.
      if (b.misere && b.sum && b.game.declaration && !b.game.declaration->octal.empty()) {
        refuse_misere_beyond_octal(file, b.game);
        return;
      }
      const auto game = built(file, b.game, b.game.where);
      if (!game->lowers_heaps() && !game->declares_rank() && !game->has_sums())
        throw smt::ParseError(located(
            file.path, b.game.where,
            fmt::format("a game whose moves never raise a heap in a box ({} can raise one, so "
                        "its followers leave the box: state its claims at top level, on a cube)",
                        game->describe())));
    });
  for (const smt::SequenceSpec& q : file.sequences)
    attempt([&] {
      if (q.game.declaration) {
        const OctalCode code = octal_code_at(file, *q.game.declaration);
        if (q.misere) refuse_misere_beyond_octal(file, q.game);
        if (code.leaves_three_heaps() && q.last > kMaxThreeHeapLast)
          throw smt::ParseError(located(
              file.path, q.where,
              fmt::format("a hexadecimal game's sequence to at most last = {} (a move of {} "
                          "leaves three heaps: O(n^3) work), not {}",
                          kMaxThreeHeapLast, code.text(), q.last)));
        check_periodic_claims(file, q, code);
        return;
      }
      try {
        Rule(q.rule, file.definitions);
      } catch (const std::invalid_argument& e) {
        throw smt::ParseError(located(file.path, q.rule_where, e.what()));
      }
    });
  for (const smt::InductionSpec& d : file.inductions)
    attempt([&] {
      const auto game = built(file, d.game, d.where);
      const std::vector<SymbolicMove> moves = game->symbolic_moves();
      if (moves.empty())
        throw smt::ParseError(
            located(file.path, d.where,
                    fmt::format("a game with a move encoding for the induction ({} has none)",
                                game->describe())));
      resolve_step(moves, game->symbolic_conditions(), game->heap_count(), d, file.definitions,
                   file.path);  // throws at the first hint naming a move the game lacks
    });
  if (!errors.empty()) throw smt::ParseError(fmt::format("{}", fmt::join(errors, "\n")));
}

}  // namespace

smt::ProofFile parse_proof_file(const std::string& text, const std::string& path,
                                smt::Reading reading) {
  static const ProofCatalog catalog;
  smt::ProofFile file = smt::parse_proof(text, path, catalog, reading);
  for (smt::InductionSpec& d : file.inductions) {
    switch (d.site.block) {
      case smt::ClaimSite::Block::Cube:
        d.game = file.game;
        break;
      case smt::ClaimSite::Block::Box:
        d.game = file.boxes.at(d.site.index).game;
        break;
      case smt::ClaimSite::Block::Sequence:
        d.game = sequence_game(d.site.value, file.sequences.at(d.site.index).rule);
        break;
    }
  }
  validate(file);
  return file;
}

std::string read_proof_text(const std::string& path) {
  namespace fs = std::filesystem;
  std::error_code error;
  const fs::file_status status = fs::status(path, error);
  if (error || !fs::exists(status)) throw std::runtime_error(path + ": no such proof file");
  if (!fs::is_regular_file(status))
    throw std::runtime_error(path + ": not a regular file (a proof file is a text file)");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error(path + ": cannot read the proof file");
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

smt::ProofFile read_proof_file(const std::string& path, smt::Reading reading) {
  return parse_proof_file(read_proof_text(path), path, reading);
}

}  // namespace nimcert
