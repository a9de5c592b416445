// The command's end (see guarded.hpp).
#include "cli/guarded.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdio>
#include <string>

#include "base/counted.hpp"
#include "lang/proof_file.hpp"
#include "sys/interrupt.hpp"

namespace nimcert {

int guarded(const char* command, const std::function<int()>& body) {
  std::string message;
  try {
    return body();
  } catch (const smt::Interrupted&) {
    std::fflush(stdout);
    fmt::print("{}: INTERRUPTED (nothing written)\n", command);
    return 130;
  } catch (const smt::ParseError& e) {
    // Every error printed once: one is the summary line's own; several go to stderr one per
    // line, and the summary line counts them.
    const std::string errors = e.what();
    const std::size_t n =
        static_cast<std::size_t>(std::count(errors.begin(), errors.end(), '\n')) + 1;
    if (n > 1) std::fprintf(stderr, "%s\n", errors.c_str());
    message = n == 1 ? errors : count_of(n, "error") + " in the proof files, nothing checked";
  } catch (const std::exception& e) {
    message = e.what();  // printed once, in the summary line
  }
  fmt::print("{}: ERROR ({})\n", command, message);
  return 2;
}

int guarded_pipeline(const char* command, const std::function<Ending()>& pipeline) {
  return guarded(command, [&] {
    const Ending end = pipeline();
    std::fflush(stderr);
    fmt::print("{}\n", end.line);
    return end.status;
  });
}

}  // namespace nimcert
