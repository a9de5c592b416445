// Which numeration a statement is decided in (see numeration.hpp).
#include "lang/numeration.hpp"

#include <unordered_set>

namespace nimcert::smt {

namespace {

// Whether e, its definitions' bodies included, calls a built-in that reads digits other than
// binary's; each shared node and each definition is walked once.
bool reads_digits(const ExprPtr& e, const Definitions& definitions,
                  std::unordered_set<const Expr*>& seen) {
  if (!e || !seen.insert(e.get()).second) return false;
  if (numeration_of_builtin(e->op) != Numeration::Binary) return true;
  if (e->op == Op::Call) {
    const auto d = definitions.find(e->name);
    if (d != definitions.end() && reads_digits(d->second.body, definitions, seen)) return true;
  }
  for (const ExprPtr& a : e->args)
    if (reads_digits(a, definitions, seen)) return true;
  return false;
}

}  // namespace

Numeration numeration_to_decide(Numeration named, const std::vector<ExprPtr>& parts,
                                const Definitions& definitions) {
  std::unordered_set<const Expr*> seen;
  for (const ExprPtr& part : parts)
    if (reads_digits(part, definitions, seen)) return named;
  return Numeration::Binary;
}

}  // namespace nimcert::smt
