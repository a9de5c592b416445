// The proof-language parser: a hand-written lexer and a precedence-climbing expression parser.
//
// Precedence, loosest first (docs/proof-language.md): <->, ->, ||, &&, !, comparisons,
// |, ^, &, << >>, + -, * / %.  Unlike C, the bitwise operators bind tighter than the
// comparisons, so `a & b == 0` means `(a & b) == 0`.  Comparisons do not chain and <-> does
// not associate: `a < b < c` and `a <-> b <-> c` are errors, not surprises.
#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <fstream>
#include <set>
#include <sstream>

#include "lang/lexer.hpp"
#include "lang/proof_file.hpp"

namespace nimcert::smt {

namespace {

// Binary operators by precedence level, loosest first; Not sits between && and comparisons.
struct Level {
  std::vector<std::pair<std::string, Op>> ops;
  enum { Left, Right, None } associativity;
};
const std::vector<Level> kLevels = {
    {{{"<->", Op::Iff}}, Level::None},
    {{{"->", Op::Implies}}, Level::Right},
    {{{"||", Op::Or}}, Level::Left},
    {{{"&&", Op::And}}, Level::Left},
    {{{"==", Op::Eq}, {"!=", Op::Ne}, {"<", Op::Lt}, {"<=", Op::Le}, {">", Op::Gt}, {">=", Op::Ge}},
     Level::None},
    {{{"|", Op::BitOr}}, Level::Left},
    {{{"^", Op::BitXor}}, Level::Left},
    {{{"&", Op::BitAnd}}, Level::Left},
    {{{"<<", Op::Shl}, {">>", Op::Shr}}, Level::Left},
    {{{"+", Op::Add}, {"-", Op::Sub}}, Level::Left},
    {{{"*", Op::Mul}, {"/", Op::Div}, {"%", Op::Mod}}, Level::Left},
};
constexpr std::size_t kNotLevel = 4;  // `!` binds looser than comparisons: !a == b is !(a == b)

class Parser {
 public:
  Parser(const std::string& text, const std::string& path, const GameCatalog* games)
      : lexer_(text, path), path_(path), games_(games) {
    tokens_ = lexer_.run();
  }

  ProofFile run() {
    ProofFile file;
    file.path = path_;
    bool have_game = false;
    while (!at_end()) {
      const Token& t = peek();
      if (is_word("game")) {
        if (have_game) fail(t.where, "one game declaration only");
        next();
        file.game = parse_game();
        have_game = true;
      } else if (is_word("cube")) {
        next();
        const Token n = expect_number("the cube size N");
        if (n.number > 4096) fail(n.where, "a cube size N <= 4096");
        file.cube = static_cast<std::uint32_t>(n.number);
      } else if (is_word("def")) {
        next();
        parse_definition(file.definitions);
      } else if (is_word("claim")) {
        next();
        file.claims.push_back(parse_claim(file, have_game));
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
        fail(t.where, "game, cube, def, claim, lemma, box, sequence or induction");
      }
    }
    return file;
  }

  // One expression over `variables`, and nothing after it.
  ExprPtr run_expression(const std::vector<std::string>& variables, const Definitions& defs) {
    scope_ = std::set<std::string>(variables.begin(), variables.end());
    definitions_ = &defs;
    ExprPtr e = parse_expr();
    if (!at_end()) fail(peek().where, "the end of the expression");
    return e;
  }

 private:
  // --- tokens ---
  const Token& peek() const { return tokens_[pos_]; }
  const Token& next() { return tokens_[pos_ < tokens_.size() - 1 ? pos_++ : pos_]; }
  bool at_end() const { return peek().kind == Tok::End; }
  bool is_word(const char* w) const { return peek().kind == Tok::Ident && peek().text == w; }
  bool is_punct(const char* p) const { return peek().kind == Tok::Punct && peek().text == p; }
  [[noreturn]] void fail(SourceLocation w, const std::string& what) const { lexer_.fail(w, what); }
  void expect_punct(const char* p) {
    if (!is_punct(p)) fail(peek().where, fmt::format("'{}'", p));
    next();
  }
  void expect_word(const char* w) {
    if (!is_word(w)) fail(peek().where, fmt::format("'{}'", w));
    next();
  }
  Token expect_number(const std::string& what) {
    if (peek().kind != Tok::Number) fail(peek().where, what);
    return next();
  }
  Token expect_string(const std::string& what) {
    if (peek().kind != Tok::String) fail(peek().where, what + " in double quotes");
    return next();
  }
  Token expect_name(const std::string& what) {
    if (peek().kind != Tok::Ident || kKeywords.count(peek().text)) fail(peek().where, what);
    return next();
  }

  // --- declarations ---
  GameSpec parse_game() {
    GameSpec g;
    g.where = peek().where;
    g.name = expect_name("a game name").text;
    while (is_punct("-")) {  // maximum-nim, serial-nim
      next();
      g.name += "-" + expect_name("the rest of the game name").text;
    }
    if (is_punct("(")) {
      next();
      while (!is_punct(")")) {
        const std::string key = expect_name("a parameter name").text;
        expect_punct("=");
        if (peek().kind == Tok::String)
          g.parameters[key] = next().text;  // a rule: an expression of n, read by the game
        else
          g.parameters[key] = expect_number("a parameter value (a number or a string)").number;
        if (!is_punct(")")) expect_punct(",");
      }
      next();
    }
    return g;
  }

  void parse_definition(Definitions& defs) {
    Definition d;
    d.where = peek().where;
    d.name = expect_name("a definition name").text;
    if (defs.count(d.name))
      fail(d.where, fmt::format("a new name ('{}' is defined already)", d.name));
    expect_punct("(");
    while (!is_punct(")")) {
      d.parameters.push_back(expect_name("a parameter name").text);
      if (!is_punct(")")) expect_punct(",");
    }
    next();
    expect_punct("=");
    scope_ = std::set<std::string>(d.parameters.begin(), d.parameters.end());
    definitions_ = &defs;
    d.body = parse_expr();
    defs[d.name] = d;
  }

  // The heap count of a game, asked of the catalog; its refusal is an error at the game.
  std::size_t heaps_of(const GameSpec& game) const {
    try {
      return games_->heap_count(game);
    } catch (const std::invalid_argument& e) {
      fail(game.where, fmt::format("a game nimcert knows: {}", e.what()));
    }
  }

  ClaimSpec parse_claim(const ProofFile& file, bool have_game) {
    if (!have_game) fail(peek().where, "a game declaration before the claims");
    return parse_claim_over(file, claim_variables(heaps_of(file.game)));
  }

  ClaimSpec parse_claim_over(const ProofFile& file, const std::vector<std::string>& vars) {
    ClaimSpec c;
    c.name = expect_string("the claim's name").text;
    c.text = expect_string("the claim's source text").text;
    expect_punct(":");
    scope_ = std::set<std::string>(vars.begin(), vars.end());
    definitions_ = &file.definitions;
    c.statement = parse_expr();
    return c;
  }

  // widths W... : at least one, each in [least, 1024].
  std::vector<unsigned> parse_widths(unsigned least) {
    expect_word("widths");
    std::vector<unsigned> widths;
    while (peek().kind == Tok::Number) {
      const Token w = next();
      if (w.number < least || w.number > 1024)
        fail(w.where, fmt::format("a width between {} and 1024", least));
      widths.push_back(static_cast<unsigned>(w.number));
    }
    if (widths.empty()) fail(peek().where, "at least one width after 'widths'");
    return widths;
  }

  std::vector<std::string> parse_checks() {
    std::vector<std::string> checks;
    while (is_word("check")) {
      next();
      checks.push_back(expect_string("the name of a check, e.g. \"lemma-2.1\"").text);
    }
    return checks;
  }

  // box "NAME" "text"  game G(...)  size B  claim ...  check ...  end
  BoxSpec parse_box(const ProofFile& file) {
    BoxSpec b;
    b.where = peek().where;
    b.name = expect_string("the box's name").text;
    b.text = expect_string("the box's source text").text;
    expect_word("game");
    b.game = parse_game();
    expect_word("size");
    const Token n = expect_number("the box size B");
    b.size = static_cast<std::uint32_t>(n.number);
    while (is_word("claim")) {
      next();
      b.claims.push_back(parse_claim_over(file, claim_variables(heaps_of(b.game))));
    }
    b.checks = parse_checks();
    expect_word("end");
    return b;
  }

  // sequence "NAME" "text"  rule "EXPR"  last N  claim ...  check ...  end
  SequenceSpec parse_sequence(const ProofFile& file) {
    SequenceSpec q;
    q.where = peek().where;
    q.name = expect_string("the sequence's name").text;
    q.text = expect_string("the sequence's source text").text;
    expect_word("rule");
    q.rule = expect_string("the rule f as a string, e.g. \"(n - 1) / 2\"").text;
    expect_word("last");
    q.last = expect_number("the last n").number;
    while (is_word("claim")) {
      next();
      q.claims.push_back(parse_claim_over(file, sequence_variables()));
    }
    q.checks = parse_checks();
    expect_word("end");
    return q;
  }

  LemmaSpec parse_lemma(const Definitions& defs) {
    LemmaSpec l;
    l.where = peek().where;
    l.label = expect_string("the lemma's label, e.g. \"(17)\"").text;
    l.text = expect_string("the lemma's source text").text;
    expect_word("vars");
    while (peek().kind == Tok::Ident && !kKeywords.count(peek().text))
      l.variables.push_back(next().text);
    if (l.variables.empty()) fail(peek().where, "at least one variable after 'vars'");
    scope_ = std::set<std::string>(l.variables.begin(), l.variables.end());
    if (scope_.size() != l.variables.size()) fail(l.where, "distinct variable names");
    definitions_ = &defs;
    while (is_word("assume")) {
      next();
      l.hypotheses.push_back(parse_expr());
    }
    expect_word("prove");
    l.conclusion = parse_expr();
    l.widths = parse_widths(1);
    expect_word("enumerate");
    l.low = expect_number("the enumeration's lower bound").number;
    expect_punct("..");
    const Token hi = expect_number("the enumeration's upper bound");
    l.high = hi.number;
    if (l.high < l.low) fail(hi.where, "an upper bound at least the lower bound");
    expect_word("end");
    return l;
  }

  // induction "CLAIM" "text"  witness "MOVE" p = EXPR, ...  ...  [timeout MS]  widths W...  end
  InductionSpec parse_induction(const ProofFile& file) {
    InductionSpec d;
    d.where = peek().where;
    const Token claim = expect_string("the name of a claim G == F");
    d.claim = claim.text;
    d.text = expect_string("the induction's source text").text;
    // The claim, where it was stated, and its F; the game of that block is the registry's to
    // resolve (a sequence's is a one-heap game of its rule).
    const ClaimSpec* found = nullptr;
    std::size_t heaps = 0;
    for (const ClaimSpec& c : file.claims)
      if (c.name == d.claim) {
        found = &c;
        d.site = {ClaimSite::Block::Cube, 0, "G"};
        d.value = formula_of(c);
        heaps = heaps_of(file.game);
      }
    for (std::size_t i = 0; i < file.boxes.size(); ++i)
      for (const ClaimSpec& c : file.boxes[i].claims)
        if (!found && c.name == d.claim) {
          found = &c;
          d.site = {ClaimSite::Block::Box, i, "G"};
          d.value = formula_of(c);
          heaps = heaps_of(file.boxes[i].game);
        }
    for (std::size_t i = 0; i < file.sequences.size(); ++i)
      for (const ClaimSpec& c : file.sequences[i].claims)
        if (!found && c.name == d.claim) {
          found = &c;
          // g == F speaks of Maximum Nim, h == F of Minimum Nim; F's n is the heap x1.
          const std::string value = formula_of(c, "g") ? "g" : "h";
          d.site = {ClaimSite::Block::Sequence, i, value};
          if (const ExprPtr f = formula_of(c, value))
            d.value = substitute(f, {{"n", make_var("x1")}});
          heaps = 1;
        }
    if (!found)
      fail(claim.where, fmt::format("the name of a claim stated above, not \"{}\"", d.claim));
    if (!d.value)
      fail(claim.where,
           "a claim of the form G == F (or g == F, h == F in a sequence) where F "
           "does not use the value itself");
    auto vars = claim_variables(heaps);
    vars.back() = "v";  // x1..xk and the target value v
    definitions_ = &file.definitions;
    if (is_word("case")) {  // case d = E in LO..HI: (b) split on the value of E
      next();
      CaseSplit split;
      split.where = peek().where;
      split.name = expect_name("the name of the case variable").text;
      if (std::find(vars.begin(), vars.end(), split.name) != vars.end())
        fail(split.where,
             fmt::format("a case variable named apart from {}", fmt::join(vars, ", ")));
      expect_punct("=");
      scope_ = std::set<std::string>(vars.begin(), vars.end());
      split.expr = parse_expr();
      if (!is_word("in")) fail(peek().where, "'in' and the range of the cases, LO..HI");
      next();
      split.low = expect_number("the first case").number;
      expect_punct("..");
      const Token hi = expect_number("the last case");
      split.high = hi.number;
      if (split.high < split.low || split.high - split.low >= 256)
        fail(hi.where, "a last case at least the first, and at most 256 cases");
      vars.push_back(split.name);
      d.split = std::move(split);
    }
    while (is_word("witness")) {
      next();
      WitnessHint hint;
      hint.where = peek().where;
      hint.move = expect_string("the name of a move, e.g. \"reduce x1\"").text;
      scope_ = std::set<std::string>(vars.begin(), vars.end());
      while (peek().kind == Tok::Ident && !kKeywords.count(peek().text)) {
        const std::string parameter = next().text;
        expect_punct("=");
        hint.parameters.emplace_back(parameter, parse_expr());
        if (!is_punct(",")) break;
        next();
      }
      d.hints.push_back(std::move(hint));
    }
    if (d.split && d.hints.empty())
      fail(d.split->where, "witness hints after a case split (it splits their obligation (b))");
    if (is_word("timeout")) {  // timeout MS: this induction's limit per query and solver
      next();
      const Token t = peek();
      if (t.kind != Tok::Number || t.number < 1 || t.number > 3600000)
        fail(t.where, "a time limit in milliseconds, 1 to 3600000");
      d.timeout_ms = static_cast<unsigned>(next().number);
    }
    d.widths = parse_widths(2);
    expect_word("end");
    return d;
  }

  // --- expressions ---
  ExprPtr parse_expr() { return parse_level(0); }

  ExprPtr parse_level(std::size_t level) {
    if (level == kLevels.size()) return parse_primary();
    if (level == kNotLevel && is_punct("!")) {
      const SourceLocation w = next().where;
      return located(make_node(Op::Not, {parse_level(level)}), w);
    }
    ExprPtr left = parse_level(level + 1);
    const Level& L = kLevels[level];
    for (;;) {
      const Op* op = match(L);
      if (!op) return left;
      const SourceLocation w = next().where;
      if (L.associativity == Level::Right)
        return located(make_node(*op, {left, parse_level(level)}), w);
      ExprPtr right = parse_level(level + 1);
      left = located(make_node(*op, {left, right}), w);
      if (L.associativity == Level::None && match(L))
        fail(peek().where, fmt::format("parentheses: '{}' does not chain", peek().text));
    }
  }

  const Op* match(const Level& L) const {
    if (peek().kind != Tok::Punct) return nullptr;
    for (const auto& [text, op] : L.ops)
      if (peek().text == text) return &op;
    return nullptr;
  }

  ExprPtr parse_primary() {
    const Token& t = peek();
    if (t.kind == Tok::Number) return located(make_const(next().number), t.where);
    if (is_punct("(")) {
      next();
      ExprPtr e = parse_expr();
      expect_punct(")");
      return e;
    }
    if (is_word("true") || is_word("false")) {
      const bool v = next().text == "true";
      return located(make_node(Op::Eq, {make_const(0), make_const(v ? 0 : 1)}), t.where);
    }
    if (is_word("if")) {
      const SourceLocation w = next().where;
      ExprPtr c = parse_expr();
      expect_word("then");
      ExprPtr a = parse_expr();
      expect_word("else");
      ExprPtr b = parse_expr();
      return located(make_node(Op::Ite, {c, a, b}), w);
    }
    if (t.kind == Tok::Ident && !kKeywords.count(t.text)) {
      const Token name = next();
      if (is_punct("(")) return parse_call(name);
      if (!scope_.count(name.text))
        fail(name.where, fmt::format("a variable in scope, not '{}'", name.text));
      return located(make_var(name.text), name.where);
    }
    fail(t.where, "an expression");
  }

  ExprPtr parse_call(const Token& name) {
    auto it = definitions_->find(name.text);
    if (it == definitions_->end())
      fail(name.where, fmt::format("a defined function, not '{}'", name.text));
    next();  // (
    std::vector<ExprPtr> args;
    while (!is_punct(")")) {
      args.push_back(parse_expr());
      if (!is_punct(")")) expect_punct(",");
    }
    next();
    if (args.size() != it->second.parameters.size())
      fail(name.where,
           fmt::format("{} argument(s) to {}", it->second.parameters.size(), name.text));
    auto e = std::make_shared<Expr>();
    e->op = Op::Call;
    e->name = name.text;
    e->args = std::move(args);
    e->where = name.where;
    return e;
  }

  static ExprPtr located(ExprPtr e, SourceLocation w) {
    auto copy = std::make_shared<Expr>(*e);
    copy->where = w;
    return copy;
  }

  Lexer lexer_;
  std::string path_;
  const GameCatalog* games_;  // null for a lone expression, which names no game
  std::vector<Token> tokens_;
  std::size_t pos_ = 0;
  std::set<std::string> scope_;
  const Definitions* definitions_ = nullptr;
};

}  // namespace

std::vector<std::string> claim_variables(std::size_t heaps) {
  std::vector<std::string> v;
  for (std::size_t i = 1; i <= heaps; ++i) v.push_back("x" + std::to_string(i));
  v.push_back("G");
  return v;
}

namespace {

bool mentions(const Expr& e, const std::string& name) {
  if (e.op == Op::Var) return e.name == name;
  for (const ExprPtr& a : e.args)
    if (mentions(*a, name)) return true;
  return false;
}

}  // namespace

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

std::vector<std::string> sequence_variables() { return {"n", "f", "g", "h"}; }

ProofFile parse_proof(const std::string& text, const std::string& path, const GameCatalog& games) {
  return Parser(text, path, &games).run();
}

ExprPtr parse_expression(const std::string& text, const std::vector<std::string>& variables,
                         const Definitions& definitions) {
  return Parser(text, "<expression>", nullptr).run_expression(variables, definitions);
}

ProofFile read_proof(const std::string& path, const GameCatalog& games) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error(path + ": cannot read the proof file");
  std::stringstream s;
  s << in.rdbuf();
  return parse_proof(s.str(), path, games);
}

}  // namespace nimcert::smt
