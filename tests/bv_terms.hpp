// Random bit-vector terms as SMT-LIB text, and Z3's value of one under an assignment: what the
// bit-blaster's test (bit_blaster_test.cpp) and its differential fuzzer
// (differential/blast_differential.cpp) hold the blasted CNF against.  Every operator of the
// queries nimcert writes, and the edge constants 0, 1, 2^w - 1, 2^w - 2, 2^(w-1), and 2^31,
// 2^32, 2^63 where they fit.
#pragma once

#include <z3++.h>

#include <cstdint>
#include <random>
#include <string>

namespace nimcert::testing {

inline std::string binary(std::uint64_t v, unsigned w) {
  std::string s = "#b";
  for (unsigned i = w; i-- > 0;) s += (i < 64 && ((v >> i) & 1u)) ? '1' : '0';
  return s;
}

// A random term over x, y, z of width w, as SMT-LIB text.
class Terms {
 public:
  Terms(unsigned w, std::mt19937_64& rng) : w_(w), rng_(rng) {}

  std::string bv(int depth) {
    if (depth <= 0 || rng_() % 4 == 0) return leaf();
    static const char* binary_ops[] = {"bvadd", "bvsub", "bvmul", "bvudiv", "bvurem", "bvand",
                                       "bvor",  "bvxor", "bvshl", "bvlshr"};
    switch (rng_() % 14) {
      case 10:
        return "(bvnot " + bv(depth - 1) + ")";
      case 11:
        return "(bvneg " + bv(depth - 1) + ")";
      case 12:
        return "(ite " + boolean(depth - 1) + " " + bv(depth - 1) + " " + bv(depth - 1) + ")";
      case 13:
        if (w_ >= 2) {  // an extract and a zero_extend back to w
          const unsigned keep = 1 + static_cast<unsigned>(rng_() % (w_ - 1));
          const unsigned lo = static_cast<unsigned>(rng_() % (w_ - keep + 1));
          return "((_ zero_extend " + std::to_string(w_ - keep) + ") ((_ extract " +
                 std::to_string(lo + keep - 1) + " " + std::to_string(lo) + ") " + bv(depth - 1) +
                 "))";
        }
        return leaf();
      default:
        return std::string("(") + binary_ops[rng_() % 10] + " " + bv(depth - 1) + " " +
               bv(depth - 1) + ")";
    }
  }

  std::string boolean(int depth) {
    static const char* comparisons[] = {"bvult", "bvule", "bvugt", "bvuge", "=", "distinct"};
    if (depth <= 0 || rng_() % 3 != 0)
      return std::string("(") + comparisons[rng_() % 6] + " " + bv(depth - 1) + " " +
             bv(depth - 1) + ")";
    static const char* connectives[] = {"and", "or", "=>", "xor", "="};
    if (rng_() % 5 == 0) return "(not " + boolean(depth - 1) + ")";
    return std::string("(") + connectives[rng_() % 5] + " " + boolean(depth - 1) + " " +
           boolean(depth - 1) + ")";
  }

  std::uint64_t edge() {
    const std::uint64_t mask = w_ >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << w_) - 1;
    const std::uint64_t edges[] = {0, 1, mask, std::uint64_t{1} << (w_ - 1), mask - 1,
                                   std::uint64_t{1} << 31, std::uint64_t{1} << 32,
                                   std::uint64_t{1} << 63, rng_()};
    return edges[rng_() % 9] & mask;
  }

 private:
  std::string leaf() {
    switch (rng_() % 5) {
      case 0:
        return "x";
      case 1:
        return "y";
      case 2:
        return "z";
      default:
        return binary(edge(), w_);
    }
  }
  unsigned w_;
  std::mt19937_64& rng_;
};

inline std::string declarations(unsigned w) {
  std::string s;
  for (const char* v : {"x", "y", "z"})
    s += std::string("(declare-fun ") + v + " () (_ BitVec " + std::to_string(w) + "))\n";
  return s;
}

// Z3's value of the term under the assignment, as #b text.
inline std::string z3_value(const std::string& term, unsigned w, const std::uint64_t xyz[3]) {
  z3::context c;
  const z3::expr_vector parsed = c.parse_string(
      (declarations(w) + "(declare-fun t () (_ BitVec " + std::to_string(w) + "))\n(assert (= t " +
       term + "))")
          .c_str());
  z3::expr t = parsed[0].arg(1);
  z3::expr_vector from(c), values(c);
  const char* names[] = {"x", "y", "z"};
  for (int i = 0; i < 3; ++i) {
    from.push_back(c.bv_const(names[i], w));
    values.push_back(c.bv_val(std::to_string(xyz[i]).c_str(), w));
  }
  std::string out;
  t.substitute(from, values).simplify().as_binary(out);
  while (out.size() < w) out = "0" + out;
  return "#b" + out;
}

}  // namespace nimcert::testing
