// solve_all, the step every check's queries go through: its answers come back in the order of
// the queries whatever order the solvers finish in, and no more queries run at once in the
// process than it has cores (at least 2), however many threads ask.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <thread>

#include "base/parallel_for.hpp"
#include "checks/solve_and_recheck.hpp"

namespace nimcert {
namespace {

// Answers unsat, with the query's own source line as its note, after a pause that is longer
// for earlier queries (so they finish last); counts how many calls run at once.
class SlowSolvers final : public Solvers {
 public:
  smt::TwoSolverRun solve(const smt::Query& query, unsigned) const override {
    const int now = ++running_;
    int seen = most_;
    while (now > seen && !most_.compare_exchange_weak(seen, now)) {
    }
    const auto at = query.smt2.find("query ");
    const int index = std::stoi(query.smt2.substr(at + 6));
    std::this_thread::sleep_for(std::chrono::milliseconds(2 * (20 - index)));
    smt::TwoSolverRun r;
    r.z3.answer = r.cvc5.answer = smt::Answer::Unsat;
    r.z3.reason = "answer to query " + std::to_string(index);
    --running_;
    return r;
  }
  int most() const { return most_; }

 private:
  mutable std::atomic<int> running_{0}, most_{0};
};

std::vector<PendingQuery> queries(int count) {
  std::vector<PendingQuery> out;
  for (int i = 0; i < count; ++i) {
    PendingQuery q;
    q.query.smt2 =
        "(set-info :source |query " + std::to_string(i) + "|)\n(set-info :status unknown)\n";
    q.activity = "query " + std::to_string(i);
    out.push_back(std::move(q));
  }
  return out;
}

TEST(SolveAll, AnswersComeInTheOrderOfTheQueries) {
  const SlowSolvers solvers;
  const std::vector<SolvedQuery> solved = solve_all(queries(20), solvers, 1000, 2);
  ASSERT_EQ(solved.size(), 20u);
  for (int i = 0; i < 20; ++i) {
    EXPECT_EQ(solved[i].note, "answer to query " + std::to_string(i));
    EXPECT_TRUE(solved[i].both_unsat());
  }
  EXPECT_EQ(solvers.most(), 2);  // two threads asked, two ran at once
}

TEST(SolveAll, NoMoreQueriesRunAtOnceThanTheProcessHasSlots) {
  const SlowSolvers solvers;
  // Four checks at once, each asking for eight queries at a time.
  parallel_for(4, 4, [&](std::size_t) { solve_all(queries(20), solvers, 1000, 8); });
  const int slots = static_cast<int>(std::max(2u, std::thread::hardware_concurrency()));
  EXPECT_LE(solvers.most(), slots);
  EXPECT_GE(solvers.most(), 2);
}

}  // namespace
}  // namespace nimcert
