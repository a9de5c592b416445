// Outputs that would destroy an input: refused before any work.
//
// `certify X.proof -o X.proof`, `show C.json -o C.json` and `discover X.proof -o X.proof` once
// replaced the very file they read.  Every command that writes names its outputs and its
// inputs here; an output that is the same file as an input (or as another output) is refused
// with exit status 2.  Sameness is identity, not spelling: "./X.proof", "../d/X.proof", a
// symbolic link and a hard link all name the one file, as the device and inode say.
#pragma once

#include <string>
#include <vector>

namespace nimcert {

// A path and what it is, for the message ("certificate", "proof file", "JUnit report").
struct NamedPath {
  std::string path;
  std::string what;
};

// Throws std::invalid_argument when an output is the same file as an input or as another
// output; outputs that do not exist yet are compared by their canonical paths.
void refuse_outputs_over_inputs(const std::vector<NamedPath>& outputs,
                                const std::vector<NamedPath>& inputs);

}  // namespace nimcert
