// The octal engine: an octal code's moves for the split engine (see octal_engine.hpp).
#include "engines/octal_engine.hpp"

#include <fmt/format.h>

#include <stdexcept>

#include "engines/three_way_splits.hpp"

namespace nimcert {

namespace {

class OctalMoves final : public SplitMoves {
 public:
  explicit OctalMoves(const OctalCode& code) : whole_(!code.extends_octal()) {
    bool steady = true;
    for (std::uint64_t k = 0; k <= code.largest_removal(); ++k) {
      digits_.push_back(code.digit(k));
      if (k > 0 && (code.digit(k) & 2)) single_removals_.push_back(k);
      if (code.digit(k) & 4) split_removals_.push_back({k, code.parts(k)});
      if (code.digit(k) & 4) steady &= code.parts(k) == OctalCode::Parts::Any;
      if (code.digit(k) & 8) three_removals_.push_back(k);
    }
    steady_from_ = steady && three_removals_.empty() ? digits_.size() + 2 : kNever;
  }

  void at(std::uint64_t n, const std::uint32_t* g, std::vector<std::uint32_t>& values,
          std::vector<SplitRange>& splits) const override {
    if (n >= steady_from_) {  // past every k + 2: the same followers, shifted, at every n
      values.resize(single_removals_.size());
      for (std::size_t i = 0; i < single_removals_.size(); ++i)
        values[i] = g[n - single_removals_[i]];
      splits.resize(split_removals_.size());
      for (std::size_t i = 0; i < split_removals_.size(); ++i) {
        const std::uint64_t rest = n - split_removals_[i].first;
        splits[i] = SplitRange{rest, 1, rest / 2};
      }
      return;
    }
    values.clear();
    splits.clear();
    for (std::uint64_t k = 1; k < digits_.size() && k <= n; ++k) {
      const unsigned d = digits_[k];
      if ((d & 1) && n == k) values.push_back(0);
      if ((d & 2) && n > k) values.push_back(g[n - k]);
    }
    for (const auto& [k, parts] : split_removals_) {
      if (n < k + 2) continue;
      const std::uint64_t rest = n - k;
      switch (parts) {
        case OctalCode::Parts::Any:
          splits.push_back(SplitRange{rest, 1, rest / 2});
          break;
        case OctalCode::Parts::Unequal:  // a < rest - a
          if (rest >= 3) splits.push_back(SplitRange{rest, 1, (rest - 1) / 2});
          break;
        case OctalCode::Parts::Equal:  // (rest / 2) + (rest / 2): worth 0
          if (rest % 2 == 0) values.push_back(0);
          break;
      }
    }
    // Three heaps: their values join the single followers' (three_way_splits.hpp).
    for (const std::uint64_t k : three_removals_)
      if (n >= k + 3) {
        const std::vector<std::uint32_t>& three = three_.values(n - k, g);
        values.insert(values.end(), three.begin(), three.end());
      }
    if (!three_removals_.empty() && n >= digits_.size())
      three_.forget_below(n + 1 - digits_.size());
  }
  // A rest of n itself (d0) or a constraint on the parts: not every split of its rest, and the
  // periodic region's rows (every split) do not apply.
  bool whole_splits() const override { return whole_; }
  std::optional<unsigned> rest_parity() const override {
    if (split_removals_.empty()) return 0;
    for (const auto& split : split_removals_)
      if ((split.first ^ split_removals_.front().first) & 1u) return std::nullopt;
    return static_cast<unsigned>(split_removals_.front().first & 1u);
  }
  std::size_t most_ranges() const override { return split_removals_.size(); }

 private:
  static constexpr std::uint64_t kNever = ~std::uint64_t{0};
  bool whole_;
  std::vector<unsigned> digits_;  // d_k at [k], read at every n
  // From this n on (every k < n - 1), when every split is of any two parts and no move leaves
  // three heaps, the followers are the same as below at every n: a heap of n - k for each k
  // of single_removals_ (bit 2), all splits of n - k for each k of split_removals_ (bit 4).
  std::uint64_t steady_from_ = kNever;
  std::vector<std::uint64_t> single_removals_;
  // the k whose digit has bit 4, and how its two parts compare
  std::vector<std::pair<std::uint64_t, OctalCode::Parts>> split_removals_;
  std::vector<std::uint64_t> three_removals_;  // the k whose digit has bit 8
  mutable ThreeWaySplits three_;               // filled as n grows (at() is called in order)
};

}  // namespace

std::uint64_t octal_values_bytes(std::uint64_t last) { return split_engine_bytes(last); }

OctalValues octal_values(const OctalCode& code, std::uint64_t last, OctalEngineRun* run,
                         const OctalEngineOptions& options) {
  if (last > kMaxOctalLast)
    throw std::invalid_argument("an octal game's values to at most n = 2^32 - 2");
  if (code.leaves_three_heaps() && last > kMaxThreeHeapLast)
    throw std::invalid_argument(fmt::format(
        "a hexadecimal game's values (a move leaves three heaps: O(n^3) work) to at most n = {}",
        kMaxThreeHeapLast));
  return split_engine_values(OctalMoves(code), last, run, options);
}

}  // namespace nimcert
