// The table of docs/misere-quotients.md at any limit of the quotient search: for every octal
// code of one or two digits, the search on heaps 0..LAST with at most LIMIT elements: the
// order, the P-portion and the heap images' least period and preperiod that the misère
// periodicity theorem accepts, or the heap where the search stops and why, with the seconds
// each search took.  Not a Google Benchmark: one pass, its figures for the docs and the notes
// (certs/misere-octal-table.proof certifies the same table at a limit of 128).  With CODE, that
// code alone (any octal code), its live progress on stderr: how far a larger limit takes it.
//   build/bench/misere_quotients [LIMIT [LAST [CODE]]]     (defaults 4096, 400, every code)
#include <fmt/format.h>

#include <chrono>
#include <cstdlib>
#include <string>
#include <vector>

#include "checks/misere_periodicity.hpp"
#include "engines/misere/quotient_search.hpp"

int main(int argc, char** argv) {
  using namespace nimcert;
  const std::uint64_t limit = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 4096;
  const std::uint64_t last = argc > 2 ? std::strtoull(argv[2], nullptr, 10) : 400;
  if (limit < 2 || limit > 1u << 16 || last < 1 || last > 100000) {
    fmt::print(stderr, "misere_quotients: LIMIT in 2..65536 and LAST in 1..100000\n");
    return 2;
  }
  QuotientSearchOptions options;
  options.max_quotient_elements = limit;
  options.max_trial_elements = std::max<std::uint64_t>(options.max_trial_elements, 8 * limit);
  std::vector<std::string> codes;
  if (argc > 3) {
    codes.push_back(argv[3]);
    const auto start = std::chrono::steady_clock::now();
    options.progress = [start](std::uint64_t heap, std::uint64_t elements) {
      fmt::print(stderr, "  {:7.1f} s: heap {}, the quotient before it has {} elements\n",
                 std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(),
                 heap, elements);
    };
  } else {
    for (unsigned d1 = 0; d1 < 8; ++d1)
      for (unsigned d2 = 0; d2 < 8; ++d2)
        if (d1 != 0 || d2 != 0)
          codes.push_back(d2 == 0 ? fmt::format("0.{}", d1) : fmt::format("0.{}{}", d1, d2));
  }
  for (const std::string& text : codes) {
    const OctalCode code(text);
    const auto start = std::chrono::steady_clock::now();
    std::string line;
    try {
      const MisereQuotient q = search_misere_quotient(code, last, options);
      const auto period = proved_image_period(code, q.phi);
      std::size_t in_p = 0;
      for (bool p : q.in_p) in_p += p;
      line = fmt::format("{} elements, {} in P, {}", q.monoid.size(), in_p,
                         period ? fmt::format("images period {} from {} (every heap)",
                                              period->period, period->preperiod)
                                : fmt::format("no period within 0..{}", last));
    } catch (const QuotientSearchStopped& e) {
      line = fmt::format("stops at heap {}: {}", e.heap, e.what());
    }
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    fmt::print("{:<5} {:7.2f} s  {}\n", text, seconds, line);
  }
  return 0;
}
