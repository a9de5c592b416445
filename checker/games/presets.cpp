// The built-in games' declarations (see presets.hpp), written as a proof file would write them.
#include "games/presets.hpp"

#include <fmt/format.h>

#include "games/symbolic_move.hpp"

namespace nimcert {

namespace {

using smt::ExprPtr;

// The move kinds' text, one "NAME|for ...|when ...|to (...)" at a time, read as a declaration
// reads them.
struct Builder {
  smt::GameDeclaration d;
  const smt::Definitions& definitions;

  ExprPtr expr(const std::string& text, const std::vector<std::string>& scope) const {
    return smt::parse_expression(text, scope, definitions);
  }
  // A move with at most one parameter `p` in [low, high) (high inclusive when asked).
  void move(const std::string& name, const std::string& p, const std::string& low,
            const std::string& high, bool inclusive, const std::string& when,
            const std::vector<std::string>& to) {
    smt::MoveKind m;
    m.name = name;
    std::vector<std::string> scope = position_variables(d.heaps);
    if (!p.empty()) {
      m.parameters.push_back({p, expr(low, scope), expr(high, scope), inclusive, {}});
      scope.push_back(p);
    }
    if (!when.empty()) m.when = expr(when, scope);
    for (const std::string& e : to) m.result.push_back(expr(e, scope));
    d.moves.push_back(std::move(m));
  }
  void reductions(const std::string& when_before) {
    const auto x = position_variables(d.heaps);
    std::string when;
    for (std::size_t i = 0; i < d.heaps; ++i) {
      std::vector<std::string> to = x;
      to[i] = "t";
      move("reduce " + x[i], "t", "0", x[i], false, when_before.empty() ? "" : when, to);
      when += (when.empty() ? "" : " && ") + x[i] + " == 0";
    }
  }
};

}  // namespace

std::shared_ptr<const smt::GameDeclaration> preset_declaration(
    const Game& game, const smt::Definitions& definitions) {
  const nlohmann::ordered_json p = game.parameters();
  Builder b{{}, definitions};
  b.d.name = game.name();
  b.d.heaps = game.heap_count();
  const std::string name = game.name();
  if (name == "nim") {
    b.reductions("");
  } else if (name == "serial-nim") {  // the leftmost nonempty heap only
    b.reductions("serial");
  } else if (name == "amalgamation") {
    b.reductions("");
    const std::string m = std::to_string(p.at("merge_min").get<std::uint64_t>());
    const struct {
      const char* name;
      const char* a;
      const char* b;
      std::vector<std::string> to;
    } merges[6] = {{"merge x1+x2 -> x1", "x1", "x2", {"x1 + x2", "0", "x3"}},
                   {"merge x1+x2 -> x2", "x1", "x2", {"0", "x1 + x2", "x3"}},
                   {"merge x2+x3 -> x2", "x2", "x3", {"x1", "x2 + x3", "0"}},
                   {"merge x2+x3 -> x3", "x2", "x3", {"x1", "0", "x2 + x3"}},
                   {"merge x1+x3 -> x1", "x1", "x3", {"x1 + x3", "x2", "0"}},
                   {"merge x1+x3 -> x3", "x1", "x3", {"0", "x2", "x1 + x3"}}};
    for (const auto& g : merges)
      b.move(g.name, "", "", "", false, fmt::format("{} >= {} && {} >= {}", g.a, m, g.b, m), g.to);
  } else if (name == "maximum-nim" || name == "minimum-nim") {
    // The rule f as an expression of x1: Maximum Nim takes 1 <= k <= f(n), Minimum Nim
    // f(n) < k <= n.
    const ExprPtr f =
        smt::substitute(smt::parse_expression(p.at("rule").get<std::string>(), {"n"}, definitions),
                        {{"n", smt::make_var("x1")}});
    const std::string rule = "(" + smt::to_string(*f) + ")";
    if (name == "maximum-nim")
      b.move("take", "k", "1", rule, true, "", {"x1 - k"});
    else
      b.move("take", "k", rule + " + 1", "x1", true, "", {"x1 - k"});
  } else {
    return nullptr;
  }
  return std::make_shared<const smt::GameDeclaration>(std::move(b.d));
}

}  // namespace nimcert
