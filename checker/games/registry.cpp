// The registry of built-in games (see registry.hpp): one table row per game, with its
// parameters, their ranges and its heap count.
#include "games/registry.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>

#include "games/amalgamation.hpp"
#include "games/declared_game.hpp"
#include "games/nim.hpp"
#include "games/one_heap.hpp"
#include "games/serial_nim.hpp"
#include "games/symbolic_move.hpp"
#include "sys/nearest.hpp"

namespace nimcert {

using Json = nlohmann::ordered_json;

std::vector<SymbolicMove> Game::symbolic_moves() const { return {}; }
std::vector<SymbolicCondition> Game::symbolic_conditions() const { return {}; }

std::string Game::describe() const {
  std::string s = name() + "(";
  bool first = true;
  const Json params = parameters();
  for (const auto& [key, value] : params.items()) {
    if (!first) s += ", ";
    first = false;
    s += key + "=" + value.dump();
  }
  return s + ")";
}

namespace {

// A natural-number parameter in [low, high], or its default when absent.
std::uint64_t natural(const Json& parameters, const char* key, std::uint64_t fallback,
                      std::uint64_t low, std::uint64_t high) {
  if (!parameters.contains(key)) return fallback;
  const Json& v = parameters.at(key);
  const bool natural =
      v.is_number_unsigned() || (v.is_number_integer() && v.get<std::int64_t>() >= 0);
  if (!natural || v.get<std::uint64_t>() < low || v.get<std::uint64_t>() > high)
    throw std::invalid_argument(
        fmt::format("parameter {} = {} is out of range: a natural number from {} to {}", key,
                    v.dump(), low, high));
  return v.get<std::uint64_t>();
}

std::string rule_text(const Json& parameters, const std::string& game) {
  if (!parameters.contains("rule") || !parameters["rule"].is_string())
    throw std::invalid_argument(game + " needs a rule, e.g. rule = \"(n - 1) / 2\"");
  return parameters["rule"].get<std::string>();
}

constexpr std::uint64_t kMaxHeap = 0xffffffffu;  // a Heap is 32 bits

struct GameKind {
  const char* name;
  std::vector<std::string> parameters;
  std::size_t (*heaps)(const Json&);  // also range-checks every number the game keeps
  std::unique_ptr<Game> (*make)(const Json&, const smt::Definitions&);
};

std::size_t merge_heaps(const Json& p) {
  natural(p, "merge_min", 2, 1, kMaxHeap);
  return 3;
}
std::size_t one(const Json& p) {
  if (p.contains("rule") && !p["rule"].is_string())
    throw std::invalid_argument("parameter rule must be a string holding an expression of n");
  return 1;
}
std::size_t heaps_parameter(const Json& p) { return natural(p, "heaps", 3, 1, kMaxHeaps); }

const std::vector<GameKind>& kinds() {
  static const std::vector<GameKind> table = {
      {"amalgamation",
       {"merge_min"},
       merge_heaps,
       [](const Json& p, const smt::Definitions&) -> std::unique_ptr<Game> {
         return std::make_unique<Amalgamation>(
             static_cast<Heap>(natural(p, "merge_min", 2, 1, kMaxHeap)));
       }},
      {"nim",
       {"heaps"},
       heaps_parameter,
       [](const Json& p, const smt::Definitions&) -> std::unique_ptr<Game> {
         return std::make_unique<Nim>(heaps_parameter(p));
       }},
      {"serial-nim",
       {"heaps"},
       heaps_parameter,
       [](const Json& p, const smt::Definitions&) -> std::unique_ptr<Game> {
         return std::make_unique<SerialNim>(heaps_parameter(p));
       }},
      {"maximum-nim",
       {"rule"},
       one,
       [](const Json& p, const smt::Definitions& d) -> std::unique_ptr<Game> {
         return std::make_unique<OneHeapGame>(OneHeapGame::Kind::Maximum,
                                              Rule(rule_text(p, "maximum-nim"), d));
       }},
      {"minimum-nim",
       {"rule"},
       one,
       [](const Json& p, const smt::Definitions& d) -> std::unique_ptr<Game> {
         return std::make_unique<OneHeapGame>(OneHeapGame::Kind::Minimum,
                                              Rule(rule_text(p, "minimum-nim"), d));
       }},
  };
  return table;
}

// The row of the game named, its parameters checked against the row.
const GameKind& kind_of(const std::string& name, const Json& parameters) {
  if (!parameters.is_null() && !parameters.is_object())
    throw std::invalid_argument("game parameters must be an object");
  for (const GameKind& k : kinds()) {
    if (k.name != name) continue;
    if (parameters.is_object())
      for (const auto& [key, value] : parameters.items())
        if (std::find(k.parameters.begin(), k.parameters.end(), key) == k.parameters.end())
          throw std::invalid_argument(
              fmt::format("game {} has no parameter {}{} (its parameters: {})", name, key,
                          smt::did_you_mean(key, k.parameters), fmt::join(k.parameters, ", ")));
    return k;
  }
  throw std::invalid_argument(fmt::format("unknown game '{}'{} (known: {})", name,
                                          smt::did_you_mean(name, game_names()),
                                          fmt::join(game_names(), ", ")));
}

}  // namespace

std::vector<std::string> game_names() {
  std::vector<std::string> names;
  for (const GameKind& k : kinds()) names.push_back(k.name);
  return names;
}

std::unique_ptr<Game> make_game(const std::string& name, const Json& parameters,
                                const smt::Definitions& definitions) {
  const Json params = parameters.is_null() ? Json::object() : parameters;
  return kind_of(name, params).make(params, definitions);
}

std::unique_ptr<Game> make_game(const smt::GameSpec& spec, const smt::Definitions& definitions) {
  if (spec.declaration && !spec.declaration->octal.empty())
    throw std::invalid_argument(fmt::format(
        "{} is an octal game, played by sequence blocks ('sequence ... game {}'): its followers "
        "are sums of heaps, which cubes, boxes and induction steps do not play",
        spec.name, spec.name));
  if (spec.declaration) return std::make_unique<DeclaredGame>(spec.declaration, definitions);
  return make_game(spec.name, spec.parameters, definitions);
}

smt::GameSpec sequence_game(const std::string& value, const std::string& rule) {
  smt::GameSpec g;
  g.name = value == "g" ? "maximum-nim" : "minimum-nim";
  g.parameters = {{"rule", rule}};
  return g;
}

std::size_t heap_count_of(const smt::GameSpec& game) {
  if (game.declaration) return game.declaration->heaps;
  return kind_of(game.name, game.parameters).heaps(game.parameters);
}

OctalCode octal_code_of(const smt::GameDeclaration& declaration) {
  if (declaration.subtraction.empty()) return OctalCode(declaration.octal);
  std::string code = "0.";
  for (std::uint64_t k = 1; k <= declaration.subtraction.back(); ++k)
    code += std::binary_search(declaration.subtraction.begin(), declaration.subtraction.end(), k)
                ? '3'
                : '0';
  return OctalCode(code);
}

}  // namespace nimcert
