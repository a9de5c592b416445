// The induction step's part of the declaration grammar: the claim it proves (found among the
// claims stated above, with its F), an optional case split of (b), witness hints, a time limit
// and the widths.
#include <map>

#include "lang/declaration_parser.hpp"

namespace nimcert::smt {

// induction "CLAIM" "text"  [case ...]  witness "MOVE" p = EXPR, ...  then, each at most once
// and in any order, [numeration N] [timeout MS] [widths W...], and end
InductionSpec DeclarationParser::parse_induction(const ProofFile& file) {
  InductionSpec d;
  d.where = peek().where;
  const Token claim = expect_string("the name of a claim G == F");
  d.claim = claim.text;
  distinct(induction_claims_, d.claim, claim.where, "claim without an induction");
  d.text = expect_string("the induction's source text").text;
  // The claim, where it was stated, and its F; the game of that block is the checker's to
  // resolve (a sequence's is a one-heap game of its rule).
  const ClaimSpec* found = nullptr;
  std::size_t heaps = 0;
  // G == F, or the win-loss form (G == 0) <-> P.
  auto value_of = [&](const ClaimSpec& c) {
    d.value = formula_of(c);
    if (!d.value && (d.value = p_positions_of(c))) d.win_loss = true;
  };
  for (const ClaimSpec& c : file.claims)
    if (c.name == d.claim) {
      found = &c;
      d.site = {ClaimSite::Block::Cube, 0, "G"};
      value_of(c);
      heaps = heaps_of(file.game);
    }
  for (std::size_t i = 0; i < file.boxes.size(); ++i)
    for (const ClaimSpec& c : file.boxes[i].claims)
      if (!found && c.name == d.claim) {
        found = &c;
        d.site = {ClaimSite::Block::Box, i, "G"};
        value_of(c);
        heaps = heaps_of(file.boxes[i].game);
        d.misere = file.boxes[i].misere;
        if (d.misere && !d.win_loss)
          fail(claim.where,
               fmt::format("a claim (G == 0) <-> P of a misère box: \"{}\" is not of that form, "
                           "and a misère box's G is an outcome (0 at P, 1 at N), not a Grundy "
                           "value an induction could prove a formula of",
                           c.name));
        if (file.boxes[i].sum)
          fail(claim.where,
               fmt::format("a claim of a box that plays one game: \"{}\" is about a sum of {} "
                           "copies of {}, whose G the Sprague-Grundy theorem gives (prove the "
                           "one-heap claim instead)",
                           c.name, file.boxes[i].sum, file.boxes[i].game.name));
      }
  for (std::size_t i = 0; i < file.sequences.size(); ++i)
    for (const ClaimSpec& c : file.sequences[i].claims)
      if (!found && c.name == d.claim) {
        found = &c;
        if (!file.sequences[i].game.name.empty())
          fail(claim.where,
               fmt::format("a claim of a rule's sequence or of a box: \"{}\" is a claim about "
                           "the octal game {}, whose followers are sums of heaps, which the "
                           "induction step does not encode",
                           c.name, file.sequences[i].game.name));
        // g == F speaks of Maximum Nim, h == F of Minimum Nim; F's n is the heap x1.
        const std::string value = formula_of(c, "g") ? "g" : "h";
        d.site = {ClaimSite::Block::Sequence, i, value};
        if (const ExprPtr f = formula_of(c, value))
          d.value = substitute(f, {{"n", make_var("x1")}});
        heaps = 1;
      }
  if (!found)
    fail(claim.where, fmt::format("the name of a claim stated above, not \"{}\"{}", d.claim,
                                  did_you_mean(d.claim, claim_names_)));
  if (!d.value)
    fail(claim.where,
         "a claim of the form G == F (or g == F, h == F in a sequence) where F "
         "does not use the value itself, or (G == 0) <-> P");
  auto vars = claim_variables(heaps);
  vars.back() = "v";                // x1..xk and the target value v
  if (d.win_loss) vars.pop_back();  // the hints lead into P: there is no target value
  definitions_ = &file.definitions;
  if (is_word("case")) d.split = parse_case_split(vars);
  while (is_word("witness")) {
    next();
    WitnessHint hint;
    hint.where = peek().where;
    hint.move = expect_string("the name of a move, e.g. \"reduce x1\"").text;
    scope_ = std::set<std::string>(vars.begin(), vars.end());
    while (peek().kind == Tok::Ident && !kKeywords.count(peek().text)) {
      const Token parameter = expect_name("a parameter of the move");
      for (const auto& [name, e] : hint.parameters)
        if (name == parameter.text)
          fail(parameter.where,
               fmt::format("each parameter once ('{}' is given already)", parameter.text));
      expect_punct("=");
      hint.parameters.emplace_back(parameter.text, parse_expr());
      if (!is_punct(",")) break;
      next();
    }
    d.hints.push_back(std::move(hint));
  }
  if (d.split && d.win_loss)
    fail(d.split->where, "no case split in the win-loss form (it splits (b) on the values v < F)");
  if (d.split && d.hints.empty())
    fail(d.split->where, "witness hints after a case split (it splits their obligation (b))");
  // Then `numeration`, `timeout` and `widths`, each at most once, in any order; widths are
  // optional, as a lemma's: a step MONA decides on N^k may ask for none.
  std::map<std::string, SourceLocation> given;
  for (;;) {
    const Token word = peek();
    if (word.kind != Tok::Ident ||
        (word.text != "numeration" && word.text != "timeout" && word.text != "widths"))
      break;
    if (const auto it = given.find(word.text); it != given.end())
      fail(word.where, fmt::format("'{}' once (it is given already at line {})", word.text,
                                   it->second.line));
    given[word.text] = word.where;
    if (word.text == "numeration") {  // the unbounded routes' digits (lang/numeration.hpp)
      next();
      const Token n = peek();
      if (!is_word("fibonacci") && !is_word("binary") && !is_word("ostrowski"))
        fail(n.where,
             "a numeration: 'fibonacci', 'ostrowski sqrt2', 'ostrowski 1/(2+sqrt2)' (or "
             "'binary', the default)");
      const std::string name = next().text;
      d.numeration = name == "fibonacci" ? Numeration::Fibonacci : Numeration::Binary;
      if (name == "ostrowski") d.numeration = parse_ostrowski_alpha();
    } else if (word.text == "timeout") {  // timeout MS: the limit per query and solver
      next();
      d.timeout_ms = static_cast<unsigned>(
          expect_number_in("a time limit in milliseconds", 1, kMaxTimeoutMs));
    } else {
      d.widths = parse_widths(2);
    }
  }
  if (!is_word("end"))
    fail(peek().where,
         "'end', or 'numeration', 'timeout' or 'widths' (each once, in any order) before it");
  expect_word("end");
  return d;
}

// The irrational after `numeration ostrowski`: sqrt2 (alpha = sqrt 2 - 1, places 1, 2, 5, 12,
// ...) or 1/(2+sqrt2) (places 1, 3, 7, 17, ...), written without spaces or with them.
Numeration DeclarationParser::parse_ostrowski_alpha() {
  const SourceLocation where = peek().where;
  const char* const why =
      "'sqrt2' or '1/(2+sqrt2)' after 'ostrowski': the Ostrowski numerations nimcert reads are "
      "those of sqrt 2 - 1 (places 1, 2, 5, 12, 29, ...) and of 1 / (2 + sqrt 2) (places 1, 3, "
      "7, 17, 41, ...)";
  if (is_word("sqrt2")) {
    next();
    return Numeration::OstrowskiSqrt2;
  }
  for (const char* piece : {"1", "/", "(", "2", "+", "sqrt2", ")"}) {
    if (at_end() || peek().text != piece) fail(where, why);
    next();
  }
  return Numeration::OstrowskiTwoWythoff;
}

// case d = E in LO..HI: (b) split on the value of E; d joins the hints' variables.
CaseSplit DeclarationParser::parse_case_split(std::vector<std::string>& vars) {
  next();
  CaseSplit split;
  split.where = peek().where;
  split.name = expect_name("the name of the case variable").text;
  if (std::find(vars.begin(), vars.end(), split.name) != vars.end())
    fail(split.where, fmt::format("a case variable named apart from {}", fmt::join(vars, ", ")));
  expect_punct("=");
  scope_ = std::set<std::string>(vars.begin(), vars.end());
  split.expr = parse_expr();
  if (!is_word("in")) fail(peek().where, "'in' and the range of the cases, LO..HI");
  next();
  split.low = expect_number("the first case").number;
  expect_punct("..");
  const Token hi = expect_number("the last case");
  split.high = hi.number;
  if (split.high < split.low || split.high - split.low >= kMaxCases)
    fail(hi.where, fmt::format("a last case at least the first, and at most {} cases", kMaxCases));
  vars.push_back(split.name);
  return split;
}

}  // namespace nimcert::smt
