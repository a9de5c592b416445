// The exhaustive parts' share of the machine (checks/exhaustive_share.hpp): one-core parts side
// by side up to the cores, a part of every core alone, a part beside others only when all
// their memory estimates fit in what is available, and a part alone always.
#include "checks/exhaustive_share.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <optional>
#include <thread>

namespace nimcert {
namespace {

// Takes a share on a thread of its own and says when it holds it.
class Taker {
 public:
  Taker(ExhaustiveShare& share, unsigned cores, std::uint64_t bytes)
      : thread_([this, &share, cores, bytes] {
          const auto hold = share.take(cores, bytes);
          holding_ = true;
          while (!release_) std::this_thread::sleep_for(std::chrono::milliseconds(1));
        }) {}
  ~Taker() {
    release_ = true;
    thread_.join();
  }
  bool holding() const { return holding_; }
  void release() { release_ = true; }
  // Whether it holds its share within 10 s (a share never given fails the test here, though
  // the thread then still waits for it and the test's end with it).
  bool wait_until_holding() const {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (!holding_ && std::chrono::steady_clock::now() < deadline)
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    return holding_;
  }

 private:
  std::atomic<bool> holding_{false}, release_{false};
  std::thread thread_;
};

// Long enough for a thread that would be admitted to be admitted.
void settle() { std::this_thread::sleep_for(std::chrono::milliseconds(100)); }

TEST(ExhaustiveShare, OneCorePartsRunSideBySideUpToTheCoresAndAnAllCorePartAlone) {
  ExhaustiveShare share(2, [] { return std::uint64_t{1} << 40; });
  {
    std::optional<Taker> a(std::in_place, share, 1, 1000), b(std::in_place, share, 1, 1000);
    EXPECT_TRUE(a->wait_until_holding());
    EXPECT_TRUE(b->wait_until_holding());  // beside a
    EXPECT_EQ(share.running(), 2u);
    Taker third(share, 1, 1000);  // no core left
    settle();
    EXPECT_FALSE(third.holding());
    a.reset();  // a core free: the third takes it
    EXPECT_TRUE(third.wait_until_holding());
    EXPECT_EQ(share.running(), 2u);
  }
  EXPECT_EQ(share.running(), 0u);

  std::optional<Taker> one(std::in_place, share, 1, 1000);
  EXPECT_TRUE(one->wait_until_holding());
  Taker cube(share, 2, 1000);  // every core: waits for the one-core part
  settle();
  EXPECT_FALSE(cube.holding());
  EXPECT_EQ(share.running(), 1u);
  one.reset();  // released
  EXPECT_TRUE(cube.wait_until_holding());
  EXPECT_EQ(share.running(), 1u);
  Taker after(share, 1, 1000);  // nothing beside the cube
  settle();
  EXPECT_FALSE(after.holding());
  cube.release();
  EXPECT_TRUE(after.wait_until_holding());
}

TEST(ExhaustiveShare, APartBesideOthersOnlyWhenTheirEstimatesFitAndAPartAloneAlways) {
  std::atomic<std::uint64_t> available{100};
  ExhaustiveShare share(4, [&] { return available.load(); });
  {
    const auto alone = share.take(1, 500);  // more than is available, but alone: admitted
    EXPECT_EQ(share.running(), 1u);
  }
  std::optional<Taker> big(std::in_place, share, 1, 80);
  EXPECT_TRUE(big->wait_until_holding());
  Taker small(share, 1, 30);  // 80 + 30 > 100
  settle();
  EXPECT_FALSE(small.holding());
  Taker tiny(share, 1, 20);  // 80 + 20 <= 100: beside it
  EXPECT_TRUE(tiny.wait_until_holding());
  EXPECT_FALSE(small.holding());  // 80 + 20 + 30 > 100 still
  big.reset();
  EXPECT_TRUE(small.wait_until_holding());  // 20 + 30 <= 100
  EXPECT_EQ(share.running(), 2u);
}

}  // namespace
}  // namespace nimcert
