// The solver answers a committed certificate records, as the incremental gate reuses them.
//
// Every lemma width and induction obligation records the SHA-256 of its exported query and
// both solvers' answers; with the time limit that applied (the run's, or the induction's own)
// they make the table that ReusingSolvers answers from.  A certificate made by other solver
// versions (or another Z3 seed) gives an empty table: every query is solved again.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "checks/reusing_solvers.hpp"

namespace nimcert {

CommittedAnswers committed_answers(const nlohmann::ordered_json& certificate,
                                   const std::string& z3_version, unsigned z3_seed,
                                   const std::string& cvc5_version,
                                   const std::string& cvc5_options);

}  // namespace nimcert
