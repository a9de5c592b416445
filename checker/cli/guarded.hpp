// The command line's boundary where a command ends: its summary line printed last, and its exit
// status.  An error becomes status 2 with "<command>: ERROR (...)", an interrupt status 130 with
// "<command>: INTERRUPTED (nothing written)", as every other outcome has its summary line last.
#pragma once

#include <functional>

#include "pipelines/narrator.hpp"

namespace nimcert {

// Runs a command body that prints its own summary line and returns its exit status.
int guarded(const char* command, const std::function<int()>& body);

// Runs a pipeline, prints its Ending's line and returns its status.
int guarded_pipeline(const char* command, const std::function<Ending()>& pipeline);

}  // namespace nimcert
