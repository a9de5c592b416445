// Checking one lemma two independent ways: SMT at each width, and enumeration in C++.
//
// Each width's query is solved by Z3 and replayed by cvc5.  The lemma holds when both
// solvers answer unsat at every width and the enumeration finds no counterexample; it fails
// when a counterexample is confirmed (a solver's model counts only after the C++ evaluator
// re-checks it, or the enumeration finds one); anything else (unknown, timeout, the solvers
// disagreeing, a model that does not re-check, an enumeration that overflowed) is unknown,
// never holds.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "cvc5_replay.hpp"
#include "proof_file.hpp"
#include "z3_backend.hpp"

namespace nimcert::smt {

enum class Verdict { Holds, Fails, Unknown };
const char* verdict_name(Verdict v);  // "holds", "fails", "unknown"

struct WidthOutcome {
  unsigned width = 0;
  Answer answer = Answer::Unknown;  // Z3's
  SecondOpinion cvc5;
  std::string smt2;  // the benchmark as exported, :status set to Z3's answer
  std::string note;  // why unknown; that a model failed to re-check; that the solvers disagree
  std::optional<std::map<std::string, u128>> counterexample;  // re-checked model
  double seconds = 0;
};

struct EnumerationOutcome {
  std::uint64_t low = 0, high = 0;
  std::uint64_t cases = 0;
  Verdict verdict = Verdict::Unknown;
  std::string note;                                          // why unknown (overflow)
  std::optional<std::vector<std::uint64_t>> counterexample;  // first in lexicographic order
  double seconds = 0;
  bool native = false;         // machine code (native_line.hpp), else the batch evaluator
  double compile_seconds = 0;  // of `seconds`, spent compiling the machine code
  std::string engine_note;     // why the batch evaluator ran when machine code was wanted
};

// Which evaluator enumerates: machine code when the work is large (Automatic), always
// (Native, falling back to the batch evaluator with a note when no compiler runs), or never.
enum class EnumerationEngine { Automatic, Native, Batch };

struct LemmaOutcome {
  std::string label, text, statement;  // statement: canonical, fully parenthesised
  std::vector<std::string> variables;
  std::vector<WidthOutcome> widths;
  EnumerationOutcome enumeration;
  Verdict verdict = Verdict::Unknown;
};

struct LemmaOptions {
  unsigned timeout_ms = 60000;  // per query and solver
  unsigned threads = 2;
  std::string cvc5_binary = kCvc5Binary;
};

// The statement as checked: "h1 && h2 -> c", each part canonical.
std::string canonical_statement(const LemmaSpec& lemma);

LemmaOutcome check_lemma(const LemmaSpec& lemma, const Definitions& definitions,
                         const LemmaOptions& options = {});

// Enumeration alone over [low, high]^k of the expanded "hypotheses -> conclusion".
EnumerationOutcome enumerate_lemma(const std::vector<std::string>& variables,
                                   const ExprPtr& implication, std::uint64_t low,
                                   std::uint64_t high, unsigned threads,
                                   EnumerationEngine engine = EnumerationEngine::Automatic);

// A lemma with its definitions expanded: what both backends check.
struct ExpandedLemma {
  std::vector<ExprPtr> hypotheses;
  ExprPtr conclusion;
  ExprPtr implication;  // "h1 && ... && hn -> c" (just c without hypotheses)
};
ExpandedLemma expand_lemma(const LemmaSpec& lemma, const Definitions& definitions);

// The Z3 query of the lemma at one width.  check_lemma and export-smt2 both build their
// queries here, so the exported file is the text whose SHA-256 the certificate records.
Query lemma_query(const LemmaSpec& lemma, const ExpandedLemma& expanded, unsigned width);

}  // namespace nimcert::smt
