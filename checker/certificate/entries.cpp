// The entries walker (see entries.hpp): a table of the check kinds, each reading its own
// block of the certificate (certificate/kinds/).
#include "certificate/entries.hpp"

#include <algorithm>

#include "certificate/kinds/kinds.hpp"

namespace nimcert {

namespace {

struct KindBlock {
  const char* key;  // the certificate's key for the kind's block
  void (*entries)(const Json& certificate, std::vector<Entry>& out);
};

// In the certificate's order.
constexpr KindBlock kKinds[] = {
    {"rules", rules_entries},
    {"exhaustive", cube_entries}, {"boxes", box_entries},           {"sequences", sequence_entries},
    {"lemmas", lemma_entries},    {"induction", induction_entries},
};

}  // namespace

std::vector<Entry> entries_of(const Json& certificate) {
  std::vector<Entry> out;
  if (!certificate.is_object()) return out;
  for (const KindBlock& k : kKinds)
    if (certificate.contains(k.key)) k.entries(certificate, out);
  return out;
}

std::vector<std::string> keys_outside_entries(const Json& certificate) {
  std::vector<std::string> keys;
  if (!certificate.is_object()) return keys;
  for (const auto& item : certificate.items()) {
    const std::string key = item.key();
    if (std::none_of(std::begin(kKinds), std::end(kKinds),
                     [&](const KindBlock& k) { return key == k.key; }))
      keys.push_back(key);
  }
  return keys;
}

void order_failures_first(std::vector<Entry>& entries) {
  auto rank = [](const Entry& e) { return e.status == "fails" ? 0 : e.status == "unknown" ? 1 : 2; };
  std::stable_sort(entries.begin(), entries.end(),
                   [&](const Entry& a, const Entry& b) { return rank(a) < rank(b); });
}

}  // namespace nimcert
