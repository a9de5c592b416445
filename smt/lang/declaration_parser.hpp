// The declaration grammar's parser (see parser.cpp for the grammar, induction_parser.cpp for
// the induction step's part of it).  Internal to smt/lang: callers use parse_proof
// (lang/proof_file.hpp).
#pragma once

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "lang/expression_parser.hpp"
#include "lang/proof_file.hpp"
#include "sys/nearest.hpp"

namespace nimcert::smt {

inline const std::vector<std::string> kDeclarations = {"game",  "cube", "def",      "claim",
                                                       "lemma", "box",  "sequence", "induction"};

// The largest cube the engine takes, and the largest box side and sequence end a 32-bit heap
// index can hold with one to spare (so that side + 1 and last + 1 never wrap).
inline constexpr std::uint64_t kMaxCube = 4096;
inline constexpr std::uint64_t kMaxBoxSide = 0xfffffffeu;
inline constexpr std::uint64_t kMaxLast = 0xfffffffeu;
// The most copies of a one-heap game a box may add up (a position holds at most 8 heaps).
inline constexpr std::uint64_t kMaxSumHeaps = 8;
inline constexpr std::uint64_t kMaxTimeoutMs = 3600000;
// The largest element of a subtraction set (the octal codes' 256 digits: a subtraction game is
// the octal game whose digits are 3 at its elements and 0 elsewhere).
inline constexpr std::uint64_t kMaxSubtraction = 256;
inline constexpr std::uint64_t kMaxCases = 256;

class DeclarationParser : public ExpressionParser {
 public:
  DeclarationParser(const std::string& text, const std::string& path, const Catalog& catalog,
                    Reading reading = Reading::Checking)
      : ExpressionParser(text, path), catalog_(catalog), reading_(reading) {}

  ProofFile run();

 private:
  void declaration(ProofFile& file);

  // After an error: on to the next declaration keyword that starts a line.
  void skip_to_next_declaration();

  // What only the whole file can show.
  void check_whole(const ProofFile& file) const;

  // A name that must be new among `seen`; records it.
  void distinct(std::vector<std::string>& seen, const std::string& name, SourceLocation w,
                const char* what) const {
    if (std::find(seen.begin(), seen.end(), name) != seen.end())
      fail(w, fmt::format("a {} not used before (\"{}\" is)", what, name));
    seen.push_back(name);
  }

  // --- declarations ---
  // A game: a built-in one `NAME(PARAMETERS)`, or, where `defs` is given (at top level), a
  // declaration `NAME heaps K ...`; in a box, the name of the declared game stands for it.
  GameSpec parse_game(const Definitions* defs);
  // The rest of `game NAME heaps K  move ...  end` (game_parser.cpp).
  std::shared_ptr<const GameDeclaration> parse_game_declaration(const Token& name,
                                                                const Definitions& defs);
  MoveKind parse_move(const GameDeclaration& game, const Definitions& defs,
                      std::vector<std::string>& move_names);
  std::shared_ptr<const GameDeclaration> parse_subtraction_game(
      std::shared_ptr<GameDeclaration> game);
  MoveParameter parse_move_parameter(const std::vector<std::string>& scope);

  void parse_definition(Definitions& defs);

  // The heap count of a game, asked of the catalog; its refusal is an error at the game.
  std::size_t heaps_of(const GameSpec& game) const;

  ClaimSpec parse_claim_over(const ProofFile& file, const std::vector<std::string>& vars);

  // widths W... : at least one, each in [least, 1024], no width twice.
  std::vector<unsigned> parse_widths(unsigned least);

  std::vector<std::string> parse_checks(const std::string& block);

  // The rest of a box or sequence block: its claims over `vars`, its named checks, 'end'.
  void parse_block_body(const ProofFile& file, const std::vector<std::string>& vars,
                        const std::string& block, std::vector<ClaimSpec>& claims,
                        std::vector<std::string>& checks) {
    while (is_word("claim")) {
      next();
      claims.push_back(parse_claim_over(file, vars));
    }
    checks = parse_checks(block);
    expect_word("end");
  }

  // box "NAME" "text"  game G(...)  size B  claim ...  check ...  end
  BoxSpec parse_box(const ProofFile& file);

  // sequence "NAME" "text"  rule "EXPR"  last N  claim ...  check ...  end
  // sequence "NAME" "text"  game NAME  last N  claim ... (also `claim "N" "t": periodic from
  // N0 period P [saltus S]`)  end
  SequenceSpec parse_sequence(const ProofFile& file);
  // A named claim's "NAME" "TEXT" :, its name checked distinct.
  void parse_claim_head(std::string& name, std::string& text, SourceLocation& where);
  PeriodicClaim parse_periodic_claim();
  QuotientClaim parse_quotient_claim();

  LemmaSpec parse_lemma(const Definitions& defs);

  // induction "CLAIM" "text"  [case ...]  witness ...  [timeout MS]  widths W...  end
  // (induction_parser.cpp)
  InductionSpec parse_induction(const ProofFile& file);
  CaseSplit parse_case_split(std::vector<std::string>& vars);
  // After `numeration ostrowski`: `sqrt2` or `1/(2+sqrt2)` (induction_parser.cpp).
  Numeration parse_ostrowski_alpha();

  const Catalog& catalog_;
  Reading reading_;
  // The file's declared games by name, as they are parsed.
  std::map<std::string, std::shared_ptr<const GameDeclaration>> declared_;
  bool have_game_ = false, game_failed_ = false;
  SourceLocation cube_where_, first_claim_;
  std::vector<std::string> claim_names_, lemma_labels_, block_names_, induction_claims_;
};

}  // namespace nimcert::smt
