// A lemma's compiled program turned into machine code by the system C++ compiler, for
// enumerating large ranges.
//
// The batch evaluator (evaluator.hpp) keeps every intermediate value of a batch in memory,
// one row per instruction; for a lemma of a few hundred instructions that memory traffic,
// not the arithmetic, bounds its speed.  A NativeLine is the same instruction list printed as
// one C++ loop over the lanes of a line, every value a local variable: the compiler keeps
// them in vector registers.  It implements exactly the evaluator's semantics (truncated
// subtraction, x / 0 = 0, x % 0 = x, overflow reported, never wrapped), and tests hold it to
// the evaluator lane for lane.  It is generated from the Program, never from Z3's side, so
// enumeration stays independent of the solvers.
//
// A line varies the last variable (start + j, a lemma's enumeration); a row varies the last
// two, each read from an array (a cube's row: x3 = z[j] and G = g[j], the claims of
// claims/proof_claims.hpp).  When no compiler can be run, compile() says why and the caller
// keeps the batch evaluator.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <variant>

#include "eval/evaluator.hpp"

namespace nimcert::smt {

// Below this much work (lanes times instructions) the compiler's second or so costs more than
// the machine code saves over the batch evaluator.
inline constexpr long double kNativeWorthwhile = 2e9;

class NativeLine {
 public:
  enum class Lanes { Line, Row };

  // Compiles output 0 of `program` for lanes of 32 bits (narrow) or 64 bits with `compiler`
  // (empty: the one that built nimcert), as a line or as a row (which needs two variables).
  // Returns the reason when it cannot (no compiler, compiler error).
  static std::variant<NativeLine, std::string> compile(const Program& program, bool narrow,
                                                       const std::string& compiler = "",
                                                       Lanes lanes = Lanes::Line);

  bool narrow() const { return narrow_; }
  // As Program::run_line: output 0 on (fixed..., start + j), j < lanes; false on overflow.
  bool run_line(std::size_t lanes, const std::uint32_t* fixed, std::uint32_t start,
                std::uint32_t* out) const;
  bool run_line(std::size_t lanes, const std::uint64_t* fixed, std::uint64_t start,
                std::uint64_t* out) const;
  // As Program::run_row: output 0 on (fixed..., z[j], g[j]), j < lanes; false on overflow.
  bool run_row(std::size_t lanes, const std::uint32_t* fixed, const std::uint32_t* z,
               const std::uint32_t* g, std::uint32_t* out) const;
  bool run_row(std::size_t lanes, const std::uint64_t* fixed, const std::uint64_t* z,
               const std::uint64_t* g, std::uint64_t* out) const;

  // The C++ text compile() hands to the compiler.
  static std::string source(const Program& program, bool narrow, Lanes lanes = Lanes::Line);

 private:
  struct Library;
  using Line32 = int (*)(const std::uint32_t*, std::uint32_t, std::uint64_t, std::uint32_t*);
  using Line64 = int (*)(const std::uint64_t*, std::uint64_t, std::uint64_t, std::uint64_t*);
  using Row32 = int (*)(const std::uint32_t*, const std::uint32_t*, const std::uint32_t*,
                        std::uint64_t, std::uint32_t*);
  using Row64 = int (*)(const std::uint64_t*, const std::uint64_t*, const std::uint64_t*,
                        std::uint64_t, std::uint64_t*);
  std::shared_ptr<Library> library_;
  bool narrow_ = false;
  Line32 line32_ = nullptr;
  Line64 line64_ = nullptr;
  Row32 row32_ = nullptr;
  Row64 row64_ = nullptr;
};

}  // namespace nimcert::smt
