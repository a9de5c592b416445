// Refusing an output that names an input (see output_paths.hpp).
#include "pipelines/output_paths.hpp"

#include <fmt/format.h>

#include <filesystem>
#include <stdexcept>

namespace nimcert {

namespace fs = std::filesystem;

namespace {

// Whether two paths name one file: the same device and inode when both exist, the same
// canonical path when neither does (two outputs not written yet).
bool same_file(const std::string& a, const std::string& b) {
  std::error_code error;
  const bool a_exists = fs::exists(a, error), b_exists = fs::exists(b, error);
  if (a_exists && b_exists) return fs::equivalent(a, b, error) && !error;
  if (a_exists || b_exists) return false;
  const fs::path ca = fs::weakly_canonical(fs::absolute(a), error);
  if (error) return false;
  const fs::path cb = fs::weakly_canonical(fs::absolute(b), error);
  return !error && ca == cb;
}

}  // namespace

void refuse_outputs_over_inputs(const std::vector<NamedPath>& outputs,
                                const std::vector<NamedPath>& inputs) {
  for (std::size_t i = 0; i < outputs.size(); ++i) {
    for (const NamedPath& input : inputs)
      if (same_file(outputs[i].path, input.path))
        throw std::invalid_argument(fmt::format(
            "{}: the {} would overwrite the {} {} (they are the same file); name another output",
            outputs[i].path, outputs[i].what, input.what, input.path));
    for (std::size_t j = 0; j < i; ++j)
      if (same_file(outputs[i].path, outputs[j].path))
        throw std::invalid_argument(
            fmt::format("{}: the {} and the {} {} are the same file; name two files",
                        outputs[i].path, outputs[i].what, outputs[j].what, outputs[j].path));
  }
}

}  // namespace nimcert
