// Octal and hexadecimal games (Guy and Smith 1956; Winning Ways, chapter 4; Howse and
// Nowakowski 2004): a take-and-break game on one heap written as its code 0.d1 d2 ... dt.
//
// Digit d_k says what removing k stones from a heap may leave: bit 1, nothing (the whole heap
// was k stones); bit 2, one nonempty heap; bit 4, two nonempty heaps; bit 8 (a hexadecimal
// digit 8 to F), three nonempty heaps.  A follower is then a sum of at most three heaps, and
// its Grundy value is the xor of theirs (Sprague-Grundy).  Only finite codes are taken (t, the
// number of digits after the point, is the most stones a move removes).  The Guy-Smith
// periodicity theorem speaks of codes without bit 8 only (octal codes): a hexadecimal code's
// periodicity is decided otherwise (checks/arithmetic_periodicity.hpp).
//
// CGSuite's take-and-break notation (TakeAndBreak, aaron-siegel/cgsuite TBCode) where it applies
// to finite games: one digit d0 before the point, a move that removes no stones and splits the
// heap (bits 4 and 8 only: bit 2 would leave the heap as it was, bit 1 would end an empty heap),
// and after a digit `!` or `?` (the two heaps a move leaves are unequal) or `=` (they are
// equal), on a digit whose only split leaves two heaps.  Grundy's game is "4!.0".  Digits further
// left (moves that add stones), digits past F (four heaps or more), repeated digits `[...]`
// and constraints on three-way splits are refused with a message that names them.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <span>
#include <string>
#include <vector>

namespace nimcert {

// The most digits a code may have: far beyond the tables' codes, small enough that t never
// overflows the window of the periodicity theorem.
inline constexpr std::size_t kMaxOctalDigits = 256;

class OctalCode {
 public:
  // How the two heaps a split leaves may compare (CGSuite's `!`/`?` and `=`).
  enum class Parts { Any, Unequal, Equal };

  // "0.77", "0.137", "0.3F" (hexadecimal digits in either case), "4!.0"; throws
  // std::invalid_argument naming what is wrong (not "d0." and digits 0 to F, no digit, a last
  // digit 0, too many digits, CGSuite notation nimcert does not play).
  explicit OctalCode(const std::string& text);

  const std::string& text() const { return text_; }
  // t: the most stones one move removes (the number of digits after the point; 0 for "4!.0").
  std::uint64_t largest_removal() const { return digits_.size() - 1; }
  // d_k for k = 0..t (d_0 is the digit before the point: 0, 4, 8 or 12).
  unsigned digit(std::uint64_t k) const { return digits_.at(k); }
  // How the two heaps of d_k's split compare.
  Parts parts(std::uint64_t k) const { return parts_.at(k); }
  // Whether the code uses CGSuite's notation past the octal one: a digit before the point or a
  // constraint on the parts.  Guy and Smith's theorem and the misère engines do not speak of it.
  bool extends_octal() const;
  // Whether every digit is 0 or 3: a subtraction game (remove k stones, k a digit's place,
  // whenever the heap has k), whose periodicity has a theorem of its own (checks/periodicity).
  bool is_subtraction() const;
  // Whether some digit has bit 8 (a move may leave three heaps): a hexadecimal code, which
  // the Guy-Smith theorem and the misère engines do not speak of.
  bool leaves_three_heaps() const;
  // The moves the code allows, one per digit bit, as the certificate and `show` record them:
  // "remove 2, leave two heaps: for 1 <= a <= (x1 - 3) when x1 >= 4 to (a) + (x1 - 2 - a)".
  std::vector<std::string> moves() const;

  // Every option of a heap of n, in the code's order (k = 0..t; for each, nothing, one heap,
  // the splits a + (n - k - a) with 1 <= a <= (n - k) / 2 that its parts allow, then the
  // three-way splits a + b + c with 1 <= a <= b <= c): visit(parts), parts the heaps left (none
  // to three, in increasing order).  The one enumeration of the options that the plain engines,
  // the misère definition and the counterexamples share.
  template <typename Visit>
  void for_each_option(std::uint64_t n, Visit visit) const {
    for (std::uint64_t k = 0; k <= largest_removal() && k <= n; ++k) {
      const unsigned d = digit(k);
      if ((d & 1) && n == k) visit(std::span<const std::uint64_t>{});
      if ((d & 2) && n > k) {
        const std::uint64_t one[1] = {n - k};
        visit(std::span<const std::uint64_t>(one));
      }
      if ((d & 4) && n >= k + 2)
        for (std::uint64_t a = 1; a <= (n - k) / 2; ++a) {
          const bool equal = 2 * a == n - k;
          if (parts(k) == Parts::Unequal ? equal : parts(k) == Parts::Equal && !equal) continue;
          const std::uint64_t two[2] = {a, n - k - a};
          visit(std::span<const std::uint64_t>(two));
        }
      if ((d & 8) && n >= k + 3)
        for (std::uint64_t a = 1; 3 * a <= n - k; ++a)
          for (std::uint64_t b = a; 2 * b <= n - k - a; ++b) {
            const std::uint64_t three[3] = {a, b, n - k - a - b};
            visit(std::span<const std::uint64_t>(three));
          }
    }
  }

 private:
  std::string text_;
  std::vector<unsigned> digits_;  // d_0..d_t
  std::vector<Parts> parts_;      // of d_0..d_t
};

// The game as the certificate records it: {"name", "parameters": {"octal", "moves"}}.
nlohmann::ordered_json octal_game_json(const std::string& name, const OctalCode& code);

}  // namespace nimcert
