// nimcert's own automata for Ostrowski numeration (smt/automata/ostrowski_atoms.hpp), for
// sqrt 2 - 1 (places 1, 2, 5, 12, ...) and 1 / (2 + sqrt 2) (places 1, 3, 7, 17, ...): each atom
// against its definition on every digit string of the form up to five places (two bits a
// place), the sum against plain addition on every triple of them, the top-down pairs against
// their invariant (and every dropped pair shown lost by exact arithmetic), and the padding
// convention on every atom.  Nothing here reads the MONA translation's adder.
#include "automata/ostrowski_atoms.hpp"

#include <gtest/gtest.h>

#include <functional>

#include "automata/dfa.hpp"
#include "automata/universality.hpp"
#include "lang/proof_file.hpp"

namespace nimcert {
namespace {

using automata::Atom;
using automata::OstrowskiSystem;

constexpr OstrowskiSystem kOstrowskiSystems[] = {OstrowskiSystem::Sqrt2,
                                                 OstrowskiSystem::TwoWythoff};

// A track's bits for digits (lowest place first): a 1 at position 2j, a 2 at 2j + 1; `places`
// places (zeros above the digits).
std::vector<bool> ostrowski_track(const std::vector<unsigned>& digits, std::size_t places) {
  std::vector<bool> out(2 * places, false);
  for (std::size_t j = 0; j < digits.size() && j < places; ++j) {
    if (digits[j] == 1) out[2 * j] = true;
    if (digits[j] == 2) out[2 * j + 1] = true;
  }
  return out;
}

bool ostrowski_accepts(const Atom& a, const std::vector<std::vector<bool>>& tracks) {
  return a.dfa.accepting[automata::run(a.dfa, tracks)] != 0;
}

// Every digit string of `places` places (leading zeros kept), of the form or not.
std::vector<std::vector<unsigned>> every_digit_string(std::size_t places) {
  std::vector<std::vector<unsigned>> out{{}};
  for (std::size_t j = 0; j < places; ++j) {
    std::vector<std::vector<unsigned>> longer;
    for (const auto& d : out)
      for (unsigned digit = 0; digit <= 2; ++digit) {
        longer.push_back(d);
        longer.back().push_back(digit);
      }
    out = std::move(longer);
  }
  return out;
}

TEST(OstrowskiAtoms, FormShiftAndLowestPlaceAgreeWithTheirDefinitions) {
  const Atom shift = automata::ost_shift(), odd = automata::ost_lowest(true),
             even = automata::ost_lowest(false);
  for (OstrowskiSystem s : kOstrowskiSystems) {
    const Atom form = automata::ostrowski_form(s);
    for (const Atom* a : {&form, &shift, &odd, &even}) EXPECT_TRUE(automata::padding_holds(a->dfa));
    std::size_t in_form = 0;
    const auto strings = every_digit_string(5);
    for (const auto& d : strings) {
      const bool want = smt::is_ostrowski_form(s, d);
      in_form += want;
      ASSERT_EQ(ostrowski_accepts(form, {ostrowski_track(d, 5)}), want);
      if (!want) continue;
      std::size_t lowest = 0;
      while (lowest < d.size() && d[lowest] == 0) ++lowest;
      const bool zero = lowest == d.size();
      EXPECT_EQ(ostrowski_accepts(odd, {ostrowski_track(d, 5)}), !zero && lowest % 2 == 1);
      EXPECT_EQ(ostrowski_accepts(even, {ostrowski_track(d, 5)}), !zero && lowest % 2 == 0);
      std::vector<unsigned> up{0};
      up.insert(up.end(), d.begin(), d.end());
      for (const auto& z : every_digit_string(6))
        EXPECT_EQ(ostrowski_accepts(shift, {ostrowski_track(d, 6), ostrowski_track(z, 6)}),
                  z == up);
    }
    EXPECT_EQ(in_form, s == OstrowskiSystem::Sqrt2 ? 70u : 99u);  // U_5: one string per natural
    // A digit 3 (both bits of a place) is never of the form.
    EXPECT_FALSE(ostrowski_accepts(form, {{true, true}}));
  }
}

TEST(OstrowskiAtoms, SumFromTheTopKeepsItsInvariantAndDropsOnlyLostPairs) {
  for (OstrowskiSystem s : kOstrowskiSystems) {
    const automata::OstrowskiTopDown top = automata::ostrowski_top_down_sum(s);
    ASSERT_FALSE(top.pairs.empty());
    EXPECT_EQ(top.pairs[0], std::make_pair(std::int64_t{0}, std::int64_t{0}));
    const std::vector<smt::u128>& u = smt::ostrowski_places(s);
    std::size_t dropped = 0;
    for (std::size_t p = 0; p < top.pairs.size(); ++p) {
      const auto [a, b] = top.pairs[p];
      for (std::size_t code = 0; code < 27; ++code) {
        const std::int64_t e = static_cast<std::int64_t>(code % 3 + code / 3 % 3) -
                               static_cast<std::int64_t>(code / 9);
        const std::int64_t na = 2 * a + b + e, nb = a;
        const std::size_t q = top.next[p * 27 + code];
        if (q < top.pairs.size()) {
          EXPECT_EQ(top.pairs[q], std::make_pair(na, nb));
          continue;
        }
        // Dropped: at no place j >= 1 can the places below (each of x, y, z below U_j) bring
        // na U_j + nb U_{j-1} back to 0, nor is it 0 after place 0 (U_{-1} = U_1 - 2).
        ++dropped;
        const std::int64_t before = static_cast<std::int64_t>(u[1]) - 2;
        EXPECT_NE(na + nb * before, 0);
        for (std::size_t j = 1; j < 30; ++j) {
          const auto uj = static_cast<std::int64_t>(u[j]), uk = static_cast<std::int64_t>(u[j - 1]);
          const std::int64_t w = na * uj + nb * uk;
          EXPECT_TRUE(-w <= -uj || -w >= 2 * uj - 1) << na << "," << nb << " at " << j;
        }
      }
    }
    EXPECT_GT(dropped, 0u);
  }
}

TEST(OstrowskiAtoms, SumAgreesWithAdditionOnEveryTripleOfFiveDigitStrings) {
  for (OstrowskiSystem s : kOstrowskiSystems) {
    const Atom sum = automata::ostrowski_sum(s);
    EXPECT_TRUE(automata::padding_holds(sum.dfa));
    std::vector<std::pair<std::vector<bool>, std::uint64_t>> forms;
    for (const auto& d : every_digit_string(5))
      if (smt::is_ostrowski_form(s, d))
        forms.emplace_back(ostrowski_track(d, 6),
                           static_cast<std::uint64_t>(smt::ostrowski_value(s, d)));
    // z up to 6 places, so that every sum of two 5-place values has its string.
    std::vector<std::pair<std::vector<bool>, std::uint64_t>> sums;
    for (const auto& d : every_digit_string(6))
      if (smt::is_ostrowski_form(s, d))
        sums.emplace_back(ostrowski_track(d, 6),
                          static_cast<std::uint64_t>(smt::ostrowski_value(s, d)));
    std::size_t accepted = 0;
    for (const auto& [x, vx] : forms)
      for (const auto& [y, vy] : forms)
        for (const auto& [z, vz] : sums) {
          const bool got = ostrowski_accepts(sum, {x, y, z});
          ASSERT_EQ(got, vx + vy == vz) << vx << " + " << vy << " vs " << vz;
          accepted += got;
        }
    EXPECT_EQ(accepted, forms.size() * forms.size());  // each sum once: z's form is unique
  }
  // Constants: the bits of v are its digits.
  EXPECT_EQ(automata::ostrowski_bits(OstrowskiSystem::Sqrt2, 4),
            (std::vector<bool>{false, false, false, true}));  // 4 = 2 * 2
  EXPECT_EQ(automata::ostrowski_bits(OstrowskiSystem::TwoWythoff, 2),
            (std::vector<bool>{false, true}));  // 2 = 2 * 1
  EXPECT_TRUE(automata::ostrowski_bits(OstrowskiSystem::TwoWythoff, 0).empty());
}

// The evidence of a statement checked in Ostrowski digits names them (it said "zeckendorf"
// before), and binary and Zeckendorf evidence keep the words they were written with.
TEST(OstrowskiAtoms, TheEvidenceNamesTheDigitsItWasCheckedIn) {
  const smt::ExprPtr x_plus_x = smt::parse_expression("x + x >= x", {"x"});
  for (const auto& [digits, word] : std::vector<std::pair<smt::Numeration, std::string>>{
           {smt::Numeration::Binary, "binary"},
           {smt::Numeration::Fibonacci, "zeckendorf"},
           {smt::Numeration::OstrowskiSqrt2, "ostrowski sqrt2"},
           {smt::Numeration::OstrowskiTwoWythoff, "ostrowski 1/(2+sqrt2)"}}) {
    automata::Statement s;
    s.variables = {"x"};
    s.conclusion = x_plus_x;
    s.digits = digits;
    const automata::Exploration e =
        automata::explore(automata::compile_statement(s), s.variables, digits);
    ASSERT_TRUE(e.holds) << word;
    EXPECT_EQ(e.evidence.substr(0, e.evidence.find("\nvariables")),
              std::string(automata::kCheckerName) + " evidence\ndigits " + word);
  }
}

}  // namespace
}  // namespace nimcert
