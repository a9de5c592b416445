// The declaration grammar of the proof language: game, cube, def, claim, lemma, box,
// sequence, induction (docs/proof-language.md), on top of the expression grammar.
//
// Every number is range-checked where it is read, in the type it will live in, and a value
// out of range is an error at its line and column with the allowed range.  Names that two
// declarations could share (lemma labels, claim names, block names, inductions of one claim)
// must be distinct, since the certificate and the gate key their entries by them.  After an
// error the parser skips to the next declaration at the start of a line and goes on, so one
// run reports every broken declaration of a file.
#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <sstream>

#include "lang/declaration_parser.hpp"

namespace nimcert::smt {

ProofFile DeclarationParser::run() {
  ProofFile file;
  file.path = path_;
  std::vector<std::string> errors;
  while (!at_end()) {
    try {
      declaration(file);
    } catch (const ParseError& e) {
      errors.push_back(e.what());
      skip_to_next_declaration();
    }
  }
  if (errors.empty()) {
    try {
      check_whole(file);
    } catch (const ParseError& e) {
      errors.push_back(e.what());
    }
  }
  if (!errors.empty()) throw ParseError(fmt::format("{}", fmt::join(errors, "\n")));
  return file;
}

void DeclarationParser::declaration(ProofFile& file) {
  const Token& t = peek();
  file.sites.push_back({t.text, t.where});
  if (is_word("game")) {
    next();
    if (have_game_ || game_failed_) {  // a further game: declared for boxes and sequences
      const GameSpec more = parse_game(&file.definitions);
      if (!more.declaration)
        fail(more.where, fmt::format("a declared game ('heaps K' or 'octal \"CODE\"'): the "
                                     "first game line names the file's game, and a further one "
                                     "declares a game for boxes and sequences, not {}",
                                     more.name));
      file.declared_games.push_back(more.declaration);
      return;
    }
    game_failed_ = true;  // until it parses: its claims then make no errors of their own
    file.game = parse_game(&file.definitions);
    if (file.game.declaration) file.declared_games.push_back(file.game.declaration);
    have_game_ = true;
    game_failed_ = false;
  } else if (is_word("cube")) {
    if (cube_where_.line) fail(t.where, "one cube declaration only");
    cube_where_ = next().where;
    file.cube = static_cast<std::uint32_t>(expect_number_in("the cube size N", 1, kMaxCube));
  } else if (is_word("def")) {
    next();
    parse_definition(file.definitions);
  } else if (is_word("claim")) {
    next();
    if (game_failed_) {  // the game's own error says it all
      parse_claim_over(file, claim_variables(3));
      return;
    }
    if (!have_game_) fail(t.where, "a game declaration before the claims");
    const std::size_t heaps = heaps_of(file.game);
    if (heaps != 3)
      fail(t.where, fmt::format("a three-heap game for a top-level claim (it is checked on the "
                                "cube [0,N]^3; {} has {} heaps: state the claim in a box)",
                                file.game.name, heaps));
    if (!first_claim_.line) first_claim_ = t.where;
    file.claims.push_back(parse_claim_over(file, claim_variables(3)));
  } else if (is_word("lemma")) {
    next();
    file.lemmas.push_back(parse_lemma(file.definitions));
  } else if (is_word("box")) {
    next();
    file.boxes.push_back(parse_box(file));
  } else if (is_word("sequence")) {
    next();
    file.sequences.push_back(parse_sequence(file));
  } else if (is_word("induction")) {
    next();
    file.inductions.push_back(parse_induction(file));
  } else {
    const std::string hint =
        t.kind == Tok::Ident ? did_you_mean(t.text, kDeclarations) : std::string();
    fail(t.where, "game, cube, def, claim, lemma, box, sequence or induction" + hint);
  }
}

void DeclarationParser::skip_to_next_declaration() {
  next();
  while (!at_end() && !(peek().where.column == 1 && peek().kind == Tok::Ident &&
                        std::find(kDeclarations.begin(), kDeclarations.end(), peek().text) !=
                            kDeclarations.end()))
    next();
}

void DeclarationParser::check_whole(const ProofFile& file) const {
  if (!file.claims.empty() && !cube_where_.line)
    fail(first_claim_,
         "a line 'cube N' for the top-level claims: they are checked at every position of "
         "[0,N]^3, and without one nothing would be");
  if (file.claims.empty() && file.lemmas.empty() && file.boxes.empty() && file.sequences.empty() &&
      file.inductions.empty() && (reading_ == Reading::Checking || file.game.name.empty()))
    fail(peek().where,
         reading_ == Reading::Checking
             ? "something to check: the file states no claim, lemma, box, sequence or induction"
             : "a game, or something to check: the file declares none");
}

GameSpec DeclarationParser::parse_game(const Definitions* defs) {
  GameSpec g;
  g.where = peek().where;
  Token name = expect_name("a game name");
  while (is_punct("-")) {  // maximum-nim, serial-nim
    next();
    name.text += "-" + expect_name("the rest of the game name").text;
  }
  g.name = name.text;
  if (is_word("heaps") || is_word("octal") || is_word("subtraction")) {
    if (!defs)
      fail(peek().where,
           "the game declared at top level, by its name: a box plays a built-in "
           "game or the file's declared game");
    if (declared_.count(g.name))
      fail(name.where, fmt::format("a new game name ('{}' is declared already)", g.name));
    g.declaration = parse_game_declaration(name, *defs);
    declared_[g.name] = g.declaration;
    return g;
  }
  if (const auto d = declared_.find(g.name); d != declared_.end()) {
    if (is_punct("("))
      fail(peek().where, fmt::format("no parameters: '{}' is a game this file declares", g.name));
    g.declaration = d->second;
    return g;
  }
  if (is_punct("(")) {
    next();
    while (!is_punct(")")) {
      const Token key = expect_name("a parameter name");
      if (g.parameters.contains(key.text))
        fail(key.where, fmt::format("each parameter once ('{}' is given already)", key.text));
      expect_punct("=");
      if (peek().kind == Tok::String)
        g.parameters[key.text] = next().text;  // a rule: an expression of n, read by the game
      else
        g.parameters[key.text] = expect_number("a parameter value (a number or a string)").number;
      if (!is_punct(")")) expect_punct(",");
    }
    next();
  }
  heaps_of(g);  // the catalog validates the name and the parameters, here, located
  return g;
}

void DeclarationParser::parse_definition(Definitions& defs) {
  Definition d;
  d.where = peek().where;
  d.name = expect_name("a definition name").text;
  if (defs.count(d.name))
    fail(d.where, fmt::format("a new name ('{}' is defined already)", d.name));
  expect_punct("(");
  while (!is_punct(")")) {
    const Token p = expect_name("a parameter name");
    if (std::find(d.parameters.begin(), d.parameters.end(), p.text) != d.parameters.end())
      fail(p.where, fmt::format("distinct parameter names ('{}' is one already)", p.text));
    d.parameters.push_back(p.text);
    if (!is_punct(")")) expect_punct(",");
  }
  next();
  expect_punct("=");
  scope_ = std::set<std::string>(d.parameters.begin(), d.parameters.end());
  definitions_ = &defs;
  d.body = parse_expr();
  defs[d.name] = d;
}

std::size_t DeclarationParser::heaps_of(const GameSpec& game) const {
  if (game.declaration) return game.declaration->heaps;
  try {
    return catalog_.heap_count(game);
  } catch (const std::invalid_argument& e) {
    fail(game.where, fmt::format("a game nimcert knows: {}", e.what()));
  }
}

ClaimSpec DeclarationParser::parse_claim_over(const ProofFile& file,
                                              const std::vector<std::string>& vars) {
  ClaimSpec c;
  const Token name = expect_string("the claim's name");
  c.name = name.text;
  distinct(claim_names_, c.name, name.where, "claim name");
  c.text = expect_string("the claim's source text").text;
  expect_punct(":");
  scope_ = std::set<std::string>(vars.begin(), vars.end());
  definitions_ = &file.definitions;
  c.statement = parse_expr();
  return c;
}

std::vector<unsigned> DeclarationParser::parse_widths(unsigned least) {
  expect_word("widths");
  std::vector<unsigned> widths;
  while (peek().kind == Tok::Number) {
    const Token w = next();
    if (w.number < least || w.number > 1024)
      fail(w.where, fmt::format("a width from {} to 1024, not {}", least, w.number));
    if (std::find(widths.begin(), widths.end(), w.number) != widths.end())
      fail(w.where, fmt::format("each width once ({} is listed already)", w.number));
    widths.push_back(static_cast<unsigned>(w.number));
  }
  if (widths.empty()) fail(peek().where, "at least one width after 'widths'");
  return widths;
}

std::vector<std::string> DeclarationParser::parse_checks(const std::string& block) {
  const std::vector<std::string> known = catalog_.check_names(block);
  std::vector<std::string> checks;
  while (is_word("check")) {
    next();
    const Token c = expect_string("the name of a check, e.g. \"lemma-2.1\"");
    if (std::find(known.begin(), known.end(), c.text) == known.end())
      fail(c.where, fmt::format("a {} check nimcert knows, not \"{}\"{} (known: {})", block, c.text,
                                did_you_mean(c.text, known), fmt::join(known, ", ")));
    if (std::find(checks.begin(), checks.end(), c.text) != checks.end())
      fail(c.where, fmt::format("each check once (\"{}\" is listed already)", c.text));
    checks.push_back(c.text);
  }
  return checks;
}

BoxSpec DeclarationParser::parse_box(const ProofFile& file) {
  BoxSpec b;
  b.where = peek().where;
  const Token name = expect_string("the box's name");
  b.name = name.text;
  distinct(block_names_, b.name, name.where, "block name");
  b.text = expect_string("the box's source text").text;
  expect_word("game");
  b.game = parse_game(nullptr);
  if (is_word("sum")) {  // game NAME sum K: K copies of a one-heap game, side by side
    next();
    if (heaps_of(b.game) != 1)
      fail(b.game.where, fmt::format("a one-heap game before 'sum' ({} has {} heaps)", b.game.name,
                                     heaps_of(b.game)));
    b.sum = expect_number_in("the number of heaps of the sum", 2, kMaxSumHeaps);
  }
  if (is_word("misere")) {  // misère play: the player who cannot move wins
    next();
    b.misere = true;
  }
  // An octal game's normal-play values are a sequence block's (its sums are their xor); its
  // misère outcomes of sums are a box's, by the definition.
  if (b.sum && !b.misere && b.game.declaration && !b.game.declaration->octal.empty())
    fail(b.game.where, fmt::format("a game played by moves before 'sum' ({} is an octal game, "
                                   "played by sequence blocks; 'sum K misere' states the misère "
                                   "outcomes of its sums)",
                                   b.game.name));
  expect_word("size");
  b.size = static_cast<std::uint32_t>(expect_number_in("the box side B", 1, kMaxBoxSide));
  parse_block_body(file, claim_variables(b.sum ? b.sum : heaps_of(b.game)), "box", b.claims,
                   b.checks);
  if (b.misere && !b.checks.empty())
    fail(b.where, "no named checks in a misère box: they speak of Grundy values, and its G is an "
                  "outcome");
  return b;
}

SequenceSpec DeclarationParser::parse_sequence(const ProofFile& file) {
  SequenceSpec q;
  q.where = peek().where;
  const Token name = expect_string("the sequence's name");
  q.name = name.text;
  distinct(block_names_, q.name, name.where, "block name");
  q.text = expect_string("the sequence's source text").text;
  if (is_word("game")) {
    next();
    q.game = parse_game(nullptr);
    const auto& d = q.game.declaration;
    if (is_word("misere")) {  // misère play: g_n is heap n's outcome
      next();
      q.misere = true;
      if (is_word("quotient_limit")) {  // fewer elements for this block's quotient search
        next();
        q.quotient_limit = expect_number_in(
            fmt::format("the most elements of the quotient search (2..{})", kMaxQuotientLimit), 2,
            kMaxQuotientLimit);
      }
    }
    if (!d || (d->octal.empty() && (d->subtraction.empty() || d->heaps != 1))) {
      if (q.misere)  // the misère quotient is found from an octal code or a subtraction set
        fail(q.game.where,
             fmt::format("a game declared by its octal code (game NAME octal \"0.77\") or a "
                         "one-heap subtraction game: a misère sequence reads its quotient off "
                         "the code, which {} does not have; state its misère outcomes in a box "
                         "(box ... game {} misere size N)",
                         q.game.name, q.game.name));
      fail(q.game.where, fmt::format("a game declared by its octal code (game NAME octal "
                                     "\"0.77\") or a one-heap subtraction game (game NAME "
                                     "subtraction {{2, 5, 7}}); {} is played by 'rule' (Levine's "
                                     "games) or in a box",
                                     q.game.name));
    }
    expect_word("last");
    q.last = expect_number_in("the last n", 1, kMaxLast);
    const std::vector<std::string> vars = game_sequence_variables();
    while (is_word("claim")) {
      next();
      if (peek().kind == Tok::String && peek(1).kind == Tok::String && peek(2).text == ":" &&
          peek(3).kind == Tok::Ident && peek(3).text == "quotient" &&
          (peek(4).text == "order" || peek(4).text == "stops")) {
        if (!q.misere)
          fail(peek(3).where, "a claim on the quotient only in a misère sequence (game NAME "
                              "misere): a normal-play sequence has Grundy values, no quotient");
        q.quotient.push_back(parse_quotient_claim());
      } else if (peek().kind == Tok::String && peek(1).kind == Tok::String && peek(2).text == ":" &&
          peek(3).kind == Tok::Ident && peek(3).text == "periodic") {
        q.periodic.push_back(parse_periodic_claim());
        if (q.misere && q.periodic.back().saltus != 0)
          fail(q.periodic.back().where,
               "no saltus in a misère sequence: g is heap n's outcome (0 at P, 1 at N), so a "
               "periodicity claim on it is 'periodic from N0 period P'");
      } else
        q.claims.push_back(parse_claim_over(file, vars));
    }
    expect_word("end");
    return q;
  }
  if (!is_word("rule"))
    fail(peek().where, "'rule \"EXPR\"' (Levine's one-heap games) or 'game NAME' (an octal game)");
  next();
  const Token rule = expect_string("the rule f as a string, e.g. \"(n - 1) / 2\"");
  q.rule = rule.text;
  q.rule_where = rule.where;
  expect_word("last");
  q.last = expect_number_in("the last n", 1, kMaxLast);
  parse_block_body(file, sequence_variables(), "sequence", q.claims, q.checks);
  return q;
}

void DeclarationParser::parse_claim_head(std::string& name, std::string& text,
                                         SourceLocation& where) {
  const Token named = expect_string("the claim's name");
  name = named.text;
  where = named.where;
  distinct(claim_names_, name, named.where, "claim name");
  text = expect_string("the claim's source text").text;
  expect_punct(":");
}

PeriodicClaim DeclarationParser::parse_periodic_claim() {
  PeriodicClaim c;
  parse_claim_head(c.name, c.text, c.where);
  expect_word("periodic");
  expect_word("from");
  c.preperiod = expect_number_in("the preperiod n0 (g(n + p) = g(n) from n = n0 on)", 0, kMaxLast);
  expect_word("period");
  c.period = expect_number_in("the period p (g(n + p) = g(n))", 1, kMaxLast);
  if (is_word("saltus")) {
    next();
    c.saltus = expect_number_in("the saltus s (g(n + p) = g(n) + s)", 1, kMaxLast);
  }
  return c;
}

QuotientClaim DeclarationParser::parse_quotient_claim() {
  QuotientClaim c;
  parse_claim_head(c.name, c.text, c.where);
  expect_word("quotient");
  if (is_word("stops")) {  // quotient stops at heap H
    next();
    expect_word("at");
    expect_word("heap");
    c.stops = true;
    c.stop_heap = expect_number_in("the heap where the search stops", 0, kMaxLast);
    return c;
  }
  if (!is_word("order"))
    fail(peek().where, "'order N p_portion K' (the quotient's order and P-portion) or 'stops at "
                       "heap H' after 'quotient'");
  next();
  c.order = expect_number_in("the quotient's order (its number of elements)", 1, kMaxLast);
  expect_word("p_portion");
  c.p_portion = expect_number_in("the number of elements in P", 0, kMaxLast);
  if (is_word("images")) {  // images from N0 period P: the least period and its least start
    next();
    c.images = true;
    expect_word("from");
    c.images_from = expect_number_in("the heap images' least preperiod", 0, kMaxLast);
    expect_word("period");
    c.images_period = expect_number_in("the heap images' least period", 1, kMaxLast);
  }
  return c;
}

LemmaSpec DeclarationParser::parse_lemma(const Definitions& defs) {
  LemmaSpec l;
  l.where = peek().where;
  const Token label = expect_string("the lemma's label, e.g. \"(17)\"");
  l.label = label.text;
  distinct(lemma_labels_, l.label, label.where, "lemma label");
  l.text = expect_string("the lemma's source text").text;
  expect_word("vars");
  std::vector<Token> names;
  // A misspelt 'assume' or 'prove' is read as one more variable; when the list then goes
  // wrong, that variable is the likely cause and the error says so.
  auto misspelt_keyword = [&] {
    for (const Token& n : names) {
      const std::string keyword = nearest(n.text, {"assume", "prove"});
      if (!keyword.empty() && n.text.size() >= 4)
        fail(n.where, fmt::format("'{}' after the variables: '{}' was taken as a variable", keyword,
                                  n.text));
    }
  };
  while (peek().kind == Tok::Ident && !kKeywords.count(peek().text)) {
    const Token name = expect_name("a variable name");
    if (std::find(l.variables.begin(), l.variables.end(), name.text) != l.variables.end()) {
      misspelt_keyword();
      fail(name.where, fmt::format("distinct variable names ('{}' is one already)", name.text));
    }
    names.push_back(name);
    l.variables.push_back(name.text);
  }
  if (l.variables.empty()) fail(peek().where, "at least one variable after 'vars'");
  if (!is_word("assume") && !is_word("prove")) misspelt_keyword();
  scope_ = std::set<std::string>(l.variables.begin(), l.variables.end());
  definitions_ = &defs;
  while (is_word("assume")) {
    next();
    l.hypotheses.push_back(parse_expr());
  }
  expect_word("prove");
  l.conclusion = parse_expr();
  if (is_word("timeout")) {  // timeout MS: this lemma's limit per query and solver
    next();
    l.timeout_ms =
        static_cast<unsigned>(expect_number_in("a time limit in milliseconds", 1, kMaxTimeoutMs));
  }
  // Widths are optional: a lemma MONA decides for every natural may ask for none.
  if (!is_word("enumerate")) l.widths = parse_widths(1);
  expect_word("enumerate");
  l.low = expect_number("the enumeration's lower bound").number;
  expect_punct("..");
  const Token hi = expect_number("the enumeration's upper bound");
  l.high = hi.number;
  if (l.high < l.low)
    fail(hi.where, fmt::format("an upper bound at least the lower bound {}", l.low));
  l.range_where = hi.where;
  expect_word("end");
  return l;
}

std::vector<std::string> claim_variables(std::size_t heaps) {
  std::vector<std::string> v;
  for (std::size_t i = 1; i <= heaps; ++i) v.push_back("x" + std::to_string(i));
  v.push_back("G");
  return v;
}

ExprPtr formula_of(const ClaimSpec& claim, const std::string& value) {
  const Expr& s = *claim.statement;
  if (s.op != Op::Eq) return nullptr;
  for (int side = 0; side < 2; ++side) {
    const Expr& v = *s.args[side];
    const ExprPtr& f = s.args[1 - side];
    if (v.op == Op::Var && v.name == value && !mentions(*f, value) && !mentions(*f, "f") &&
        !mentions(*f, "g") && !mentions(*f, "h") && !mentions(*f, "G"))
      return f;
  }
  return nullptr;
}

ExprPtr p_positions_of(const ClaimSpec& claim) {
  const Expr& s = *claim.statement;
  if (s.op != Op::Iff) return nullptr;
  auto is_zero_value = [](const Expr& e) {
    if (e.op != Op::Eq) return false;
    for (int side = 0; side < 2; ++side)
      if (e.args[side]->op == Op::Var && e.args[side]->name == "G" &&
          e.args[1 - side]->op == Op::Const && e.args[1 - side]->value == 0)
        return true;
    return false;
  };
  for (int side = 0; side < 2; ++side)
    if (is_zero_value(*s.args[side]) && !mentions(*s.args[1 - side], "G")) return s.args[1 - side];
  return nullptr;
}

std::vector<std::string> sequence_variables() { return {"n", "f", "g", "h"}; }
std::vector<std::string> game_sequence_variables() { return {"n", "g"}; }

ProofFile parse_proof(const std::string& text, const std::string& path, const Catalog& catalog,
                      Reading reading) {
  return DeclarationParser(text, path, catalog, reading).run();
}

ExprPtr parse_expression(const std::string& text, const std::vector<std::string>& variables,
                         const Definitions& definitions) {
  return ExpressionParser(text, "<expression>").run_expression(variables, definitions);
}

ProofFile read_proof(const std::string& path, const Catalog& catalog) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error(path + ": cannot read the proof file");
  std::stringstream s;
  s << in.rdbuf();
  return parse_proof(s.str(), path, catalog);
}

}  // namespace nimcert::smt
