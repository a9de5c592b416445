// The bit-blaster (see bit_blaster.hpp).
#include "blast/bit_blaster.hpp"

#include <z3++.h>

#include <unordered_map>

namespace nimcert::smt {

namespace {

class Blaster {
 public:
  explicit Blaster(z3::context& c) : c_(c) {}

  Lit boolean(const z3::expr& e) {
    const unsigned id = e.id();
    if (const auto it = booleans_.find(id); it != booleans_.end()) return it->second;
    const Lit l = boolean_uncached(e);
    booleans_.emplace(id, l);
    return l;
  }

  Bits bits(const z3::expr& e) {
    const unsigned id = e.id();
    if (const auto it = vectors_.find(id); it != vectors_.end()) return it->second;
    Bits b = bits_uncached(e);
    if (b.size() != e.get_sort().bv_size()) throw std::logic_error("bit-blaster: a width changed");
    vectors_.emplace(id, b);
    return b;
  }

  Circuit& circuit() { return circuit_; }
  std::map<std::string, Bits>& variables() { return variables_; }

 private:
  [[noreturn]] static void refuse(const z3::expr& e) {
    throw BlastRefused("no bit-level encoding for '" + e.decl().name().str() + "'");
  }

  Lit boolean_uncached(const z3::expr& e) {
    if (e.is_quantifier()) throw BlastRefused("a quantifier (the query is not quantifier-free)");
    if (!e.is_app()) refuse(e);
    const auto arg = [&](unsigned i) { return e.arg(i); };
    const unsigned n = e.num_args();
    switch (e.decl().decl_kind()) {
      case Z3_OP_TRUE:
        return circuit_.truth();
      case Z3_OP_FALSE:
        return circuit_.falsity();
      case Z3_OP_NOT:
        return -boolean(arg(0));
      case Z3_OP_AND: {
        std::vector<Lit> lits;
        for (unsigned i = 0; i < n; ++i) lits.push_back(boolean(arg(i)));
        return circuit_.and_all(lits);
      }
      case Z3_OP_OR: {
        std::vector<Lit> lits;
        for (unsigned i = 0; i < n; ++i) lits.push_back(boolean(arg(i)));
        return circuit_.or_all(lits);
      }
      case Z3_OP_IMPLIES:
        return circuit_.or2(-boolean(arg(0)), boolean(arg(1)));
      case Z3_OP_XOR:
        return circuit_.xor2(boolean(arg(0)), boolean(arg(1)));
      case Z3_OP_IFF:
        return -circuit_.xor2(boolean(arg(0)), boolean(arg(1)));
      case Z3_OP_ITE:
        return circuit_.ite(boolean(arg(0)), boolean(arg(1)), boolean(arg(2)));
      case Z3_OP_EQ:
      case Z3_OP_DISTINCT: {
        std::vector<Lit> pairs;
        for (unsigned i = 0; i < n; ++i)
          for (unsigned j = i + 1; j < n; ++j) {
            const Lit same = arg(i).is_bool()
                                 ? -circuit_.xor2(boolean(arg(i)), boolean(arg(j)))
                                 : circuit_.equal(bits(arg(i)), bits(arg(j)));
            pairs.push_back(e.decl().decl_kind() == Z3_OP_EQ ? same : -same);
          }
        if (e.decl().decl_kind() == Z3_OP_EQ && n > 2) {  // a chain: consecutive pairs suffice
          std::vector<Lit> chain;
          for (unsigned i = 0; i + 1 < n; ++i)
            chain.push_back(arg(i).is_bool() ? -circuit_.xor2(boolean(arg(i)), boolean(arg(i + 1)))
                                             : circuit_.equal(bits(arg(i)), bits(arg(i + 1))));
          return circuit_.and_all(chain);
        }
        return circuit_.and_all(pairs);
      }
      case Z3_OP_ULT:
        return circuit_.less(bits(arg(0)), bits(arg(1)));
      case Z3_OP_UGT:
        return circuit_.less(bits(arg(1)), bits(arg(0)));
      case Z3_OP_ULEQ:
        return -circuit_.less(bits(arg(1)), bits(arg(0)));
      case Z3_OP_UGEQ:
        return -circuit_.less(bits(arg(0)), bits(arg(1)));
      case Z3_OP_UNINTERPRETED:
        if (n == 0) return variable(e)[0];
        refuse(e);
      default:
        refuse(e);
    }
  }

  Bits variable(const z3::expr& e) {
    const std::string name = e.decl().name().str();
    const auto it = variables_.find(name);
    if (it != variables_.end()) return it->second;
    const unsigned w = e.is_bool() ? 1 : e.get_sort().bv_size();
    Bits b(w);
    for (Lit& l : b) l = circuit_.fresh();
    variables_.emplace(name, b);
    return b;
  }

  Bits bits_uncached(const z3::expr& e) {
    if (e.is_quantifier() || !e.is_app()) refuse(e);
    const auto arg = [&](unsigned i) { return bits(e.arg(i)); };
    const unsigned w = e.get_sort().bv_size();
    const unsigned n = e.num_args();
    switch (e.decl().decl_kind()) {
      case Z3_OP_BNUM: {
        const std::string digits = Z3_get_numeral_binary_string(c_, e);  // most significant first
        Bits b(w, circuit_.falsity());
        for (std::size_t i = 0; i < digits.size() && i < w; ++i)
          b[i] = circuit_.constant(digits[digits.size() - 1 - i] == '1');
        return b;
      }
      case Z3_OP_UNINTERPRETED:
        if (n == 0) return variable(e);
        refuse(e);
      case Z3_OP_ITE:
        return circuit_.ite(boolean(e.arg(0)), arg(1), arg(2));
      case Z3_OP_BADD: {
        Bits sum = arg(0);
        for (unsigned i = 1; i < n; ++i) sum = circuit_.add(sum, arg(i), circuit_.falsity());
        return sum;
      }
      case Z3_OP_BSUB:
        return subtract(arg(0), arg(1));
      case Z3_OP_BNEG:
        return subtract(Bits(w, circuit_.falsity()), arg(0));
      case Z3_OP_BMUL: {
        Bits product = arg(0);
        for (unsigned i = 1; i < n; ++i) product = multiply(product, arg(i));
        return product;
      }
      case Z3_OP_BUDIV:
      case Z3_OP_BUDIV_I:
        return divide(arg(0), arg(1), true);
      case Z3_OP_BUREM:
      case Z3_OP_BUREM_I:
        return divide(arg(0), arg(1), false);
      case Z3_OP_BAND:
      case Z3_OP_BOR:
      case Z3_OP_BXOR: {
        Bits out = arg(0);
        const auto kind = e.decl().decl_kind();
        for (unsigned j = 1; j < n; ++j) {
          const Bits other = arg(j);
          for (unsigned i = 0; i < w; ++i)
            out[i] = kind == Z3_OP_BAND ? circuit_.and2(out[i], other[i])
                     : kind == Z3_OP_BOR ? circuit_.or2(out[i], other[i])
                                         : circuit_.xor2(out[i], other[i]);
        }
        return out;
      }
      case Z3_OP_BNOT: {
        Bits out = arg(0);
        for (Lit& l : out) l = -l;
        return out;
      }
      case Z3_OP_BSHL:
        return shift(arg(0), arg(1), true);
      case Z3_OP_BLSHR:
        return shift(arg(0), arg(1), false);
      case Z3_OP_EXTRACT: {
        const Bits a = arg(0);
        const unsigned lo = e.lo();
        return Bits(a.begin() + lo, a.begin() + lo + w);
      }
      case Z3_OP_CONCAT: {  // the first argument is the high part
        Bits out;
        for (unsigned i = n; i-- > 0;) {
          const Bits part = arg(i);
          out.insert(out.end(), part.begin(), part.end());
        }
        return out;
      }
      case Z3_OP_ZERO_EXT: {
        Bits out = arg(0);
        out.resize(w, circuit_.falsity());
        return out;
      }
      default:
        refuse(e);
    }
  }

  Bits subtract(const Bits& a, const Bits& b) {
    Bits not_b = b;
    for (Lit& l : not_b) l = -l;
    return circuit_.add(a, not_b, circuit_.truth());
  }

  // The low w bits of a * b: the partial products b_i * (a << i), added from bit i up.
  Bits multiply(const Bits& a, const Bits& b) {
    const std::size_t w = a.size();
    Bits acc(w, circuit_.falsity());
    for (std::size_t i = 0; i < w; ++i) {
      Bits high(acc.begin() + static_cast<std::ptrdiff_t>(i), acc.end()), part(w - i);
      for (std::size_t j = 0; j < w - i; ++j) part[j] = circuit_.and2(b[i], a[j]);
      const Bits sum = circuit_.add(high, part, circuit_.falsity());
      std::copy(sum.begin(), sum.end(), acc.begin() + static_cast<std::ptrdiff_t>(i));
    }
    return acc;
  }

  // Restoring division from the top bit down: the remainder r (w + 1 bits) takes the next bit
  // of a; where r >= b, b is subtracted and the quotient's bit is 1.  With b = 0 every bit is
  // 1 and r ends as a: SMT-LIB's bvudiv and bvurem by 0.
  Bits divide(const Bits& a, const Bits& b, bool quotient) {
    const std::size_t w = a.size();
    Bits r(w + 1, circuit_.falsity()), q(w, circuit_.falsity());
    Bits wide_b = b;
    wide_b.push_back(circuit_.falsity());
    for (std::size_t i = w; i-- > 0;) {
      Bits shifted(w + 1);
      shifted[0] = a[i];
      for (std::size_t j = 1; j <= w; ++j) shifted[j] = r[j - 1];
      Lit no_borrow = 0;
      Bits not_b = wide_b;
      for (Lit& l : not_b) l = -l;
      const Bits difference = circuit_.add(shifted, not_b, circuit_.truth(), &no_borrow);
      q[i] = no_borrow;
      r = circuit_.ite(no_borrow, difference, shifted);
    }
    if (quotient) return q;
    r.pop_back();
    return r;
  }

  // a << s or a >> s (logical): a barrel of shifts by 2^k for the bits k of s with 2^k < w,
  // and 0 when a higher bit of s is set.
  Bits shift(const Bits& a, const Bits& s, bool left) {
    const std::size_t w = a.size();
    Bits out = a;
    std::vector<Lit> too_far;
    for (std::size_t k = 0; k < s.size(); ++k) {
      if (k >= 63 || (std::uint64_t{1} << k) >= w) {
        too_far.push_back(s[k]);
        continue;
      }
      const std::size_t by = std::size_t{1} << k;
      Bits moved(w, circuit_.falsity());
      for (std::size_t i = 0; i < w; ++i) {
        if (left && i >= by) moved[i] = out[i - by];
        if (!left && i + by < w) moved[i] = out[i + by];
      }
      out = circuit_.ite(s[k], moved, out);
    }
    const Lit in_range = -circuit_.or_all(too_far);
    for (Lit& l : out) l = circuit_.and2(in_range, l);
    return out;
  }

  z3::context& c_;
  Circuit circuit_;
  std::unordered_map<unsigned, Lit> booleans_;
  std::unordered_map<unsigned, Bits> vectors_;
  std::map<std::string, Bits> variables_;
};

}  // namespace

BlastedQuery blast_smt2(const std::string& smt2) {
  z3::context c;
  z3::expr_vector assertions(c);
  try {
    assertions = c.parse_string(smt2.c_str());
  } catch (const z3::exception& e) {
    throw std::invalid_argument(std::string("the query's SMT-LIB text does not parse: ") + e.msg());
  }
  Blaster blaster(c);
  try {
    for (unsigned i = 0; i < assertions.size(); ++i)
      blaster.circuit().assert_true(blaster.boolean(assertions[i]));
  } catch (const z3::exception& e) {
    throw std::invalid_argument(std::string("reading the query's terms: ") + e.msg());
  }
  BlastedQuery out;
  out.variables = std::move(blaster.variables());
  out.cnf = blaster.circuit().take();
  return out;
}

}  // namespace nimcert::smt
