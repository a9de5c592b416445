// The reference engine (see reference_engine.hpp).
#include "engines/reference_engine.hpp"

#include <fmt/format.h>

#include <stdexcept>
#include <vector>

#include "base/mex.hpp"
#include "sys/interrupt.hpp"

namespace nimcert {

Value ReferenceEngine::grundy(const Position& p) {
  if (auto it = memo_.find(p); it != memo_.end()) return it->second;
  if ((memo_.size() & 4095) == 0) smt::throw_if_interrupted();
  // Each move's result, as its parts (one, or the parts of a sum), ended by a marker.
  std::vector<Position> parts;
  std::vector<std::size_t> ends;
  game_.for_each_option(p, [&](std::span<const Position> option) {
    parts.insert(parts.end(), option.begin(), option.end());
    ends.push_back(parts.size());
  });
  std::vector<Value> values;
  values.reserve(ends.size());
  std::size_t begin = 0;
  for (std::size_t end : ends) {
    Value v = 0;  // a sum's value: the xor of its parts' (Sprague-Grundy)
    for (std::size_t i = begin; i < end; ++i) v ^= grundy(parts[i]);
    values.push_back(v);
    begin = end;
  }
  Value g = mex(std::move(values));
  if (memo_.size() >= limit_)
    throw std::invalid_argument(fmt::format(
        "{}: more than {} positions are reachable from the box (the reference engine's limit)",
        game_.describe(), limit_));
  memo_.emplace(p, g);
  return g;
}

}  // namespace nimcert
