// The C++ evaluator of proof-language expressions: compiled once, run over batches.
//
// An expanded expression is compiled to straight-line code (one instruction per distinct
// subterm, common subterms computed once) and evaluated over a batch of assignments at a
// time, an instruction for all lanes before the next, so the inner loops are simple and the
// interpretation overhead is paid per batch, not per assignment.  Values are exact naturals
// in the value type T (uint64_t for enumeration, unsigned __int128 to re-check Z3 models);
// a result that would not fit T sets the overflow flag instead of wrapping, and a caller must
// treat an overflowed evaluation as "not evaluated", never as true or false.
//
// This evaluator shares nothing with the Z3 translation (z3_backend.cpp): it is the
// independent second opinion.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <unordered_map>
#include <vector>

#include "lang/ast.hpp"
#include "sys/natural.hpp"

namespace nimcert::smt {

class Program {
 public:
  // Compiles the expanded expressions `outputs` over the variables `variables` (their order
  // is the order of the lanes' inputs).  Throws std::invalid_argument on a call or an unknown
  // variable.
  Program(const std::vector<std::string>& variables, const std::vector<ExprPtr>& outputs);

  std::size_t variable_count() const { return variables_; }
  std::size_t output_count() const { return outputs_.size(); }
  std::size_t instruction_count() const { return code_.size(); }

  // Evaluates every output on `lanes` assignments.  inputs[v][j] is variable v in lane j;
  // out[k][j] receives output k in lane j.  Returns false when some lane overflowed T.
  template <class T>
  bool run(std::size_t lanes, const std::vector<const T*>& inputs, std::vector<T*>& out) const;

  // One assignment: the outputs, or false on overflow.
  template <class T>
  bool run_one(const std::vector<T>& input, std::vector<T>& out) const;

  // Output 0 on the line of assignments (fixed..., start + j), j < lanes: every variable but
  // the last is the same in all lanes, so the instructions that do not read the last variable
  // run once for the line instead of once per lane.  Returns false on overflow.
  template <class T>
  bool run_line(std::size_t lanes, const std::vector<T>& fixed, T start, T* out) const;

  // Output 0 on the row of assignments (fixed..., last2[0][j], last2[1][j]), j < lanes: the last
  // two variables vary (a cube's row: x3 and G), the others are the same in all lanes, and the
  // instructions that read neither of the last two run once for the row.  Needs at least two
  // variables.  Returns false on overflow.
  template <class T>
  bool run_row(std::size_t lanes, const std::vector<T>& fixed, const T* const* last2, T* out) const;

  // Whether every instruction's value stays below 2^bits when every variable is at most
  // input_max (interval bounds over the naturals): then T of that many bits is exact.
  bool fits_in(unsigned bits, std::uint64_t input_max) const;

  // The compiled code, for code generators (native_line.hpp): instruction i computes register
  // i; operands are earlier registers.
  struct Instruction {
    Op op;
    std::uint32_t a = 0, b = 0, c = 0;  // operand registers (or variable index for Var)
    std::uint64_t value = 0;            // Const
  };
  const std::vector<Instruction>& instructions() const { return code_; }
  const std::vector<std::uint32_t>& outputs() const { return outputs_; }
  // Whether instruction i reads the last variable (else it is the same on a whole line).
  bool varying(std::size_t i) const { return line_.is_varying[i]; }
  // Whether instruction i reads one of the last two variables (else it is the same on a row).
  bool row_varying(std::size_t i) const { return row_.is_varying[i]; }

 private:
  std::uint32_t compile(const ExprPtr& e, const std::map<std::string, std::uint32_t>& vars,
                        std::map<std::string, std::uint32_t>& seen);
  std::uint32_t compile_node(const ExprPtr& e, const std::map<std::string, std::uint32_t>& vars,
                             std::map<std::string, std::uint32_t>& seen);

  template <class T>
  unsigned power_of_two_constant(std::uint32_t i) const;
  template <class T>
  bool execute(const std::uint32_t* order, std::size_t count, const std::uint32_t* slot,
               std::size_t lanes, T* regs, const T* const* inputs) const;
  template <class T>
  bool dispatch(const std::vector<std::uint32_t>& order, const std::vector<std::uint32_t>& slot,
                std::size_t lanes, T* regs, const T* const* inputs) const;
  bool execute_u32(const std::uint32_t* order, std::size_t count, const std::uint32_t* slot,
                   std::size_t lanes, std::uint32_t* regs,
                   const std::uint32_t* const* inputs) const;
  bool execute_u64(const std::uint32_t* order, std::size_t count, const std::uint32_t* slot,
                   std::size_t lanes, std::uint64_t* regs,
                   const std::uint64_t* const* inputs) const;
  // How the instructions run on lanes where the variables from `first_varying` on differ and
  // the others are the same: those reading none of the varying ones once (uniform), the others
  // per lane (varying), the uniform registers a varying instruction reads broadcast to lanes.
  struct LanePlan {
    std::vector<std::uint32_t> uniform, varying, broadcast;
    std::vector<bool> is_varying;
    std::vector<std::uint32_t> slot;  // row of each instruction in the lanes' register file
    std::size_t slots = 0;
  };
  LanePlan plan_lanes(std::size_t first_varying) const;
  template <class T>
  bool run_plan(const LanePlan& plan, std::size_t lanes, const T* const* inputs, T* out) const;

  std::size_t variables_;
  std::vector<Instruction> code_;
  std::vector<std::uint32_t> outputs_;
  std::vector<std::uint32_t> all_;  // every instruction, in order
  LanePlan line_, row_;             // the last variable varies; the last two vary
  std::unordered_map<const Expr*, std::uint32_t> compiled_;  // during construction only
};

}  // namespace nimcert::smt
