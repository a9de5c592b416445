// The registry of built-in games: from a name and JSON parameters to a Game.
#include "game.hpp"

#include <fmt/format.h>

#include <stdexcept>

#include "amalgamation.hpp"
#include "nim.hpp"
#include "one_heap.hpp"
#include "serial_nim.hpp"

namespace nimcert {

std::string Game::describe() const {
  std::string s = name() + "(";
  bool first = true;
  const nlohmann::ordered_json params = parameters();
  for (const auto& [key, value] : params.items()) {
    if (!first) s += ", ";
    first = false;
    s += key + "=" + value.dump();
  }
  return s + ")";
}

namespace {

// Reads an unsigned integer parameter, or its default when absent.
std::uint64_t unsigned_parameter(const nlohmann::ordered_json& parameters, const char* key,
                                 std::uint64_t fallback) {
  if (!parameters.contains(key)) return fallback;
  const auto& v = parameters.at(key);
  if (!v.is_number_unsigned())
    throw std::invalid_argument(fmt::format("parameter {} must be a natural number", key));
  return v.get<std::uint64_t>();
}

void reject_unknown(const nlohmann::ordered_json& parameters,
                    std::initializer_list<const char*> known, const std::string& game) {
  for (const auto& [key, value] : parameters.items()) {
    bool ok = false;
    for (const char* k : known) ok = ok || key == k;
    if (!ok) throw std::invalid_argument(fmt::format("game {} has no parameter {}", game, key));
  }
}

}  // namespace

std::unique_ptr<Game> make_game(const std::string& name, const nlohmann::ordered_json& parameters,
                                const smt::Definitions& definitions) {
  if (!parameters.is_null() && !parameters.is_object())
    throw std::invalid_argument("game parameters must be an object");
  const nlohmann::ordered_json params =
      parameters.is_null() ? nlohmann::ordered_json::object() : parameters;
  if (name == "amalgamation") {
    reject_unknown(params, {"merge_min"}, name);
    return std::make_unique<Amalgamation>(
        static_cast<Heap>(unsigned_parameter(params, "merge_min", 2)));
  }
  if (name == "nim") {
    reject_unknown(params, {"heaps"}, name);
    return std::make_unique<Nim>(unsigned_parameter(params, "heaps", 3));
  }
  if (name == "serial-nim") {
    reject_unknown(params, {"heaps"}, name);
    return std::make_unique<SerialNim>(unsigned_parameter(params, "heaps", 3));
  }
  if (name == "maximum-nim" || name == "minimum-nim") {
    reject_unknown(params, {"rule"}, name);
    if (!params.contains("rule") || !params["rule"].is_string())
      throw std::invalid_argument(name + " needs a rule, e.g. rule = \"(n - 1) / 2\"");
    return std::make_unique<OneHeapGame>(
        name == "maximum-nim" ? OneHeapGame::Kind::Maximum : OneHeapGame::Kind::Minimum,
        Rule(params["rule"].get<std::string>(), definitions));
  }
  throw std::invalid_argument(fmt::format(
      "unknown game '{}' (known: amalgamation, nim, serial-nim, maximum-nim, minimum-nim)", name));
}

}  // namespace nimcert
