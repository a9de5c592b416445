// The one walk over a certificate's checks: every verdict it records as an entry, with what
// the verdict rests on and the finer rows (one solver at one width, an enumeration, one
// obligation) that reports list.
//
// The trust ledger, drift, the JUnit and Markdown reports and the terminal all read a
// certificate through entries_of, so the JSON keys of each check kind are read in one place:
// the kind's own file under certificate/kinds/, which also writes them.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace nimcert {

// One line of a report: a check's verdict, or one piece of evidence under it.
struct EntryRow {
  enum class Kind { Claim, Check, Solver, Enumeration, Obligation } kind;
  std::string name;          // "lemma (13): cvc5 w64"
  std::string status;        // "holds", "fails" or "unknown"
  std::string detail;        // the counterexample, or a note
  double seconds = -1;       // what the row's engine took, from the certificate's "run"; -1 unknown
  std::string query_sha256 = {};  // a solver row's query, as the certificate records it; else empty
  // An exhaustive row whose block's report the run took from elsewhere: where from ("cache"),
  // as the certificate's "run" records it; else empty.
  std::string reused_from = {};
};

struct Entry {
  enum class Kind { Table, Claim, Check, Lemma, Induction, Rules } kind;
  std::string id;      // unique and stable: "lemma (13)", "box nim-2: claim xor-2", "box nim-2"
  std::string status;  // "holds", "fails", "unknown"; empty for a table (it has no verdict)
  nlohmann::ordered_json rests_on;  // what the verdict rests on; null for a table
  nlohmann::ordered_json body;      // the certificate's record of it, which drift compares
  std::vector<EntryRow> rows;
};

// Every entry of a certificate, in the certificate's order: a declared game's rules, the cube (its
// table, then its claims), each box and sequence (table, claims, named checks), each lemma, each
// induction.
std::vector<Entry> entries_of(const nlohmann::ordered_json& certificate);

// Reorders entries for a reader: those that fail, then the unknown ones, then the rest, each
// group in its earlier order.
void order_failures_first(std::vector<Entry>& entries);

// The certificate's top-level keys that no entry covers (format, solvers, game, ...).
std::vector<std::string> keys_outside_entries(const nlohmann::ordered_json& certificate);

}  // namespace nimcert
