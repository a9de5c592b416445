// Comparing certificates check by check (see drift.hpp).
#include "certificate/drift.hpp"

#include <fmt/format.h>

#include <map>

#include "certificate/entries.hpp"

namespace nimcert {

namespace {

using Json = nlohmann::ordered_json;

// The certificate as named checks, in the certificate's order: its entries, then every
// top-level field no entry covers (format, solvers, game, definitions, trust, ...).
std::vector<std::pair<std::string, Json>> checks_of(const Json& c) {
  std::vector<std::pair<std::string, Json>> checks;
  if (!c.is_object()) return checks;
  for (const Entry& e : entries_of(c)) checks.emplace_back(e.id, e.body);
  for (const std::string& key : keys_outside_entries(c))
    if (key != "run") checks.emplace_back(key, c[key]);
  return checks;
}

// Two values' texts where they part: whole when short, else from a little before the first
// character that differs, so that two long texts with a common beginning do not print as the
// same prefix twice.
constexpr std::size_t kShown = 60, kBefore = 20;

std::string excerpt(const std::string& text, std::size_t from) {
  std::string out = from > 0 ? "..." : "";
  out += text.substr(from, kShown);
  if (from + kShown < text.size()) out += "...";
  return out;
}

std::string changed_value(const std::string& old_text, const std::string& new_text) {
  if (old_text.size() <= kShown && new_text.size() <= kShown)
    return fmt::format("{} -> {}", old_text, new_text);
  std::size_t at = 0;
  while (at < old_text.size() && at < new_text.size() && old_text[at] == new_text[at]) ++at;
  const std::size_t from = at > kBefore ? at - kBefore : 0;
  return fmt::format("at character {}: {} -> {}", at, excerpt(old_text, from),
                     excerpt(new_text, from));
}

// The first few differing fields of one check.
std::string describe_change(const Json& before, const Json& after) {
  const Json patch = Json::diff(before, after);
  std::string out;
  std::size_t shown = 0;
  for (const Json& op : patch) {
    if (shown == 3) {
      out += fmt::format("; and {} more", patch.size() - shown);
      break;
    }
    const std::string path = op["path"];
    const std::string kind = op["op"];
    const Json::json_pointer pointer(path);
    const std::string old_value = before.contains(pointer) ? before[pointer].dump() : "(none)";
    const std::string new_value = kind == "remove" ? "(none)" : op["value"].dump();
    out += fmt::format("{}{}: {}", shown ? "; " : "", path.empty() ? "/" : path,
                       changed_value(old_value, new_value));
    ++shown;
  }
  return out;
}

}  // namespace

const char* drift_kind_name(Drift::Kind k) {
  switch (k) {
    case Drift::Kind::Added:
      return "added";
    case Drift::Kind::Removed:
      return "removed";
    default:
      return "changed";
  }
}

std::vector<Drift> compare_certificates(const Json& committed, const Json& fresh) {
  const auto before = checks_of(committed), after = checks_of(fresh);
  std::map<std::string, const Json*> old_checks, new_checks;
  for (const auto& [name, value] : before) old_checks[name] = &value;
  for (const auto& [name, value] : after) new_checks[name] = &value;
  std::vector<Drift> drift;
  for (const auto& [name, value] : before)
    if (!new_checks.count(name)) drift.push_back({Drift::Kind::Removed, name, ""});
  for (const auto& [name, value] : after) {
    const auto it = old_checks.find(name);
    if (it == old_checks.end())
      drift.push_back({Drift::Kind::Added, name, ""});
    else if (*it->second != value)
      drift.push_back({Drift::Kind::Changed, name, describe_change(*it->second, value)});
  }
  return drift;
}

}  // namespace nimcert
