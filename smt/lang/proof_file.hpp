// A proof file as parsed: the game, the cube, definitions, claims, lemmas, boxes, sequences
// and induction steps.
//
// The proof language is documented in docs/proof-language.md.  A lemma states one algebraic
// step of a proof over natural-number variables, with hypotheses; nimcert checks it with Z3
// for all values below 2^w at each listed width and by enumeration over a range.  A claim is a
// statement about the Grundy value G of a position (x1, ..., xk), checked at every position of
// a cube or box; a sequence block's claims speak of one-heap sequences; an induction step
// proves a claim G == F symbolically.  The language knows no game: what it needs of one (its
// heap count) and of named checks it asks a Catalog, which the checker supplies.
#pragma once

#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "lang/ast.hpp"
#include "lang/numeration.hpp"

namespace nimcert::smt {

// A parameter of a declared move kind: a natural p with low <= p < high (or p <= high), both
// bounds expressions of the position and of the parameters declared before p.
struct MoveParameter {
  std::string name;
  ExprPtr low;  // inclusive; the constant 0 when the declaration gives none
  ExprPtr high;
  bool high_inclusive = false;
  SourceLocation where;
};

// A move kind of a declared game: legal at X = (x1..xk) for every choice of its parameters
// within their bounds where `when` holds, leading to the position `result`.
struct MoveKind {
  std::string name;
  std::vector<MoveParameter> parameters;
  ExprPtr when;  // null: legal wherever the bounds allow
  // The follower's k heaps, over x1..xk and the parameters; for a take-and-break move, whose
  // follower is a sum of positions `to (E1..Ek) + (E1'..Ek') + ...`, every part's k heaps in
  // turn (parts * k of them).  A sum's Grundy value is the xor of its parts' (Sprague-Grundy).
  std::vector<ExprPtr> result;
  std::size_t parts = 1;
  SourceLocation where;
};

// The heaps of part i of a move's follower (`parts` of them, each of `heaps` heaps).
inline std::vector<ExprPtr> part_of(const std::vector<ExprPtr>& result, std::size_t heaps,
                                    std::size_t i) {
  return std::vector<ExprPtr>(result.begin() + static_cast<std::ptrdiff_t>(i * heaps),
                              result.begin() + static_cast<std::ptrdiff_t>((i + 1) * heaps));
}

// A game stated in the proof file (docs/proof-language.md, "Declaring a game"): k heaps and
// its move kinds.  Its rank is the default of (7), stones plus nonempty heaps.  Or an octal
// game, `game NAME octal "0.77"`: one heap, its moves given by the code (read by the checker,
// games/octal_code.hpp), played by sequence blocks.
struct GameDeclaration {
  std::string name;
  std::size_t heaps = 0;
  std::vector<MoveKind> moves;
  std::string octal;  // the code of an octal game; empty for a game of move kinds
  // `game NAME subtraction {s1, ...}`: its set, increasing (its moves are declared from it too:
  // "take s from xi" for every heap and element); empty for any other game.
  std::vector<std::uint64_t> subtraction;
  // `rank EXPR`: the rank every move must lower, over x1..xk (a natural); null: the default of
  // (7), stones plus nonempty heaps.  With it a move may raise a heap (Staircase Nim).
  ExprPtr rank;
  // `rules widths W... [timeout MS]`: the widths at which Z3 and cvc5 prove the rules (7) and
  // (n), and their time limit per query; empty and 0: 8, 16, 32, 64 and the run's limit.
  // MONA proves the same rules for every position whatever the file asks here.
  std::vector<unsigned> rule_widths;
  unsigned rule_timeout_ms = 0;
  SourceLocation where, octal_where;
};

// A game of the file: a built-in one with its parameters, or the file's declared game.
struct GameSpec {
  std::string name;
  nlohmann::ordered_json parameters = nlohmann::ordered_json::object();
  SourceLocation where;  // of the name, for errors found by the game registry
  std::shared_ptr<const GameDeclaration> declaration;  // set for a declared game
};

// The canonical text of a move kind, as the certificate records it:
// "for 0 <= t < x1 when ... to (t, x2, x3)".
std::string to_string(const MoveKind& move);

struct ClaimSpec {
  std::string name;
  std::string text;   // the source's wording
  ExprPtr statement;  // over x1..xk and G
};

struct LemmaSpec {
  std::string label;  // e.g. "(17)"
  std::string text;   // the source's wording
  std::vector<std::string> variables;
  std::vector<ExprPtr> hypotheses;
  ExprPtr conclusion;
  std::vector<unsigned> widths;     // Z3: every variable < 2^w
  unsigned timeout_ms = 0;          // `timeout MS`: the widths' own limit per query; 0: the run's
  std::uint64_t low = 0, high = 0;  // enumeration: every variable in [low, high]
  SourceLocation where;
  SourceLocation range_where;  // of the enumeration's range, for a refusal of its size
};

// An exhaustive check of claims on a box [0,B]^k of a game whose moves only lower heaps
// (nim, serial-nim, the one-heap games), with optional named structural checks.
struct BoxSpec {
  std::string name, text;
  GameSpec game;
  // `game NAME sum K`: the sum of K copies of a one-heap game, G(x1..xK) = g(x1) ^ ... ^ g(xK)
  // (the Sprague-Grundy theorem); 0: the game itself.
  std::size_t sum = 0;
  // `misere`: the game played misère (the player who cannot move wins).  Grundy values do not
  // add then; the box's G is the misère outcome, 0 at a P-position and 1 at an N-position.
  bool misere = false;
  std::uint32_t size = 0;           // B
  std::vector<ClaimSpec> claims;    // over x1..xk and G
  std::vector<std::string> checks;  // e.g. "right-associativity"
  SourceLocation where;
};

// A claim that g is periodic from n0 with period p: g(n + p) = g(n) + saltus for n >= n0
// (saltus 0: plain periodicity, which the Guy-Smith theorem proves for every n from a finite
// window; a saltus s > 0 is arithmetic periodicity, checked on the computed values only).
struct PeriodicClaim {
  std::string name, text;
  std::uint64_t preperiod = 0, period = 0, saltus = 0;
  SourceLocation where;
};

// The most elements a block may give its misère quotient search (`quotient_limit`): its
// tables take 4 L^2 bytes each (1 GiB at this limit), and certify refuses a limit the machine's
// memory cannot hold.  Without it a block has checks/sequence_check.hpp's default, 4096.
inline constexpr std::uint64_t kMaxQuotientLimit = 16384;

// A claim on a misère sequence's quotient, as a table of misère quotients prints it: its order
// and P-portion, with the least period of the heap images and its least preperiod when given;
// or the heap where nimcert's quotient search stops (`quotient stops at heap H`).
struct QuotientClaim {
  std::string name, text;
  bool stops = false;
  std::uint64_t stop_heap = 0;
  std::uint64_t order = 0, p_portion = 0;
  bool images = false;
  std::uint64_t images_from = 0, images_period = 0;
  SourceLocation where;
};

// One-heap sequences for n = 0..last: Levine's for one rule f (g by Maximum Nim, h by Minimum
// Nim), or the values g of an octal game; pointwise claims over n, f, g, h (n, g for a game),
// periodicity claims (a game's), and named checks (Levine's).
struct SequenceSpec {
  std::string name, text;
  std::string rule;  // an expression of n; empty for a game's sequence
  SourceLocation rule_where;
  GameSpec game;  // an octal game, when the block names one instead of a rule
  // `game NAME misere`: g_n is heap n's misère outcome (0 at P, 1 at N), by the misère
  // quotient of the game's heaps; periodicity claims without a saltus, and claims on the
  // quotient itself.
  bool misere = false;
  // `misere quotient_limit L`: the quotient search's most elements for this block, at most
  // kMaxQuotientLimit (0: the default, MisereLimits's).
  std::uint64_t quotient_limit = 0;
  std::uint64_t last = 0;
  std::vector<ClaimSpec> claims;
  std::vector<PeriodicClaim> periodic;
  std::vector<QuotientClaim> quotient;
  std::vector<std::string> checks;  // e.g. "lemma-2.1", "self-similarity"
  SourceLocation where;
};

// A witness hint for the completeness obligation (b) of the induction step: a move of the
// game with its parameters as expressions of the position x1..xk and the target value v.
struct WitnessHint {
  std::string move;  // the game's name for the move, e.g. "reduce x1"
  std::vector<std::pair<std::string, ExprPtr>> parameters;
  SourceLocation where;
};

// A case split of the completeness obligation (b): `case d = E in lo..hi`.  (b) is posed once
// for every c in lo..hi, with the hypothesis E == c and d replaced by c in the witness hints
// (so that a shift by d becomes a shift by a constant, or an `if` on d picks one hint), and
// once more to show lo <= E <= hi.
struct CaseSplit {
  std::string name;  // d, usable in the witness hints
  ExprPtr expr;      // E, over x1..xk and v
  std::uint64_t low = 0, high = 0;
  SourceLocation where;
};

// Where the claim an induction proves was stated: at top level (the file's game and cube), in
// a box (its game) or in a sequence (a one-heap game of its rule: Maximum Nim for g == F,
// Minimum Nim for h == F).
struct ClaimSite {
  enum class Block { Cube, Box, Sequence } block = Block::Cube;
  std::size_t index = 0;  // of the box or sequence
  std::string value;      // the value variable of the claim: G, g or h
};

// The whole induction step for a claim G == F, posed symbolically at each width w on
// D_w = {X : x1 + ... + xk < 2^w}.  Without hints, (b) is posed with a quantifier.
struct InductionSpec {
  std::string claim;  // the name of a claim G == F (or g == F, h == F in a sequence)
  std::string text;
  ClaimSite site;  // where the claim was stated
  GameSpec game;   // the game of the claim's block: set by resolving the site against the games
  ExprPtr value;   // F, over x1..xk; for the win-loss form, P
  // The win-loss form, for a claim (G == 0) <-> P: no move leads from P to P, and from every
  // position outside P some move leads into P (seed 004's (i) and (ii)).
  bool win_loss = false;
  // The claim's box plays misère: the win-loss form for misère play (no terminal position in
  // P; from P never into P; from every position outside P that has a move, a move into P).
  bool misere = false;
  // `numeration fibonacci` or `numeration ostrowski sqrt2`: the unbounded routes read the
  // naturals in that numeration (lang/numeration.hpp), so that its built-ins translate (and
  // bitwise operations and shifts do not).
  Numeration numeration = Numeration::Binary;
  std::vector<WitnessHint> hints;
  std::optional<CaseSplit> split;  // of (b); only with hints
  // A time limit per query and solver for this induction's obligations, in milliseconds;
  // 0 = the run's (--timeout-ms).  For an obligation known to need longer than the rest.
  unsigned timeout_ms = 0;
  std::vector<unsigned> widths;
  SourceLocation where;
};

// Where a top-level declaration starts: its keyword ("game", "box", ...) and the keyword's
// place.  Its text runs to the next declaration's start (to the end of the file for the last):
// checker/checks/exhaustive_inputs.hpp reads a block's inputs from these texts.
struct DeclarationSite {
  std::string keyword;
  SourceLocation where;
};

struct ProofFile {
  std::string path;
  std::vector<DeclarationSite> sites;  // every declaration, in the file's order
  GameSpec game;  // the first game line: the game of the top-level claims and inductions
  // Every game the file declares, in order (the file's game first when it is declared): boxes
  // and sequences play them by name.
  std::vector<std::shared_ptr<const GameDeclaration>> declared_games;
  std::uint32_t cube = 0;  // N of the cube [0,N]^3; 0 when the file names no cube
  Definitions definitions;
  std::vector<ClaimSpec> claims;
  std::vector<LemmaSpec> lemmas;
  std::vector<BoxSpec> boxes;
  std::vector<SequenceSpec> sequences;
  std::vector<InductionSpec> inductions;
};

// What the parser asks of the checker, which alone knows games and named checks: a game's
// heap count (which also validates its name and parameters), and the named checks a block may
// ask for.  Supplied by checker/checks/proof_input.cpp.
class Catalog {
 public:
  virtual ~Catalog() = default;
  // The heap count of the game named with its parameters; throws std::invalid_argument with
  // a message naming what is wrong (an unknown game, a bad parameter), which the parser
  // reports at the game's location.
  virtual std::size_t heap_count(const GameSpec& game) const = 0;
  // The named checks a block of this kind ("box", "sequence") may ask for.
  virtual std::vector<std::string> check_names(const std::string& block) const = 0;
  // The built-in games' names, which a declared game may not take.
  virtual std::vector<std::string> game_names() const = 0;
};

// Bad input: what() is "file:line:col: expected ...", one line per error found (the parser
// goes on after an error at the next declaration, so one run reports every broken one).
class ParseError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// What a file is read for: checking (certify, gate: it must state something to check), or
// exploring (grundy, table, ppos: a file that only declares games is enough).
enum class Reading { Checking, Exploring };

ProofFile parse_proof(const std::string& text, const std::string& path, const Catalog& catalog,
                      Reading reading = Reading::Checking);
// Throws ParseError or std::runtime_error (unreadable).
ProofFile read_proof(const std::string& path, const Catalog& catalog);

// The variables a claim may use for a game with k heaps: x1..xk and G.
std::vector<std::string> claim_variables(std::size_t heaps);

// F of a claim "V == F" (or "F == V"), V the value variable; null for another form.
ExprPtr formula_of(const ClaimSpec& claim, const std::string& value = "G");

// P of a claim "(G == 0) <-> P" (either side, either order of G == 0); null for another form.
ExprPtr p_positions_of(const ClaimSpec& claim);

// The variables of a sequence claim: n, the rule's f(n), g_n and h_n; of a game's sequence,
// n and g_n.
std::vector<std::string> sequence_variables();
std::vector<std::string> game_sequence_variables();

// One expression over the given variables (for games' move encodings and tests); throws
// ParseError.
ExprPtr parse_expression(const std::string& text, const std::vector<std::string>& variables,
                         const Definitions& definitions = {});

}  // namespace nimcert::smt
