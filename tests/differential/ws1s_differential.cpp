// The WS1S translation fuzzed differentially: random statements of the unbounded fragment over
// x and y, with constants drawn near the edges (0, 1, 2^k - 1, 2^k, 2^k + 1 for k = 20, 31, 32,
// 63, 64, and shift amounts up to 2^64 - 1), decided by MONA and compared with the exact GMP
// evaluator (eval/exact_evaluator.hpp), which shares nothing with the translation.
//
// Each execution translates one statement, and then:
//  - a refusal must name a constant above kMonaLargestInteger (the only refusal the generator
//    can provoke), and a translated program may hold no integer above it (MONA reads 32-bit
//    integers: a larger one would be misread);
//  - even executions ask MONA whether the statement holds for every x, y: "valid" must agree
//    with GMP on a set of edge assignments (up to 2^4097), a counterexample must be false in GMP;
//  - odd executions pin x and y to constants below 2^64 as hypotheses: MONA's "valid" must be
//    exactly GMP's "true" there.
// A time limit reached is counted as undecided, never compared.  Any disagreement prints the
// statement and the seed and exits 1.
//   ws1s_differential [--seconds S] [--seed N] [--jobs J] [--max N]
#include <gmpxx.h>

#include <atomic>
#include <cctype>

#include "campaign.hpp"
#include "eval/exact_evaluator.hpp"
#include "lang/proof_file.hpp"
#include "ws1s/mona.hpp"
#include "ws1s/translation.hpp"

namespace nimcert::differential {
namespace {

constexpr unsigned kMonaMs = 500;

struct Counts {
  std::atomic<std::uint64_t> executions{0}, translated{0}, refused{0}, valid{0}, counterexamples{0},
      undecided{0}, comparisons{0}, disagreements{0};
};

// A shift amount: mostly small (MONA's automaton for "i + k" grows as 2^k), sometimes at an edge
// that must be refused or decided exactly.
std::uint64_t shift_amount(Rng& rng) {
  static const std::vector<std::uint64_t> edges{16,
                                                63,
                                                64,
                                                4096,
                                                4097,
                                                1u << 20,
                                                (std::uint64_t{1} << 31) - 1,
                                                std::uint64_t{1} << 31,
                                                std::uint64_t{1} << 32,
                                                (std::uint64_t{1} << 32) + 5,
                                                std::uint64_t{1} << 63,
                                                UINT64_MAX};
  return pick(rng, 8) ? pick(rng, 9) : edges[pick(rng, edges.size())];
}

// A constant: small, or near an edge (a product by one is a sum of shifted copies).
std::uint64_t constant(Rng& rng) { return pick(rng, 3) ? pick(rng, 8) : edge_word(rng); }

std::string term(Rng& rng, int depth);

std::string boolean(Rng& rng, int depth) {
  static const char* const compare[] = {"==", "!=", "<", "<=", ">", ">="};
  const std::uint64_t c = depth <= 0 ? 0 : pick(rng, 6);
  switch (c) {
    case 1:
      return "!(" + boolean(rng, depth - 1) + ")";
    case 2:
      return fmt::format("({} && {})", boolean(rng, depth - 1), boolean(rng, depth - 1));
    case 3:
      return fmt::format("({} || {})", boolean(rng, depth - 1), boolean(rng, depth - 1));
    case 4:
      return fmt::format("({} -> {})", boolean(rng, depth - 1), boolean(rng, depth - 1));
    case 5:  // "below 2^k", translated without a shifted copy
      return fmt::format("(({} >> {}) == 0)", term(rng, depth - 1), shift_amount(rng));
    default:
      return fmt::format("({} {} {})", term(rng, depth - 1), compare[pick(rng, 6)],
                         term(rng, depth - 1));
  }
}

std::string term(Rng& rng, int depth) {
  if (depth <= 0 || pick(rng, 4) == 0) {
    switch (pick(rng, 3)) {
      case 0:
        return "x";
      case 1:
        return "y";
      default:
        return std::to_string(constant(rng));
    }
  }
  static const char* const ops[] = {"+", "-", "^", "&", "|"};
  switch (pick(rng, 10)) {
    case 0:
    case 1:
      return fmt::format("({} {} {})", term(rng, depth - 1), ops[pick(rng, 5)],
                         term(rng, depth - 1));
    case 2:
      return fmt::format("({} * {})", term(rng, depth - 1), constant(rng));
    case 3:
      return fmt::format("({} {} {})", term(rng, depth - 1), pick(rng, 2) ? "/" : "%",
                         pick(rng, 2) ? pick(rng, 9) : edge_word(rng));
    case 4:
      return fmt::format("({} >> {})", term(rng, depth - 1), shift_amount(rng));
    case 5:
      return fmt::format("({} << {})", term(rng, depth - 1), shift_amount(rng));
    case 6:
      return fmt::format("top_bit({})", term(rng, depth - 1));
    case 7:
      return fmt::format("low_bit({})", term(rng, depth - 1));
    case 8:
      return fmt::format("(if {} then {} else {})", boolean(rng, depth - 1), term(rng, depth - 1),
                         term(rng, depth - 1));
    default:
      return fmt::format("({} + {})", boolean(rng, depth - 1), term(rng, depth - 1));
  }
}

// The largest integer of a MONA program outside identifiers ("T12", "times_3" are names).
std::uint64_t largest_integer(const std::string& text) {
  std::uint64_t largest = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (!std::isdigit(static_cast<unsigned char>(text[i]))) continue;
    const bool in_name =
        i > 0 && (std::isalnum(static_cast<unsigned char>(text[i - 1])) || text[i - 1] == '_');
    std::size_t j = i;
    while (j < text.size() && std::isdigit(static_cast<unsigned char>(text[j]))) ++j;
    if (!in_name) {
      const std::string digits = text.substr(i, j - i);
      largest =
          std::max<std::uint64_t>(largest, digits.size() > 19 ? UINT64_MAX : std::stoull(digits));
    }
    i = j;
  }
  return largest;
}

// Assignments for the statements MONA calls valid: small, at the word edges, and far past them.
std::vector<std::string> assignment_values() {
  std::vector<std::string> v{"0", "1", "2", "3", "7", "1000"};
  for (unsigned k : {20u, 31u, 32u, 63u, 64u, 65u, 100u, 4096u, 4097u}) {
    const mpz_class p = mpz_class(1) << k;
    for (const mpz_class& x : {mpz_class(p - 1), p, mpz_class(p + 1)}) v.push_back(x.get_str());
  }
  return v;
}

class Run {
 public:
  explicit Run(Campaign& campaign) : campaign_(campaign) {}

  // One statement, asked for every x, y (for_all) or with x and y pinned to constants.
  void execute(Rng& rng, const std::string& where, bool for_all) {
    const std::string statement = boolean(rng, 1 + static_cast<int>(pick(rng, 3)));
    const smt::ExprPtr phi = smt::parse_expression(statement, {"x", "y"});
    std::vector<smt::ExprPtr> hypotheses;
    std::map<std::string, std::string> pinned;
    if (!for_all) {
      for (const char* v : {"x", "y"}) {
        pinned[v] = std::to_string(edge_word(rng));
        hypotheses.push_back(
            smt::parse_expression(fmt::format("{} == {}", v, pinned[v]), {"x", "y"}));
      }
    }
    smt::MonaQuery q;
    try {
      q = smt::make_mona_query({"x", "y"}, hypotheses, phi, {}, {}, "ws1s_differential");
    } catch (const smt::OutsideFragment& e) {
      ++counts_.refused;
      if (std::string(e.what()).find(fmt::format("is above {}", smt::kMonaLargestInteger)) ==
          std::string::npos)
        disagree(where, statement, std::string("an unexpected refusal: ") + e.what());
      return;
    }
    ++counts_.translated;
    if (largest_integer(q.text) > smt::kMonaLargestInteger)
      disagree(where, statement,
               fmt::format("the program holds the integer {}", largest_integer(q.text)));
    const smt::MonaRun run = smt::run_mona(q, kMonaMs, std::uint64_t{1} << 30);
    if (run.answer == smt::MonaRun::Answer::Unknown) {
      ++counts_.undecided;
      return;
    }
    if (run.answer == smt::MonaRun::Answer::Counterexample) {
      ++counts_.counterexamples;
      ++counts_.comparisons;
      const auto value = smt::evaluate_exactly(phi, run.counterexample);
      if (!for_all &&
          (run.counterexample.at("x") != pinned["x"] || run.counterexample.at("y") != pinned["y"]))
        disagree(where, statement, "MONA's counterexample is not the pinned assignment");
      else if (value && *value != "0")
        disagree(where, statement,
                 fmt::format("MONA's counterexample x = {}, y = {} is true in GMP",
                             run.counterexample.at("x"), run.counterexample.at("y")));
      return;
    }
    ++counts_.valid;
    static const std::vector<std::string> values = assignment_values();
    if (!for_all) {
      ++counts_.comparisons;
      const auto value = smt::evaluate_exactly(phi, pinned);
      if (value && *value == "0")
        disagree(
            where, statement,
            fmt::format("valid at x = {}, y = {} in MONA, false in GMP", pinned["x"], pinned["y"]));
      return;
    }
    for (const std::string& x : values)
      for (std::size_t k = 0; k < 3; ++k) {
        const std::string& y = values[pick(rng, values.size())];
        const auto value = smt::evaluate_exactly(phi, {{"x", x}, {"y", y}});
        if (!value) continue;  // beyond the exact evaluator's 2^20 bits
        ++counts_.comparisons;
        if (*value == "0") {
          disagree(
              where, statement,
              fmt::format("valid for every x, y in MONA, false at x = {}, y = {} in GMP", x, y));
          return;
        }
      }
  }

  const Counts& counts() const { return counts_; }

 private:
  void disagree(const std::string& where, const std::string& statement, const std::string& what) {
    campaign_.disagree(where, what, "  statement: " + statement + "\n");
  }

  Campaign& campaign_;
  Counts counts_;
};

}  // namespace
}  // namespace nimcert::differential

int main(int argc, char** argv) {
  using namespace nimcert::differential;
  const Options options = options_or_exit(argc, argv, "ws1s_differential",
                                          "ws1s_differential: random statements of the unbounded "
                                          "fragment, MONA against the exact evaluator");
  Campaign campaign("ws1s_differential", options);
  Run run(campaign);
  const std::uint64_t executions =
      campaign.run([&](unsigned, Rng& rng, std::uint64_t n, const std::string& where) {
        run.execute(rng, where, n % 2 == 0);
      });
  const Counts& counts = run.counts();
  fmt::print(
      "ws1s_differential: {} statements ({} translated, {} refused as outside the "
      "fragment; MONA: {} valid, {} counterexamples, {} undecided in {} ms); {} "
      "comparisons with GMP, {} disagreements\n",
      executions, counts.translated.load(), counts.refused.load(), counts.valid.load(),
      counts.counterexamples.load(), counts.undecided.load(), kMonaMs, counts.comparisons.load(),
      campaign.disagreements());
  return campaign.disagreements() ? 1 : 0;
}
