// Each check kind's part of the certificate: how its report becomes JSON, and how the entries
// walker (entries.hpp) reads that JSON back.  One file per kind under certificate/kinds/;
// adding a kind means adding its file here and a row to the table in entries.cpp.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "certificate/entries.hpp"
#include "checks/box_check.hpp"
#include "checks/cube_check.hpp"
#include "checks/induction/check.hpp"
#include "checks/lemma_check.hpp"
#include "checks/rules_check.hpp"
#include "checks/sequence_check.hpp"

namespace nimcert {

using Json = nlohmann::ordered_json;

// `file`: the proof file, which names the folder of the automata's evidence.
Json rules_json(const RulesReport& rules, const std::string& file);  // kinds/rules.cpp
Json cube_report_json(const CubeReport& report);                      // kinds/cube.cpp
Json box_json(const BoxReport& box);                                  // kinds/box.cpp
Json sequence_json(const SequenceReport& sequence);                   // kinds/sequence.cpp
// `stem`: the lemma's file name stem (query_names.hpp), which names its DRAT proof's file.
Json lemma_json(const LemmaOutcome& lemma, const std::string& file,
                const std::string& stem);  // kinds/lemma.cpp
// The cube, when there is one, supplies the exhaustive result for the same claim; `file`
// locates a term outside the unbounded fragment.
Json induction_json(const InductionOutcome& induction, const CubeReport* cube,
                    const std::string& file = "");  // kinds/induction.cpp

// The entries of each kind, read from the whole certificate (solver versions live outside
// the kinds' own blocks).
void rules_entries(const Json& certificate, std::vector<Entry>& out);
void cube_entries(const Json& certificate, std::vector<Entry>& out);
void box_entries(const Json& certificate, std::vector<Entry>& out);
void sequence_entries(const Json& certificate, std::vector<Entry>& out);
void lemma_entries(const Json& certificate, std::vector<Entry>& out);
void induction_entries(const Json& certificate, std::vector<Entry>& out);

// Pieces several kinds write the same way (kinds/parts.cpp).
Json position_json(const Position& p);
Json counterexample_json(const Counterexample& cx);
Json claims_json(const std::vector<ClaimOutcome>& claims);
Json checks_json(const std::vector<NamedCheck>& checks);
// One solved obligation: its name, query digest, both answers, the confirmed counterexample
// (with whether it refutes the claim, for an induction's), and the notes.
Json obligation_json(const ObligationOutcome& o, bool with_refutes);
// The DRAT route's record: what a reader needs to find the proof file (proof_path, relative to
// the certificate's folder) and the CNF beside it (.cnf), and to check them again; all of it
// stable (its time is under "run").
Json drat_json(const DratRoute& d, unsigned width, const std::string& proof_path);
// Its row: a checked proof holds; a route that gave no proof (size, time, no CNF) is skipped
// with its reason; a satisfiable CNF or a refused proof is unknown (something is wrong: the
// routes disagree, or CaDiCaL's proof does not check).
EntryRow drat_row(const std::string& name, const Json& drat);
// The unbounded part of a lemma or obligation: MONA's answer for all naturals and nimcert's
// automata's ("independent", its evidence at evidence_path(file, evidence_stem, ...)), or the
// term outside the fragment (`file` names the proof for the term's location).
Json unbounded_json(const UnboundedOutcome& u, const std::string& file,
                    const std::string& evidence_stem);
// The automata's record: {"checker", "status", "states", "sha256", "evidence": {"file",
// "bytes"}, ...}; the file named only when checked.
Json independent_json(const IndependentCheck& c, const std::string& file,
                      const std::string& evidence_stem);
// {"engine": "mona", "answer": "not in the unbounded fragment", "term", "at": FILE:LINE:COL}.
Json outside_fragment_json(const std::string& term, smt::SourceLocation at,
                           const std::string& file);
// The unbounded part of an induction or of a game's rules: MONA on each obligation over N^k,
// with `proved` as its conclusion when every one is valid; `kind` and `block` ("induction" and
// the claim, "rules" and the game) name the automata's evidence files.
Json unbounded_obligations_json(const UnboundedInduction& u, std::size_t heaps,
                                const std::string& proved, const std::string& file,
                                const std::string& kind, const std::string& block);
// Its report rows, "ID every position: OBLIGATION", each with the time recorded at
// seconds_path + its name; a counterexample that refutes nothing is "unknown", not "fails".
void unbounded_obligation_rows(const Json& certificate, const Json& unbounded,
                               const std::string& id, const std::vector<std::string>& seconds_path,
                               std::vector<EntryRow>& rows);
// The report row of an unbounded part, and the ledger's record of it.
EntryRow unbounded_row(const std::string& name, const Json& unbounded);
// The row of the automata's record of an unbounded part ("checked" holds; a counterexample is
// "unknown" where MONA says valid; not checked is skipped with its reason).
EntryRow independent_row(const std::string& name, const Json& independent);
Json unbounded_rests_on(const Json& certificate, const Json& unbounded);
// A time the certificate's "run" records at this path of keys (summing an object's numbers,
// such as an obligation's {"z3": s, "cvc5": s}); -1 when it records none.
double recorded_seconds(const Json& certificate, const std::vector<std::string>& path);
// Marks the rows of out[from..] as reused when the certificate's "run" says the block's report
// came from elsewhere (its "reused" object, by the block's name in check_seconds).
void mark_reused(const Json& certificate, const std::string& block, std::vector<Entry>& out,
                 std::size_t from);
// A position recorded as a JSON array, as people write it: [0,2,4] -> "(0,2,4)".
std::string position_text(const Json& coordinates);
// What a verdict rests on of one solver ("z3" or "cvc5"): its version, and cvc5's options
// (an answer given under other options is another solver's), with its answers per width
// unless they are null.
Json solver_rests_on(const Json& certificate, const std::string& solver, const Json& answers);
// What a report row says of a width the widest one implies (widest_first.hpp): "implied by
// w = 64: D_8 lies inside D_64, where Z3 and cvc5 proved every query; not solved here".
std::string implied_detail(const Json& width);
// A value as a report shows it: empty for null, else its JSON text.
std::string null_or_dump(const Json& j);
// What a report row says of a claim beyond its status: for a failing one, at how many of the
// positions examined it fails and the first of them ("fails at 80 of 4913 positions, first
// (0,2,4) (0,2,5) ...; counterexample: ..."); else its note, if any.
std::string claim_detail(const Json& claim);
// Where an unanswered query can be found to rerun: "query DIR/FILE (sha256 PREFIX...), which
// nimcert export-smt2 writes", DIR being the proof file's stem.
std::string query_pointer(const Json& certificate, const std::string& file, const Json& sha256);
// The entries of a block's claims and named checks (boxes and sequences), "BLOCK: claim X" and
// "BLOCK: CHECK", each with what it rests on and the block's time (its rows share it).
void claim_and_check_entries(const std::string& block, const Json& claims, const Json& checks,
                             const Json& claims_rest_on, const Json& checks_rest_on, double seconds,
                             std::vector<Entry>& out);

}  // namespace nimcert
