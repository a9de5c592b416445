// Octal and hexadecimal games (Guy and Smith 1956; Winning Ways, chapter 4; Howse and
// Nowakowski 2004): a take-and-break game on one heap written as its code 0.d1 d2 ... dt.
//
// Digit d_k says what removing k stones from a heap may leave: bit 1, nothing (the whole heap
// was k stones); bit 2, one nonempty heap; bit 4, two nonempty heaps; bit 8 (a hexadecimal
// digit 8 to F), three nonempty heaps.  A follower is then a sum of at most three heaps, and
// its Grundy value is the xor of theirs (Sprague-Grundy).  Only finite codes with d0 = 0 are
// taken (t, the number of digits, is the most stones a move removes).  The Guy-Smith
// periodicity theorem speaks of codes without bit 8 only (octal codes): a hexadecimal code's
// periodicity is decided otherwise (checks/arithmetic_periodicity.hpp).
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
  // "0.77", "0.137", "0.3F" (hexadecimal digits in either case); throws
  // std::invalid_argument naming what is wrong (not "0." and digits 0 to F, no digit, a last
  // digit 0, too many digits).
  explicit OctalCode(const std::string& text);

  const std::string& text() const { return text_; }
  // t: the most stones one move removes (the number of digits after the point).
  std::uint64_t largest_removal() const { return digits_.size(); }
  // d_k for k = 1..t.
  unsigned digit(std::uint64_t k) const { return digits_.at(k - 1); }
  // Whether every digit is 0 or 3: a subtraction game (remove k stones, k a digit's place,
  // whenever the heap has k), whose periodicity has a theorem of its own (checks/periodicity).
  bool is_subtraction() const;
  // Whether some digit has bit 8 (a move may leave three heaps): a hexadecimal code, which
  // the Guy-Smith theorem and the misère engines do not speak of.
  bool leaves_three_heaps() const;
  // The moves the code allows, one per digit bit, as the certificate and `show` record them:
  // "remove 2, leave two heaps: for 1 <= a <= (x1 - 3) when x1 >= 4 to (a) + (x1 - 2 - a)".
  std::vector<std::string> moves() const;

  // Every option of a heap of n, in the code's order (k = 1..t; for each, nothing, one heap,
  // the splits a + (n - k - a) with 1 <= a <= (n - k) / 2, then the three-way splits
  // a + b + c with 1 <= a <= b <= c): visit(parts), parts the heaps left (none to three, in
  // increasing order).  The one enumeration of the options that the plain engines, the misère
  // definition and the counterexamples share.
  template <typename Visit>
  void for_each_option(std::uint64_t n, Visit visit) const {
    for (std::uint64_t k = 1; k <= largest_removal() && k <= n; ++k) {
      const unsigned d = digit(k);
      if ((d & 1) && n == k) visit(std::span<const std::uint64_t>{});
      if ((d & 2) && n > k) {
        const std::uint64_t one[1] = {n - k};
        visit(std::span<const std::uint64_t>(one));
      }
      if ((d & 4) && n >= k + 2)
        for (std::uint64_t a = 1; a <= (n - k) / 2; ++a) {
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
  std::vector<unsigned> digits_;
};

// The game as the certificate records it: {"name", "parameters": {"octal", "moves"}}.
nlohmann::ordered_json octal_game_json(const std::string& name, const OctalCode& code);

}  // namespace nimcert
