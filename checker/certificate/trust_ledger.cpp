// The trust ledger (see trust_ledger.hpp).
#include "certificate/trust_ledger.hpp"

#include "certificate/entries.hpp"

namespace nimcert {

nlohmann::ordered_json trust_ledger(const nlohmann::ordered_json& c) {
  nlohmann::ordered_json ledger = nlohmann::ordered_json::array();
  for (const Entry& e : entries_of(c))
    if (e.kind != Entry::Kind::Table)
      ledger.push_back({{"check", e.id}, {"verdict", e.status}, {"rests_on", e.rests_on}});
  return ledger;
}

}  // namespace nimcert
