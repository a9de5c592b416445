// Reading an octal code (see octal_code.hpp).
#include "games/octal_code.hpp"

#include <fmt/format.h>

#include <stdexcept>
#include <string_view>

namespace nimcert {

namespace {

// One digit of a code and the constraint written after it.
struct WrittenDigit {
  unsigned value = 0;
  OctalCode::Parts parts = OctalCode::Parts::Any;
};

// What CGSuite's notation means by a character nimcert does not play, or nothing.
std::string cgsuite_only(char c) {
  if (c == '[' || c == ']') return "repeated digits '[...]' (an infinite code)";
  if (c == '*' || c == '{' || c == '}' || c == '&' || c == ';')
    return fmt::format("CGSuite's '{}' (moves that leave more heaps than a digit 0 to F says)", c);
  if ((c >= 'G' && c <= 'V') || (c >= 'g' && c <= 'v'))
    return fmt::format("the digit '{}' (past F: a move that may leave four heaps or more)", c);
  return {};
}

// The digits of one side of the point, each with its constraint.
std::vector<WrittenDigit> read_digits(std::string_view side, const std::string& text) {
  std::vector<WrittenDigit> out;
  for (const char c : side) {
    if (c == '!' || c == '?' || c == '=') {
      if (out.empty() || out.back().parts != OctalCode::Parts::Any)
        throw std::invalid_argument(fmt::format(
            "a constraint '{}' right after a digit, once (\"{}\"): '!' or '?' unequal parts, "
            "'=' equal parts",
            c, text));
      out.back().parts = c == '=' ? OctalCode::Parts::Equal : OctalCode::Parts::Unequal;
      continue;
    }
    const int digit = c >= '0' && c <= '9'   ? c - '0'
                      : c >= 'A' && c <= 'F' ? c - 'A' + 10
                      : c >= 'a' && c <= 'f' ? c - 'a' + 10
                                             : -1;
    if (digit < 0) {
      const std::string cgsuite = cgsuite_only(c);
      if (!cgsuite.empty())
        throw std::invalid_argument(
            fmt::format("a finite code of digits 0 to F: nimcert does not play {} in \"{}\"",
                        cgsuite, text));
      throw std::invalid_argument(fmt::format(
          "digits 0 to 9 and A to F (a digit's bits say into how many heaps, none to three, a "
          "move may leave the rest), not '{}' in \"{}\"",
          c, text));
    }
    out.push_back({static_cast<unsigned>(digit), OctalCode::Parts::Any});
  }
  return out;
}

}  // namespace

OctalCode::OctalCode(const std::string& text) : text_(text) {
  const std::size_t point = text.find('.');
  if (point == std::string::npos || point == 0 || point + 1 == text.size())
    throw std::invalid_argument(fmt::format(
        "an octal or hexadecimal code 'd0.d1d2...dt' (d0 = 0 unless a move may split a heap "
        "without removing stones), not \"{}\"",
        text));
  const std::string_view written(text);
  const std::vector<WrittenDigit> before = read_digits(written.substr(0, point), text);
  std::vector<WrittenDigit> after = read_digits(written.substr(point + 1), text);
  if (before.size() != 1)
    throw std::invalid_argument(fmt::format(
        "one digit before the point, d0 (\"{}\"): CGSuite's digits further left add stones to "
        "a heap, which nimcert does not play",
        text));
  if (before.front().value & 3)
    throw std::invalid_argument(fmt::format(
        "d0 = 0, 4, 8 or C (\"{}\"): a move that removes no stones must split the heap (bit 2 "
        "would leave it as it was, bit 1 would end a heap of none)",
        text));
  if (after.size() > kMaxOctalDigits)
    throw std::invalid_argument(fmt::format("at most {} digits in an octal code ({} given)",
                                            kMaxOctalDigits, after.size()));
  // "4!.0": no digit after the point but the 0 that CGSuite writes.
  const bool splits_only = before.front().value != 0 && after.size() == 1 &&
                           after.front().value == 0 && after.front().parts == Parts::Any;
  if (splits_only) after.clear();
  if (!splits_only && after.back().value == 0)
    throw std::invalid_argument(fmt::format(
        "an octal code whose last digit is not 0 (\"{}\": write it without the trailing 0)", text));
  after.insert(after.begin(), before.front());
  for (std::size_t k = 0; k < after.size(); ++k) {
    const WrittenDigit& d = after[k];
    if (d.parts != Parts::Any && (d.value & 12) != 4)
      throw std::invalid_argument(fmt::format(
          "a constraint on the parts only after a digit whose one split leaves two heaps (bit 4 "
          "without bit 8; \"{}\", d{} = {:X}): {}",
          text, k, d.value,
          d.value & 8 ? "constraints on three-way splits are not played yet"
                      : "this digit leaves at most one heap"));
    digits_.push_back(d.value);
    parts_.push_back(d.parts);
  }
}

bool OctalCode::extends_octal() const {
  if (digits_.front() != 0) return true;
  for (const Parts p : parts_)
    if (p != Parts::Any) return true;
  return false;
}

bool OctalCode::is_subtraction() const {
  for (unsigned d : digits_)
    if (d != 0 && d != 3) return false;
  return !extends_octal();
}

bool OctalCode::leaves_three_heaps() const {
  for (unsigned d : digits_)
    if (d & 8) return true;
  return false;
}

std::vector<std::string> OctalCode::moves() const {
  std::vector<std::string> out;
  for (std::uint64_t k = 0; k <= largest_removal(); ++k) {
    const unsigned d = digit(k);
    if (d & 1) out.push_back(fmt::format("remove {0}, leave nothing: when x1 == {0} to ()", k));
    if (d & 2)
      out.push_back(
          fmt::format("remove {0}, leave one heap: when x1 >= {1} to (x1 - {0})", k, k + 1));
    if (d & 4) {
      const std::string rest = k == 0 ? "x1" : fmt::format("x1 - {}", k);
      const Parts p = parts(k);
      out.push_back(fmt::format(
          "remove {0}, leave two {1}heaps: for 1 <= a <= x1 - {2} when x1 >= {3}{4} to (a) + "
          "({5} - a)",
          k, p == Parts::Unequal ? "unequal " : p == Parts::Equal ? "equal " : "", k + 1, k + 2,
          p == Parts::Unequal ? fmt::format(" && 2 * a != {}", rest)
          : p == Parts::Equal ? fmt::format(" && 2 * a == {}", rest)
                              : "",
          rest));
    }
    if (d & 8)
      out.push_back(fmt::format(
          "remove {0}, leave three heaps: for 1 <= a, 1 <= b, a + b <= x1 - {1} when x1 >= {2} "
          "to (a) + (b) + (x1 - {0} - a - b)",
          k, k + 1, k + 3));
  }
  return out;
}

nlohmann::ordered_json octal_game_json(const std::string& name, const OctalCode& code) {
  return {{"name", name}, {"parameters", {{"octal", code.text()}, {"moves", code.moves()}}}};
}

}  // namespace nimcert
