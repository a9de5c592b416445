// Nearest names for error messages (see nearest.hpp).
#include "sys/nearest.hpp"

#include <algorithm>

namespace nimcert::smt {

namespace {

std::size_t distance(const std::string& a, const std::string& b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t above = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

}  // namespace

std::string nearest(const std::string& word, const std::vector<std::string>& candidates) {
  std::string best;
  std::size_t best_distance = word.size() / 3 + 1;
  for (const std::string& c : candidates) {
    const std::size_t d = distance(word, c);
    if (d < best_distance && c != word) {
      best = c;
      best_distance = d;
    }
  }
  return best;
}

std::string did_you_mean(const std::string& word, const std::vector<std::string>& candidates) {
  const std::string n = nearest(word, candidates);
  return n.empty() ? std::string() : " (did you mean '" + n + "'?)";
}

}  // namespace nimcert::smt
