// What a certificate records of a proved misère quotient, beyond its digests, so that a reader
// has the quotient itself as papers print it (Plambeck and Siegel 2008): its order and
// P-portion, the presentation (generators, each the image of the heap that needed it, and
// relations; engines/misere/presentation.hpp), the elements as words, the P-portion as words,
// the multiplication table (for quotients of at most kRecordedTableElements elements), and the
// heap images as words with the period they show within 0..last.
//
// The presentation is checked against the quotient's table before it is recorded (every
// normal form times every generator rewrites to the product's normal form): a presentation
// that does not present the quotient is an internal error, never a record.  The images' period
// is either proved for every heap by the misère periodicity theorem (the caller passes it;
// checks/misere_periodicity.hpp) or observed on heaps 0..last only, and the record says which.
#pragma once

#include <nlohmann/json.hpp>

#include "engines/misere/quotient_search.hpp"

namespace nimcert {

inline constexpr std::size_t kRecordedTableElements = 128;

// The images' period within 0..last: the least period p (at most max_period) whose tail
// phi[n] == phi[n + p] holds for n0 <= n <= last - p with at least two whole periods seen
// (n0 + 2p <= last + 1), and the least such n0; nullopt when there is none.
struct ObservedPeriod {
  std::uint64_t from = 0, period = 0;
};
std::optional<ObservedPeriod> observed_period(std::span<const MonoidElement> images,
                                              std::uint64_t max_period = 4096);

// The record's fields to add to the quotient's block (the caller has proved q, and `proved`,
// when given, for every heap).
nlohmann::ordered_json quotient_record(const MisereQuotient& q,
                                       std::optional<ObservedPeriod> proved = std::nullopt);

}  // namespace nimcert
