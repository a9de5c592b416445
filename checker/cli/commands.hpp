// The subcommands of the nimcert command line: their options and what they run.
#pragma once

#include <CLI/CLI.hpp>

namespace nimcert {

void register_commands(CLI::App& app);
// Runs the subcommand the user chose; returns the exit status (see main.cpp).
int run_selected_command(const CLI::App& app);

}  // namespace nimcert
