// Printing 128-bit naturals (see natural.hpp).
#include "sys/natural.hpp"

namespace nimcert::smt {

std::string u128_to_string(u128 v) {
  std::string s;
  do {
    s += static_cast<char>('0' + static_cast<int>(v % 10));
    v /= 10;
  } while (v);
  return {s.rbegin(), s.rend()};
}

}  // namespace nimcert::smt
