// Writing a file so that readers see either the old file or the whole new one, never a part:
// write a temporary file beside the target, flush it to disk, then rename it over the target.
// Interrupt and termination signals are held back meanwhile, so an interrupted run leaves
// no partial file behind.
#pragma once

#include <filesystem>
#include <string_view>

namespace nimcert {

// Throws std::runtime_error naming the path on any failure, and smt::Interrupted when an
// interrupt was requested before the rename; the temporary file is removed either way.
void write_file_atomically(const std::filesystem::path& target, std::string_view contents);

}  // namespace nimcert
