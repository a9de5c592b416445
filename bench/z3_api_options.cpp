// Z3 through its C++ API, as nimcert calls it, under two sets of parameters, on SMT-LIB files:
// each file under both sets in turn, one at a time, then each set's total, the files whose
// answers differ, and the slowest files.
//
//   build/bench/z3_api_options --a "" --b "sat.lookahead_simplify=true" DIR/*.smt2
//
// A set is "name=value ..." (true/false, an unsigned number, or a word), applied to the solver
// as smt/solve/z3_backend.cpp applies its own: a fresh context per query, Z3's QF_BV solver
// when the file says (set-logic QF_BV) and the default solver otherwise, random_seed 0, ctrl_c
// off, and --timeout-ms (default 60000) as `timeout`.  bench/solver_options.sh times the z3
// binary instead, whose global parameters do not always act as the API's solver parameters do:
// sat.lookahead_simplify=true, 2026-12-07, serial-nim's nested-6 (b) at w = 64 took the binary
// 6.4 s against 6.8 s, and the API 5.1 s against 11.9 s.
//
// Queries: `nimcert export-smt2 --dir D` writes every lemma and induction query at every width
// (certify poses the widest first and most often no other); the rules' queries are not
// exported.  2026-12-07, the 302 queries of a cold certify of the 22 committed proofs (captured
// from the run, rules included), without against with sat.lookahead_simplify=true: 72.6 s
// against 86.1 s in all, every answer the same, Staircase's width-8 rank obligations taken at
// the 300 ms its proof gives them.  On the 25 of them over 0.4 s (52.5 s with the defaults),
// no other SAT option was faster: sat.restart=luby 63.8 s, sat.phase=always_false 77.2 s,
// sat.branching.heuristic=chb 99.7 s, sat.acce=true 52.8 s, sat.gc=glue 52.9 s.  A benchmark,
// not a test: the figures go into notes.
#include <fmt/format.h>
#include <z3++.h>

#include <algorithm>
#include <chrono>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "solve/answer.hpp"

namespace {

struct Setting {
  std::string name, value;
};

std::vector<Setting> parse_set(const std::string& text) {
  std::vector<Setting> out;
  std::istringstream words(text);
  for (std::string word; words >> word;) {
    const std::size_t eq = word.find('=');
    if (eq == std::string::npos || eq == 0) throw std::invalid_argument("not name=value: " + word);
    out.push_back({word.substr(0, eq), word.substr(eq + 1)});
  }
  return out;
}

void apply(z3::params& p, const Setting& s) {
  if (s.value == "true" || s.value == "false") {
    p.set(s.name.c_str(), s.value == "true");
  } else if (!s.value.empty() && std::all_of(s.value.begin(), s.value.end(), ::isdigit)) {
    p.set(s.name.c_str(), static_cast<unsigned>(std::stoul(s.value)));
  } else {
    p.set(s.name.c_str(), s.value.c_str());
  }
}

struct Run {
  std::string answer;
  double seconds = 0;
};

Run solve(const std::string& text, const std::vector<Setting>& set, unsigned timeout_ms) {
  const auto start = std::chrono::steady_clock::now();
  z3::context c;
  const bool qf_bv = nimcert::smt::logic_of(text) == "QF_BV";  // as z3_backend.cpp reads it
  z3::solver s = qf_bv ? z3::solver(c, "QF_BV") : z3::solver(c);
  z3::params p(c);
  p.set("random_seed", 0u);
  p.set("ctrl_c", false);
  p.set("timeout", timeout_ms);
  for (const Setting& setting : set) apply(p, setting);
  s.set(p);
  const z3::expr_vector assertions = c.parse_string(text.c_str());
  for (unsigned i = 0; i < assertions.size(); ++i) s.add(assertions[i]);
  Run run;
  switch (s.check()) {
    case z3::unsat:
      run.answer = "unsat";
      break;
    case z3::sat:
      run.answer = "sat";
      break;
    default:
      run.answer = "unknown";
  }
  run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return run;
}

std::string read(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read " + path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace

int main(int argc, char** argv) try {
  std::string a, b = "sat.lookahead_simplify=true";
  unsigned timeout_ms = 60000;
  std::vector<std::string> files;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    auto value = [&] {
      if (i + 1 >= argc) throw std::invalid_argument(arg + " needs a value");
      return std::string(argv[++i]);
    };
    if (arg == "--a") {
      a = value();
    } else if (arg == "--b") {
      b = value();
    } else if (arg == "--timeout-ms") {
      timeout_ms = static_cast<unsigned>(std::stoul(value()));
    } else if (arg == "-h" || arg == "--help") {
      std::cout << "usage: z3_api_options [--a SET] [--b SET] [--timeout-ms MS] FILE.smt2...\n";
      return 0;
    } else {
      files.push_back(arg);
    }
  }
  if (files.empty()) throw std::invalid_argument("no SMT-LIB files given");
  const std::vector<Setting> set_a = parse_set(a), set_b = parse_set(b);
  struct Row {
    std::string file;
    Run a, b;
  };
  std::vector<Row> rows;
  double total_a = 0, total_b = 0;
  for (const std::string& file : files) {
    const std::string text = read(file);
    Row row{file, solve(text, set_a, timeout_ms), solve(text, set_b, timeout_ms)};
    total_a += row.a.seconds;
    total_b += row.b.seconds;
    std::cerr << fmt::format("{:8.2f} {:8.2f}  {}\n", row.a.seconds, row.b.seconds, file);
    rows.push_back(std::move(row));
  }
  fmt::print("A [{}]: {:.1f} s; B [{}]: {:.1f} s; {} files\n", a, total_a, b, total_b, rows.size());
  for (const Row& r : rows)
    if (r.a.answer != r.b.answer)
      fmt::print("differ: {} A {} B {}\n", r.file, r.a.answer, r.b.answer);
  std::sort(rows.begin(), rows.end(), [](const Row& x, const Row& y) {
    return std::max(x.a.seconds, x.b.seconds) > std::max(y.a.seconds, y.b.seconds);
  });
  for (std::size_t i = 0; i < rows.size() && i < 15; ++i)
    fmt::print("{:8.2f} {:8.2f}  {}\n", rows[i].a.seconds, rows[i].b.seconds, rows[i].file);
  return 0;
} catch (const z3::exception& e) {  // not a std::exception in Z3 4.8
  std::cerr << "z3_api_options: Z3 error: " << e.msg() << "\n";
  return 2;
} catch (const std::exception& e) {
  std::cerr << "z3_api_options: " << e.what() << "\n";
  return 2;
}
