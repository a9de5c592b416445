// The game declaration of the proof language: a game's heaps and move kinds, stated in the
// proof file so that the rules are read, checked and recorded with the proof.
//
//   game NAME heaps K [rank EXPR]
//     move "NAME" [for BOUND, ...] [when CONDITION] to (E1, ..., EK) [+ (E1', ..., EK') ...]
//     ...
//     [rules widths W... [timeout MS]]
//   end
//
// or `game NAME octal "0.d1...dt"`, an octal game of one heap (its code read by the checker),
//
// where BOUND is `p < HIGH`, `p <= HIGH` or `LOW <= p < HIGH` (also with `<` on the left and
// `<=` on the right), LOW and HIGH expressions of x1..xK and the parameters declared before p.
// Each move kind is read for what it is and nothing more: the checker (games/declared_game)
// enumerates it, proves that it lowers the rank, and recognises the shapes its fast engines
// take.  Errors are located: a parameter without a bound, a follower with the wrong number of
// heaps, a name used twice.
#include <fmt/format.h>

#include <algorithm>

#include "lang/declaration_parser.hpp"

namespace nimcert::smt {

namespace {

// The most heaps a declared game may have (a position is an array of at most 8 heaps).
constexpr std::uint64_t kMaxDeclaredHeaps = 8;

// The most parts a sum follower may have (a take-and-break move leaves a few heaps).
constexpr std::size_t kMaxSumParts = 8;

// Words of the declaration that a parameter cannot be named.
bool is_declaration_word(const std::string& w) { return w == "for" || w == "when" || w == "to"; }

}  // namespace

std::string to_string(const MoveKind& m) {
  std::string s;
  for (std::size_t i = 0; i < m.parameters.size(); ++i) {
    const MoveParameter& p = m.parameters[i];
    s += i == 0 ? "for " : ", ";
    s += fmt::format("{} <= {} {} {}", to_string(*p.low), p.name, p.high_inclusive ? "<=" : "<",
                     to_string(*p.high));
  }
  if (m.when) s += (s.empty() ? "" : " ") + std::string("when ") + to_string(*m.when);
  const std::size_t k = m.parts == 0 ? 0 : m.result.size() / m.parts;
  std::vector<std::string> parts;
  for (std::size_t i = 0; i < m.parts; ++i) {
    std::vector<std::string> heaps;
    for (const ExprPtr& e : part_of(m.result, k, i)) heaps.push_back(to_string(*e));
    parts.push_back(fmt::format("({})", fmt::join(heaps, ", ")));
  }
  return s + (s.empty() ? "" : " ") + fmt::format("to {}", fmt::join(parts, " + "));
}

std::shared_ptr<const GameDeclaration> DeclarationParser::parse_game_declaration(
    const Token& name, const Definitions& defs) {
  auto game = std::make_shared<GameDeclaration>();
  game->name = name.text;
  game->where = name.where;
  for (const std::string& builtin : catalog_.game_names())
    if (builtin == game->name)
      fail(name.where, fmt::format("a new game name ('{}' is a built-in game; declare yours "
                                   "under another name)",
                                   game->name));
  if (is_word("octal")) {  // game NAME octal "0.77": one heap, the moves the code gives
    next();
    const Token code = expect_string("the octal code as a string, e.g. \"0.77\" (Kayles)");
    // An empty code would read as "no octal code" downstream: a game with no moves at all.
    if (code.text.empty())
      fail(code.where, "an octal code such as \"0.77\" (Kayles), not an empty string");
    game->heaps = 1;
    game->octal = code.text;
    game->octal_where = code.where;
    return game;
  }
  if (is_word("subtraction")) return parse_subtraction_game(std::move(game));
  if (!is_word("heaps"))
    fail(peek().where,
         "'heaps K' (and the moves), 'octal \"CODE\"' or 'subtraction {s1, s2, ...}'");
  next();
  game->heaps = expect_number_in("the number of heaps", 1, kMaxDeclaredHeaps);
  if (is_word("rank")) {  // rank EXPR over x1..xk
    next();
    std::vector<std::string> heaps = claim_variables(game->heaps);
    heaps.pop_back();
    scope_ = std::set<std::string>(heaps.begin(), heaps.end());
    definitions_ = &defs;
    game->rank = parse_expr();
  }
  std::vector<std::string> move_names;
  while (is_word("move")) {
    next();
    game->moves.push_back(parse_move(*game, defs, move_names));
  }
  if (game->moves.empty()) fail(peek().where, "at least one 'move' in the game declaration");
  if (is_word("rules")) {  // rules widths W... [timeout MS]
    next();
    expect_word("widths");
    do {
      const SourceLocation at = peek().where;
      const auto w = static_cast<unsigned>(expect_number_in("a width", 1, 64));
      for (unsigned seen : game->rule_widths)
        if (seen == w) fail(at, fmt::format("a width not given before ({} is)", w));
      game->rule_widths.push_back(w);
    } while (peek().kind == Tok::Number);
    if (is_word("timeout")) {
      next();
      game->rule_timeout_ms =
          static_cast<unsigned>(expect_number_in("the time limit in milliseconds", 1, 3600000));
    }
  }
  expect_word("end");
  return game;
}

// game NAME subtraction {s1, ..., sk} [heaps K]: a move takes some s in S from one heap.  Read
// as the declared game it is, one move kind per heap and element ("take 5 from x2", when
// x2 >= 5 to (x1, x2 - 5, ...)), so that boxes, induction steps and the rules check play it as
// any declared game; the set itself is kept for the periodicity of its one-heap values.
std::shared_ptr<const GameDeclaration> DeclarationParser::parse_subtraction_game(
    std::shared_ptr<GameDeclaration> game) {
  next();  // subtraction
  const SourceLocation at = peek().where;
  std::vector<std::uint64_t> set = parse_constants("{", "}", "a subtraction set {s1, s2, ...}");
  std::sort(set.begin(), set.end());
  if (set.front() == 0)
    fail(at, "a subtraction set of positive numbers (taking 0 stones would be a pass)");
  if (set.back() > kMaxSubtraction)
    fail(at, fmt::format("a subtraction set of numbers up to {}, not {}", kMaxSubtraction,
                         set.back()));
  if (std::adjacent_find(set.begin(), set.end()) != set.end())
    fail(at, "a subtraction set with each number once");
  game->subtraction = set;
  game->octal_where = at;
  game->heaps = 1;
  if (is_word("heaps")) {
    next();
    game->heaps = expect_number_in("the number of heaps", 1, kMaxDeclaredHeaps);
  }
  for (std::size_t i = 0; i < game->heaps; ++i)
    for (std::uint64_t s : set) {
      MoveKind m;
      const std::string x = fmt::format("x{}", i + 1);
      m.name = game->heaps == 1 ? fmt::format("take {}", s) : fmt::format("take {} from {}", s, x);
      m.where = at;
      m.when = make_node(Op::Ge, {make_var(x), make_const(s)});
      for (std::size_t j = 0; j < game->heaps; ++j) {
        const ExprPtr h = make_var(fmt::format("x{}", j + 1));
        m.result.push_back(j == i ? make_node(Op::Sub, {h, make_const(s)}) : h);
      }
      game->moves.push_back(std::move(m));
    }
  return game;
}

MoveKind DeclarationParser::parse_move(const GameDeclaration& game, const Definitions& defs,
                                       std::vector<std::string>& move_names) {
  MoveKind m;
  const Token name = expect_string("the move's name, e.g. \"reduce x1\"");
  m.name = name.text;
  m.where = name.where;
  distinct(move_names, m.name, name.where, "move name");
  std::vector<std::string> scope = claim_variables(game.heaps);
  scope.pop_back();  // x1..xk, without G
  definitions_ = &defs;
  if (is_word("for")) {
    next();
    do {
      m.parameters.push_back(parse_move_parameter(scope));
      scope.push_back(m.parameters.back().name);
    } while (is_punct(",") && (next(), true));
  }
  scope_ = std::set<std::string>(scope.begin(), scope.end());
  if (is_word("when")) {
    next();
    m.when = parse_expr();
  }
  if (!is_word("to"))
    fail(peek().where, m.parameters.empty() && !m.when
                           ? "'for', 'when' or 'to' after the move's name"
                           : "'to' and the follower (E1, ..., Ek)");
  next();
  // (E1, ..., Ek), or a sum of such positions joined by '+' (a take-and-break move).
  for (m.parts = 0;; ++m.parts) {
    const SourceLocation open = peek().where;
    if (m.parts == kMaxSumParts)
      fail(open, fmt::format("at most {} parts in a sum follower", kMaxSumParts));
    expect_punct("(");
    std::size_t given = 0;
    for (;; ++given) {
      m.result.push_back(parse_expr());
      if (!is_punct(",")) break;
      next();
    }
    if (given + 1 != game.heaps)
      fail(open, fmt::format("a follower of {} heaps, as the game declares ({} given)", game.heaps,
                             given + 1));
    expect_punct(")");
    if (!is_punct("+")) break;
    next();
  }
  ++m.parts;
  return m;
}

MoveParameter DeclarationParser::parse_move_parameter(const std::vector<std::string>& scope) {
  MoveParameter p;
  scope_ = std::set<std::string>(scope.begin(), scope.end());
  // `p < HIGH` or `LOW <= p < HIGH`: the parameter comes first when a name new to the scope
  // is followed by a comparison.
  const bool lower_given = !(peek().kind == Tok::Ident && !scope_.count(peek().text) &&
                             !definitions_->count(peek().text));
  p.low = make_const(0);
  if (lower_given) {
    p.low = parse_term();
    if (is_punct("<"))
      p.low = make_node(Op::Add, {p.low, make_const(1)});
    else if (!is_punct("<="))
      fail(peek().where, "'<=' or '<' between the parameter's lower bound and its name");
    next();
  }
  p.where = peek().where;
  const Token name = expect_name("the parameter's name");
  p.name = name.text;
  if (is_declaration_word(p.name))
    fail(name.where,
         fmt::format("a parameter name other than '{}', a word of the declaration", p.name));
  if (scope_.count(p.name))
    fail(name.where, fmt::format("a new parameter name ('{}' is {})", p.name,
                                 p.name.size() > 1 && p.name[0] == 'x' ? "a heap" : "one already"));
  if (is_word("in"))
    fail(peek().where,
         fmt::format("a range for {0}, '1 <= {0} <= 7': a set of values is a condition on it, "
                     "'for 1 <= {0} <= 7 when {0} in {{2, 5, 7}}' (or declare the game as "
                     "'game NAME subtraction {{2, 5, 7}}')",
                     p.name));
  if (!is_punct("<") && !is_punct("<="))
    fail(peek().where,
         fmt::format("an upper bound for {}: '{} < E' or '{} <= E' (every parameter is "
                     "bounded, so that its choices can be enumerated)",
                     p.name, p.name, p.name));
  p.high_inclusive = next().text == "<=";
  p.high = parse_term();
  return p;
}

}  // namespace nimcert::smt
