// Running MONA (see mona.hpp).
#include "ws1s/mona.hpp"

#include <gmpxx.h>
#include <stdlib.h>
#include <unistd.h>

#include <fstream>
#include <regex>
#include <sstream>
#include <stdexcept>

#include "sys/interrupt.hpp"
#include "sys/subprocess.hpp"

namespace nimcert::smt {

namespace {

std::runtime_error not_runnable(const std::string& binary) {
  return std::runtime_error("cannot run the WS1S decision procedure '" + binary +
                            "': install the Debian package mona (scripts/install-deps.sh)");
}

// U_place of Ostrowski numeration whose U_1 is `first` (2: 1, 2, 5, 12, ...; 3: 1, 3, 7, 17, ...;
// U_{i+1} = 2 U_i + U_{i-1}).
mpz_class ostrowski_place(unsigned long first, unsigned long place) {
  mpz_class below = 1, u = 1;  // U_0, then U_1 = first
  if (place == 0) return u;
  u = first;
  for (unsigned long i = 1; i < place; ++i) {
    const mpz_class next = 2 * u + below;
    below = u;
    u = next;
  }
  return u;
}

// The natural whose digits are at the listed places, in decimal: binary ("0,2,5" -> 37),
// Fibonacci, place i standing for F(i + 2) ("0,2,5" -> 1 + 3 + 13 = 17), or Ostrowski for
// sqrt 2 - 1 or 1 / (2 + sqrt 2), position 2j for a 1 at place j and 2j + 1 for a 2 ("0,5" ->
// 1 + 2 * 5 = 11 for sqrt 2 - 1).
std::string natural_of(const std::string& positions, Numeration numeration) {
  mpz_class n = 0;
  std::stringstream in(positions);
  std::string item;
  while (std::getline(in, item, ','))
    if (item.find_first_not_of(' ') != std::string::npos) {
      const unsigned long place = std::stoul(item);
      if (numeration == Numeration::Binary) {
        mpz_setbit(n.get_mpz_t(), place);
        continue;
      }
      if (is_ostrowski(numeration)) {
        const unsigned long first = ostrowski_first_quotient(ostrowski_system(numeration));
        n += (place % 2 == 1 ? 2 : 1) * ostrowski_place(first, place / 2);
        continue;
      }
      mpz_class f;  // F(place + 2)
      mpz_fib_ui(f.get_mpz_t(), place + 2);
      n += f;
    }
  return n.get_str(10);
}

// Where a line of MONA's output starts with `text` (the first line too); npos when none does.
// The statistics trace echoes program lines indented, so MONA's own lines are matched at the
// start of a line only.
std::size_t line_starting(const std::string& output, const std::string& text) {
  if (output.compare(0, text.size(), text) == 0) return 0;
  const std::size_t at = output.find("\n" + text);
  return at == std::string::npos ? at : at + 1;
}

}  // namespace

const char* mona_answer_name(MonaRun::Answer a) {
  switch (a) {
    case MonaRun::Answer::Valid:
      return "valid";
    case MonaRun::Answer::Counterexample:
      return "counterexample";
    default:
      return "unknown";
  }
}

MonaRun run_mona(const MonaQuery& query, unsigned timeout_ms, std::uint64_t memory_bytes,
                 const std::string& binary) {
  const char* tmp = getenv("TMPDIR");
  std::string path = std::string(tmp && *tmp ? tmp : "/tmp") + "/nimcert-XXXXXX.mona";
  const int fd = mkstemps(path.data(), 5);
  if (fd < 0) throw std::runtime_error("cannot create a temporary file for MONA");
  close(fd);
  std::ofstream(path) << query.text;
  // -q: no progress bar; -s: statistics, among them the largest automaton built on the way.
  const ProcessResult run = run_process({binary, "-q", "-s", path}, "", {timeout_ms, memory_bytes});
  unlink(path.c_str());
  if (!run.started) throw not_runnable(binary);
  throw_if_interrupted();
  MonaRun out;
  out.seconds = run.seconds;
  const std::string largest = "Largest number of states in a minimized automaton: ";
  if (const std::size_t at = line_starting(run.output, largest); at != std::string::npos) {
    std::smatch m;
    static const std::regex sizes(R"(^(\d+), BDD nodes: (\d+))");
    const std::string line = run.output.substr(at + largest.size(), 64);
    if (std::regex_search(line, m, sizes)) {
      out.states = static_cast<unsigned>(std::stoul(m[1]));
      out.bdd_nodes = static_cast<unsigned>(std::stoul(m[2]));
    }
  }
  if (run.timed_out) {
    out.note = "MONA reached the time limit of " + std::to_string(timeout_ms) + " ms";
    return out;
  }
  if (run.exit_status != 0) {
    out.note = "MONA exited with status " + std::to_string(run.exit_status) +
               (run.exit_status == 128 + 9 || run.output.find("out of memory") != std::string::npos
                    ? " (its memory exhausted)"
                    : "");
    return out;
  }
  if (line_starting(run.output, "Formula is valid") != std::string::npos) {
    out.answer = MonaRun::Answer::Valid;
    return out;
  }
  const std::size_t at = line_starting(run.output, "A counter-example of least length");
  if (at == std::string::npos) {
    out.note = "MONA gave neither a verdict nor a counterexample";
    return out;
  }
  // "V_x = {0,2}" lines, up to the satisfying example that may follow.
  const std::size_t end = run.output.find("\nA satisfying example", at);
  const std::string block =
      run.output.substr(at, end == std::string::npos ? std::string::npos : end - at);
  static const std::regex assignment(R"((\w+) = \{([0-9, ]*)\})");
  std::map<std::string, std::string> by_mona_name;
  for (auto it = std::sregex_iterator(block.begin(), block.end(), assignment);
       it != std::sregex_iterator(); ++it)
    by_mona_name[(*it)[1]] = natural_of((*it)[2], query.numeration);
  for (const std::string& v : query.variables) {
    auto it = by_mona_name.find(mona_name(v));
    // A variable MONA does not print is unconstrained: any value, 0 among them.
    out.counterexample[v] = it == by_mona_name.end() ? "0" : it->second;
  }
  out.answer = MonaRun::Answer::Counterexample;
  return out;
}

std::string mona_version(const std::string& binary) {
  const ProcessResult run = run_process({binary}, "", {10000, 0});
  if (!run.started) throw not_runnable(binary);
  std::smatch m;
  static const std::regex version(R"(MONA v([0-9][0-9A-Za-z.\-]*))");
  if (!std::regex_search(run.output, m, version))
    throw std::runtime_error("cannot read MONA's version from '" + binary + "'");
  return m[1];
}

}  // namespace nimcert::smt
