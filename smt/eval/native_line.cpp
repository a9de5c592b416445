// The native line evaluator (see native_line.hpp): C++ text from a Program, compiled by the
// system compiler into a shared object and loaded with dlopen.
#include "eval/native_line.hpp"

#include <dlfcn.h>
#include <fmt/format.h>
#include <stdlib.h>
#include <unistd.h>

#include <stdexcept>

#include "lang/numeration.hpp"
#include "sys/subprocess.hpp"

#ifndef NIMCERT_CXX
#define NIMCERT_CXX "c++"
#endif

namespace nimcert::smt {

struct NativeLine::Library {
  void* handle = nullptr;
  ~Library() {
    if (handle) dlclose(handle);
  }
};

namespace {

// One instruction as a C++ statement defining v<i>; overflow is or-ed into `flag`.  Truth
// values are combined with plain bit operations: no comparison the compiler could turn into
// a branch, which would stop it vectorising the loop.
std::string statement(const std::vector<Program::Instruction>& code, std::size_t i, bool narrow,
                      const char* flag) {
  const Program::Instruction& in = code[i];
  const std::string r = fmt::format("v{}", i), a = fmt::format("v{}", in.a),
                    b = fmt::format("v{}", in.b), c = fmt::format("v{}", in.c);
  // x as a truth value (0 or 1), and its negation.
  auto truth = [&](std::uint32_t x, const std::string& v) {
    return is_boolean(code[x].op) ? v : fmt::format("T({} != 0)", v);
  };
  auto falsity = [&](std::uint32_t x, const std::string& v) {
    return is_boolean(code[x].op) ? fmt::format("T({} ^ 1)", v) : fmt::format("T({} == 0)", v);
  };
  const unsigned bits = narrow ? 32 : 64;
  switch (in.op) {
    case Op::Const:
      if (narrow && in.value > 0xffffffffu)  // a constant too wide for T is never truncated
        return fmt::format("const T {} = 0; {} |= 1;", r, flag);
      return fmt::format("const T {} = T({}ull);", r, in.value);
    case Op::Var:  // only the uniform variables: the last one is the line's index
      return fmt::format("const T {} = fixed[{}];", r, in.a);
    case Op::Add:
      return fmt::format("const T {0} = {1} + {2}; {3} |= T({0} < {1});", r, a, b, flag);
    case Op::Sub:
      return fmt::format("const T {0} = {1} >= {2} ? {1} - {2} : 0;", r, a, b);
    case Op::Mul:
      if (narrow)
        return fmt::format(
            "const std::uint64_t p{0} = std::uint64_t({1}) * {2}; const T {3} = T(p{0}); "
            "{4} |= T(p{0} >> 32);",
            i, a, b, r, flag);
      return fmt::format("T {0}; {3} |= T(__builtin_mul_overflow({1}, {2}, &{0}));", r, a, b, flag);
    case Op::Div:
      return fmt::format("const T {0} = {2} == 0 ? 0 : {1} / {2};", r, a, b);
    case Op::Mod:
      return fmt::format("const T {0} = {2} == 0 ? {1} : {1} % {2};", r, a, b);
    case Op::BitXor:
    case Op::BitAnd:
    case Op::BitOr:  // on naturals these mean in C++ what they mean in the proof language
      return fmt::format("const T {} = {} {} {};", r, a, spelling(in.op), b);
    case Op::Shl:
      return fmt::format(
          "const bool w{0} = {2} >= {4}; const T s{0} = w{0} ? 0 : {2}; "
          "const T {1} = w{0} ? 0 : T({3} << s{0}); {5} |= w{0} ? {3} : T(T({1} >> s{0}) ^ {3});",
          i, r, b, a, bits, flag);
    case Op::Shr:
      return fmt::format("const T {0} = {2} >= {3} ? 0 : T({1} >> ({2} >= {3} ? 0 : {2}));", r, a,
                         b, bits);
    case Op::Eq:
    case Op::Ne:
    case Op::Lt:
    case Op::Le:
    case Op::Gt:
    case Op::Ge:  // the comparison's bool converts to 0 or 1, as in the proof language
      return fmt::format("const T {} = {} {} {};", r, a, spelling(in.op), b);
    case Op::Not:
      return fmt::format("const T {} = {};", r, falsity(in.a, a));
    case Op::And:
      return fmt::format("const T {} = {} & {};", r, truth(in.a, a), truth(in.b, b));
    case Op::Or:
      return fmt::format("const T {} = {} | {};", r, truth(in.a, a), truth(in.b, b));
    case Op::Implies:
      return fmt::format("const T {} = {} | {};", r, falsity(in.a, a), truth(in.b, b));
    case Op::Iff:
      return fmt::format("const T {} = T({} ^ {} ^ 1);", r, truth(in.a, a), truth(in.b, b));
    case Op::Ite:
      return fmt::format("const T {} = {} != 0 ? {} : {};", r, a, b, c);
    case Op::TopBit:
      return fmt::format("const T {0} = {1} == 0 ? 0 : T(T(1) << ({2} - {3}({1})));", r, a,
                         bits - 1, narrow ? "__builtin_clz" : "__builtin_clzll");
    case Op::LowBit:
      return fmt::format("const T {0} = {1} & T(~{1} + 1);", r, a);
    case Op::ZeckShift:
      return fmt::format("const T {} = nimcert_zeck_shift({}, {});", r, a, flag);
    case Op::ZeckEven:
      return fmt::format("const T {} = nimcert_zeck_even({});", r, a);
    case Op::OstShift:
    case Op::OstwShift:  // the places' U_1 says which Ostrowski numeration
      return fmt::format("const T {} = nimcert_ost_shift({}, {}, {});", r,
                         ostrowski_first_quotient(ostrowski_system(numeration_of_builtin(in.op))),
                         a, flag);
    case Op::OstOdd:  // the lowest digit at an odd place; ostw_even: at an even one
    case Op::OstwEven:
      return fmt::format("const T {} = nimcert_ost_lowest({}, {}, {});", r,
                         ostrowski_first_quotient(ostrowski_system(numeration_of_builtin(in.op))),
                         a, in.op == Op::OstOdd ? 1 : 0);
    case Op::Call:
      break;
  }
  throw std::logic_error("NativeLine: a call survived compilation");
}

}  // namespace

std::string NativeLine::source(const Program& program, bool narrow, Lanes lanes) {
  const auto& code = program.instructions();
  const bool row = lanes == Lanes::Row;
  const std::size_t variables = program.variable_count();
  if (variables < (row ? 2u : 1u) || program.outputs().empty())
    throw std::logic_error(row ? "NativeLine: a row needs two variables and an output"
                               : "NativeLine: a line needs a variable and an output");
  std::string uniform, varying;
  for (std::size_t i = 0; i < code.size(); ++i) {
    const bool lane = row ? program.row_varying(i) : program.varying(i);
    if (lane && code[i].op == Op::Var)
      varying +=
          row ? fmt::format("    const T v{} = {}[j];\n", i, code[i].a + 2 == variables ? "z" : "g")
              : fmt::format("    const T v{} = start + j;\n", i);
    else
      (lane ? varying : uniform) +=
          (lane ? "    " : "  ") + statement(code, i, narrow, lane ? "lane_overflow" : "overflow") +
          "\n";
  }
  return fmt::format(
      "// Generated by nimcert from a compiled lemma: see smt/native_line.hpp.\n"
      "#include <cstdint>\n"
      "using T = std::{0};\n"
      "// Fibonacci numeration (smt/sys/fibonacci.hpp): the Zeckendorf digits by the greedy\n"
      "// algorithm, place i standing for F(i + 2).\n"
      "static int nimcert_places(unsigned __int128* f) {{\n"
      "  f[0] = 1; f[1] = 2; int n = 2;\n"
      "  while (n < 95 && f[n - 1] <= (unsigned __int128)~std::uint64_t(0)) {{ f[n] = f[n - 1] + f[n - 2]; ++n; }}\n"
      "  return n;\n"
      "}}\n"
      "static T nimcert_zeck_shift(T v, T& overflow) {{\n"
      "  unsigned __int128 f[96]; const int n = nimcert_places(f); unsigned __int128 s = 0;\n"
      "  for (int i = n - 2; i >= 0 && v > 0; --i) if (f[i] <= v) {{ v -= T(f[i]); s += f[i + 1]; }}\n"
      "  if (s > (unsigned __int128)T(~T(0))) overflow |= 1;\n"
      "  return T(s);\n"
      "}}\n"
      "static T nimcert_zeck_even(T v) {{\n"
      "  unsigned __int128 f[96]; const int n = nimcert_places(f); int low = -1;\n"
      "  for (int i = n - 2; i >= 0 && v > 0; --i) if (f[i] <= v) {{ v -= T(f[i]); low = i; }}\n"
      "  return T(low >= 0 && low % 2 == 0);\n"
      "}}\n"
      "// Ostrowski numeration (smt/sys/ostrowski.hpp): places 1, first, ... (first 2: 1, 2, 5,\n"
      "// 12, ...; first 3: 1, 3, 7, 17, ...), each taken as often as it fits (the greedy digits).\n"
      "static int nimcert_ost_places(int first, unsigned __int128* u) {{\n"
      "  u[0] = 1; u[1] = first; int n = 2;\n"
      "  while (n < 60 && u[n - 1] <= (unsigned __int128)~std::uint64_t(0)) {{ u[n] = 2 * u[n - 1] + u[n - 2]; ++n; }}\n"
      "  return n;\n"
      "}}\n"
      "static T nimcert_ost_shift(int first, T v, T& overflow) {{\n"
      "  unsigned __int128 u[60]; const int n = nimcert_ost_places(first, u); unsigned __int128 s = 0;\n"
      "  for (int i = n - 2; i >= 0 && v > 0; --i) while (u[i] <= v) {{ v -= T(u[i]); s += u[i + 1]; }}\n"
      "  if (s > (unsigned __int128)T(~T(0))) overflow |= 1;\n"
      "  return T(s);\n"
      "}}\n"
      "static T nimcert_ost_lowest(int first, T v, int parity) {{\n"
      "  unsigned __int128 u[60]; const int n = nimcert_ost_places(first, u); int low = -1;\n"
      "  for (int i = n - 2; i >= 0 && v > 0; --i) while (u[i] <= v) {{ v -= T(u[i]); low = i; }}\n"
      "  return T(low >= 0 && low % 2 == parity);\n"
      "}}\n"
      "{4}"
      "  (void)fixed;\n"
      "  T overflow = 0;\n"
      "{1}"
      "  T lane_overflow = 0;\n"
      "  const T n = T(lanes);  // a lane-typed index, so that the loop vectorises\n"
      "  for (T j = 0; j < n; ++j) {{\n"
      "{2}"
      "    out[j] = v{3};\n"
      "  }}\n"
      "  return (overflow | lane_overflow) == 0;\n"
      "}}\n",
      narrow ? "uint32_t" : "uint64_t", uniform, varying, program.outputs()[0],
      row ? "extern \"C\" int nimcert_row(const T* fixed, const T* __restrict z,\n"
            "                             const T* __restrict g, std::uint64_t lanes,\n"
            "                             T* __restrict out) {\n"
            "  if (lanes > 0xffffffffu) return 0;\n"
          : "extern \"C\" int nimcert_line(const T* fixed, T start, std::uint64_t lanes,\n"
            "                              T* __restrict out) {\n"
            "  if (lanes > 0xffffffffu || (lanes > 0 && T(start + (lanes - 1)) < start)) "
            "return 0;\n");
}

std::variant<NativeLine, std::string> NativeLine::compile(const Program& program, bool narrow,
                                                          const std::string& compiler,
                                                          Lanes lanes) {
  const std::string cxx = compiler.empty() ? NIMCERT_CXX : compiler;
  const std::string text = source(program, narrow, lanes);
  const char* tmp = getenv("TMPDIR");
  std::string dir = std::string(tmp && *tmp ? tmp : "/tmp") + "/nimcert-native-XXXXXX";
  if (!mkdtemp(dir.data())) return std::string("cannot create a temporary folder");
  const std::string library = dir + "/line.so";
  const ProcessResult compiled =
      run_process({cxx, "-x", "c++", "-std=c++17", "-O3", "-fno-tree-vrp", "-march=native",
                   "-shared", "-fPIC", "-o", library, "-"},
                  text);
  std::string why;
  auto lib = std::make_shared<Library>();
  if (!compiled.started)
    why = "no C++ compiler (" + cxx + ")";
  else if (compiled.exit_status != 0)
    why = fmt::format("the C++ compiler exited with status {}", compiled.exit_status);
  else if (!(lib->handle = dlopen(library.c_str(), RTLD_NOW | RTLD_LOCAL)))
    why = std::string("dlopen: ") + dlerror();
  unlink(library.c_str());  // a loaded library stays mapped
  rmdir(dir.c_str());
  if (!why.empty()) return why;
  NativeLine line;
  line.library_ = lib;
  line.narrow_ = narrow;
  const char* name = lanes == Lanes::Row ? "nimcert_row" : "nimcert_line";
  void* entry = dlsym(lib->handle, name);
  if (!entry) return fmt::format("the compiled library has no {}", name);
  if (lanes == Lanes::Row) {
    if (narrow)
      line.row32_ = reinterpret_cast<Row32>(entry);
    else
      line.row64_ = reinterpret_cast<Row64>(entry);
  } else if (narrow) {
    line.line32_ = reinterpret_cast<Line32>(entry);
  } else {
    line.line64_ = reinterpret_cast<Line64>(entry);
  }
  return line;
}

bool NativeLine::run_line(std::size_t lanes, const std::uint32_t* fixed, std::uint32_t start,
                          std::uint32_t* out) const {
  if (!line32_) throw std::logic_error("NativeLine: not compiled for 32-bit lanes");
  return line32_(fixed, start, lanes, out) != 0;
}

bool NativeLine::run_line(std::size_t lanes, const std::uint64_t* fixed, std::uint64_t start,
                          std::uint64_t* out) const {
  if (!line64_) throw std::logic_error("NativeLine: not compiled for 64-bit lanes");
  return line64_(fixed, start, lanes, out) != 0;
}

bool NativeLine::run_row(std::size_t lanes, const std::uint32_t* fixed, const std::uint32_t* z,
                         const std::uint32_t* g, std::uint32_t* out) const {
  if (!row32_) throw std::logic_error("NativeLine: not compiled as a row of 32-bit lanes");
  return row32_(fixed, z, g, lanes, out) != 0;
}

bool NativeLine::run_row(std::size_t lanes, const std::uint64_t* fixed, const std::uint64_t* z,
                         const std::uint64_t* g, std::uint64_t* out) const {
  if (!row64_) throw std::logic_error("NativeLine: not compiled as a row of 64-bit lanes");
  return row64_(fixed, z, g, lanes, out) != 0;
}

}  // namespace nimcert::smt
