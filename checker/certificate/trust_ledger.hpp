// The trust ledger: per verdict of a certificate, what it rests on (the solvers with their
// versions and answers per width, the enumeration's range and cases, the cube or box and its
// table digest).  Built from the certificate's own entries, so it cannot say more than they do.
#pragma once

#include <nlohmann/json.hpp>

namespace nimcert {

nlohmann::ordered_json trust_ledger(const nlohmann::ordered_json& certificate);

}  // namespace nimcert
