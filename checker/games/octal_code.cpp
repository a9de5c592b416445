// Reading an octal code (see octal_code.hpp).
#include "games/octal_code.hpp"

#include <fmt/format.h>

#include <stdexcept>

namespace nimcert {

OctalCode::OctalCode(const std::string& text) : text_(text) {
  if (text.size() < 3 || text.compare(0, 2, "0.") != 0)
    throw std::invalid_argument(fmt::format(
        "an octal or hexadecimal code '0.d1d2...dt' (d0 = 0: a move always removes stones), "
        "not \"{}\"",
        text));
  for (std::size_t i = 2; i < text.size(); ++i) {
    const char c = text[i];
    const int digit = c >= '0' && c <= '9'   ? c - '0'
                      : c >= 'A' && c <= 'F' ? c - 'A' + 10
                      : c >= 'a' && c <= 'f' ? c - 'a' + 10
                                             : -1;
    if (digit < 0)
      throw std::invalid_argument(fmt::format(
          "digits 0 to 9 and A to F after '0.' (a digit's bits say into how many heaps, none to "
          "three, a move may leave the rest), not '{}' in \"{}\"",
          c, text));
    digits_.push_back(static_cast<unsigned>(digit));
  }
  if (digits_.size() > kMaxOctalDigits)
    throw std::invalid_argument(fmt::format("at most {} digits in an octal code ({} given)",
                                            kMaxOctalDigits, digits_.size()));
  if (digits_.back() == 0)
    throw std::invalid_argument(fmt::format(
        "an octal code whose last digit is not 0 (\"{}\": write it without the trailing 0)", text));
}

bool OctalCode::is_subtraction() const {
  for (unsigned d : digits_)
    if (d != 0 && d != 3) return false;
  return true;
}

bool OctalCode::leaves_three_heaps() const {
  for (unsigned d : digits_)
    if (d & 8) return true;
  return false;
}

std::vector<std::string> OctalCode::moves() const {
  std::vector<std::string> out;
  for (std::uint64_t k = 1; k <= largest_removal(); ++k) {
    const unsigned d = digit(k);
    if (d & 1) out.push_back(fmt::format("remove {0}, leave nothing: when x1 == {0} to ()", k));
    if (d & 2)
      out.push_back(
          fmt::format("remove {0}, leave one heap: when x1 >= {1} to (x1 - {0})", k, k + 1));
    if (d & 4)
      out.push_back(fmt::format(
          "remove {0}, leave two heaps: for 1 <= a <= x1 - {1} when x1 >= {2} to (a) + (x1 - {0} "
          "- a)",
          k, k + 1, k + 2));
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
