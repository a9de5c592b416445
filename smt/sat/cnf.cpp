// DIMACS text both ways (see cnf.hpp).
#include "sat/cnf.hpp"

#include <charconv>
#include <cstdio>
#include <stdexcept>
#include <string>

namespace nimcert::smt {

std::string dimacs_text(const Cnf& cnf) {
  std::string out = "p cnf " + std::to_string(cnf.variables) + " " +
                    std::to_string(cnf.clauses.size()) + "\n";
  for (const Clause& c : cnf.clauses) {
    for (const Lit l : c) {
      out += std::to_string(l);
      out += ' ';
    }
    out += "0\n";
  }
  return out;
}

std::vector<std::int64_t> read_integers(std::string_view line, const char* where,
                                        std::size_t line_number) {
  std::vector<std::int64_t> out;
  std::size_t i = 0;
  while (i < line.size()) {
    if (line[i] == ' ' || line[i] == '\t' || line[i] == '\r') {
      ++i;
      continue;
    }
    std::int64_t v = 0;
    const char* begin = line.data() + i;
    const auto [end, error] = std::from_chars(begin, line.data() + line.size(), v);
    if (error != std::errc() || end == begin || v < -std::int64_t{kMaxVariables} ||
        v > kMaxVariables)
      throw std::invalid_argument(std::string(where) + " line " + std::to_string(line_number) +
                                  ": not a literal: '" + std::string(line) + "'");
    out.push_back(v);
    i += static_cast<std::size_t>(end - begin);
  }
  return out;
}

Cnf parse_dimacs(std::string_view text) {
  Cnf cnf;
  bool header = false;
  std::size_t expected = 0, line_number = 0;
  Clause current;
  std::size_t pos = 0;
  while (pos < text.size()) {
    std::size_t next = text.find('\n', pos);
    if (next == std::string_view::npos) next = text.size();
    const std::string_view line = text.substr(pos, next - pos);
    pos = next + 1;
    ++line_number;
    if (line.empty() || line[0] == 'c') continue;
    if (line[0] == 'p') {
      if (header) throw std::invalid_argument("CNF line " + std::to_string(line_number) + ": a second header");
      long long v = -1, c = -1;
      char tail = 0;
      if (std::sscanf(std::string(line).c_str(), "p cnf %lld %lld %c", &v, &c, &tail) != 2 ||
          v < 0 || v > kMaxVariables || c < 0)
        throw std::invalid_argument("CNF line " + std::to_string(line_number) + ": a bad header '" +
                                    std::string(line) + "'");
      cnf.variables = static_cast<std::int32_t>(v);
      expected = static_cast<std::size_t>(c);
      header = true;
      continue;
    }
    if (!header) throw std::invalid_argument("CNF line " + std::to_string(line_number) + ": a clause before the header");
    for (const std::int64_t v : read_integers(line, "CNF", line_number)) {
      if (v == 0) {
        cnf.clauses.push_back(std::move(current));
        current.clear();
        continue;
      }
      if (v < -cnf.variables || v > cnf.variables)
        throw std::invalid_argument("CNF line " + std::to_string(line_number) + ": literal " +
                                    std::to_string(v) + " beyond the header's " +
                                    std::to_string(cnf.variables) + " variables");
      current.push_back(static_cast<Lit>(v));
    }
  }
  if (!header) throw std::invalid_argument("CNF: no header");
  if (!current.empty()) throw std::invalid_argument("CNF: the last clause is not ended by 0");
  if (cnf.clauses.size() != expected)
    throw std::invalid_argument("CNF: the header says " + std::to_string(expected) + " clauses, the text has " +
                                std::to_string(cnf.clauses.size()));
  return cnf;
}

}  // namespace nimcert::smt
