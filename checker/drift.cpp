// Comparing certificates check by check (see drift.hpp).
#include "drift.hpp"

#include <fmt/format.h>

#include <map>

namespace nimcert {

namespace {

using Json = nlohmann::ordered_json;

// The certificate as named checks, in the certificate's order.
std::vector<std::pair<std::string, Json>> checks_of(const Json& c) {
  std::vector<std::pair<std::string, Json>> checks;
  if (!c.is_object()) return checks;
  for (const auto& [key, value] : c.items()) {
    if (key == "run") continue;
    if (key == "lemmas" && value.is_array()) {
      for (const Json& l : value)
        checks.emplace_back("lemma " + l.value("label", std::string("?")), l);
    } else if ((key == "boxes" || key == "sequences") && value.is_array()) {
      for (const Json& b : value)
        checks.emplace_back(
            (key == "boxes" ? "box " : "sequence ") + b.value("name", std::string("?")), b);
    } else if (key == "induction" && value.is_array()) {
      for (const Json& d : value)
        checks.emplace_back("induction " + d.value("claim", std::string("?")), d);
    } else if (key == "exhaustive" && value.is_object()) {
      Json rest = value;
      rest.erase("claims");
      checks.emplace_back("exhaustive table", rest);
      if (value.contains("claims") && value["claims"].is_array())
        for (const Json& claim : value["claims"])
          checks.emplace_back("claim " + claim.value("name", std::string("?")), claim);
    } else {
      checks.emplace_back(key, value);
    }
  }
  return checks;
}

std::string short_dump(const Json& j) {
  std::string s = j.dump();
  return s.size() > 60 ? s.substr(0, 57) + "..." : s;
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
    std::string old_value = before.contains(pointer) ? short_dump(before[pointer]) : "(none)";
    std::string new_value = kind == "remove" ? "(none)" : short_dump(op["value"]);
    out += fmt::format("{}{}: {} -> {}", shown ? "; " : "", path.empty() ? "/" : path, old_value,
                       new_value);
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
