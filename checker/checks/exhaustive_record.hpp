// An exhaustive block's report as the local cache keeps it, and read back.
//
// A warm certify or gate reuses the report of a cube, box or sequence whose inputs are
// unchanged (checks/reusing_exhaustive.hpp).  The report read back must give the very
// certificate a fresh run gives, so every field a certificate or a later check reads is
// written here, and a test holds the two certificates side by side on real proofs
// (tests/reusing_exhaustive_test.cpp).  Only a report that holds is ever kept: a failure's
// counterexample is always computed again, in C++, where it is reported.  Reading refuses
// what is not such a record (std::runtime_error from nlohmann's at()/get(), or ours).
#pragma once

#include <nlohmann/json.hpp>

#include "checks/box_check.hpp"
#include "checks/cube_check.hpp"
#include "checks/sequence_check.hpp"

namespace nimcert {

// The record of a report that holds; throws std::logic_error for any other (a bug in the
// caller, which stores only reports that hold).
nlohmann::ordered_json exhaustive_record(const CubeReport& report);
nlohmann::ordered_json exhaustive_record(const BoxReport& report);
nlohmann::ordered_json exhaustive_record(const SequenceReport& report);

// The report of a record; its verdict holds (a record that reads otherwise is refused).  Its
// seconds are 0: nothing ran.
void read_exhaustive_record(const nlohmann::ordered_json& record, CubeReport& report);
void read_exhaustive_record(const nlohmann::ordered_json& record, BoxReport& report);
void read_exhaustive_record(const nlohmann::ordered_json& record, SequenceReport& report);

}  // namespace nimcert
