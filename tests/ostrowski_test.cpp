// Ostrowski numeration for sqrt(2) (smt/sys/ostrowski.hpp) and its adder
// (smt/ws1s/ostrowski_numeration.hpp), the first part of issue 53, item 4.
//
// The greedy digits round-trip and are of Ostrowski form; every digit string of the form up to
// eight places is the greedy digits of its value (so the form and the greedy algorithm are one
// numeration, each natural once); and the generated adder is held against plain addition: every
// x, y below 3000 and random values to 2^100, z = x + y accepted, z = x + y + d refused.
#include "sys/ostrowski.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <random>
#include <set>

#include "ws1s/ostrowski_numeration.hpp"

namespace nimcert {
namespace {

using smt::u128;

TEST(OstrowskiSqrt2, PlacesAreThePellDenominatorsAndTheGreedyDigitsAreTheForm) {
  const std::vector<u128>& u = smt::ostrowski_sqrt2_places();
  ASSERT_GE(u.size(), 8u);
  EXPECT_EQ(std::vector<u128>(u.begin(), u.begin() + 8),
            (std::vector<u128>{1, 2, 5, 12, 29, 70, 169, 408}));
  EXPECT_EQ(u.back() > (u128{1} << 126), true);  // the places reach 2^128 (about 100 of them)
  // 7 = 5 + 2, 11 = 2 * 5 + 1, 23 = 12 + 2 * 5 + 1.
  EXPECT_EQ(smt::ostrowski_sqrt2_digits(7), (std::vector<unsigned>{0, 1, 1}));
  EXPECT_EQ(smt::ostrowski_sqrt2_digits(11), (std::vector<unsigned>{1, 0, 2}));
  EXPECT_EQ(smt::ostrowski_sqrt2_digits(23), (std::vector<unsigned>{1, 0, 2, 1}));
  EXPECT_TRUE(smt::ostrowski_sqrt2_digits(0).empty());
  for (u128 n = 0; n < 100000; ++n) {
    const std::vector<unsigned> d = smt::ostrowski_sqrt2_digits(n);
    ASSERT_TRUE(smt::is_ostrowski_sqrt2_form(d)) << static_cast<std::uint64_t>(n);
    ASSERT_EQ(smt::ostrowski_sqrt2_value(d), n);
  }
  // Every string of the form with at most 8 places (no leading zero) has its own value, and the
  // values fill 0..U_8 - 1: the form is exactly the greedy digits.
  std::set<std::uint64_t> values;
  std::vector<unsigned> d;
  std::size_t strings = 0;
  std::function<void(std::size_t)> walk = [&](std::size_t places) {
    if (d.size() == places) {
      if (!smt::is_ostrowski_sqrt2_form(d) || (!d.empty() && d.back() == 0)) return;
      ++strings;
      const u128 v = smt::ostrowski_sqrt2_value(d);
      EXPECT_EQ(smt::ostrowski_sqrt2_digits(v), d);
      values.insert(static_cast<std::uint64_t>(v));
      return;
    }
    for (unsigned digit = 0; digit <= 2; ++digit) {
      d.push_back(digit);
      walk(places);
      d.pop_back();
    }
  };
  for (std::size_t places = 0; places <= 8; ++places) walk(places);
  EXPECT_EQ(strings, 985u);  // U_8 = 985: one string per natural below it
  EXPECT_EQ(values.size(), 985u);
  EXPECT_EQ(*values.rbegin(), 984u);
  // Outside the form: d_0 = 2, and 2 after a nonzero digit.
  EXPECT_FALSE(smt::is_ostrowski_sqrt2_form({2}));
  EXPECT_FALSE(smt::is_ostrowski_sqrt2_form({1, 2}));
  EXPECT_TRUE(smt::is_ostrowski_sqrt2_form({0, 2}));
}

TEST(OstrowskiSqrt2, TheAdderAgreesWithPlainAddition) {
  const smt::OstrowskiAdder& adder = smt::ostrowski_sqrt2_adder();
  // As small as Walnut's Fibonacci adder: 7 states (3 accepting) and 75 steps.
  EXPECT_EQ(adder.states(), 7u);
  EXPECT_EQ(adder.steps.size(), 75u);
  EXPECT_EQ(std::count(adder.accepting.begin(), adder.accepting.end(), true), 3);
  EXPECT_TRUE(adder.accepting[0]);
  auto adds = [](u128 x, u128 y, u128 z) {
    return smt::ostrowski_sqrt2_adds(smt::ostrowski_sqrt2_digits(x), smt::ostrowski_sqrt2_digits(y),
                                     smt::ostrowski_sqrt2_digits(z));
  };
  for (u128 x = 0; x < 3000; ++x)
    for (u128 y = 0; y < 3000; y += (x % 7 == 0 ? 1 : 13)) {
      ASSERT_TRUE(adds(x, y, x + y))
          << static_cast<std::uint64_t>(x) << " + " << static_cast<std::uint64_t>(y);
      for (u128 d : {u128{1}, u128{2}, u128{5}})
        ASSERT_FALSE(adds(x, y, x + y + d))
            << static_cast<std::uint64_t>(x) << " + " << static_cast<std::uint64_t>(y) << " + d";
      if (x + y >= 1) {
        ASSERT_FALSE(adds(x, y, x + y - 1));
      }
    }
  std::mt19937_64 draw(20261206);
  for (int i = 0; i < 20000; ++i) {
    const u128 x = ((u128{draw()} << 64) | draw()) >> (28 + draw() % 90);
    const u128 y = ((u128{draw()} << 64) | draw()) >> (28 + draw() % 90);
    ASSERT_TRUE(adds(x, y, x + y));
    const u128 off = u128{1} + draw() % 1000;
    ASSERT_FALSE(adds(x, y, x + y + off));
    if (x + y >= off) {
      ASSERT_FALSE(adds(x, y, x + y - off));
    }
  }
}

}  // namespace
}  // namespace nimcert
