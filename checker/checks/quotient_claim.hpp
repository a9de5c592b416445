// The claims a misère sequence makes on its quotient itself (`quotient order N p_portion K
// images from N0 period P`, `quotient stops at heap H`): what a table of misère quotients prints.
//
// The order and P-portion are the misère quotient's only when the monoid is reduced
// (checks/misere_reduced.hpp): otherwise the claim is unknown, never compared.  The heap
// images' period claimed is the least one and its least preperiod, which is the period the
// misère periodicity theorem accepts when it accepts one (checks/misere_periodicity.hpp): a
// period the theorem takes is a period of the images of every heap, so a smaller period or an
// earlier start would have been found first.  Where the theorem accepts none, a claimed period
// that the images of 0..last contradict fails there, and one they agree with is unknown.  "The
// search stops at heap H" is a fact about nimcert's search and its limits, and its scope says so.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>

#include "base/outcome.hpp"
#include "checks/misere_periodicity.hpp"
#include "checks/misere_reduced.hpp"
#include "lang/proof_file.hpp"

namespace nimcert {

// What the block found: a proved quotient (its order, P-portion, reduced form, images and the
// theorem's period), or where and why the search stopped.
struct QuotientFacts {
  std::uint64_t last = 0;
  std::uint64_t t = 0;  // the most stones a move removes
  bool found = false;
  std::uint64_t order = 0, p_portion = 0;
  const ReducedQuotient* reduced = nullptr;
  std::span<const MonoidElement> images;
  std::optional<ImagePeriod> period;
  std::string stopped;  // why the search stopped, when it did
  std::uint64_t stop_heap = 0;
};

NamedCheck check_quotient_claim(const smt::QuotientClaim& claim, const QuotientFacts& facts);

}  // namespace nimcert
