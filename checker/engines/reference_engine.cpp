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
  std::vector<Position> followers;
  game_.for_each_follower(p, [&](const Position& q) { followers.push_back(q); });
  std::vector<Value> values;
  values.reserve(followers.size());
  for (const Position& q : followers) values.push_back(grundy(q));
  Value g = mex(std::move(values));
  if (memo_.size() >= limit_)
    throw std::invalid_argument(fmt::format(
        "{}: more than {} positions are reachable from the box (the reference engine's limit)",
        game_.describe(), limit_));
  memo_.emplace(p, g);
  return g;
}

}  // namespace nimcert
