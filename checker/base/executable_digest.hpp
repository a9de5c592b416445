// The SHA-256 of the running nimcert binary: the version of its engines that a reused result
// must come from (checks/reusing_exhaustive.hpp).
//
// A git commit is not enough: a build of uncommitted changes records the commit it started
// from, and a stale result of an engine being edited would be taken for a fresh one.  The
// binary's own bytes change with every change that reaches them.
#pragma once

#include <string>

namespace nimcert {

// Read from /proc/self/exe once per process (about 5 MB); throws std::runtime_error when it
// cannot be read (then nothing is reused).
const std::string& executable_sha256();

}  // namespace nimcert
