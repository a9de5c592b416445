// Maximum and Minimum Nim (see one_heap.hpp).
#include "games/one_heap.hpp"

#include <fmt/format.h>

#include <stdexcept>

#include "eval/evaluator.hpp"
#include "games/symbolic_move.hpp"
#include "lang/proof_file.hpp"

namespace nimcert {

Rule::Rule(std::string text, const smt::Definitions& definitions) : text_(std::move(text)) {
  try {
    expanded_ = smt::expand(smt::parse_expression(text_, {"n"}, definitions), definitions);
  } catch (const smt::ParseError& e) {
    throw std::invalid_argument("the rule \"" + text_ +
                                "\" is not an expression of n: " + e.what());
  }
  program_ = std::make_shared<smt::Program>(std::vector<std::string>{"n"},
                                            std::vector<smt::ExprPtr>{expanded_});
}

std::uint64_t Rule::operator()(std::uint64_t n) const {
  std::vector<std::uint64_t> out;
  if (!program_->run_one<std::uint64_t>({n}, out) || out[0] > n)
    throw std::invalid_argument(
        fmt::format("the rule f(n) = {} gives f({}) outside [0, {}]", text_, n, n));
  return out[0];
}

std::vector<std::uint64_t> Rule::table(std::uint64_t last) const {
  std::vector<std::uint64_t> f(last + 1), n(1024);
  std::vector<std::uint64_t*> out(1);
  for (std::uint64_t start = 0; start <= last; start += n.size()) {
    const std::size_t lanes =
        static_cast<std::size_t>(std::min<std::uint64_t>(n.size(), last - start + 1));
    for (std::size_t j = 0; j < lanes; ++j) n[j] = start + j;
    out[0] = f.data() + start;
    if (!program_->run<std::uint64_t>(lanes, {n.data()}, out))
      throw std::invalid_argument("the rule f(n) = " + text_ + " overflows 64 bits");
  }
  for (std::uint64_t i = 0; i <= last; ++i)
    if (f[i] > i)
      throw std::invalid_argument(
          fmt::format("the rule f(n) = {} gives f({}) = {} > {}", text_, i, f[i], i));
  return f;
}

void OneHeapGame::for_each_follower(const Position& p, const FollowerSink& sink) const {
  if (p.size() != 1) throw std::logic_error(name() + ": a position is one heap");
  const Heap n = p[0];
  const std::uint64_t f = rule_(n);
  const std::uint64_t low = kind_ == Kind::Maximum ? 1 : f + 1;
  const std::uint64_t high = kind_ == Kind::Maximum ? f : n;
  for (std::uint64_t k = low; k <= high; ++k) sink(Position{static_cast<Heap>(n - k)});
}

std::optional<Window> OneHeapGame::follower_window(Heap n) const {
  const std::uint64_t f = rule_(n);
  Window w;
  if (kind_ == Kind::Maximum) {
    w.empty = f == 0;
    w.low = static_cast<Heap>(n - f);
    w.high = n == 0 ? 0 : n - 1;
  } else {
    w.empty = f >= n;
    w.low = 0;
    w.high = w.empty ? 0 : static_cast<Heap>(n - f - 1);
  }
  return w;
}

std::vector<SymbolicMove> OneHeapGame::symbolic_moves() const {
  const smt::ExprPtr f = smt::substitute(rule_.expression(), {{"n", smt::make_var("x1")}});
  const smt::ExprPtr k = smt::make_var("k"), x = smt::make_var("x1");
  SymbolicMove m;
  m.name = "remove k";
  m.parameters = {"k"};
  // k <= x1 in both kinds (for the maximum, k <= f(x1) <= x1 by the condition of the rule).
  m.ranges = {{smt::make_const(1), x}};
  using smt::Op;
  m.guard = kind_ == Kind::Maximum
                ? smt::make_node(Op::And, {smt::make_node(Op::Ge, {k, smt::make_const(1)}),
                                           smt::make_node(Op::Le, {k, f})})
                : smt::make_node(Op::And,
                                 {smt::make_node(Op::Gt, {k, f}), smt::make_node(Op::Le, {k, x})});
  m.result = {smt::make_node(Op::Sub, {x, k})};
  return {m};
}

std::vector<SymbolicCondition> OneHeapGame::symbolic_conditions() const {
  const smt::ExprPtr x = smt::make_var("x1");
  const smt::ExprPtr f = smt::substitute(rule_.expression(), {{"n", x}});
  return {{"f(x1) <= x1", smt::make_node(smt::Op::Le, {f, x})}};
}

}  // namespace nimcert
