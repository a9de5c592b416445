// Readable forms of a Grundy function (see readable_forms.hpp).
#include "discovery/readable_forms.hpp"

#include <fmt/format.h>

namespace nimcert {

std::uint64_t ReadableForm::value(const std::vector<std::uint64_t>& heaps) const {
  std::uint64_t v = 0;
  for (const std::uint64_t x : heaps) v ^= modulus == 0 ? x : x % modulus;
  return v;
}

std::vector<ReadableForm> readable_forms(std::size_t heaps) {
  std::vector<ReadableForm> forms;
  for (std::uint64_t m = 0; m <= 16; ++m) {
    if (m == 1) continue;  // x % 1 is 0: the zero function, never a game's G on N^k
    ReadableForm f;
    f.modulus = m;
    for (std::size_t i = 0; i < heaps; ++i) {
      const std::string x = fmt::format("x{}", i + 1);
      smt::ExprPtr term = smt::make_var(x);
      std::string text = x;
      if (m != 0) {
        term = smt::make_node(smt::Op::Mod, {term, smt::make_const(m)});
        text = fmt::format("({} % {})", x, m);
      }
      f.expr = i == 0 ? term : smt::make_node(smt::Op::BitXor, {f.expr, term});
      f.text += (i == 0 ? "" : " ^ ") + text;
    }
    forms.push_back(std::move(f));
  }
  return forms;
}

bool fits_table(const ReadableForm& form, const FittingTable& table) {
  std::vector<std::uint64_t> heaps(table.heaps());
  for (std::size_t j = 0; j < table.positions(); ++j) {
    for (std::size_t i = 0; i < heaps.size(); ++i) heaps[i] = table.columns[i][j];
    if (form.value(heaps) != table.values[j]) return false;
  }
  return table.positions() > 0;
}

}  // namespace nimcert
