// nimcert's command line: subcommands, and the boundary where errors become exit statuses.
//
// Exit status: 0 every claim holds; 1 some claim fails or is unknown; 2 bad usage, bad input
// or an internal error (a Z3 exception arrives as a SolverError, a std::exception).  Nothing below
// main() exits.
#include <malloc.h>

#include <CLI/CLI.hpp>
#include <build_info.hpp>
#include <cstdio>
#include <exception>

#include "cli/commands.hpp"
#include "sys/interrupt.hpp"

int main(int argc, char** argv) {
  // Before any thread starts: every thread inherits the blocked interrupt signals, and the
  // watcher alone receives them (smt/sys/interrupt.hpp).
  const nimcert::smt::InterruptWatch watch;
  // Each SMT query gets a fresh Z3 context of some 20 MB.  With glibc's default, that memory
  // went back to the system after each query and faulted in again for the next one (a tenth
  // of a second a query): keep blocks up to 256 MB on the heap, and the heap's free top up to
  // 512 MB.  Larger blocks (a cube's tables) are still mapped and unmapped on their own.
  mallopt(M_MMAP_THRESHOLD, 256 << 20);
  mallopt(M_TRIM_THRESHOLD, 512 << 20);
  CLI::App app{
      "nimcert: checks Sprague-Grundy proofs about Nim-like games two ways and writes "
      "certificates"};
  app.require_subcommand(1);
  app.set_version_flag("--version", std::string(nimcert::build::version) + " (git " +
                                        nimcert::build::git_commit + ", " +
                                        nimcert::build::compiler + ")");
  app.footer(
      "Exit status: 0 every check holds (for verify and gate: and nothing drifted); 1 a check "
      "fails or is unknown, or something drifted; 2 bad usage, bad input, a missing solver, an "
      "unreadable or edited certificate, work too large for the machine, or an internal error; "
      "130 interrupted (SIGINT, SIGTERM or SIGHUP): nothing written.");
  nimcert::register_commands(app);
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    app.exit(e);
    return 2;
  }
  try {
    return nimcert::run_selected_command(app);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "nimcert: error: %s\n", e.what());
    return 2;
  }
}
